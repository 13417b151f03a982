import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanEnv, ensureNodeCli, ensureScanner, node24Env } from './install';
import { paths, ROOT } from './paths';
import { run } from './proc';

export interface ScanMessage {
	file: string;
	line: number;
	rule: string | null;
	severity: 'error' | 'warning';
	message: string;
}

export interface ScanReport {
	passed: boolean;
	legs: Array<{
		name: 'source' | 'tarball';
		files: number;
		errors: number;
		warnings: number;
		messages: ScanMessage[];
	}>;
}

/**
 * eslint-plugin-n8n-nodes-base treats every file as `Test.node.ts` when NODE_ENV is `test` (as under jest),
 * which turns its filename and trigger-naming rules into false reports: lint with NODE_ENV unset.
 */
function lintEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const { NODE_ENV: _nodeEnv, ...rest } = env;
	return rest;
}

/** `@n8n/scan-community-package`'s analysis of the source and the packed tarball (scripts/scan-package.mjs). */
export async function scanPackage(tarball: string): Promise<ScanReport> {
	const scanner = await ensureScanner();
	const { stdout } = await run(
		process.execPath,
		[
			join(ROOT, 'scripts', 'scan-package.mjs'),
			`--scanner=${scanner}`,
			`--source=${ROOT}`,
			`--tarball=${tarball}`,
		],
		{ cwd: ROOT, timeoutMs: 300_000, env: lintEnv(cleanEnv()) },
	);
	return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ScanReport;
}

/** The configuration `n8n-node lint` requires in strict mode (its template, byte for byte in meaning). */
const STRICT_ESLINT_CONFIG =
	"import { config } from '@n8n/node-cli/eslint';\n\nexport default config;\n";

export interface LintReport {
	code: number | null;
	output: string;
}

/**
 * `n8n-node lint` (n8n's community node lint, strict mode) over the package's sources. It runs in a staging
 * folder under `.cache/` holding copies of what `npm pack` is built from (package.json, tsconfig, nodes,
 * credentials, icons), the strict-mode eslint.config.mjs, and the node CLI's node_modules, so that the
 * project keeps its own ESLint setup and dependencies.
 */
export async function communityLint(): Promise<LintReport> {
	await ensureNodeCli();
	const stage = join(CACHE_STAGE());
	rmSync(stage, { recursive: true, force: true });
	mkdirSync(stage, { recursive: true });
	for (const entry of ['package.json', 'tsconfig.json', 'nodes', 'credentials', 'icons']) {
		if (existsSync(join(ROOT, entry)))
			cpSync(join(ROOT, entry), join(stage, entry), { recursive: true });
	}
	writeFileSync(join(stage, 'eslint.config.mjs'), STRICT_ESLINT_CONFIG);
	symlinkSync(join(paths.nodeCli, 'node_modules'), join(stage, 'node_modules'), 'dir');
	const result = await run(join(paths.nodeCli, 'node_modules', '.bin', 'n8n-node'), ['lint'], {
		cwd: stage,
		env: lintEnv(node24Env({ CI: 'true' })),
		allowFailure: true,
		timeoutMs: 300_000,
	});
	return { code: result.code, output: stripAnsi(`${result.stdout}\n${result.stderr}`) };
}

const CACHE_STAGE = () => join(paths.pack, '..', 'lint-stage');

const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
