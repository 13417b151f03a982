import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureInstalled, type InstalledFolder } from '../../scripts/lib/installedFolder';

/**
 * The cache folders (n8n, Node 24, the linters) are installed beside, checked, then renamed into place: a run
 * killed midway leaves nothing that a later run would use, and concurrent runs install once.
 */

let cache: string;
beforeEach(() => {
	cache = mkdtempSync(join(tmpdir(), 'dex-installed-'));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

/** An install of two files; the check wants both, as n8n's wants every package npm should have put there. */
function twoFiles(folder: string, installs: string[]): InstalledFolder {
	return {
		folder,
		spec: { version: 1 },
		title: 'two files',
		async install(into) {
			installs.push(into);
			writeFileSync(join(into, 'first'), '1');
			writeFileSync(join(into, 'second'), '2');
		},
		async check(installed) {
			for (const file of ['first', 'second'])
				if (!existsSync(join(installed, file))) throw new Error(`${file} is missing`);
		},
	};
}

/** Another process that starts the install, writes its first file and is then killed (SIGKILL). */
async function installKilledMidway(folder: string): Promise<void> {
	const script = `
		const { writeFileSync } = require('node:fs');
		const { join } = require('node:path');
		require(${JSON.stringify(join(__dirname, '../../scripts/lib/installedFolder.ts'))}).ensureInstalled({
			folder: ${JSON.stringify(folder)},
			spec: { version: 1 },
			title: 'two files',
			install: (into) => {
				writeFileSync(join(into, 'first'), '1');
				process.stdout.write('midway\\n');
				return new Promise(() => {});
			},
			check: async () => {},
		}, { quiet: true });`;
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../../tsconfig.test.json') },
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('midway')) child.kill('SIGKILL');
		});
		child.once('exit', (_code, signal) =>
			signal === 'SIGKILL' ? resolve() : reject(new Error('the install was not killed midway')),
		);
	});
}

const quietly = { lockWaitMs: 5_000, quiet: true };

describe('an installed cache folder', () => {
	it('is never left half installed: the run after a killed one installs again and passes', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		await installKilledMidway(folder);
		expect(existsSync(folder)).toBe(false);

		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);

		expect(installs).toHaveLength(1);
		expect(readdirSync(cache).sort()).toEqual(['n8n-9.9.9']);
		expect(readdirSync(folder).sort()).toEqual(['.installed.json', 'first', 'second']);
	}, 30_000);

	it('is reinstalled when it is in place but fails its check', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);
		rmSync(join(folder, 'second'));

		await ensureInstalled(twoFiles(folder, installs), quietly);

		expect(installs).toHaveLength(2);
		expect(existsSync(join(folder, 'second'))).toBe(true);
	});

	it('is reused when its marker and its check agree', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);
		await ensureInstalled(twoFiles(folder, installs), quietly);
		expect(installs).toHaveLength(1);
	});

	it('is installed once when two runs want it at the same time', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		await Promise.all([
			ensureInstalled(twoFiles(folder, installs), quietly),
			ensureInstalled(twoFiles(folder, installs), quietly),
		]);
		expect(installs).toHaveLength(1);
		expect(readdirSync(cache).sort()).toEqual(['n8n-9.9.9']);
	});

	it('is installed again for another spec', async () => {
		const folder = join(cache, 'n8n-9.9.9');
		const installs: string[] = [];
		await ensureInstalled(twoFiles(folder, installs), quietly);
		await ensureInstalled({ ...twoFiles(folder, installs), spec: { version: 2 } }, quietly);
		expect(installs).toHaveLength(2);
	});
});
