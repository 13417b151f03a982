/**
 * `npm run bench`: the package's nodes against what a user would use instead, in the real n8n 2.41.1 (installed
 * by the real-n8n tooling into .cache/, a no-op when cached), against the project's emulator on 127.0.0.1.
 * Every comparison is a ratio of runs made side by side in this one invocation, interleaved (ours, reference,
 * reference, ours…), each figure the median of several runs with their minimum and maximum. Prints a table,
 * writes bench/results.json and rewrites the README's table from it (a partial run with --only writes
 * bench/results-partial.json and leaves the README alone).
 * How and why: docs/performance.md. Options: --reps=N (default 5), --trigger-reps=N (1: 2,000 deliveries take minutes here), --memory-reps=N (3), --download-reps=N (15),
 * --deliveries=N (2000), --concurrency=N (10), --latency-ms=N (150), --batch=SIZE/INTERVAL_MS (10/1000),
 * --batched-items=N (100), --only=status,create,paging,trigger,download,latency.
 * `--queue` runs instead the queue-mode trigger benchmark (bench/queue.ts; --burst=N, --queue-reps=N, --workers=1,2,
 * --queue-configs=defaults,lazy).
 */
import { Agent, request as httpRequest } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { installCommunityPackage } from '../scripts/lib/community';
import type { EmulatorProcess } from '../scripts/lib/emulator';
import { ensureN8n, node24 } from '../scripts/lib/install';
import { info, step } from '../scripts/lib/log';
import { N8n } from '../scripts/lib/n8n';
import { buildAndPack } from '../scripts/lib/pack';
import { N8N_VERSION, ROOT } from '../scripts/lib/paths';
import { installExitHooks, run, stopAll } from '../scripts/lib/proc';
import { buildEnvelope } from '../test/emulator/families/webhooks';
import { makePdf } from '../test/fixtures/pdf';
import { deliveryEnv, startBenchEmulator } from './lib/emulator';
import { benchQueue } from './queue';
import { startLatencyProxy, type LatencyProxy } from './lib/latency-proxy';
import {
	activate,
	executionsOf,
	memoryOf,
	resetPeak,
	runWorkflow,
	sleep,
	waitForWebhook,
	type ExecutionResult,
} from './lib/n8n-runs';
import {
	median,
	range,
	readmeSection,
	table,
	withReadmeSection,
	type BenchResults,
	type Row,
} from './lib/report';
import {
	benchWorkflows,
	CREDENTIAL,
	DISTANT_CREDENTIAL,
	distantWorkflows,
	HEADER_CREDENTIAL,
	type BenchWorkflow,
} from './lib/workflows';

const flag = (name: string, fallback: number) =>
	Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const queueMode = process.argv.includes('--queue');
const only = process.argv
	.find((arg) => arg.startsWith('--only='))
	?.split('=')[1]
	?.split(',');
const wanted = (part: string) => !only || only.includes(part);
const REPS = flag('reps', 5);
const TRIGGER_REPS = flag('trigger-reps', 1);
const MEMORY_REPS = flag('memory-reps', 3);
// A download is two requests and a 15 MB disk write, whose times spread by 3× from run to run: more runs.
const DOWNLOAD_REPS = flag('download-reps', 15);
const DELIVERIES = flag('deliveries', 2000);
const CONCURRENCY = flag('concurrency', 10);
const LATENCY_MS = flag('latency-ms', 150);
const [BATCH_SIZE, BATCH_INTERVAL] = (
	process.argv.find((arg) => arg.startsWith('--batch='))?.split('=')[1] ?? '10/1000'
)
	.split('/')
	.map(Number);
const BATCHED_ITEMS = flag('batched-items', 100);
const ITEMS = 1000;
const MB = 1024 * 1024;
const FILE_BYTES = 15 * MB;
const PAGE = 40;
/** Seeds: 1,000 extra v3 documents (Get Status targets and the v3 list), 2,080 packs of which 1,040 COMPLETED. */
const SEED = { v3ExtraDocuments: 1000, packCount: 2080, packStatusMix: 'COMPLETED,SENT' };
/** n8n's binary data modes measured: its default in 2.41 (files on disk) and in memory (base64 in the item). */
const BINARY_MODES = ['filesystem', 'default'] as const;
type BinaryMode = (typeof BINARY_MODES)[number];

const rows: Row[] = [];
const details: Record<string, unknown> = {};

/**
 * A row from its samples: ours and the reference as min–median–max, the ratio of the medians, and whether the
 * goal is met (`met` given, or the ratio within `maxRatio`/`minRatio`).
 */
