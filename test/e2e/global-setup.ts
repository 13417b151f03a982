import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureN8n } from '../../scripts/lib/install';
import { info } from '../../scripts/lib/log';
import { buildAndPack } from '../../scripts/lib/pack';
import { CACHE } from '../../scripts/lib/paths';

/**
 * Once per run: installs n8n into .cache/ if a previous run has not (minutes on a fresh machine), then builds
 * and packs the package; the tests read the tarball's path from .cache/e2e/packed.json.
 */
export default async function globalSetup(): Promise<void> {
	process.stdout.write('\n');
	const begin = Date.now();
	await ensureN8n();
	const packed = await buildAndPack();
	mkdirSync(join(CACHE, 'e2e'), { recursive: true });
	writeFileSync(join(CACHE, 'e2e', 'packed.json'), JSON.stringify(packed, null, 2));
	info(`e2e setup done in ${((Date.now() - begin) / 1000).toFixed(1)} s: ${packed.tarball}`);
}
