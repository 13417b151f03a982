import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { EmulatorInfo, EmulatorProcess } from '../../scripts/lib/emulator';
import { paths, ROOT } from '../../scripts/lib/paths';
import { stopChild, track } from '../../scripts/lib/proc';

/**
 * Starts bench/lib/emulator-child.ts (the emulator plus a large signed PDF) as scripts/lib/emulator.ts starts
 * the emulator's command line: a detached child stopped by its own process group, its first stdout line the JSON.
 */
export async function startBenchEmulator(options: { seed: Record<string, string | number | boolean>; signedPdfBytes: number }): Promise<EmulatorProcess> {
	const args = [
		join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'),
		'--transpile-only',
		join(ROOT, 'bench', 'lib', 'emulator-child.ts'),
		'--port=0',
		`--seed-json=${JSON.stringify(options.seed)}`,
		`--signed-pdf-bytes=${options.signedPdfBytes}`,
	];
	const logFile = join(paths.logs, 'emulator-bench.log');
	const err = openSync(logFile, 'w');
	const child = track(
		spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', err], env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') } }),
	);
	closeSync(err);
	const info = await new Promise<EmulatorInfo>((resolve, reject) => {
		let buffered = '';
		const timer = setTimeout(() => reject(new Error(`The emulator did not start in 60 s: ${readFileSync(logFile, 'utf8')}`)), 60_000);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`The emulator exited with ${code}: ${readFileSync(logFile, 'utf8')}`));
		});
		child.stdout?.on('data', (chunk: Buffer) => {
			buffered += chunk.toString('utf8');
			const newline = buffered.indexOf('\n');
			if (newline === -1) return;
			clearTimeout(timer);
			try {
				resolve(JSON.parse(buffered.slice(0, newline)) as EmulatorInfo);
			} catch {
				reject(new Error(`The emulator printed no JSON line: ${buffered}`));
			}
		});
	});
	child.stdout?.resume();
	return {
		info,
		child,
		logFile,
		async control<T>(method: string, path: string, body?: unknown) {
			const response = await fetch(`${info.origin}${path}`, {
				method,
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			let parsed: unknown = text;
			try {
				parsed = JSON.parse(text);
			} catch {
				/* not JSON */
			}
			return { status: response.status, body: parsed as T };
		},
		stop: () => stopChild(child, 5_000),
	};
}