function addRow(
	row: Omit<Row, 'ours' | 'reference' | 'ratio' | 'met'> & {
		met?: boolean | null;
		maxRatio?: number;
		minRatio?: number;
	},
): void {
	const { maxRatio, minRatio, ...rest } = row;
	const ours = range(row.samples.ours);
	const reference = row.samples.reference ? range(row.samples.reference) : null;
	const ratio = reference ? ours.median / reference.median : null;
	const met =
		row.met !== undefined
			? row.met
			: ratio === null
				? null
				: maxRatio !== undefined
					? ratio <= maxRatio
					: minRatio !== undefined
						? ratio >= minRatio
						: null;
	rows.push({ ...rest, ours, reference, ratio, met });
}

/** `pair` in the order ours, reference on even runs and reference, ours on odd ones. */
const interleaved = <T>(run: number, pair: T[]): T[] => (run % 2 ? [...pair].reverse() : pair);

/** Restarts n8n with its binary data in `mode`. */
async function restartWith(mode: BinaryMode): Promise<void> {
	await n8n.stop();
	n8n.withEnv({ N8N_DEFAULT_BINARY_DATA_MODE: mode });
	await n8n.start();
	await n8n.login();
}

let n8n: N8n;
let emulator: EmulatorProcess;
let workflows: Record<string, BenchWorkflow>;
let latencyProxy: LatencyProxy | undefined;

const clearRequests = () => emulator.control('DELETE', '/__emulator/requests');
async function requestsTo(fragment: string): Promise<number> {
	const { body } = await emulator.control<Array<{ path: string }>>('GET', '/__emulator/requests');
	return body.filter((request) => request.path.includes(fragment)).length;
}

