/**
 * 7. Download All Files over a document with four files of 5 MB, binary data on disk: its node time against the
 * same four files by four Download File nodes, and the n8n server's peak RSS growth while it runs.
 */
import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { measurePeakGrowth } from '../lib/memory';
import { restartWith, runWorkflow, waitForWebhook, type ExecutionResult } from '../lib/n8n-runs';
import {
	FILE_SET_BYTES,
	FILE_SET_COUNTS,
	FILE_SET_DOCUMENT_ID,
	FILE_SET_SIGNER_UUID,
	fileSetDocumentId,
	MB,
} from '../lib/options';
import { median } from '../lib/report';
import { chain, ours, type BenchWorkflow } from '../lib/workflows';

const FILE_COUNT = 4;

/** Download All Files over the document with `count` files of FILE_SET_BYTES. */
const downloadAll = (count: number) =>
	chain(
		count === 4 ? 'DexBenchDlAllOur' : `DexBenchDlAll${String(count).padStart(3, '0')}`,
		`bench: Download All Files, ${count} files of 5 MB (ours)`,
		count === 4 ? 'bench-download-all-ours' : `bench-download-all-${count}`,
		[
			ours('Download All Files', {
				resource: 'document',
				operation: 'downloadAll',
				documentId: fileSetDocumentId(count),
			}),
		],
		['Download All Files'],
	);

/** The four files of FILE_SET_DOCUMENT_ID as Download File names them, one node each. */
const FILE_SET = [
	{ name: 'Signed Document', parameters: { downloadType: 'DOCUMENT' } },
	{ name: 'Audit Trail', parameters: { downloadType: 'AUDIT_TRAIL' } },
	{ name: 'Attachment 0', parameters: { downloadType: 'ATTACHMENT', index: 0 } },
	{
		name: 'Supporting Document 0',
		parameters: { downloadType: 'SUPPORTING_DOCUMENT', signUrl: FILE_SET_SIGNER_UUID, index: 0 },
	},
];

/** Files of FILE_SET, one Download File node each, in a chain. */
const byDownloadFile = (id: string, name: string, path: string, files: typeof FILE_SET) =>
	chain(
		id,
		name,
		path,
		files.map((file) =>
			ours(file.name, {
				resource: 'document',
				operation: 'download',
				documentId: FILE_SET_DOCUMENT_ID,
				...file.parameters,
				options: {},
			}),
		),
		files.map((file) => file.name),
	);

/**
 * Download All Files over 4, 8 and 16 files (`downloadAllOurs` the four, `downloadAllOurs<count>` the others),
 * and the four files, then the first, by Download File.
 */
const downloadAllWorkflows = (): Record<string, BenchWorkflow> => ({
	downloadAllOurs: downloadAll(FILE_COUNT),
	...Object.fromEntries(
		FILE_SET_COUNTS.filter((count) => count !== FILE_COUNT).map((count) => [
			`downloadAllOurs${count}`,
			downloadAll(count),
		]),
	),
	downloadFileFour: byDownloadFile(
		'DexBenchDlFileX4',
		'bench: the same 4 files by Download File x4 (ours)',
		'bench-download-file-x4',
		FILE_SET,
	),
	downloadFileOne: byDownloadFile(
		'DexBenchDlFileX1',
		'bench: the first of the 4 files by Download File (ours)',
		'bench-download-file-x1',
		FILE_SET.slice(0, 1),
	),
});

/**
 * Throws unless the measured nodes output `count` files of FILE_SET_BYTES (four unless said): a fast run that
 * fetched less is no figure.
 */
function checkFiles(result: ExecutionResult, workflow: BenchWorkflow, count = FILE_COUNT): void {
	const sizes = workflow.measured.flatMap((name) => {
		const json = result.runData[name][0].data?.main[0]?.[0]?.json ?? {};
		const files = Array.isArray(json.files)
			? (json.files as Array<{ fileSize?: unknown }>)
			: [json];
		return files.map((file) => file.fileSize);
	});
	if (sizes.length !== count || sizes.some((size) => size !== FILE_SET_BYTES))
		throw new Error(
			`${workflow.name} gave files of ${sizes.join(', ')} bytes, not ${count} of ${FILE_SET_BYTES}`,
		);
}

/** A workflow measured for memory, and how many files of FILE_SET_BYTES it outputs. */
interface MemorySide {
	workflow: BenchWorkflow;
	files: number;
}

/** Node time of each side, run alternately after one uncounted run each. */
async function benchTime(context: BenchContext): Promise<Record<'all' | 'four', number[]>> {
	const { n8n, workflows, options } = context;
	const sides = { all: workflows.downloadAllOurs, four: workflows.downloadFileFour };
	const samples = { all: [] as number[], four: [] as number[] };
	for (const workflow of Object.values(sides))
		checkFiles(await runWorkflow(n8n, workflow, {}), workflow);
	for (let rep = 0; rep < options.downloadReps; rep++) {
		for (const side of interleaved(rep, ['all', 'four'] as const)) {
			const result = await runWorkflow(n8n, sides[side], {});
			checkFiles(result, sides[side]);
			samples[side].push(result.nodeMs);
		}
		info(
			`  download all rep ${rep + 1}: Download All Files ${samples.all[rep]} ms, Download File x4 ${samples.four[rep]} ms`,
		);
	}
	return samples;
}

