/**
 * `npm run bench -- --only=bulk`: examples/bulk-send.json as shipped (its folder alone swapped for the bench's)
 * in the real n8n 2.41.1, started by REST from its manual trigger, on generated CSV files of `--bulk-rows`
 * rows (1,000 and 10,000) with a 100 KB PDF each, against the bench emulator behind the latency proxy; each
 * size in a fresh server, the largest with n8n's heap capped at 1 GB. Beside it, in the same invocation, a plain
 * client (bench/lib/raw-client.mjs) sends the same rows as our node does (the IRN lookup, then the create with
 * the body the emulator received from n8n), a chunk's worth of rows under way at once, to an emulator of its own
 * behind the same latency: the emulator's IRN lookup reads every document it holds, so one shared emulator
 * would make whichever runs second pay for the other's documents. Writes
 * bench/results-bulk.json and the bulk-send table in docs/performance.md.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { installCommunityPackage } from '../../scripts/lib/community';
import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { info, step } from '../../scripts/lib/log';
import { N8n, type StoredExecution } from '../../scripts/lib/n8n';
import type { Packed } from '../../scripts/lib/pack';
import { N8N_VERSION, paths, ROOT } from '../../scripts/lib/paths';
import {
	goodRow,
	BULK_RESULTS,
	saveBulkSend,
	writeBulkCsv,
	type BulkRow,
} from '../../test/e2e/bulk-rows';
import { csvRecords } from '../../test/e2e/support';
import { makePdf } from '../../test/fixtures/pdf';
import { servicePaths } from '../../test/support/servicePaths';
import { clearRequests, startBenchEmulator } from '../lib/emulator';
import { startLatencyProxy, type LatencyProxy } from '../lib/latency-proxy';
import { memoryOf, resetPeak, serverNodeOptions, sleep } from '../lib/n8n-runs';
import { BULK_ROWS, MB, type BenchOptions } from '../lib/options';
import { runRawClient } from '../lib/raw-reference';
import { median, TABLE_FILE, withSection } from '../lib/report';
import { benchCredentials, DISTANT_CREDENTIAL } from '../lib/workflows';

/** The example's Batch Size in Chunks of 100 Rows: the plain client keeps as many rows under way. */
const CHUNK = 100;
const PDF_BYTES = 100 * 1024;
/**
 * Rows of the warm-up run before the measured one: a whole chunk, so that modules, JIT, pools and a first
 * sub-execution of a full chunk's 100 rows under way are behind n8n, as on a server that has run before.
 */
const WARM_UP_ROWS = CHUNK;
/** From this many rows on, n8n runs with its heap capped: a long CSV must not need a large server. */
const HEAP_CAP = { fromRows: 10_000, megabytes: 1024 };
const GOALS = { growthOverSmallest: 1.5, growthMb: 500, ratio: 0.5 };
const MANUAL_TRIGGER = "When clicking 'Execute workflow'";
const WORKFLOW_ID = 'DexBenchBulkSend';
const CREATE_ROUTE = `POST ${servicePaths.create}`;
const LOOKUP_ROUTE = `GET ${servicePaths.list}`;

const START = '<!-- bench-bulk-table:start (written by npm run bench -- --only=bulk) -->';
const END = '<!-- bench-bulk-table:end -->';

/** Where a chunk's time goes, from n8n's own records of its sub-executions. */
interface ChunkTimes {
	chunks: number;
	/** Median of each sub-execution's startedAt → stoppedAt. */
	medianSubExecutionMs: number;
	/**
	 * Median from one sub-execution's stop to the next one's start: saving the finished one, the parent's Execute
	 * Workflow and Loop Over Items, starting the next.
	 */
	medianBetweenChunksMs: number;
	/** Per node of the chunk half, the median of its time in the sub-executions read back (first, middle, last). */
	medianNodeMs: Record<string, number>;
}

export interface BulkSize {
	rows: number;
	seconds: number;
	rowsPerSecond: number;
	/**
	 * Peak RSS over the run minus the lowest RSS from just before it through it, bytes: garbage the warm-up run
	 * left, which V8 may collect only once the run has begun, is not the run's (the RSS before a 1,000-row run
	 * was once 825 MB, and 536 MB a second into it).
	 */
	peakGrowthBytes: number;
	heapCapMb: number | null;
	completed: boolean;
	/** Why it did not complete: n8n's error and the node it names, or how the server ended. */
	failure?: string;
	/** What the service answered to n8n's creates and IRN lookups, by status (counted at the latency proxy). */
	creates: Record<string, number>;
	lookups: Record<string, number>;
	slowestCreateMs: number;
	resultLines: number;
	resultErrors: number;
	plain: {
		seconds: number;
		rowsPerSecond: number;
		failed: number;
		firstFailure?: string;
		slowestCreateMs: number;
	};
	/** n8n's rows per second ÷ the plain client's. */
	ratio: number;
	chunkTimes?: ChunkTimes;
	/** RSS once a second over the run, MB. */
	rssMb: number[];
}