async function rawClient(args: string[]): Promise<{ ms: number; items?: number; bytes?: number }> {
	const { stdout } = await run(node24(), [join(ROOT, 'bench', 'lib', 'raw-client.mjs'), ...args], {
		timeoutMs: 150_000,
	});
	return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

// ------------------------------------------------------------------------------------------------ 1. status

async function benchStatus(): Promise<void> {
	const ids = Array.from(
		{ length: ITEMS },
		(_, index) => `DOCEXTRA${String(index + 1).padStart(6, '0')}`,
	);
	const idsFile = join(n8n.userFolder, 'bench-ids.json');
	writeFileSync(idsFile, JSON.stringify(ids));
	const samples = {
		ours: [] as number[],
		http: [] as number[],
		httpHeaderAuth: [] as number[],
		raw: [] as number[],
		oursExec: [] as number[],
		httpExec: [] as number[],
	};
	const check = (result: ExecutionResult, name: string) => {
		const out = result.runData[name][0].data?.main[0] ?? [];
		if (out.length !== ITEMS) throw new Error(`${name} returned ${out.length} items, not ${ITEMS}`);
	};
	// One warm-up run each (module loading, JIT, connection pools), not counted.
	check(await runWorkflow(n8n, workflows.statusOurs, { ids }), 'Get Status');
	check(await runWorkflow(n8n, workflows.statusHttp, { ids }), 'HTTP Request');
	check(await runWorkflow(n8n, workflows.statusHttpHeaderAuth, { ids }), 'HTTP Request');
	const runs = [
		{ key: 'ours', workflow: workflows.statusOurs, node: 'Get Status' },
		{ key: 'http', workflow: workflows.statusHttp, node: 'HTTP Request' },
		{ key: 'httpHeaderAuth', workflow: workflows.statusHttpHeaderAuth, node: 'HTTP Request' },
	] as const;
	for (let rep = 0; rep < REPS; rep++) {
		const times: Record<string, number> = {};
		for (const run of interleaved(rep, [...runs])) {
			const result = await runWorkflow(n8n, run.workflow, { ids });
			check(result, run.node);
			samples[run.key].push(result.nodeMs);
			times[run.key] = result.nodeMs;
			if (run.key === 'ours') samples.oursExec.push(result.executionMs);
			if (run.key === 'http') samples.httpExec.push(result.executionMs);
		}
		// The same concurrency as both nodes: n8n starts every item's request before awaiting any.
		const raw = await rawClient([
			'status',
			emulator.info.baseUrl,
			emulator.info.authToken,
			String(ITEMS),
			'--ids-file',
			idsFile,
		]);
		samples.raw.push(raw.ms);
		info(
			`  status rep ${rep + 1}: ours ${times.ours} ms, HTTP Request ${times.http} ms (Header Auth ${times.httpHeaderAuth} ms), raw fetch ${raw.ms.toFixed(0)} ms`,
		);
		await clearRequests();
	}
	details.status = samples;
	const figure = `Get Status ×${ITEMS} items, node time`;
	addRow({
		part: '1',
		figure,
		referenceName: 'HTTP Request node, token in a Header Auth credential',
		unit: 'ms',
		goal: '≤ 1.3×',
		maxRatio: 1.3,
		samples: { ours: samples.ours, reference: samples.httpHeaderAuth },
	});
	addRow({
		part: '1',
		figure,
		referenceName: 'HTTP Request node, token typed into a header',
		unit: 'ms',
		goal: '≤ 2×',
		maxRatio: 2,
		samples: { ours: samples.ours, reference: samples.http },
	});
	const ours = median(samples.ours);
	addRow({
		part: '1',
		figure,
		referenceName: `raw fetch loop (concurrency ${ITEMS})`,
		unit: 'ms',
		goal: '(reported)',
		samples: { ours: samples.ours, reference: samples.raw },
		note: `per item: ours ${(ours / ITEMS).toFixed(2)} ms, HTTP Request + Header Auth ${(median(samples.httpHeaderAuth) / ITEMS).toFixed(2)} ms, raw ${(median(samples.raw) / ITEMS).toFixed(2)} ms; whole executions ${median(samples.oursExec)} / ${median(samples.httpExec)} ms`,
	});
}

// ------------------------------------------------------------------------------------------------ 2. memory

async function benchCreateMemory(bigPath: string, smallPath: string): Promise<void> {
	const variants = [
		...BINARY_MODES.flatMap((mode) => [
			{ key: `createOurs:${mode}`, workflow: 'createOurs', mode, label: 'ours (PDF from binary)' },
			{
				key: `createHttp:${mode}`,
				workflow: 'createHttp',
				mode,
				label: 'HTTP Request (base64 JSON body)',
			},
		]),
		{
			key: 'createOurs64:filesystem',
			workflow: 'createOurs64',
			mode: 'filesystem' as const,
			label: 'ours (PDF as base64 text)',
		},
	];
	const growth: Record<string, number[]> = Object.fromEntries(
		variants.map((variant) => [variant.key, []]),
	);
	const nodeGrowth: Record<string, number[]> = Object.fromEntries(
		variants.map((variant) => [variant.key, []]),
	);
	const timing: Record<string, number[]> = Object.fromEntries(
		variants.map((variant) => [variant.key, []]),
	);
	for (let rep = 0; rep < MEMORY_REPS; rep++) {
		for (const variant of interleaved(rep, variants)) {
			const workflow = workflows[variant.workflow];
			// A fresh server for each measurement: a heap that an earlier run grew would hide the next run's growth.
			await restartWith(variant.mode);
			await waitForWebhook(n8n, workflow);
			const pid = n8n.pid!;
			await runWorkflow(n8n, workflow, { path: smallPath }); // warm-up with a 1 KB PDF: modules, JIT, pools
			await runWorkflow(n8n, workflow, { path: smallPath });
			await sleep(1500);
			const base = memoryOf(pid).rss;
			const exactPeak = resetPeak(pid);
			// RSS every 5 ms with its time, to tell the measured node's own growth from the upstream node's read.
			const rss: Array<{ at: number; bytes: number }> = [];
			const sampler = setInterval(() => rss.push({ at: Date.now(), bytes: memoryOf(pid).rss }), 5);
			let peak = 0;
			const result = await runWorkflow(n8n, workflow, { path: bigPath }, () => {
				clearInterval(sampler);
				peak = Math.max(base, ...rss.map((sample) => sample.bytes));
				if (exactPeak) peak = Math.max(peak, memoryOf(pid).hwm);
			});
			const measured = result.runData[workflow.measured[0]][0];
			const started = measured.startTime;
			const ended = started + measured.executionTime;
			const atStart = rss.filter((sample) => sample.at <= started).pop()?.bytes ?? base;
			const during = rss.filter((sample) => sample.at >= started && sample.at <= ended + 5);
			const nodePeak = Math.max(atStart, ...during.map((sample) => sample.bytes));
			const created = result.runData[workflow.measured[0]][0].data?.main[0]?.[0]?.json ?? {};
			const documentId =
				created.documentId ?? (created.data as Record<string, unknown> | undefined)?.documentId;
			if (!documentId)
				throw new Error(
					`${variant.label}: no documentId in ${JSON.stringify(created).slice(0, 300)}`,
				);
			growth[variant.key].push((peak - base) / FILE_BYTES);
			nodeGrowth[variant.key].push((nodePeak - atStart) / FILE_BYTES);
			timing[variant.key].push(result.nodeMs);
			info(
				`  create rep ${rep + 1} ${variant.label}, ${variant.mode} mode: peak RSS growth ${((peak - base) / MB).toFixed(1)} MB (${((peak - base) / FILE_BYTES).toFixed(2)}× the file), during the node ${((nodePeak - atStart) / MB).toFixed(1)} MB, node ${result.nodeMs} ms (${during.length} samples)`,
			);
		}
	}
	await restartWith('filesystem');
	details.create = {
		growthTimesFile: growth,
		nodeGrowthTimesFile: nodeGrowth,
		nodeMs: timing,
		fileBytes: FILE_BYTES,
	};
	const goals: Record<string, number> = { default: 1.5, filesystem: 0.5 };
	for (const variant of variants.filter((each) => each.workflow !== 'createHttp')) {
		const mode = variant.mode;
		const reference = `createHttp:${mode}`;
		const ours = median(nodeGrowth[variant.key]);
		const goal = variant.workflow === 'createOurs' ? goals[mode] : undefined;
		addRow({
			part: '2',
			figure: `Create from a 15 MB PDF, binary data ${mode === 'default' ? 'in memory' : 'on disk'}, peak RSS growth while the node runs ÷ file size: ${variant.label}`,
			referenceName: 'HTTP Request node, base64 body',
			unit: '× file',
			goal: goal === undefined ? '(reported)' : `≤ ${goal}× file`,
			met: goal === undefined ? null : ours <= goal,
			samples: { ours: nodeGrowth[variant.key], reference: nodeGrowth[reference] },
			note: `whole workflow (the upstream read included): ${median(growth[variant.key]).toFixed(2)}× vs ${median(growth[reference]).toFixed(2)}×; node time ${median(timing[variant.key])} ms vs ${median(timing[reference])} ms`,
		});
	}
}

// ------------------------------------------------------------------------------------------------ 3. paging

async function benchPaging(): Promise<void> {
	const totals = {
		list: (
			(await (
				await fetch(`${emulator.info.baseUrl}/v3.0/sign/request/list?max=1`, {
					headers: { 'X-Auth-Token': emulator.info.authToken },
				})
			).json()) as { data: { total: number } }
		).data.total,
		packs: (
			(await (
				await fetch(`${emulator.info.baseUrl}/v4/packs/search?status=COMPLETED&max=1`, {
					headers: { 'X-Auth-Token': emulator.info.authToken },
				})
			).json()) as { pagination: { totalRecords: number } }
		).pagination.totalRecords,
	};
	const cases = [
		{
			name: 'v3 document list, Return All',
			total: totals.list,
			ours: workflows.listOurs,
			http: workflows.listHttp,
			path: '/sign/request/list',
		},
		{
			name: 'packs with Status COMPLETED, Return All',
			total: totals.packs,
			ours: workflows.packsOurs,
			http: workflows.packsHttp,
			path: '/v4/packs/search',
		},
	];
	details.paging = {};
	for (const each of cases) {
		const samples = {
			ours: [] as number[],
			http: [] as number[],
			oursRequests: [] as number[],
			httpRequests: [] as number[],
			oursItems: [] as number[],
		};
		await runWorkflow(n8n, each.ours, {});
		await runWorkflow(n8n, each.http, {});
		for (let rep = 0; rep < REPS; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				await clearRequests();
				const result = await runWorkflow(n8n, each[side], {});
				samples[side].push(result.nodeMs);
				samples[`${side}Requests`].push(await requestsTo(each.path));
				if (side === 'ours')
					samples.oursItems.push(
						result.runData[each.ours.measured[0]][0].data?.main[0]?.length ?? 0,
					);
			}
		}
		await clearRequests();
		(details.paging as Record<string, unknown>)[each.name] = { total: each.total, ...samples };
		const expected = Math.ceil(each.total / PAGE);
		const allItems = samples.oursItems.every((count) => count === each.total);
		info(
			`  ${each.name}: N=${each.total}, ours ${samples.oursRequests.join('/')} requests, HTTP Request ${samples.httpRequests.join('/')}; ${samples.oursItems[0]} items`,
		);
		addRow({
			part: '3',
			figure: `${each.name} (N = ${each.total}): requests`,
			referenceName: `HTTP Request node paged by hand; ceil(N/${PAGE}) = ${expected}`,
			unit: 'requests',
			goal: `= ${expected}`,
			met: samples.oursRequests.every((count) => count === expected) && allItems,
			samples: { ours: samples.oursRequests, reference: samples.httpRequests },
			note: allItems
				? `every record returned once (${each.total} items)`
				: `items returned: ${samples.oursItems.join(', ')}`,
		});
		addRow({
			part: '3',
			figure: `${each.name} (N = ${each.total}): node time`,
			referenceName: 'HTTP Request node with pagination',
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.http },
		});
	}
}