/** Peak RSS growth while the measured nodes run and over the whole execution, bytes, with the files checked. */
async function peakGrowth(
	context: BenchContext,
	{ workflow, files }: MemorySide,
): Promise<{ nodes: number; whole: number }> {
	const measured = await measurePeakGrowth(context.n8n, workflow, 'filesystem', {
		warmUp: {},
		measured: {},
	});
	checkFiles(measured.result, workflow, files);
	return measured;
}

async function benchDownloadAll(context: BenchContext): Promise<void> {
	const { workflows, options, results } = context;
	await restartWith(context.n8n, 'filesystem');
	await waitForWebhook(context.n8n, workflows.downloadAllOurs);
	await waitForWebhook(context.n8n, workflows.downloadFileFour);
	const time = await benchTime(context);
	// Download All Files over 4, 8 and 16 files, to tell growth per file (held by the node) from growth once per
	// download (n8n's); the four Download File nodes and one Download File as references.
	const sides: Record<string, MemorySide> = {
		...Object.fromEntries(
			FILE_SET_COUNTS.map((count) => [
				`all${count}`,
				{
					workflow: workflows[count === FILE_COUNT ? 'downloadAllOurs' : `downloadAllOurs${count}`],
					files: count,
				},
			]),
		),
		four: { workflow: workflows.downloadFileFour, files: FILE_COUNT },
		one: { workflow: workflows.downloadFileOne, files: 1 },
	};
	const growth: Record<string, number[]> = Object.fromEntries(
		Object.keys(sides).map((side) => [side, []]),
	);
	const wholeGrowth: Record<string, number[]> = Object.fromEntries(
		Object.keys(sides).map((side) => [side, []]),
	);
	for (let rep = 0; rep < options.memoryReps; rep++) {
		for (const side of interleaved(rep, Object.keys(sides))) {
			const measured = await peakGrowth(context, sides[side]);
			growth[side].push(measured.nodes / FILE_SET_BYTES);
			wholeGrowth[side].push(measured.whole / FILE_SET_BYTES);
			info(
				`  download all memory rep ${rep + 1}, ${sides[side].workflow.name}: peak RSS growth while the nodes ran ${(measured.nodes / MB).toFixed(1)} MB, whole execution ${(measured.whole / MB).toFixed(1)} MB`,
			);
		}
	}
	await restartWith(context.n8n, 'filesystem');
	results.addDetails('downloadAll', {
		nodeMs: time,
		growthTimesLargestFile: growth,
		wholeExecutionGrowthTimesLargestFile: wholeGrowth,
		fileBytes: FILE_SET_BYTES,
	});
	const figure = `Download All Files, ${FILE_COUNT} files of ${FILE_SET_BYTES / MB} MB, binary data on disk`;
	results.addRow({
		part: '7',
		figure: `${figure}: node time`,
		referenceName: `the same files by Download File ×${FILE_COUNT}`,
		unit: 'ms',
		goal: '≤ 1.1×',
		maxRatio: 1.1,
		samples: { ours: time.all, reference: time.four },
	});
	results.addRow({
		part: '7',
		figure: `${figure}: peak RSS growth while the node runs ÷ largest file`,
		referenceName: `Download File ×${FILE_COUNT}, while the four nodes run`,
		unit: '× file',
		goal: '≤ 1.5× file',
		met: median(growth.all4) <= 1.5,
		showP90: true,
		samples: { ours: growth.all4, reference: growth.four },
		note: `whole execution (saving it included): ${median(wholeGrowth.all4).toFixed(2)}× the largest file; one Download File of one of the files: ${median(growth.one).toFixed(2)}× (${growth.one.map((value) => value.toFixed(2)).join(', ')})`,
	});
	for (const count of FILE_SET_COUNTS.filter((each) => each !== FILE_COUNT))
		results.addRow({
			part: '7',
			figure: `Download All Files, ${count} files of ${FILE_SET_BYTES / MB} MB, binary data on disk: peak RSS growth while the node runs ÷ largest file`,
			referenceName: `the same over ${FILE_COUNT} files; ratio 1× if growth does not follow the number of files`,
			unit: '× file',
			goal: '(reported)',
			showP90: true,
			samples: { ours: growth[`all${count}`], reference: growth.all4 },
			note: `whole execution (saving it included): ${median(wholeGrowth[`all${count}`]).toFixed(2)}× the largest file`,
		});
}

export const downloadAllBenchmark: Benchmark = {
	name: 'downloadAll',
	title: (options) =>
		`7. Download All Files, ${FILE_COUNT} files of ${FILE_SET_BYTES / MB} MB, on disk (${options.downloadReps} timed runs; ${options.memoryReps} fresh servers per memory figure, over ${FILE_SET_COUNTS.join(', ')} files)`,
	workflows: downloadAllWorkflows,
	run: benchDownloadAll,
};
