/**
 * The command line of `npm run bench` (every option is described in docs/performance.md), and the settings
 * no option changes.
 */
import { V3_SEED } from '../../test/emulator/families/v3';

export const MB = 1024 * 1024;
/** Items of each Get Status run. */
export const ITEMS = 1000;
/** The bulk-send benchmark's CSV sizes, whose figures are the published ones (docs/performance.md). */
export const BULK_ROWS = '1000,10000';
/** The PDF of the create and the download. */
export const FILE_BYTES = 15 * MB;
/** Each of the four files of Download All Files (bench/benchmarks/downloadAll.ts). */
export const FILE_SET_BYTES = 5 * MB;
/** The seeded COMPLETED document that the bench emulator gives those four files (bench/lib/emulator-child.ts). */
export const FILE_SET_DOCUMENT_ID = V3_SEED.completedNoAttachmentsId;
/** Download All Files's memory is measured over this many files of FILE_SET_BYTES, to tell per-file growth. */
export const FILE_SET_COUNTS = [4, 8, 16];
/**
 * The document with `count` files of FILE_SET_BYTES: FILE_SET_DOCUMENT_ID for four; for more, a copy of it the
 * bench emulator adds, with more attachments.
 */
export const fileSetDocumentId = (count: number) =>
	count === 4 ? FILE_SET_DOCUMENT_ID : `DOCFILESET${String(count).padStart(4, '0')}`;
/** Its invitee's sign URL ends in this UUID, so that a workflow made in advance can name its supporting document. */
export const FILE_SET_SIGNER_UUID = '5e7f11e5-0000-4000-8000-00000000b3c4';
/** Seeds: 1,000 extra v3 documents (Get Status targets and the v3 list), 2,080 packs of which 1,040 COMPLETED. */
export const SEED = { v3ExtraDocuments: 1000, packCount: 2080, packStatusMix: 'COMPLETED,SENT' };
/** n8n's binary data modes measured: its default in 2.41 (files on disk) and in memory (base64 in the item). */
export const BINARY_MODES = ['filesystem', 'default'] as const;
export type BinaryMode = (typeof BINARY_MODES)[number];

/** Request Options › Batching: `batchSize` items' requests started, then a pause of `batchInterval` ms. */
export interface Batching {
	batchSize: number;
	batchInterval: number;
}

export interface QueueOptions {
	burst: number;
	reps: number;
	workerCounts: number[];
	/** Keys of the queue benchmark's WEBHOOK_CONFIGS to run. */
	configs: string[];
}

export interface BenchOptions {
	/** `--queue`: the queue-mode benchmark instead of the others. */
	queue: boolean;
	/** `--only=…`: the names of the benchmarks to run; undefined for a whole run. */
	only?: string[];
	reps: number;
	triggerReps: number;
	memoryReps: number;
	downloadReps: number;
	deliveries: number;
	concurrency: number;
	latencyMs: number;
	/**
	 * The Batching settings measured: the first as a user would read n8n's setting for a rate (its items per its
	 * interval), then settings that hold a hard rate of that many per second.
	 */
	batchings: Batching[];
	batchedItems: number;
	/**
	 * `--n8n-env=NAME=value,…`: n8n settings the bench's n8n server runs with (n8n's defaults otherwise), to
	 * measure what a setting a user can choose costs or gains (docs/performance.md, "Tuning n8n").
	 */
	n8nEnv: Record<string, string>;
	/** `--bulk-rows=1000,10000`: the CSV sizes of the bulk-send benchmark, each in a fresh n8n server. */
	bulkRows: number[];
	queueOptions: QueueOptions;
}

export function parseOptions(argv: string[]): BenchOptions {
	const text = (name: string) =>
		argv
			.find((arg) => arg.startsWith(`--${name}=`))
			?.split('=')
			.slice(1)
			.join('=');
	const number = (name: string, fallback: number) => Number(text(name) ?? fallback);
	const list = (name: string, fallback: string) => (text(name) ?? fallback).split(',');
	return {
		queue: argv.includes('--queue'),
		only: text('only')?.split(','),
		reps: number('reps', 5),
		triggerReps: number('trigger-reps', 1),
		// Single memory runs swing with when V8 collects (0.05× to 1.5× the file in one figure): 10 runs, with p90.
		memoryReps: number('memory-reps', 10),
		// A download is two requests and a 15 MB disk write, whose times spread by 3× from run to run: more runs.
		downloadReps: number('download-reps', 15),
		deliveries: number('deliveries', 2000),
		concurrency: number('concurrency', 10),
		latencyMs: number('latency-ms', 150),
		batchings: list('batch', '10/1000,1/110,10/1300').map((setting) => {
			const [batchSize, batchInterval] = setting.split('/').map(Number);
			return { batchSize, batchInterval };
		}),
		batchedItems: number('batched-items', 100),
		n8nEnv: Object.fromEntries(
			(text('n8n-env')?.split(',') ?? []).map((setting) => {
				const [name, ...value] = setting.split('=');
				return [name, value.join('=')];
			}),
		),
		bulkRows: list('bulk-rows', BULK_ROWS).map(Number),
		queueOptions: {
			burst: number('burst', 50),
			reps: number('queue-reps', 5),
			workerCounts: list('workers', '1,2').map(Number),
			configs: list('queue-configs', 'defaults,lazy'),
		},
	};
}
