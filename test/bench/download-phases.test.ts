import { downloadPhases } from '../../bench/lib/download-phases';

/**
 * The download benchmark's split of a run's node time, from the server's log as io-trace.cjs and gc-trace.cjs
 * write it beside the benchmark's marks (the "own work" rows of docs/performance.md).
 */
const mark = (mode: string, side: string, run: number) =>
	`bench: download, ${mode} mode, ${side}, run ${run}, at 1000.0`;
const request = (at: number, path: string) => `io ${at.toFixed(1)} request ${path}`;
const answered = (at: number) => `io ${at.toFixed(1)} answer end after 1.0 ms`;
const stored = (at: number) => `io ${at.toFixed(1)} binary store write 40.0 ms …/binary_data/x.tmp`;

const LOG = [
	// A warm-up before the first mark, and a run in the other mode: neither is a measured run on disk.
	request(1, '/api/v3.3/document/fetchDocument'),
	mark('default', 'ours', 1),
	request(2, '/api/v3.3/document/fetchDocument'),
	mark('filesystem', 'ours', 1),
	request(100, '/api/v3.3/document/fetchDocument?documentId=DOC'),
	answered(103.5),
	request(105, '/__files/abc'),
	'gc: mark-compact 180.0 ms, rss 800.0, heap 200.0 of 380.0, external 50.0 (array buffers 0.7) MB',
	answered(160),
	stored(170),
	'a line n8n printed',
	mark('filesystem', 'http', 1),
	request(200, '/api/v3.3/document/fetchDocument?documentId=DOC'),
	answered(210),
	request(215, '/__files/def'),
	answered(250),
	stored(262.5),
].join('\n');

describe('downloadPhases', () => {
	it("splits each marked run of the mode into the link's request and the file's read and store, and tells the runs a full collection fell in", () => {
		expect(downloadPhases(LOG, 'filesystem')).toEqual([
			{ side: 'ours', run: 1, link: 3.5, file: 65, collected: true },
			{ side: 'http', run: 1, link: 10, file: 47.5, collected: false },
		]);
	});

	it('refuses a run without the lines it needs, as when io-trace.cjs was not preloaded', () => {
		const untraced = [mark('filesystem', 'ours', 1), 'a line n8n printed'].join('\n');
		expect(() => downloadPhases(untraced, 'filesystem')).toThrow(
			"The ours download's run 1 lacks io-trace.cjs lines",
		);
	});
});