/** The CSV file of `rows`, each row's PDF a hard link to one 100 KB PDF (the disk holds one). */
function layRows(folder: string, rows: BulkRow[]): void {
	writeBulkCsv(folder, rows);
	const pdf = join(folder, 'one.pdf');
	for (const row of rows) {
		rmSync(join(folder, row.pdfFile), { force: true });
		linkSync(pdf, join(folder, row.pdfFile));
	}
}

const rowsFrom = (first: number, count: number) =>
	Array.from({ length: count }, (_, index) => goodRow(first + index));

/** The values of a row the plain client fills into what our node sent, by the token standing for each. */
const rowTokens = (row: BulkRow) => ({
	__IRN_IN_URL__: encodeURIComponent(row.irn),
	...Object.fromEntries(
		(['irn', 'documentName', 'inviteeName', 'inviteeEmail'] as const).map((field) => [
			`__${field}__`,
			JSON.stringify(row[field]).slice(1, -1),
		]),
	),
});

/**
 * What the plain client sends for `rows`: the IRN lookup and the create the emulator received from n8n for
 * `sample` (a warm-up row), its row's values replaced by tokens, and each row's values for them.
 */
async function plainPlan(emulator: EmulatorProcess, sample: BulkRow, rows: BulkRow[]) {
	type Recorded = {
		method: string;
		path: string;
		query: Record<string, string>;
		body?: Record<string, unknown>;
	};
	const recorded = (await emulator.control<Recorded[]>('GET', '/__emulator/requests')).body;
	const lookup = recorded.find(
		(request) =>
			`${request.method} ${request.path}` === LOOKUP_ROUTE && request.query.q === sample.irn,
	);
	const create = recorded.find(
		(request) =>
			`${request.method} ${request.path}` === CREATE_ROUTE && request.body?.irn === sample.irn,
	);
	if (!lookup || !create)
		throw new Error(`The warm-up sent no IRN lookup and create for ${sample.irn}`);
	const query = new URLSearchParams({ ...lookup.query, q: '__IRN_IN_URL__' }).toString();
	let body = JSON.stringify(create.body);
	for (const [token, value] of Object.entries(rowTokens(sample)).filter(
		([token]) => token !== '__IRN_IN_URL__',
	))
		body = body.split(value).join(token);
	if (!body.includes('__irn__') || !body.includes('__documentName__'))
		throw new Error(`The create body holds no IRN or document name: ${body.slice(0, 300)}`);
	return {
		lookup: { method: 'GET', url: `${lookup.path}?${query}` },
		create: { url: create.path, body },
		rows: rows.map(rowTokens),
	};
}

/** How a failed run ended: n8n's error and the node it names, in the run or in its failing chunk. */
async function failureOf(n8n: N8n, execution: StoredExecution): Promise<string> {
	const describe = (run: StoredExecution) => {
		const error = run.data.resultData.error as
			| { message?: string; description?: string; node?: { name?: string } }
			| undefined;
		return `execution ${run.id} ${run.status} at "${error?.node?.name ?? run.data.resultData.lastNodeExecuted}": ${error?.message ?? ''} ${error?.description ?? ''}`.trim();
	};
	const failedChunk = (await subExecutions(n8n, Number(execution.id))).find(
		(summary) => summary.status !== 'success',
	);
	return [describe(execution), failedChunk && describe(await n8n.execution(failedChunk.id))]
		.filter(Boolean)
		.join('; chunk: ');
}

interface Summary {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt?: string;
}

/**
 * The chunks' sub-executions of the run `parentId` (the workflow's executions after it), oldest first, read a
 * page of 100 (n8n's most) at a time, newest first, through the cursor n8n hands with each page.
 */
