/**
 * Where a download's node time goes, from the server's log of the download benchmark: its marks before each run
 * (`download, <mode> mode, <side>, run <n>, at <ms>`) and the lines bench/lib/io-trace.cjs prints. A run's time
 * splits into the link's request (sent to answered), the file (its request sent to the end of its write into
 * n8n's binary data store, so on disk only) and the rest, the node's own work: preparing the requests, reading
 * the credential, handling the answers, checking the stored file. gc-trace.cjs's lines, when it is preloaded
 * too, tell the runs a full garbage collection fell in.
 */

/** One run's phases, ms; `collected`: a full collection (mark-compact) was printed during it. */
export interface DownloadPhases {
	side: string;
	run: number;
	link: number;
	file: number;
	collected: boolean;
}

const MARK = /^bench: download, (\w+) mode, (\w+), run (\d+), at [\d.]+$/;

/** Every marked run of `mode` in the server's `log`, in order, with the phases io-trace.cjs's lines give. */
export function downloadPhases(log: string, mode: string): DownloadPhases[] {
	const runs: Array<{ side: string; run: number; lines: string[] }> = [];
	let current: (typeof runs)[number] | undefined;
	for (const line of log.split('\n')) {
		const mark = MARK.exec(line);
		if (mark) {
			current = mark[1] === mode ? { side: mark[2], run: Number(mark[3]), lines: [] } : undefined;
			if (current) runs.push(current);
		} else if (current && (line.startsWith('io ') || line.startsWith('gc: mark-compact'))) {
			current.lines.push(line);
		}
	}
	return runs.map(({ side, run, lines }) => {
		const at = (prefix: string) =>
			lines
				.filter(
					(line) => line.startsWith(`io `) && line.split(' ').slice(2).join(' ').startsWith(prefix),
				)
				.map((line) => Number(line.split(' ')[1]));
		const [linkSent, fileSent] = at('request ');
		const [linkAnswered] = at('answer end ');
		const [stored] = at('binary store write ');
		if ([linkSent, fileSent, linkAnswered, stored].some((time) => !Number.isFinite(time)))
			throw new Error(`The ${side} download's run ${run} lacks io-trace.cjs lines`);
		return {
			side,
			run,
			link: linkAnswered - linkSent,
			file: stored - fileSent,
			collected: lines.some((line) => line.startsWith('gc: mark-compact')),
		};
	});
}