// ------------------------------------------------------------------------------------------------ 4. trigger

function post(url: string, body: Buffer, agent: Agent): Promise<number> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent,
				headers: {
					'content-type': 'application/json',
					'content-length': String(body.length),
					'user-agent': 'DocumentExecution-Webhook/4.0',
				},
			},
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			},
		);
		request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
		request.on('error', reject);
		request.end(body);
	});
}

/** Sends every body once, `CONCURRENCY` at a time over keep-alive connections; bounded by count and by 600 s. */
async function deliverAll(
	url: string,
	bodies: Buffer[],
): Promise<{ ms: number; ok: number; failed: number; startedAt: number }> {
	const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
	// 2,000 deliveries took 250 s at the 8/s a busy 2-core machine gave.
	const deadline = Date.now() + 600_000;
	let next = 0;
	let ok = 0;
	let failed = 0;
	const startedAt = Date.now();
	const begin = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < bodies.length && Date.now() < deadline) {
				const body = bodies[next++];
				try {
					const status = await post(url, body, agent);
					if (status >= 200 && status < 300) ok++;
					else failed++;
				} catch {
					failed++;
				}
			}
		}),
	);
	const ms = performance.now() - begin;
	agent.destroy();
	return { ms, ok, failed, startedAt };
}

async function benchTrigger(): Promise<void> {
	// Deliveries built as the emulator builds them (its buildEnvelope), MAC keyed by the account's salt.
	const env = deliveryEnv(emulator);
	// Each envelope is a new event (its own combination uuid): the trigger runs a repeated event only once.
	const envelopes = (count: number) =>
		Array.from({ length: count }, (_, index) =>
			Buffer.from(
				JSON.stringify(
					buildEnvelope(env, {
						documentId: `DOCEXTRA${String((index % 1000) + 1).padStart(6, '0')}`,
					}),
				),
			),
		);
	const bodies = envelopes(DELIVERIES);
	const targets = [
		{ key: 'ours', workflow: workflows.triggerOurs },
		{ key: 'plain', workflow: workflows.triggerPlain },
	] as const;
	const samples: Record<string, { ackPerSec: number[]; execPerSec: number[] }> = {
		ours: { ackPerSec: [], execPerSec: [] },
		plain: { ackPerSec: [], execPerSec: [] },
	};
	// Warm-up: 50 deliveries each, of other events than the measured ones.
	for (const target of targets)
		await deliverAll(`${n8n.url}/webhook/${target.workflow.path}`, envelopes(50));
	await sleep(2000);
	for (let rep = 0; rep < TRIGGER_REPS; rep++) {
		for (const target of rep % 2 ? [...targets].reverse() : targets) {
			const before = (await executionsOf(n8n, target.workflow.id)).count;
			const sent = await deliverAll(`${n8n.url}/webhook/${target.workflow.path}`, bodies);
			if (sent.ok !== bodies.length)
				throw new Error(
					`${target.key}: ${sent.ok} of ${bodies.length} deliveries acknowledged, ${sent.failed} failed`,
				);
			// Every acknowledged delivery starts an execution: wait for the last to finish (bounded).
			let done = await executionsOf(n8n, target.workflow.id);
			const waitUntil = Date.now() + 180_000;
			while ((done.count < before + sent.ok || !done.newest?.stoppedAt) && Date.now() < waitUntil) {
				await sleep(200);
				done = await executionsOf(n8n, target.workflow.id);
			}
			if (done.count < before + sent.ok)
				throw new Error(
					`${target.key}: only ${done.count - before} executions for ${sent.ok} deliveries`,
				);
			const lastStop = Date.parse(done.newest!.stoppedAt!);
			const ackPerSec = (sent.ok / sent.ms) * 1000;
			const execPerSec = (sent.ok / Math.max(lastStop - sent.startedAt, sent.ms)) * 1000;
			samples[target.key].ackPerSec.push(ackPerSec);
			samples[target.key].execPerSec.push(execPerSec);
			info(
				`  trigger rep ${rep + 1} ${target.key}: ${sent.ok} deliveries, ${ackPerSec.toFixed(0)}/s acknowledged, ${execPerSec.toFixed(0)}/s executed`,
			);
			await sleep(1000);
		}
	}
	details.trigger = { deliveries: DELIVERIES, concurrency: CONCURRENCY, ...samples };
	addRow({
		part: '4',
		figure: `Trigger: ${DELIVERIES} verified deliveries at concurrency ${CONCURRENCY}, executions finished per second`,
		referenceName: "n8n's Webhook node, same bodies",
		unit: '/s',
		goal: '≥ 0.9×',
		minRatio: 0.9,
		samples: { ours: samples.ours.execPerSec, reference: samples.plain.execPerSec },
		note: `acknowledged per second: ${median(samples.ours.ackPerSec).toFixed(0)} vs ${median(samples.plain.ackPerSec).toFixed(0)}`,
	});
}

