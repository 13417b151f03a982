import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { info, step, type StepOptions } from './log';

/**
 * A folder of `.cache/` that an install fills (n8n, Node 24, the linters), made so that no run ever uses a half
 * install: the install goes into a temporary folder beside it, is checked there, gets its marker, and only then
 * is renamed into place. Concurrent runs (two test commands, a bench beside a demo) take turns through a lock
 * folder; a lock whose owner is dead is taken over. A folder in place that fails its check (deleted files, an
 * install from before this scheme) is reported and installed again.
 */

export interface InstalledFolder {
	folder: string;
	/** What the install is made of; a folder whose marker holds another spec is installed again. */
	spec: unknown;
	title: string;
	expect?: StepOptions['expect'];
	/** Fills `into`, a fresh empty folder. */
	install(into: string): Promise<void>;
	/** Throws (with the reason) when `folder` is not a working install. */
	check(folder: string): Promise<void>;
}

interface Marker {
	spec: unknown;
	seconds: number;
	finishedAt: string;
}

const MARKER = '.installed.json';

function markerMatches(folder: string, spec: unknown): boolean {
	try {
		const marker = JSON.parse(readFileSync(join(folder, MARKER), 'utf8')) as Marker;
		return JSON.stringify(marker.spec) === JSON.stringify(spec);
	} catch {
		return false;
	}
}

/** A fresh folder with a package.json, for an npm install that must not see the repository's. */
export function freshFolder(folder: string, packageJson: Record<string, unknown>): void {
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	writeFileSync(
		join(folder, 'package.json'),
		`${JSON.stringify({ private: true, ...packageJson }, null, 2)}\n`,
	);
}

const isAlive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a run waits for another's install of the same folder (n8n takes about 4 minutes here). */
export const LOCK_WAIT_MS = 20 * 60_000;
const LOCK_POLL_MS = 500;

/** Takes `<folder>.lock` (mkdir is atomic); waits while a live process holds it, takes it over from a dead one. */
async function lock(
	folder: string,
	waitMs: number,
	say: (message: string) => void,
): Promise<() => void> {
	const lockFolder = `${folder}.lock`;
	const owner = join(lockFolder, 'pid');
	mkdirSync(dirname(folder), { recursive: true });
	const deadline = Date.now() + waitMs;
	let announced = false;
	for (;;) {
		try {
			mkdirSync(lockFolder);
			writeFileSync(owner, String(process.pid));
			return () => rmSync(lockFolder, { recursive: true, force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const pid = Number(readFileSafely(owner));
		// A lock without a pid is one being taken right now, unless it has stayed so for a while.
		const stale = pid ? !isAlive(pid) : Date.now() - statSafely(lockFolder) > 10_000;
		if (stale) {
			say(
				`${basename(folder)}: taking over the lock of a run that ended (pid ${pid || 'unknown'})`,
			);
			rmSync(lockFolder, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline)
			throw new Error(`${folder} is being installed by process ${pid}; gave up waiting`);
		if (!announced) say(`${basename(folder)}: waiting for process ${pid}, which installs it`);
		announced = true;
		await sleep(LOCK_POLL_MS);
	}
}

function readFileSafely(file: string): string {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

function statSafely(path: string): number {
	try {
		return statSync(path).mtimeMs;
	} catch {
		return Date.now();
	}
}

/** The temporary and replaced folders of runs that ended midway (this run holds the lock: none is in use). */
function removeLeftovers(folder: string): void {
	const prefixes = ['tmp', 'old'].map((kind) => `${basename(folder)}.${kind}-`);
	for (const entry of readdirSync(dirname(folder)))
		if (prefixes.some((prefix) => entry.startsWith(prefix)))
			rmSync(join(dirname(folder), entry), { recursive: true, force: true });
}

async function works(target: InstalledFolder): Promise<true | string> {
	if (!markerMatches(target.folder, target.spec)) return 'not installed, or for another version';
	try {
		await target.check(target.folder);
		return true;
	} catch (error) {
		return (error as Error).message.split('\n')[0];
	}
}

/** The folders this process has installed or checked, by folder and spec: one check per process is enough. */
const settled = new Map<string, Promise<void>>();

/**
 * The folder, installed and checked: reused when its marker matches and its check passes, otherwise installed
 * into `<folder>.tmp-<pid>`, checked there, and renamed into place. Calls in one process share one outcome;
 * other processes take turns through the lock.
 */
export function ensureInstalled(
	target: InstalledFolder,
	options: { lockWaitMs?: number; quiet?: boolean } = {},
): Promise<void> {
	const key = `${target.folder}\u0000${JSON.stringify(target.spec)}`;
	let outcome = settled.get(key);
	if (!outcome) {
		outcome = installOnce(target, options);
		settled.set(key, outcome);
		// A failure is not remembered: the next call tries again.
		outcome.catch(() => settled.delete(key));
	}
	return outcome;
}

async function installOnce(
	target: InstalledFolder,
	options: { lockWaitMs?: number; quiet?: boolean },
): Promise<void> {
	const say = options.quiet ? () => undefined : info;
	const release = await lock(target.folder, options.lockWaitMs ?? LOCK_WAIT_MS, say);
	try {
		removeLeftovers(target.folder);
		const verdict = await works(target);
		if (verdict === true) return;
		if (existsSync(target.folder))
			say(`${target.folder} cannot be used (${verdict}): installing it again`);
		const temporary = `${target.folder}.tmp-${process.pid}`;
		await step(
			target.title,
			async () => {
				const begin = Date.now();
				rmSync(temporary, { recursive: true, force: true });
				mkdirSync(temporary, { recursive: true });
				await target.install(temporary);
				await target.check(temporary);
				const marker: Marker = {
					spec: target.spec,
					seconds: (Date.now() - begin) / 1000,
					finishedAt: new Date().toISOString(),
				};
				writeFileSync(join(temporary, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
				// Swapped by two renames, so that the path never holds a half-deleted tree: a process still
				// running from it finds either install, whole.
				const previous = `${target.folder}.old-${process.pid}`;
				if (existsSync(target.folder)) renameSync(target.folder, previous);
				renameSync(temporary, target.folder);
				rmSync(previous, { recursive: true, force: true });
			},
			{ expect: target.expect, quiet: options.quiet },
		).catch((error: unknown) => {
			rmSync(temporary, { recursive: true, force: true });
			throw error;
		});
	} finally {
		release();
	}
}
