import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../scripts/lib/paths';

interface ProcessEntry {
	pid: number;
	ppid: number;
	pgrp: number;
}

/** Every process alive now, from /proc. A zombie does not count: it has ended and only waits to be reaped. */
function livingProcesses(): ProcessEntry[] {
	const living: ProcessEntry[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		let stat: string;
		try {
			stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
		} catch {
			continue; // ended meanwhile
		}
		// "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'.
		const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (state !== 'Z') living.push({ pid: Number(entry), ppid: Number(ppid), pgrp: Number(pgrp) });
	}
	return living;
}

/**
 * The members of these process groups and all their descendants, also those that left the group (each
 * PostgreSQL backend calls setsid(), and ends by itself when it sees its postmaster gone).
 */
function membersAndDescendants(groups: number[]): number[] {
	const processes = livingProcesses();
	const found = new Set(
		processes.filter((entry) => groups.includes(entry.pgrp)).map((entry) => entry.pid),
	);
	for (let grew = true; grew; ) {
		grew = false;
		for (const entry of processes) {
			if (found.has(entry.ppid) && !found.has(entry.pid)) {
				found.add(entry.pid);
				grew = true;
			}
		}
	}
	return [...found];
}

const stillAlive = (pids: number[]) => {
	const living = new Set(livingProcesses().map((entry) => entry.pid));
	return pids.filter((pid) => living.has(pid));
};

export interface Orphaning {
	/** The group id of each child the parent started, by name. */
	groups: Record<string, number>;
	/** How many processes the children were, with everything they had started. */
	processes: number;
	/** How long after the parent's SIGKILL the last of them was gone. */
	goneAfterMs: number;
}

/**
 * Starts test/support/child-starter.ts with `children`, waits for its line of process groups, SIGKILLs it
 * (no handler of its own runs), and waits up to `withinMs` for every process of those groups, and every
 * descendant, to be gone.
 */
export async function killParentOf(children: string[], withinMs: number): Promise<Orphaning> {
	const parent = spawn(
		process.execPath,
		[
			join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'),
			'--transpile-only',
			join(ROOT, 'test', 'support', 'child-starter.ts'),
			...children,
		],
		{
			cwd: ROOT,
			env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let stderr = '';
	parent.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	// Should the test fail before its SIGKILL, the parent must not outlive it either.
	const killParent = () => parent.kill('SIGKILL');
	process.once('exit', killParent);
	const line = await new Promise<string>((resolve, reject) => {
		let stdout = '';
		parent.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
			if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
		});
		parent.once('exit', (code) =>
			reject(
				new Error(
					`The parent exited with ${code} before it started ${children.join(', ')}:\n${stderr}`,
				),
			),
		);
	}).finally(() => process.removeListener('exit', killParent));
	const { groups } = JSON.parse(line) as { groups: Record<string, number> };
	const pgids = Object.values(groups);
	const watched = membersAndDescendants(pgids);
	if (!pgids.every((pgid) => watched.includes(pgid)))
		throw new Error(`Not every child was running: ${line}`);

	const exited = new Promise((resolve) => parent.once('exit', resolve));
	const killedAt = Date.now();
	parent.kill('SIGKILL');
	await exited;
	while (stillAlive(watched).length > 0 && Date.now() - killedAt < withinMs)
		await new Promise((resolve) => setTimeout(resolve, 100));
	const left = stillAlive(watched);
	if (left.length > 0) {
		for (const pid of left) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}
		throw new Error(
			`${withinMs / 1000} s after the parent's SIGKILL, processes ${left.join(', ')} of groups ${JSON.stringify(groups)} were still alive`,
		);
	}
	return { groups, processes: watched.length, goneAfterMs: Date.now() - killedAt };
}