async function subExecutions(n8n: N8n, parentId: number): Promise<Summary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
	const found: Summary[] = [];
	for (let cursor = ''; ; ) {
		const page = await n8n.rest<{ results: Summary[]; nextCursor?: string }>(
			'GET',
			`/rest/executions?filter=${filter}&limit=100${cursor && `&cursor=${cursor}`}`,
		);
		const newer = page.results.filter((summary) => Number(summary.id) > parentId);
		found.push(...newer);
		if (newer.length < page.results.length || !page.nextCursor) break;
		cursor = page.nextCursor;
	}
	return found.sort((a, b) => Number(a.id) - Number(b.id));
}

async function chunkTimes(n8n: N8n, parentId: number): Promise<ChunkTimes> {
	const subs = await subExecutions(n8n, parentId);
	const at = (time?: string) => Date.parse(String(time));
	const samples = [subs[0], subs[Math.floor(subs.length / 2)], subs.at(-1)!];
	const nodeMs: Record<string, number[]> = {};
	for (const sample of new Set(samples)) {
		const { runData } = (await n8n.execution(sample.id)).data.resultData as unknown as {
			runData: Record<string, Array<{ executionTime: number }>>;
		};
		for (const [name, runs] of Object.entries(runData))
			(nodeMs[name] ??= []).push(runs.reduce((sum, run) => sum + run.executionTime, 0));
	}
	return {
		chunks: subs.length,
		medianSubExecutionMs: median(subs.map((sub) => at(sub.stoppedAt) - at(sub.startedAt))),
		medianBetweenChunksMs: median(
			subs.slice(1).map((sub, index) => at(sub.startedAt) - at(subs[index].stoppedAt)),
		),
		medianNodeMs: Object.fromEntries(
			Object.entries(nodeMs).map(([name, times]) => [name, median(times)]),
		),
	};
}

/**
 * Runs the example from its manual trigger and waits for the run; meanwhile empties the emulator's request log
 * every 2 s (it keeps every body: 10,000 PDFs of the run would fill it) and, given `onSample`, reads n8n's RSS
 * every 20 ms.
 */
async function runExample(
	n8n: N8n,
	emulator: EmulatorProcess,
	rows: number,
	onSample?: (rss: number) => void,
): Promise<StoredExecution> {
	const clearing = setInterval(() => void clearRequests(emulator).catch(() => undefined), 2000);
	const sampling = onSample && setInterval(() => onSample(memoryOf(n8n.pid!).rss), 20);
	try {
		const id = await n8n.runManually(WORKFLOW_ID, MANUAL_TRIGGER);
		return await n8n.finishedExecution(id, Math.max(300_000, rows * 300));
	} finally {
		clearInterval(clearing);
		if (sampling) clearInterval(sampling);
	}
}

/** The plain client sending the plan, to a fresh emulator behind a latency proxy of its own. */
async function runPlainClient(planFile: string, latencyMs: number) {
	const emulator = await startBenchEmulator({ seed: {}, signedPdfBytes: 1024 });
	const proxy = await startLatencyProxy(emulator.info.origin, latencyMs);
	const clearing = setInterval(() => void clearRequests(emulator).catch(() => undefined), 2000);
	try {
		return await runRawClient(
			['bulk', proxy.origin, emulator.info.authToken, String(CHUNK), planFile],
			900_000,
		);
	} finally {
		clearInterval(clearing);
		await proxy.close();
		await emulator.stop();
	}
}

