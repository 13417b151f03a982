/**
 * Where Download File's time goes on disk, beside the two HTTP Request nodes': reads the server's log of a
 * download benchmark run with bench/lib/io-trace.cjs (and optionally gc-trace.cjs) preloaded, and the node
 * times that run wrote:
 *   BENCH_N8N_NODE_OPTIONS="--require $PWD/bench/lib/io-trace.cjs --require $PWD/bench/lib/gc-trace.cjs" \
 *     npm run bench -- --only=download --download-reps=30
 *   npx ts-node --transpile-only bench/download-timeline.ts [results file] [server log]
 * For every side, on disk, the medians over its runs of: the node time; the link's request (sent to answered);
 * the file (its request sent to the end of its write into n8n's binary data store); the node's own work (node
 * time minus those two: preparing the requests, reading the credential, handling the answers, checking the
 * stored file); and how many runs a full garbage collection (mark-compact) fell in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../scripts/lib/paths';

interface RunTimeline {
	side: string;
	run: number;
	/** ms since the epoch, and what io-trace.cjs or gc-trace.cjs printed then (gc lines carry no time). */
	events: Array<{ at?: number; what: string }>;
}

const MARK = /^bench: download, (\w+) mode, (\w+), run (\d+), at [\d.]+$/;

function timelines(log: string, mode: string): RunTimeline[] {
	const runs: RunTimeline[] = [];
	let current: RunTimeline | undefined;
	for (const line of log.split('\n')) {
		const mark = MARK.exec(line);
		if (mark) {
			current = mark[1] === mode ? { side: mark[2], run: Number(mark[3]), events: [] } : undefined;
			if (current) runs.push(current);
		} else if (current && line.startsWith('io ')) {
			const [, at, ...what] = line.split(' ');
			current.events.push({ at: Number(at), what: what.join(' ') });
		} else if (current && line.startsWith('gc: mark-compact')) {
			current.events.push({ what: line });
		}
	}
	return runs;
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The two requests of a run (the link, then the file) and the file's write into the binary data store. */
function phases({ events }: RunTimeline) {
	const at = (prefix: string) =>
		events.filter((event) => event.what.startsWith(prefix)).map((event) => event.at ?? NaN);
	const [linkSent, fileSent] = at('request ');
	const [linkAnswered] = at('answer end ');
	const [stored] = at('binary store write ');
	if ([linkSent, fileSent, linkAnswered, stored].some((time) => !Number.isFinite(time)))
		throw new Error('A run lacks io-trace.cjs lines: was it preloaded?');
	return {
		link: linkAnswered - linkSent,
		file: stored - fileSent,
		collected: events.some((event) => event.what.startsWith('gc: mark-compact')),
	};
}

function main(): void {
	const [resultsFile = join(ROOT, 'bench', 'results-partial.json'), logFile] =
		process.argv.slice(2);
	const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
		details: { download: Record<string, Record<string, number[]>> };
	};
	const log = readFileSync(logFile ?? join(ROOT, '.cache', 'runs', 'bench', 'n8n.log'), 'utf8');
	// On disk only: in memory n8n keeps the file in the item, and io-trace.cjs sees no write to mark its end.
	const runs = timelines(log, 'filesystem');
	const nodeTimes = results.details.download.filesystem;
	if (runs.length === 0 || !nodeTimes) throw new Error('The log has no download run on disk');
	console.log('Download File on disk (medians, ms)');
	for (const [side, times] of Object.entries(nodeTimes)) {
		const ofSide = runs.filter((run) => run.side === side);
		if (ofSide.length !== times.length) continue;
		const measured = ofSide.map((run) => ({ ...phases(run), node: times[run.run - 1] }));
		const of = (pick: (run: (typeof measured)[number]) => number) =>
			median(measured.map(pick)).toFixed(1);
		const collected = measured.filter((run) => run.collected).length;
		console.log(
			`  ${side.padEnd(15)} node ${of((run) => run.node)}, link ${of((run) => run.link)}, file read and stored ${of((run) => run.file)}, own work ${of((run) => run.node - run.link - run.file)}; a full collection in ${collected} of ${measured.length} runs`,
		);
	}
}

if (require.main === module) main();
