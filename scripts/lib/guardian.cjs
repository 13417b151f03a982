'use strict';
/**
 * Ends the process groups of a parent that died. The parent (scripts/lib/proc.ts) starts this once, detached,
 * and holds the write end of its stdin: it writes `+<pgid>` for each child group it starts and `-<pgid>` when
 * that child has exited. The pipe closes however the parent ends, also by SIGKILL or a CI time-out, when no
 * signal handler of the parent can run: then every group still listed gets SIGTERM, and SIGKILL after
 * GRACE_MS if any member is left. Plain JavaScript, so that it starts in milliseconds on any Node.
 */
const GRACE_MS = Number(process.argv[2] ?? 5000);
const POLL_MS = 100;

const groups = new Set();
let pending = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
	pending += chunk;
	const lines = pending.split('\n');
	pending = lines.pop();
	for (const line of lines) {
		const pgid = Number(line.slice(1));
		if (!Number.isInteger(pgid) || pgid <= 1) continue;
		if (line.startsWith('+')) groups.add(pgid);
		else if (line.startsWith('-')) groups.delete(pgid);
	}
});
process.stdin.on('end', endGroups);
process.stdin.on('error', endGroups);

function signal(pgid, name) {
	try {
		process.kill(-pgid, name);
		return true;
	} catch {
		return false; // no member left
	}
}

function endGroups() {
	for (const pgid of groups) signal(pgid, 'SIGTERM');
	const deadline = Date.now() + GRACE_MS;
	const check = setInterval(() => {
		for (const pgid of groups) if (!signal(pgid, 0)) groups.delete(pgid);
		if (groups.size > 0 && Date.now() < deadline) return;
		for (const pgid of groups) signal(pgid, 'SIGKILL');
		clearInterval(check);
		process.exit(0);
	}, POLL_MS);
}
