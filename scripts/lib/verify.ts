import {
	copyFileSync,
	cpSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cleanEnv, ensureNodeCli, ensureScanner } from './install';
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

/** One line per issue the scanner found: `<leg>: <file>:<line> <severity> <rule>: <message>`. */
export const describeScanIssues = (report: ScanReport) =>
	report.legs
		.flatMap((leg) =>
			leg.messages.map(
				(m) => `${leg.name}: ${m.file}:${m.line} ${m.severity} ${m.rule}: ${m.message}`,
			),
		)
		.join('\n');

export interface LintReport {
	/** Where it ran: the repository, or the copy of what ships. */
	where: string;
	code: number | null;
	errors: number;
	warnings: number;
	output: string;
}

/** ESLint's summary line (`✖ 3 problems (1 error, 2 warnings)`); none when there is nothing to report. */
const SUMMARY = /(\d+) errors?, (\d+) warnings?\)/;

/**
 * `n8n-node lint` in `cwd`, as a developer runs it there: the CLI runs the ESLint that `cwd` resolves
 * (`npm exec -- eslint .`) with the configuration found there. It exits 0 on warnings, so they are counted
 * from ESLint's summary.
 */
async function nodeCliLint(where: string, cwd: string, args: string[]): Promise<LintReport> {
	const result = await run(await ensureNodeCli(), ['lint', ...args], {
		cwd,
		env: lintEnv(cleanEnv()),
		allowFailure: true,
		timeoutMs: 300_000,
	});
	const output = stripAnsi(`${result.stdout}\n${result.stderr}`);
	const [, errors = '0', warnings = '0'] = SUMMARY.exec(output) ?? [];
	return { where, code: result.code, errors: Number(errors), warnings: Number(warnings), output };
}

/** `n8n-node lint` at the repository's root, with the repository's eslint.config.mjs. */
export const repositoryLint = (args: string[] = []) => nodeCliLint('the repository', ROOT, args);

/**
 * `n8n-node lint` over a copy of what ships (package.json, tsconfig, nodes, credentials, icons) set up as
 * `n8n-node cloud-support enable` sets a package up: the CLI's own default eslint.config.mjs (its template,
 * byte for byte) and `"strict": true`, with the CLI's node_modules beside it. This is the cloud configuration
 * exactly as n8n ships it, import rules included, which the repository's root cannot run in strict mode
 * (docs/choices/tooling.md).
 */
export async function cloudLint(): Promise<LintReport> {
	await ensureNodeCli();
	const stage = mkdtempSync(join(tmpdir(), 'dex-cloud-lint-'));
	try {
		for (const entry of ['tsconfig.json', 'nodes', 'credentials', 'icons'])
			cpSync(join(ROOT, entry), join(stage, entry), { recursive: true });
		const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
			n8n: Record<string, unknown>;
		};
		manifest.n8n.strict = true;
		writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
		const template = join(
			paths.nodeCli,
			'node_modules',
			'@n8n',
			'node-cli',
			'dist',
			'template',
			'templates',
			'shared',
			'default',
			'eslint.config.mjs',
		);
		copyFileSync(template, join(stage, 'eslint.config.mjs'));
		symlinkSync(join(paths.nodeCli, 'node_modules'), join(stage, 'node_modules'), 'dir');
		return await nodeCliLint(
			'what ships, in strict mode with the default configuration',
			stage,
			[],
		);
	} finally {
		rmSync(stage, { recursive: true, force: true });
	}
}

const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