// ------------------------------------------------------------------------------------------------ 5. download

async function benchDownload(): Promise<void> {
	const checkSize = (result: ExecutionResult) => {
		const json = result.runData['Download File'][0].data?.main[0]?.[0]?.json ?? {};
		if (json.fileSize !== FILE_BYTES)
			throw new Error(`Download File gave ${String(json.fileSize)} bytes, not ${FILE_BYTES}`);
	};
	const all: Record<string, unknown> = {};
	for (const mode of BINARY_MODES) {
		await restartWith(mode);
		await waitForWebhook(n8n, workflows.downloadOurs);
		await waitForWebhook(n8n, workflows.downloadHttp);
		const samples = { ours: [] as number[], http: [] as number[], raw: [] as number[] };
		checkSize(await runWorkflow(n8n, workflows.downloadOurs, {}));
		await runWorkflow(n8n, workflows.downloadHttp, {});
		for (let rep = 0; rep < DOWNLOAD_REPS; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				const result = await runWorkflow(
					n8n,
					side === 'ours' ? workflows.downloadOurs : workflows.downloadHttp,
					{},
				);
				if (side === 'ours') checkSize(result);
				samples[side].push(result.nodeMs);
			}
			const raw = await rawClient([
				'download',
				emulator.info.baseUrl,
				emulator.info.authToken,
				'DOCCOMPLETED01',
			]);
			if (raw.bytes !== FILE_BYTES) throw new Error(`The raw client got ${raw.bytes} bytes`);
			samples.raw.push(raw.ms);
			info(
				`  download rep ${rep + 1}, ${mode} mode: ours ${samples.ours[rep]} ms, HTTP Request ×2 ${samples.http[rep]} ms, raw fetch ${raw.ms.toFixed(0)} ms`,
			);
		}
		all[mode] = samples;
		const where = mode === 'default' ? 'in memory' : 'on disk';
		addRow({
			part: '5',
			figure: `Download File, 15 MB signed PDF, binary data ${where}: request to binary`,
			referenceName: 'two HTTP Request nodes (link, then file)',
			unit: 'ms',
			goal: '≤ 1.0×',
			maxRatio: 1,
			samples: { ours: samples.ours, reference: samples.http },
		});
		addRow({
			part: '5',
			figure: `Download File, 15 MB signed PDF, binary data ${where}: request to binary`,
			referenceName: 'raw fetch (link, then file)',
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.raw },
		});
	}
	details.download = all;
	await restartWith('filesystem');
}

