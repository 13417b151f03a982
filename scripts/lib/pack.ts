import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { step } from './log';
import { paths, ROOT } from './paths';
import { run } from './proc';

export interface Packed {
	/** Absolute path of the .tgz. */
	tarball: string;
	name: string;
	version: string;
	/** Paths inside the tarball (without the leading `package/`). */
	files: string[];
}

/**
 * Builds the package from a clean `dist/` (a stale tsbuildinfo beside deleted outputs makes tsc emit nothing)
 * and packs it with `npm pack`, exactly what `npm publish` would upload, into `.cache/pack/`.
 */
export async function buildAndPack(): Promise<Packed> {
	return await step('Building and packing the package', async () => {
		rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
		const logFile = join(paths.logs, 'build.log');
		await run('npm', ['run', 'build'], { cwd: ROOT, logFile });
		rmSync(paths.pack, { recursive: true, force: true });
		mkdirSync(paths.pack, { recursive: true });
		const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', paths.pack], {
			cwd: ROOT,
		});
		const [info] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
			filename: string;
			name: string;
			version: string;
			files: Array<{ path: string }>;
		}>;
		const tarball = join(
			paths.pack,
			readdirSync(paths.pack).find((file) => file.endsWith('.tgz')) ?? info.filename,
		);
		const packed: Packed = {
			tarball,
			name: info.name,
			version: info.version,
			files: info.files.map((file) => file.path),
		};
		const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter(
			(file) => !packed.files.includes(file),
		);
		if (missing.length)
			throw new Error(
				`The tarball lacks files that package.json's n8n field lists: ${missing.join(', ')}`,
			);
		return packed;
	});
}
