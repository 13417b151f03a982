import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BENCH = join(ROOT, 'bench');

/** Every TypeScript module under bench/ (raw-client.mjs is a script the bench runs, not a module it loads). */
const benchModules = (readdirSync(BENCH, { recursive: true }) as string[])
	.filter((file) => file.endsWith('.ts'))
	.map((file) => join(BENCH, file));

/** Requires each module in turn; prints the ones that threw, with their message, as a JSON list. */
const LOADER = `
const failures = [];
for (const file of JSON.parse(process.env.BENCH_MODULES)) {
	try {
		require(file);
	} catch (error) {
		failures.push(file + ': ' + error.message.split('\\n')[0]);
	}
}
process.stdout.write(JSON.stringify(failures));
`;

describe('The bench on a fresh machine', () => {
	let cache: string;
	beforeEach(() => {
		cache = mkdtempSync(join(tmpdir(), 'dex-bench-empty-cache-'));
	});
	afterEach(() => rmSync(cache, { recursive: true, force: true }));

	it('loads every bench module with an empty cache folder, and loading installs nothing', () => {
		expect(benchModules.map((file) => relative(ROOT, file))).toEqual(
			expect.arrayContaining(['bench/run.ts', 'bench/lib/n8n-runs.ts']),
		);
		const child = spawnSync(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', '-e', LOADER],
			{
				cwd: ROOT,
				env: { ...process.env, DEX_CACHE_DIR: cache, BENCH_MODULES: JSON.stringify(benchModules) },
				encoding: 'utf8',
				timeout: 20_000,
			},
		);
		expect(child.stderr).toBe('');
		expect(child.stdout).toBe('[]');
		expect(readdirSync(cache)).toEqual([]);
	});
});
