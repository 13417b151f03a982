import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../harness/types';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** What `npm pack` would put in the tarball, by path. */
function packedFiles(): string[] {
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	return (JSON.parse(output) as Array<{ files: Array<{ path: string }> }>)[0].files.map(
		(file) => file.path,
	);
}

describe('the package as n8n installs it', () => {
	beforeAll(() => {
		execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
	}, 120_000);

	it('has the manifest n8n expects of a community package, with no runtime dependencies', () => {
		expect(manifest.name).toBe('n8n-nodes-document-execution');
		expect(manifest.keywords).toContain('n8n-community-node-package');
		expect(manifest.license).toBe('MIT');
		expect(manifest.homepage).toMatch(/^https:\/\//);
		expect(manifest.files).toEqual(['dist']);
		// n8n loads what the `n8n` field lists; like n8n's node template, no `main` (it named a file that did not exist).
		expect(manifest.main).toBeUndefined();
		expect(manifest.dependencies ?? {}).toEqual({});
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(manifest.overrides).toBeUndefined();
		// Strict mode would refuse the repository's own eslint.config.mjs (docs/choices/tooling.md).
		expect(manifest.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: false });
		expect(manifest.n8n.credentials).toEqual([
			'dist/credentials/DocumentExecutionApi.credentials.js',
			'dist/credentials/DocumentExecutionOAuth2Api.credentials.js',
		]);
		expect(manifest.n8n.nodes).toContain('dist/nodes/DocumentExecution/DocumentExecution.node.js');
	});

	it('builds every node and credential the manifest lists, with their light and dark icons', () => {
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
			const built = join(ROOT, entry);
			expect(existsSync(built)).toBe(true);
			const compiled = readFileSync(built, 'utf8');
			for (const [, icon] of compiled.matchAll(/file:([^'"]+\.svg)/g)) {
				expect(existsSync(join(built, '..', icon))).toBe(true);
			}
		}
		expect(existsSync(join(ROOT, 'dist/icons/documentExecution.svg'))).toBe(true);
		expect(existsSync(join(ROOT, 'dist/icons/documentExecution.dark.svg'))).toBe(true);
	});

	it('ships dist only: no tests, no emulator, no sources', () => {
		const files = packedFiles();
		expect(files).toContain('package.json');
		expect(files).toContain('dist/credentials/DocumentExecutionApi.credentials.js');
		const unexpected = files.filter(
			(path) =>
				!['package.json', 'README.md', 'LICENSE', 'LICENSE.md'].includes(path) &&
				!path.startsWith('dist/'),
		);
		expect(unexpected).toEqual([]);
		expect(
			files.filter((path) =>
				/test|emulator|\.spec\.|\.ts$|\.tsbuildinfo$/.test(path.replace(/\.d\.ts$/, '')),
			),
		).toEqual([]);
	});

	it('ships code that uses no process, fs or timers, and imports nothing n8n does not provide', () => {
		const files = packedFiles().filter((path) => path.endsWith('.js'));
		const allowed = new Set(['n8n-workflow', 'zod', 'crypto', 'node:crypto']);
		for (const path of files) {
			const code = readFileSync(join(ROOT, path), 'utf8');
			expect({
				path,
				forbidden: code.match(
					/\bprocess\.|\bsetTimeout\b|\bsetInterval\b|require\("(node:)?fs"\)/g,
				),
			}).toEqual({ path, forbidden: null });
			const imports = [...code.matchAll(/require\("([^"]+)"\)/g)]
				.map(([, name]) => name)
				.filter((name) => !name.startsWith('.'));
			expect({ path, imports: imports.filter((name) => !allowed.has(name)) }).toEqual({
				path,
				imports: [],
			});
		}
	});
});