// ------------------------------------------------------------------------------------------------ 6. latency

/**
 * What a user feels against a service across a network: the emulator behind a proxy that answers every request
 * LATENCY_MS later. Wall time of Get Status ×1,000 and of a Return All over the COMPLETED packs, ours vs the HTTP
 * Request node, with the requests the proxy held at once; then Get Status with n8n's Batching, whose rate the
 * proxy measures.
 */
async function benchLatency(distant: Record<string, BenchWorkflow>, proxyOrigin: string) {
	const proxy = latencyProxy!;
	const ids = Array.from(
		{ length: ITEMS },
		(_, index) => `DOCEXTRA${String(index + 1).padStart(6, '0')}`,
	);
	const cases = [
		{
			name: `Get Status ×${ITEMS}`,
			ours: distant.statusOurs,
			http: distant.statusHttp,
			body: { ids },
		},
		{
			name: 'COMPLETED packs, Return All',
			ours: distant.packsOurs,
			http: distant.packsHttp,
			body: {},
		},
	];
	const all: Record<string, unknown> = { latencyMs: LATENCY_MS, proxy: proxyOrigin };
	for (const each of cases) {
		const samples = {
			ours: [] as number[],
			http: [] as number[],
			oursInFlight: [] as number[],
			httpInFlight: [] as number[],
		};
		await runWorkflow(n8n, each.ours, each.body);
		await runWorkflow(n8n, each.http, each.body);
		for (let rep = 0; rep < REPS; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				proxy.reset();
				const result = await runWorkflow(n8n, each[side], each.body);
				samples[side].push(result.nodeMs);
				samples[`${side}InFlight`].push(proxy.stats().maxInFlight);
			}
			info(
				`  ${each.name}, ${LATENCY_MS} ms away, rep ${rep + 1}: ours ${samples.ours[rep]} ms (${samples.oursInFlight[rep]} at once), HTTP Request ${samples.http[rep]} ms (${samples.httpInFlight[rep]} at once)`,
			);
		}
		all[each.name] = samples;
		addRow({
			part: '6',
			figure: `${each.name}, every request ${LATENCY_MS} ms away: node time`,
			referenceName: 'HTTP Request node',
			unit: 'ms',
			goal: '≤ 1.3×',
			maxRatio: 1.3,
			samples: { ours: samples.ours, reference: samples.http },
		});
		addRow({
			part: '6',
			figure: `${each.name}, every request ${LATENCY_MS} ms away: requests in flight at once`,
			referenceName: 'HTTP Request node',
			unit: 'at once',
			goal: '(reported)',
			samples: { ours: samples.oursInFlight, reference: samples.httpInFlight },
		});
	}
	const batchedIds = ids.slice(0, BATCHED_ITEMS);
	const batched = { perSecond: [] as number[], inFlight: [] as number[], ms: [] as number[] };
	for (let rep = 0; rep < Math.min(REPS, 3); rep++) {
		proxy.reset();
		const result = await runWorkflow(n8n, distant.statusBatched, { ids: batchedIds });
		const out = result.runData['Get Status'][0].data?.main[0] ?? [];
		if (out.length !== BATCHED_ITEMS)
			throw new Error(`Batched Get Status returned ${out.length} items, not ${BATCHED_ITEMS}`);
		const stats = proxy.stats();
		batched.perSecond.push(stats.maxPerSecond);
		batched.inFlight.push(stats.maxInFlight);
		batched.ms.push(result.nodeMs);
		info(
			`  Get Status ×${BATCHED_ITEMS} with Batching ${BATCH_SIZE} per ${BATCH_INTERVAL} ms: at most ${stats.maxPerSecond} requests in a second, ${stats.maxInFlight} at once, ${result.nodeMs} ms`,
		);
	}
	all.batched = {
		batchSize: BATCH_SIZE,
		batchInterval: BATCH_INTERVAL,
		items: BATCHED_ITEMS,
		...batched,
	};
	details.latency = all;
	const allowedPerSecond = Math.ceil(1000 / BATCH_INTERVAL) * BATCH_SIZE;
	addRow({
		part: '6',
		figure: `Get Status ×${BATCHED_ITEMS}, ${LATENCY_MS} ms away, Request Options › Batching ${BATCH_SIZE} items per ${BATCH_INTERVAL} ms: most requests started in any 1 s`,
		referenceName: `the chosen rate, ${allowedPerSecond}/s`,
		unit: '/s (any 1 s)',
		goal: `≤ ${allowedPerSecond}`,
		met: Math.max(...batched.perSecond) <= allowedPerSecond,
		samples: { ours: batched.perSecond },
		note: `requests in flight at once: ${batched.inFlight.join(', ')}; node time ${median(batched.ms)} ms`,
	});
}

