/**
 * `npm run bench`: the package's nodes against what a user would use instead, in the real n8n 2.41.1 (installed
 * by the real-n8n tooling into .cache/, a no-op when cached), against the project's emulator on 127.0.0.1.
 * Every comparison is a ratio of runs made side by side in this one invocation, interleaved (ours, reference,
 * reference, ours…), each figure the median of several runs with their minimum and maximum. Prints a table,
 * writes bench/results.json and rewrites the table in docs/performance.md from it (a partial run with --only
 * writes bench/results-partial.json and leaves docs/performance.md alone).
 * The benchmarks are bench/benchmarks/<name>.ts, each with its workflows; this runner sets up n8n, the emulator
 * and the latency proxy, imports every benchmark's workflows, hands each benchmark them in its context, and
 * writes what they measured.
 * How and why: docs/performance.md. Options: --reps=N (default 5), --trigger-reps=N (1: 2,000 deliveries take minutes here), --memory-reps=N (10), --download-reps=N (15),
 * --deliveries=N (2000), --concurrency=N (10), --latency-ms=N (150), --batch=SIZE/INTERVAL_MS,… (10/1000,1/110,10/1300),
 * --batched-items=N (100), --only=status,create,paging,trigger,download,downloadAll,latency,irn,
 * --n8n-env=NAME=value,… (n8n settings for the bench's n8n server, e.g. N8N_EXPRESSION_ENGINE=legacy).
 * `--queue` runs instead the queue-mode trigger benchmark (bench/benchmarks/queue.ts; --burst=N, --queue-reps=N,
 * --workers=1,2, --queue-configs=defaults,lazy; also compile, legacy).
 * `--only=bulk` runs alone the bulk-send example on long CSV files (bench/benchmarks/bulk.ts; --bulk-rows=1000,10000,
 * --latency-ms), on servers of its own; a whole run leaves it out (it takes a quarter of an hour).
 */
