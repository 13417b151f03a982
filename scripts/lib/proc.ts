import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, openSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * Every long-lived process this tooling starts is registered here and stopped by its own id (its process
 * group, since it is started detached), also when the caller fails or the process is interrupted.
 */
const children = new Set<ChildProcess>();

let guardian: ChildProcess | undefined;

/**
 * The watcher of this process (scripts/lib/guardian.cjs), started with the first child: it reads the child
 * groups from a pipe and ends them when that pipe closes, that is when this process dies in a way no handler
 * here sees (SIGKILL, a CI time-out). Unreferenced, so that it never keeps this process alive.
 */
function guardianPipe(): Socket {
	if (!guardian || guardian.exitCode !== null || guardian.signalCode !== null) {
		guardian = spawn(process.execPath, [join(__dirname, 'guardian.cjs')], {
			detached: true,
			stdio: ['pipe', 'ignore', 'ignore'],
		});
		guardian.unref();
		(guardian.stdin as Socket).unref();
		guardian.stdin!.on('error', () => undefined);
	}
	return guardian.stdin as Socket;
}

/** Registers a child spawned detached (so that it leads its own process group). */
export function track(child: ChildProcess): ChildProcess {
	children.add(child);
	const pgid = child.pid;
	if (pgid !== undefined) guardianPipe().write(`+${pgid}\n`);
	child.once('exit', () => {
		children.delete(child);
		if (pgid !== undefined && guardian?.stdin?.writable) guardian.stdin.write(`-${pgid}\n`);
	});
	return child;
}

/** Starts a long-lived command detached (in its own process group), its output appended to `logFile`, tracked. */
export function spawnLogged(
	command: string,
	args: string[],
	logFile: string,
	options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): ChildProcess {
	const out = openSync(logFile, 'a');
	try {
		return track(spawn(command, args, { ...options, detached: true, stdio: ['ignore', out, out] }));
	} finally {
		closeSync(out);
	}
}

/** Sends a signal to the process group the child leads (it was spawned detached), falling back to the child. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

/** Stops one child: SIGTERM to its group, SIGKILL after `graceMs`. Resolves once it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	signalGroup(child, 'SIGTERM');
	const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	// The group may have members left (n8n's task runners): end them too.
	if (child.pid !== undefined) {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* none left */
		}
	}
}

/** Stops every tracked child (last started first). */
export async function stopAll(): Promise<void> {
	for (const child of [...children].reverse()) await stopChild(child);
}

let killOnExitInstalled = false;
/** When this process exits (even by an uncaught error), every tracked child's group gets SIGKILL. */
export function killOnExit(): void {
	if (killOnExitInstalled) return;
	killOnExitInstalled = true;
	process.once('exit', () => {
		for (const child of children) signalGroup(child, 'SIGKILL');
	});
}

let exitHooksInstalled = false;
/** On Ctrl-C, SIGTERM or exit, end what this process started. */
export function installExitHooks(onSignal?: () => Promise<void>): void {
	if (exitHooksInstalled) return;
	exitHooksInstalled = true;
	killOnExit();
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			void (async () => {
				if (onSignal) await onSignal();
				await stopAll();
				process.exit(signal === 'SIGINT' ? 130 : 143);
			})();
		});
	}
}

export interface RunOptions extends SpawnOptions {
	/** Appends stdout and stderr to this file instead of keeping them. */
	logFile?: string;
	/** Kills the command (its group) after this many ms. */
	timeoutMs?: number;
	/** Non-zero exit is not an error. */
	allowFailure?: boolean;
}

export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs a command to completion in its own process group. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const { logFile, timeoutMs, allowFailure, ...spawnOptions } = options;
	if (logFile) {
		mkdirSync(dirname(logFile), { recursive: true });
		appendFileSync(logFile, `\n$ ${command} ${args.join(' ')}\n`);
	}
	return new Promise((resolve, reject) => {
		const child = track(
			spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
		);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) =>
			logFile ? appendFileSync(logFile, chunk) : out.push(chunk),
		);
		child.stderr?.on('data', (chunk: Buffer) =>
			logFile ? appendFileSync(logFile, chunk) : err.push(chunk),
		);
		const timer = timeoutMs
			? setTimeout(() => signalGroup(child, 'SIGKILL'), timeoutMs)
			: undefined;
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			const result = {
				code,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
			};
			if (code !== 0 && !allowFailure) {
				const where = logFile
					? ` (log: ${logFile})`
					: `\n${result.stderr.slice(-4000)}${result.stdout.slice(-2000)}`;
				reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}${where}`));
			} else resolve(result);
		});
	});
}
