import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { InviteesActAfter } from '../../test/emulator/inviteeSchedule';
import { paths, ROOT } from './paths';
import { stopChild, track } from './proc';

/** What `npm run emulator` prints on its first line. */
export interface EmulatorInfo {
	ready: true;
	pid: number;
	origin: string;
	baseUrl: string;
	authUrl: string;
	authToken: string;
	otherAuthToken: string;
	salt: string | null;
	signOnCreate: boolean;
	/** The "invitees act later" mode, or null. */
	inviteesActAfter: InviteesActAfter | null;
	oauthClient: { clientId: string; clientSecret: string };
	seed: Record<string, unknown>;
}

export interface EmulatorProcess {
	info: EmulatorInfo;
	child: ChildProcess;
	logFile: string;
	/** A control or service call: `control('POST', '/__emulator/clock/advance', { ms })`. */
	control<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; body: T }>;
	stop(): Promise<void>;
}

/**
 * Starts the emulator as a child process (what `npm run emulator` runs), waits for its JSON line, and
 * returns a handle that stops it by its own process group.
 */
export async function startEmulatorProcess(
	options: {
		port?: number;
		seed?: Record<string, string | number | boolean>;
		salt?: string | null;
		name?: string;
		/** Invitees of a new signing request sign at once (the emulator's --sign-on-create). */
		signOnCreate?: boolean;
		/**
		 * Invitees of a new signing request act one by one, each `ms` after its turn starts; reviewers (at
		 * `reviewerPositions` in the signing order) approve (--invitees-act-after, --reviewers).
		 */
		inviteesActAfter?: InviteesActAfter;
		/** Another entry point that takes the same arguments and prints the same JSON line (the bench's). */
		script?: string;
		extraArgs?: string[];
	} = {},
): Promise<EmulatorProcess> {
	const script = options.script ?? join(ROOT, 'test', 'emulator', 'cli.ts');
	const args = [
		join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'),
		'--transpile-only',
		script,
		...(options.extraArgs ?? []),
	];
	args.push(`--port=${options.port ?? 0}`);
	if (options.seed) args.push(`--seed-json=${JSON.stringify(options.seed)}`);
	if (options.signOnCreate) args.push('--sign-on-create');
	if (options.inviteesActAfter) {
		args.push(`--invitees-act-after=${options.inviteesActAfter.ms}`);
		const reviewers = options.inviteesActAfter.reviewerPositions ?? [];
		if (reviewers.length) args.push(`--reviewers=${reviewers.join(',')}`);
	}
	if (options.salt === null) args.push('--no-salt');
	else if (options.salt !== undefined) args.push(`--salt=${options.salt}`);
	const logFile = join(paths.logs, `emulator-${options.name ?? 'run'}.log`);
	const err = openSync(logFile, 'w');
	const child = track(
		spawn(process.execPath, args, {
			cwd: ROOT,
			detached: true,
			stdio: ['ignore', 'pipe', err],
			env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
		}),
	);
	closeSync(err);
	const info = await new Promise<EmulatorInfo>((resolve, reject) => {
		let buffered = '';
		const timer = setTimeout(
			() =>
				reject(new Error(`The emulator did not start in 60 s: ${readFileSync(logFile, 'utf8')}`)),
			60_000,
		);
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