import { cpus, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { installCommunityPackage } from '../scripts/lib/community';
import { ensureN8n, node24 } from '../scripts/lib/install';
import { info, step } from '../scripts/lib/log';
import { N8n } from '../scripts/lib/n8n';
import { buildAndPack, type Packed } from '../scripts/lib/pack';
import { N8N_VERSION, ROOT } from '../scripts/lib/paths';
import { installExitHooks, run, stopAll } from '../scripts/lib/proc';
import { makePdf } from '../test/fixtures/pdf';
import { createBenchmark } from './benchmarks/create';
import { downloadBenchmark } from './benchmarks/download';
import { downloadAllBenchmark } from './benchmarks/downloadAll';
import { irnBenchmark } from './benchmarks/irn';
import { latencyBenchmark } from './benchmarks/latency';
import { pagingBenchmark } from './benchmarks/paging';
import { runBulk } from './benchmarks/bulk';
import { benchQueue, queueTable } from './benchmarks/queue';
import { statusBenchmark } from './benchmarks/status';
import { triggerBenchmark } from './benchmarks/trigger';
import type { Benchmark, BenchContext, WorkflowTarget } from './lib/benchmark';
import { startBenchEmulator } from './lib/emulator';
import { startLatencyProxy, type LatencyProxy } from './lib/latency-proxy';
import { activate, serverNodeOptions, waitForWebhook } from './lib/n8n-runs';
import {
	FILE_BYTES,
	FILE_SET_BYTES,
	ITEMS,
	parseOptions,
	SEED,
	type BenchOptions,
	type QueueOptions,
} from './lib/options';
import {
	collectResults,
	table,
	TABLE_FILE,
	writeTableSection,
	type BenchResults,
} from './lib/report';
import { benchCredentials, type BenchWorkflow } from './lib/workflows';

/**
 * In the order they run: the ones that keep n8n as it is first; download and create restart n8n to switch its
 * binary data mode; download all and create, last, restart it for every memory measurement.
 */
const BENCHMARKS: Benchmark[] = [
	statusBenchmark,
	pagingBenchmark,
	latencyBenchmark,
	irnBenchmark,
	downloadBenchmark,
	downloadAllBenchmark,
	triggerBenchmark,
	createBenchmark,
];

/** The benchmark `--only=bulk` runs alone, on servers of its own, writing bench/results-bulk.json. */
const BULK = 'bulk';

/** The benchmarks `--only` names (all without it). */
function selected(only: string[] | undefined): Benchmark[] {
	if (only?.includes(BULK) && only.length > 1)
		throw new Error(`--only: ${BULK} runs alone (--only=${BULK})`);
	if (only?.includes(BULK)) return [];
	const names = BENCHMARKS.map((benchmark) => benchmark.name);
	const unknown = only?.filter((name) => !names.includes(name)) ?? [];
	if (unknown.length)
		throw new Error(`--only: no benchmark named ${unknown.join(', ')} (${names.join(', ')})`);
	return BENCHMARKS.filter((benchmark) => !only || only.includes(benchmark.name));
}

/** What the runner started, for its clean-up and its report when a benchmark fails. */
interface Started {
	n8n?: N8n;
	proxy?: LatencyProxy;
}

/** What every benchmark's context holds, and each benchmark's workflows by its name. */
interface Bench {
	shared: Omit<BenchContext, 'workflows' | 'options' | 'results'>;
	workflowsOf: Map<string, Record<string, BenchWorkflow>>;
}

/**
 * One n8n server with the packed package installed, the emulator seeded for every benchmark, the latency proxy
 * in front of it, the credentials and every benchmark's workflows imported and active (those of the benchmarks
 * `--only` leaves out too).
 */
async function startBench(options: BenchOptions, packed: Packed, started: Started): Promise<Bench> {
	const filesDir = join(ROOT, '.cache', 'runs', 'bench-files');
	const n8n = await N8n.create({
		name: 'bench',
		fresh: true,
		env: {
			N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
			N8N_LOG_LEVEL: 'warn',
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			...options.n8nEnv,
			...serverNodeOptions(),
		},
	});
	started.n8n = n8n;
	await step('Installing the tarball as a community package', () =>
		installCommunityPackage(n8n.userFolder, packed.tarball),
	);
	mkdirSync(filesDir, { recursive: true });
	const files = { big: join(filesDir, 'big.pdf'), small: join(filesDir, 'small.pdf') };
	writeFileSync(files.big, makePdf('Fifteen megabytes', FILE_BYTES));
	writeFileSync(files.small, makePdf('Small'));
	const emulator = await step(
		'Starting the emulator (1,000 extra documents, 2,080 packs, a 15 MB signed PDF, four files of 5 MB)',
		() =>
			startBenchEmulator({ seed: SEED, signedPdfBytes: FILE_BYTES, fileSetBytes: FILE_SET_BYTES }),
	);
	const proxy = await startLatencyProxy(emulator.info.origin, options.latencyMs);
	started.proxy = proxy;
	const distantBaseUrl = `${proxy.origin}${new URL(emulator.info.baseUrl).pathname}`;
	const target: WorkflowTarget = {
		baseUrl: emulator.info.baseUrl,
		distantBaseUrl,
		token: emulator.info.authToken,
	};
	const workflowsOf = new Map(
		BENCHMARKS.map((benchmark) => [benchmark.name, benchmark.workflows(target, options)]),
	);
	const everyWorkflow = [...workflowsOf.values()].flatMap((workflows) => Object.values(workflows));
	await step('Importing the credential and the workflows', async () => {
		await n8n.importCredentials(benchCredentials(emulator, distantBaseUrl));
		await n8n.importWorkflows(
			everyWorkflow.map(({ path: _path, measured: _measured, ...workflow }) => workflow),
		);
	});
	await step(`Starting n8n ${N8N_VERSION}`, () => n8n.start());
	await n8n.setupOwner();
	await step('Activating the workflows', async () => {
		for (const workflow of everyWorkflow) await activate(n8n, workflow);
		for (const workflow of everyWorkflow) await waitForWebhook(n8n, workflow);
	});
	return { shared: { n8n, emulator, proxy, files }, workflowsOf };
}

async function runBenchmarks(
	options: BenchOptions,
	benchmarks: Benchmark[],
	packed: Packed,
	started: Started,
	begin: number,
): Promise<void> {
	const { shared, workflowsOf } = await startBench(options, packed, started);
	const results = collectResults();
	for (const benchmark of benchmarks) {
		const workflows = workflowsOf.get(benchmark.name)!;
		await step(benchmark.title(options), () =>
			benchmark.run({ ...shared, workflows, options, results }),
		);
	}

	const seconds = (Date.now() - begin) / 1000;
	const printed = table(results.rows);
	process.stdout.write(`\n${printed}\n\n`);
	const output: BenchResults & Record<string, unknown> = {
		generatedAt: new Date().toISOString(),
		seconds,
		command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
		machine: {
			cpus: cpus().length,
			cpuModel: cpus()[0]?.model,
			memoryBytes: totalmem(),
			benchNode: process.version,
		},
		n8n: { version: N8N_VERSION, node: (await run(node24(), ['--version'])).stdout.trim() },
		settings: {
			reps: options.reps,
			triggerReps: options.triggerReps,
			memoryReps: options.memoryReps,
			downloadReps: options.downloadReps,
			items: ITEMS,
			deliveries: options.deliveries,
			concurrency: options.concurrency,
			fileBytes: FILE_BYTES,
			fileSetBytes: FILE_SET_BYTES,
			seed: SEED,
			latencyMs: options.latencyMs,
			batching: { settings: options.batchings, items: options.batchedItems },
			n8nEnv: options.n8nEnv,
		},
		rows: results.rows,
		details: results.details,
		table: printed,
	};
	// Only a whole run stands for the package: a partial one is kept beside it and changes nothing else.
	const resultsFile = options.only ? 'results-partial.json' : 'results.json';
	writeFileSync(join(ROOT, 'bench', resultsFile), `${JSON.stringify(output, null, 2)}\n`);
	if (!options.only) writeTableSection(output);
	info(
		`Wrote bench/${resultsFile}${options.only ? '' : ` and the table in ${TABLE_FILE}`} (${seconds.toFixed(0)} s in all)`,
	);
	await shared.proxy.close();
}

/** `--queue`: the queue-mode benchmark alone, on clusters of its own; writes bench/results-queue.json. */
async function runQueue(options: QueueOptions, packed: Packed): Promise<void> {
	const emulator = await step('Starting the emulator', () =>
		startBenchEmulator({ seed: {}, signedPdfBytes: 1024 }),
	);
	const { rows, rounds } = await benchQueue({ emulator, packed, options });
	const printed = queueTable(rows, options.burst);
	process.stdout.write(`\n${printed}\n\n`);
	const output = {
		generatedAt: new Date().toISOString(),
		n8n: N8N_VERSION,
		settings: options,
		rows,
		rounds,
		table: printed,
	};
	writeFileSync(join(ROOT, 'bench', 'results-queue.json'), `${JSON.stringify(output, null, 2)}\n`);
	info('Wrote bench/results-queue.json');
}

async function main(): Promise<void> {
	installExitHooks();
	const started: Started = {};
	try {
		const options = parseOptions(process.argv.slice(2));
		const benchmarks = selected(options.only);
		const begin = Date.now();
		// The installer first: nothing of n8n is loaded before it has run.
		await ensureN8n();
		const packed = await buildAndPack();
		if (options.queue) await runQueue(options.queueOptions, packed);
		else if (options.only?.includes(BULK)) await runBulk(options, packed);
		else await runBenchmarks(options, benchmarks, packed, started, begin);
	} catch (error) {
		await started.proxy?.close();
		process.stderr.write(`\nThe benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
		if (started.n8n) process.stderr.write(`n8n log tail:\n${started.n8n.logTail(30)}\n`);
		await stopAll();
		process.exit(1);
	}
	await stopAll();
	process.exit(0);
}

if (require.main === module) void main();