async function measureSize(rows: number, options: BenchOptions, packed: Packed): Promise<BulkSize> {
	const folder = join(paths.runs, `bench-bulk-files-${rows}`);
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	writeFileSync(join(folder, 'one.pdf'), makePdf('Bulk send', PDF_BYTES));
	const emulator = await startBenchEmulator({ seed: {}, signedPdfBytes: 1024 });
	const proxy: LatencyProxy = await startLatencyProxy(emulator.info.origin, options.latencyMs);
	const heapCapMb = rows >= HEAP_CAP.fromRows ? HEAP_CAP.megabytes : null;
	const n8n = await N8n.create({
		name: `bench-bulk-${rows}`,
		fresh: true,
		env: {
			N8N_RESTRICT_FILE_ACCESS_TO: folder,
			N8N_LOG_LEVEL: 'warn',
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			...options.n8nEnv,
			...serverNodeOptions(...(heapCapMb ? [`--max-old-space-size=${heapCapMb}`] : [])),
		},
	});
	try {
		await installCommunityPackage(n8n.userFolder, packed.tarball);
		await n8n.start();
		await n8n.setupOwner();
		const distantBaseUrl = `${proxy.origin}${new URL(emulator.info.baseUrl).pathname}`;
		const credential = benchCredentials(emulator, distantBaseUrl).find(
			({ id }) => id === DISTANT_CREDENTIAL.id,
		)!;
		await saveBulkSend(n8n, credential, folder, WORKFLOW_ID);

		const warmUp = rowsFrom(rows + 1, WARM_UP_ROWS);
		layRows(folder, warmUp);
		await clearRequests(emulator);
		const warmed = await n8n.finishedExecution(
			await n8n.runManually(WORKFLOW_ID, MANUAL_TRIGGER),
			120_000,
		);
		if (warmed.status !== 'success')
			throw new Error(`The example failed in n8n: ${await failureOf(n8n, warmed)}`);

		const plainRows = rowsFrom(1, rows).map((row) => ({ ...row, irn: `PLAIN-${row.irn}` }));
		const planFile = join(folder, 'plain-plan.json');
		writeFileSync(planFile, JSON.stringify(await plainPlan(emulator, warmUp[0], plainRows)));
		const plainRun = await runPlainClient(planFile, options.latencyMs);
		const plain = {
			seconds: plainRun.ms / 1000,
			rowsPerSecond: rows / (plainRun.ms / 1000),
			failed: plainRun.failed ?? 0,
			...(plainRun.firstFailure ? { firstFailure: plainRun.firstFailure } : {}),
			slowestCreateMs: plainRun.slowestCreateMs ?? 0,
		};
		info(
			`  bulk ${rows} rows, plain client: ${plain.seconds.toFixed(1)} s, ${plain.rowsPerSecond.toFixed(1)} rows/s, ${plain.failed} failed${plain.firstFailure ? ` (first: ${plain.firstFailure})` : ''}`,
		);

		layRows(folder, rowsFrom(1, rows));
		await clearRequests(emulator);
		await sleep(1500);
		const pid = n8n.pid!;
		const base = memoryOf(pid).rss;
		const exactPeak = resetPeak(pid);
		let peak = base;
		let floor = base;
		const rssMb: number[] = [];
		let lastSecond = 0;
		proxy.reset();
		let execution: StoredExecution | undefined;
		let failure: string | undefined;
		try {
			execution = await runExample(n8n, emulator, rows, (rss) => {
				peak = Math.max(peak, rss);
				floor = Math.min(floor, rss);
				if (Date.now() - lastSecond >= 1000) {
					lastSecond = Date.now();
					rssMb.push(Math.round(rss / MB));
				}
			});
			if (exactPeak) peak = Math.max(peak, memoryOf(pid).hwm);
			if (execution.status !== 'success') failure = await failureOf(n8n, execution);
		} catch (error) {
			failure = n8n.running
				? (error as Error).message
				: `n8n exited during the run: ${n8n.logTail(15)}`;
		}
		const traffic = proxy.stats().routes;
		const resultsText = readFileSync(join(folder, BULK_RESULTS), 'utf8');
		const records = csvRecords(resultsText);
		const seconds = execution
			? (Date.parse(String(execution.stoppedAt)) - Date.parse(String(execution.startedAt))) / 1000
			: Number.NaN;
		const size: BulkSize = {
			rows,
			seconds,
			rowsPerSecond: rows / seconds,
			peakGrowthBytes: peak - floor,
			heapCapMb,
			completed: !failure,
			...(failure ? { failure } : {}),
			creates: traffic[CREATE_ROUTE]?.statuses ?? {},
			lookups: traffic[LOOKUP_ROUTE]?.statuses ?? {},
			slowestCreateMs: traffic[CREATE_ROUTE]?.slowestMs ?? 0,
			resultLines: resultsText.split('\n').filter(Boolean).length,
			resultErrors: records.filter((record) => record.error).length,
			plain,
			ratio: rows / seconds / plain.rowsPerSecond,
			...(execution ? { chunkTimes: await chunkTimes(n8n, Number(execution.id)) } : {}),
			rssMb,
		};
		info(
			`  bulk ${rows} rows, n8n: ${failure ? `FAILED (${failure})` : `${seconds.toFixed(1)} s, ${size.rowsPerSecond.toFixed(1)} rows/s`}, peak RSS growth ${(size.peakGrowthBytes / MB).toFixed(0)} MB, creates ${JSON.stringify(size.creates)}, ${size.resultLines} lines; per chunk ${JSON.stringify(size.chunkTimes)}`,
		);
		return size;
	} finally {
		await n8n.stop();
		await proxy.close();
		await emulator.stop();
		rmSync(folder, { recursive: true, force: true });
	}
}

