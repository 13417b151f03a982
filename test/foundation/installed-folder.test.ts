import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureInstalled, type InstalledFolder } from '../../scripts/lib/installedFolder';

/**
 * The cache folders (n8n, Node 24, the linters) are installed beside, checked, then renamed into place: a run
 * killed midway leaves nothing that a later run would use, and runs at the same time install once. Each "run"
 * is a process of its own, as two test commands are.
 */

let cache: string;
beforeEach(() => {
	cache = mkdtempSync(join(tmpdir(), 'dex-installed-'));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const FILES = ['first', 'second'];

/** An install of two files; the check wants both, as n8n's wants every package npm should have put there. */
function twoFiles(
	folder: string,
	installs: string[],
	spec: unknown = { version: 1 },
): InstalledFolder {
	return {
		folder,
		spec,
		title: 'two files',
		async install(into) {
			installs.push(into);
			for (const file of FILES) writeFileSync(join(into, file), file);
		},
		async check(installed) {
			for (const file of FILES)
				if (!existsSync(join(installed, file))) throw new Error(`${file} is missing`);
		},
	};
}

/**
 * Another process installing the two files, appending a line to `log` when its install starts; it waits
 * `holdMs` between the files, or, with `killMidway`, is killed (SIGKILL) after the first.
 */
async function runInChild(
	folder: string,
	log: string,
	options: { holdMs?: number; killMidway?: boolean } = {},
): Promise<void> {
	const script = `
		const { appendFileSync, writeFileSync } = require('node:fs');
		const { join } = require('node:path');
		const { ensureInstalled } = require(${JSON.stringify(join(__dirname, '../../scripts/lib/installedFolder.ts'))});
		ensureInstalled({
			folder: ${JSON.stringify(folder)},
			spec: { version: 1 },
			title: 'two files',
			install: async (into) => {
				appendFileSync(${JSON.stringify(log)}, process.pid + '\\n');
				writeFileSync(join(into, 'first'), 'first');
				if (${options.killMidway === true}) {
					process.stdout.write('midway\\n');
					return new Promise(() => {});
				}
				await new Promise((resolve) => setTimeout(resolve, ${options.holdMs ?? 0}));
				writeFileSync(join(into, 'second'), 'second');
			},
			check: async () => {},
		}, { quiet: true, lockWaitMs: 20000 });`;
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../../tsconfig.test.json') },
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('midway')) child.kill('SIGKILL');
		});
		child.once('exit', (code, signal) => {
			if (options.killMidway ? signal === 'SIGKILL' : code === 0) resolve();
			else reject(new Error(`the child install ended with ${signal ?? code}`));
		});
	});
}

const installsLogged = (log: string) =>
	existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];

const quietly = { lockWaitMs: 20_000, quiet: true };

describe('an installed cache folder', () => {
	it('is never left half installed: the run after a killed one installs again and passes', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		await runInChild(folder, join(cache, 'log'), { killMidway: true });
		expect(existsSync(folder)).toBe(false);

		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);

		expect(installs).toHaveLength(1);
		expect(readdirSync(cache).sort()).toEqual(['log', 'n8n-9.9.9']);
		expect(readdirSync(folder).sort()).toEqual(['.installed.json', 'first', 'second']);
	}, 30_000);

	it('is installed once when two runs want it at the same time', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const log = join(cache, 'log');
		await Promise.all([
			runInChild(folder, log, { holdMs: 300 }),
			runInChild(folder, log, { holdMs: 300 }),
		]);
		expect(installsLogged(log)).toHaveLength(1);
		expect(readdirSync(cache).sort()).toEqual(['log', 'n8n-9.9.9']);
	}, 30_000);

	it('is reused by a later run when its marker and its check agree', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		await runInChild(folder, join(cache, 'log'));
		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);
		expect(installs).toHaveLength(0);
	}, 30_000);

	it('is reinstalled by a later run when it is in place but fails its check', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		await runInChild(folder, join(cache, 'log'));
		rmSync(join(folder, 'second'));

		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);

		expect(installs).toHaveLength(1);
		expect(existsSync(join(folder, 'second'))).toBe(true);
	}, 30_000);

	it('is checked once per process, however many callers ask at once', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		let checks = 0;
		const target = twoFiles(folder, installs);
		const counted = {
			...target,
			check: (installed: string) => (checks++, target.check(installed)),
		};
		await Promise.all([ensureInstalled(counted, quietly), ensureInstalled(counted, quietly)]);
		await ensureInstalled(counted, quietly);
		expect(installs).toHaveLength(1);
		// The install's own check of its temporary folder.
		expect(checks).toBe(1);
	});

	it('is installed again for another spec', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);
		await ensureInstalled(twoFiles(folder, installs, { version: 2 }), quietly);
		expect(installs).toHaveLength(2);
	});
});