// ------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
	installExitHooks();
	const begin = Date.now();
	await ensureN8n();
	const packed = await buildAndPack();
	if (queueMode) {
		emulator = await step('Starting the emulator', () =>
			startBenchEmulator({ seed: {}, signedPdfBytes: 1024 }),
		);
		const list = (name: string, fallback: string) =>
			(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback).split(
				',',
			);
		const settings = {
			burst: flag('burst', 50),
			reps: flag('queue-reps', 5),
			workerCounts: list('workers', '1,2').map(Number),
			configs: list('queue-configs', 'defaults,lazy'),
		};
		await benchQueue(settings, emulator, packed);
		await stopAll();
		process.exit(0);
	}
	const filesDir = join(ROOT, '.cache', 'runs', 'bench-files');
	// BENCH_N8N_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) reaches only the n8n server, to profile it during a run.
	const nodeOptions = process.env.BENCH_N8N_NODE_OPTIONS
		? { NODE_OPTIONS: process.env.BENCH_N8N_NODE_OPTIONS }
		: {};
	n8n = await N8n.create({
		name: 'bench',
		fresh: true,
		env: {
			N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
			N8N_LOG_LEVEL: 'warn',
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			...nodeOptions,
		},
	});
	await step('Installing the tarball as a community package', () =>
		installCommunityPackage(n8n.userFolder, packed.tarball),
	);
	mkdirSync(filesDir, { recursive: true });
	const bigPath = join(filesDir, 'big.pdf');
	const smallPath = join(filesDir, 'small.pdf');
	writeFileSync(bigPath, makePdf('Fifteen megabytes', FILE_BYTES));
	writeFileSync(smallPath, makePdf('Small'));
	emulator = await step(
		'Starting the emulator (1,000 extra documents, 2,080 packs, a 15 MB signed PDF)',
		() => startBenchEmulator({ seed: SEED, signedPdfBytes: FILE_BYTES }),
	);
	latencyProxy = await startLatencyProxy(emulator.info.origin, LATENCY_MS);
	const distantBaseUrl = `${latencyProxy.origin}${new URL(emulator.info.baseUrl).pathname}`;
	workflows = benchWorkflows(emulator.info.baseUrl, emulator.info.authToken);
	const distant = distantWorkflows(distantBaseUrl, emulator.info.authToken, {
		batchSize: BATCH_SIZE,
		batchInterval: BATCH_INTERVAL,
	});
	const everyWorkflow = [...Object.values(workflows), ...Object.values(distant)];
	await step('Importing the credential and the workflows', async () => {
		await n8n.importCredentials([
			{
				...CREDENTIAL,
				type: 'documentExecutionApi',
				data: {
					environment: 'custom',
					baseUrl: emulator.info.baseUrl,
					authToken: emulator.info.authToken,
					privateSalt: emulator.info.salt ?? '',
				},
			},
			{
				...DISTANT_CREDENTIAL,
				type: 'documentExecutionApi',
				data: {
					environment: 'custom',
					baseUrl: distantBaseUrl,
					authToken: emulator.info.authToken,
					privateSalt: emulator.info.salt ?? '',
				},
			},
			{
				...HEADER_CREDENTIAL,
				type: 'httpHeaderAuth',
				data: { name: 'X-Auth-Token', value: emulator.info.authToken },
			},
		]);
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
	if (wanted('status'))
		await step(
			`1. Get Status ×${ITEMS}: ours, HTTP Request, raw fetch (${REPS} runs each)`,
			benchStatus,
		);
	if (wanted('paging'))
		await step(
			`3. Paging: Return All over the v3 list and COMPLETED packs (${REPS} runs each)`,
			benchPaging,
		);
	if (wanted('latency'))
		await step(
			`6. ${LATENCY_MS} ms per request: Get Status ×${ITEMS}, Return All over the COMPLETED packs, Batching (${REPS} runs each)`,
			() => benchLatency(distant, latencyProxy!.origin),
		);
	// Download and create restart n8n to switch its binary data mode.
	if (wanted('download'))
		await step(
			`5. Download File, 15 MB, both binary modes (${DOWNLOAD_REPS} runs each)`,
			benchDownload,
		);
	if (wanted('trigger'))
		await step(
			`4. Trigger: ${DELIVERIES} deliveries at concurrency ${CONCURRENCY} (${TRIGGER_REPS} runs each)`,
			benchTrigger,
		);
	// Last: it restarts n8n for every measurement.
	if (wanted('create'))
		await step(`2. Create from a 15 MB PDF: peak memory (${MEMORY_REPS} fresh servers each)`, () =>
			benchCreateMemory(bigPath, smallPath),
		);

	const seconds = (Date.now() - begin) / 1000;
	const printed = table(rows);
	process.stdout.write(`\n${printed}\n\n`);
	const results: BenchResults & Record<string, unknown> = {
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
			reps: REPS,
			triggerReps: TRIGGER_REPS,
			memoryReps: MEMORY_REPS,
			downloadReps: DOWNLOAD_REPS,
			items: ITEMS,
			deliveries: DELIVERIES,
			concurrency: CONCURRENCY,
			fileBytes: FILE_BYTES,
			seed: SEED,
			latencyMs: LATENCY_MS,
			batching: { batchSize: BATCH_SIZE, batchInterval: BATCH_INTERVAL, items: BATCHED_ITEMS },
		},
		rows,
		details,
		table: printed,
	};
	// Only a whole run stands for the package: a partial one is kept beside it and changes nothing else.
	const resultsFile = only ? 'results-partial.json' : 'results.json';
	writeFileSync(join(ROOT, 'bench', resultsFile), `${JSON.stringify(results, null, 2)}\n`);
	if (!only) {
		const readme = join(ROOT, 'README.md');
		writeFileSync(readme, withReadmeSection(readFileSync(readme, 'utf8'), readmeSection(results)));
	}
	info(
		`Wrote bench/${resultsFile}${only ? '' : ' and the README table'} (${seconds.toFixed(0)} s in all)`,
	);
	await latencyProxy.close();
	await stopAll();
	process.exit(0);
}

main().catch(async (error: Error) => {
	await latencyProxy?.close();
	process.stderr.write(`\nThe benchmark failed: ${error.stack ?? error.message}\n`);
	if (n8n) process.stderr.write(`n8n log tail:\n${n8n.logTail(30)}\n`);
	await stopAll();
	process.exit(1);
});