const passed = (met: boolean) => (met ? 'PASS' : 'FAIL');
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** The figures of each size and the goals beside them, as Markdown. */
export function bulkTable(sizes: BulkSize[]): string {
	const smallest = sizes[0];
	const header = [
		'Rows',
		'n8n s',
		'n8n rows/s',
		'Plain s',
		'Plain rows/s',
		'n8n/plain',
		`≥ ${GOALS.ratio}`,
		'Peak RSS growth',
		`≤ ${GOALS.growthOverSmallest}× ${smallest.rows.toLocaleString('en')} rows', < ${GOALS.growthMb} MB`,
		'Heap cap',
		'Completes',
		'Creates (200)',
		'Rows failed (n8n / plain)',
		'Result lines = rows + 1',
	];
	const lines = sizes.map((size) => {
		const growthMet =
			size.peakGrowthBytes < GOALS.growthMb * MB &&
			(size === smallest ||
				size.peakGrowthBytes <= GOALS.growthOverSmallest * smallest.peakGrowthBytes);
		return [
			size.rows.toLocaleString('en'),
			size.seconds.toFixed(1),
			size.rowsPerSecond.toFixed(1),
			size.plain.seconds.toFixed(1),
			size.plain.rowsPerSecond.toFixed(1),
			`${size.ratio.toFixed(2)}×`,
			passed(size.ratio >= GOALS.ratio),
			mb(size.peakGrowthBytes),
			passed(growthMet),
			size.heapCapMb ? `${size.heapCapMb} MB` : 'none',
			passed(size.completed),
			String(size.creates['200'] ?? 0),
			`${size.resultErrors} / ${size.plain.failed}`,
			`${size.resultLines} ${passed(size.resultLines === size.rows + 1)}`,
		];
	});
	return [
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.map((line) => `| ${line.join(' | ')} |`),
	].join('\n');
}

/** Runs every `--bulk-rows` size; prints the table, writes bench/results-bulk.json and the table's section. */
export async function runBulk(options: BenchOptions, packed: Packed): Promise<void> {
	const begin = Date.now();
	const sizes: BulkSize[] = [];
	for (const rows of options.bulkRows)
		sizes.push(
			await step(
				`Bulk send of ${rows.toLocaleString('en')} rows (100 KB PDFs, ${options.latencyMs} ms away)${rows >= HEAP_CAP.fromRows ? `, heap capped at ${HEAP_CAP.megabytes} MB` : ''}`,
				() => measureSize(rows, options, packed),
			),
		);
	const printed = bulkTable(sizes);
	process.stdout.write(`\n${printed}\n\n`);
	const generatedAt = new Date().toISOString();
	const seconds = (Date.now() - begin) / 1000;
	const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`;
	// Only the goals' sizes stand for the package: a try with other sizes is kept beside them and changes nothing else.
	const published = options.bulkRows.join(',') === BULK_ROWS;
	const resultsFile = published ? 'results-bulk.json' : 'results-bulk-partial.json';
	writeFileSync(
		join(ROOT, 'bench', resultsFile),
		`${JSON.stringify(
			{
				generatedAt,
				seconds,
				command,
				n8n: N8N_VERSION,
				settings: {
					latencyMs: options.latencyMs,
					pdfBytes: PDF_BYTES,
					chunk: CHUNK,
					warmUpRows: WARM_UP_ROWS,
					heapCap: HEAP_CAP,
					goals: GOALS,
					n8nEnv: options.n8nEnv,
				},
				sizes,
				table: printed,
			},
			null,
			2,
		)}\n`,
	);
	if (!published) {
		info(`Wrote bench/${resultsFile} (other sizes than ${BULK_ROWS}: ${TABLE_FILE} left alone)`);
		return;
	}
	const about = `From \`${command}\` on ${generatedAt.slice(0, 10)} (n8n ${N8N_VERSION}, the service ${options.latencyMs} ms away, 100 KB PDFs, ${Math.round(seconds)} s in all).`;
	const file = join(ROOT, TABLE_FILE);
	writeFileSync(
		file,
		withSection(
			readFileSync(file, 'utf8'),
			{ start: START, end: END },
			`${START}\n${about}\n\n${printed}\n${END}`,
		),
	);
	info(`Wrote bench/${resultsFile} and the bulk-send table in ${TABLE_FILE}`);
}
