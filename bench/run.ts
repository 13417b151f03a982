/**
 * `npm run bench`: the package's nodes against what a user would use instead, in the real n8n 2.41.1 (installed
 * by the real-n8n tooling into .cache/, a no-op when cached), against the project's emulator on 127.0.0.1.
 * Every comparison is a ratio of runs made side by side in this one invocation, each figure the median of
 * several runs, interleaved (ours, reference, ours, reference…). Prints a table and writes bench/results.json.
 * How and why: docs/performance.md. Options: --reps=N (default 5), --trigger-reps=N (1: 2,000 deliveries take minutes here), --memory-reps=N (3),
 * --deliveries=N (2000), --concurrency=N (10), --only=status,create,paging,trigger,download.
 * `--queue` runs instead the queue-mode trigger benchmark (bench/queue.ts; --burst=N, --queue-reps=N, --workers=1,2,
 * --queue-configs=defaults,lazy).
 */
import { Agent, request as httpRequest } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
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
import {
	activate,
	executionsOf,
	median,
	memoryOf,
	resetPeak,
	runWorkflow,
	sleep,
	waitForWebhook,
	type ExecutionResult,
} from './lib/n8n-runs';
import { benchWorkflows, CREDENTIAL, HEADER_CREDENTIAL, type BenchWorkflow } from './lib/workflows';

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
const DELIVERIES = flag('deliveries', 2000);
const CONCURRENCY = flag('concurrency', 10);
const ITEMS = 1000;
const MB = 1024 * 1024;
const FILE_BYTES = 15 * MB;
const PAGE = 40;
/** Seeds: 1,000 extra v3 documents (Get Status targets and the v3 list), 2,100 packs of which 1,050 COMPLETED. */
const SEED = { v3ExtraDocuments: 1000, packCount: 2100, packStatusMix: 'COMPLETED,SENT' };

interface Row {
	part: string;
	figure: string;
	ours: number;
	reference: number | null;
	referenceName: string;
	unit: string;
	ratio: number | null;
	goal: string;
	met: boolean | null;
	samples: { ours: number[]; reference?: number[] };
	note?: string;
}

const rows: Row[] = [];
const details: Record<string, unknown> = {};

function addRow(row: Omit<Row, 'ratio'> & { ratio?: number | null }): void {
	const ratio =
		row.ratio !== undefined ? row.ratio : row.reference ? row.ours / row.reference : null;
	rows.push({ ...row, ratio });
}

let n8n: N8n;
let emulator: EmulatorProcess;
let workflows: Record<string, BenchWorkflow>;

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
	for (let rep = 0; rep < REPS; rep++) {
		const ours = await runWorkflow(n8n, workflows.statusOurs, { ids });
		check(ours, 'Get Status');
		const http = await runWorkflow(n8n, workflows.statusHttp, { ids });
		check(http, 'HTTP Request');
		const httpHeaderAuth = await runWorkflow(n8n, workflows.statusHttpHeaderAuth, { ids });
		check(httpHeaderAuth, 'HTTP Request');
		// The same concurrency as both nodes: n8n starts every item's request before awaiting any.
		const raw = await rawClient([
			'status',
			emulator.info.baseUrl,
			emulator.info.authToken,
			String(ITEMS),
			'--ids-file',
			idsFile,
		]);
		samples.ours.push(ours.nodeMs);
		samples.http.push(http.nodeMs);
		samples.httpHeaderAuth.push(httpHeaderAuth.nodeMs);
		samples.raw.push(raw.ms);
		samples.oursExec.push(ours.executionMs);
		samples.httpExec.push(http.executionMs);
		info(
			`  status rep ${rep + 1}: ours ${ours.nodeMs} ms, HTTP Request ${http.nodeMs} ms (Header Auth ${httpHeaderAuth.nodeMs} ms), raw fetch ${raw.ms.toFixed(0)} ms`,
		);
		await clearRequests();
	}
	details.status = samples;
	const ours = median(samples.ours);
	addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, node time`,
		ours,
		reference: median(samples.http),
		referenceName: 'HTTP Request node',
		unit: 'ms',
		goal: '≤ 1.0×',
		met: ours <= median(samples.http),
		samples: { ours: samples.ours, reference: samples.http },
	});
	const headerAuth = median(samples.httpHeaderAuth);
	addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, node time`,
		ours,
		reference: headerAuth,
		referenceName: 'HTTP Request node, token in a Header Auth credential',
		unit: 'ms',
		goal: '≤ 1.0×',
		met: ours <= headerAuth,
		samples: { ours: samples.ours, reference: samples.httpHeaderAuth },
	});
	const raw = median(samples.raw);
	addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, node time`,
		ours,
		reference: raw,
		referenceName: `raw fetch loop (concurrency ${ITEMS})`,
		unit: 'ms',
		goal: '≤ 1.3×',
		met: ours <= 1.3 * raw,
		samples: { ours: samples.ours, reference: samples.raw },
		note: `per item: ours ${(ours / ITEMS).toFixed(2)} ms, HTTP Request ${(median(samples.http) / ITEMS).toFixed(2)} ms, raw ${(raw / ITEMS).toFixed(2)} ms; whole executions ${median(samples.oursExec)} / ${median(samples.httpExec)} ms`,
	});
}

// ------------------------------------------------------------------------------------------------ 2. memory

async function benchCreateMemory(bigPath: string, smallPath: string): Promise<void> {
	const variants = [
		{ key: 'createOurs', label: 'ours (PDF from binary)' },
		{ key: 'createOurs64', label: 'ours (PDF as base64 text)' },
		{ key: 'createHttp', label: 'HTTP Request (base64 JSON body)' },
	] as const;
	const growth: Record<string, number[]> = Object.fromEntries(
		variants.map((variant) => [variant.key, []]),
	);
	const timing: Record<string, number[]> = Object.fromEntries(
		variants.map((variant) => [variant.key, []]),
	);
	for (let rep = 0; rep < MEMORY_REPS; rep++) {
		for (const variant of rep % 2 ? [...variants].reverse() : variants) {
			const workflow = workflows[variant.key];
			// A fresh server for each measurement: a heap that an earlier run grew would hide the next run's growth.
			await n8n.stop();
			await n8n.start();
			await n8n.login();
			await waitForWebhook(n8n, workflow);
			const pid = n8n.pid!;
			await runWorkflow(n8n, workflow, { path: smallPath }); // warm-up with a 1 KB PDF: modules, JIT, pools
			await runWorkflow(n8n, workflow, { path: smallPath });
			await sleep(1500);
			const base = memoryOf(pid).rss;
			const exactPeak = resetPeak(pid);
			let sampled = base;
			const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 5);
			let peak = 0;
			const result = await runWorkflow(n8n, workflow, { path: bigPath }, () => {
				clearInterval(sampler);
				peak = Math.max(sampled, exactPeak ? memoryOf(pid).hwm : 0);
			});
			const created = result.runData[workflow.measured[0]][0].data?.main[0]?.[0]?.json ?? {};
			const documentId =
				created.documentId ?? (created.data as Record<string, unknown> | undefined)?.documentId;
			if (!documentId)
				throw new Error(
					`${variant.label}: no documentId in ${JSON.stringify(created).slice(0, 300)}`,
				);
			growth[variant.key].push(peak - base);
			timing[variant.key].push(result.nodeMs);
			info(
				`  create rep ${rep + 1} ${variant.label}: peak RSS growth ${((peak - base) / MB).toFixed(1)} MB (${((peak - base) / FILE_BYTES).toFixed(2)}× the file), node ${result.nodeMs} ms`,
			);
		}
	}
	details.create = { growthBytes: growth, nodeMs: timing, fileBytes: FILE_BYTES };
	const times = (key: string) => median(growth[key]) / FILE_BYTES;
	const http = times('createHttp');
	for (const variant of variants.slice(0, 2)) {
		const ours = times(variant.key);
		addRow({
			part: '2',
			figure: `Create from a 15 MB PDF, peak RSS growth ÷ file size: ${variant.label}`,
			ours,
			reference: http,
			referenceName: 'HTTP Request node, base64 body',
			unit: '× file',
			goal: '≤ 3× file',
			met: ours <= 3,
			samples: { ours: growth[variant.key], reference: growth.createHttp },
			note: `node time ${median(timing[variant.key])} ms vs ${median(timing.createHttp)} ms`,
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
			await clearRequests();
			const ours = await runWorkflow(n8n, each.ours, {});
			samples.oursRequests.push(await requestsTo(each.path));
			samples.oursItems.push(ours.runData[each.ours.measured[0]][0].data?.main[0]?.length ?? 0);
			await clearRequests();
			const http = await runWorkflow(n8n, each.http, {});
			samples.httpRequests.push(await requestsTo(each.path));
			samples.ours.push(ours.nodeMs);
			samples.http.push(http.nodeMs);
		}
		await clearRequests();
		(details.paging as Record<string, unknown>)[each.name] = { total: each.total, ...samples };
		const expected = Math.ceil(each.total / PAGE);
		const oursRequests = Math.max(...samples.oursRequests);
		const allItems = samples.oursItems.every((count) => count === each.total);
		info(
			`  ${each.name}: N=${each.total}, ours ${samples.oursRequests.join('/')} requests, HTTP Request ${samples.httpRequests.join('/')}; ${samples.oursItems[0]} items`,
		);
		addRow({
			part: '3',
			figure: `${each.name} (N = ${each.total}): requests`,
			ours: oursRequests,
			reference: expected,
			referenceName: `ceil(N/${PAGE}); HTTP Request node paged by hand: ${Math.max(...samples.httpRequests)}`,
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
			ours: median(samples.ours),
			reference: median(samples.http),
			referenceName: 'HTTP Request node with pagination',
			unit: 'ms',
			goal: '(reported)',
			met: null,
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

/** Sends every body once, `CONCURRENCY` at a time over keep-alive connections; bounded by count and by 180 s. */
async function deliverAll(
	url: string,
	bodies: Buffer[],
): Promise<{ ms: number; ok: number; failed: number; startedAt: number }> {
	const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
	const deadline = Date.now() + 180_000;
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
	const bodies = Array.from({ length: DELIVERIES }, (_, index) =>
		Buffer.from(
			JSON.stringify(
				buildEnvelope(env, {
					documentId: `DOCEXTRA${String((index % 1000) + 1).padStart(6, '0')}`,
				}),
			),
		),
	);
	const targets = [
		{ key: 'ours', workflow: workflows.triggerOurs },
		{ key: 'plain', workflow: workflows.triggerPlain },
	] as const;
	const samples: Record<string, { ackPerSec: number[]; execPerSec: number[] }> = {
		ours: { ackPerSec: [], execPerSec: [] },
		plain: { ackPerSec: [], execPerSec: [] },
	};
	// Warm-up: 50 deliveries each.
	for (const target of targets)
		await deliverAll(`${n8n.url}/webhook/${target.workflow.path}`, bodies.slice(0, 50));
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
	const ours = median(samples.ours.execPerSec);
	const plain = median(samples.plain.execPerSec);
	addRow({
		part: '4',
		figure: `Trigger: ${DELIVERIES} verified deliveries at concurrency ${CONCURRENCY}, executions finished per second`,
		ours,
		reference: plain,
		referenceName: "n8n's Webhook node, same bodies",
		unit: '/s',
		goal: '≥ 0.9×',
		met: ours >= 0.9 * plain,
		samples: { ours: samples.ours.execPerSec, reference: samples.plain.execPerSec },
		note: `acknowledged per second: ${median(samples.ours.ackPerSec).toFixed(0)} vs ${median(samples.plain.ackPerSec).toFixed(0)}`,
	});
}

// ------------------------------------------------------------------------------------------------ 5. download

async function benchDownload(): Promise<void> {
	const samples = { ours: [] as number[], http: [] as number[], raw: [] as number[] };
	const checkSize = (result: ExecutionResult) => {
		const json = result.runData['Download File'][0].data?.main[0]?.[0]?.json ?? {};
		if (json.fileSize !== FILE_BYTES)
			throw new Error(`Download File gave ${String(json.fileSize)} bytes, not ${FILE_BYTES}`);
	};
	checkSize(await runWorkflow(n8n, workflows.downloadOurs, {}));
	await runWorkflow(n8n, workflows.downloadHttp, {});
	for (let rep = 0; rep < REPS; rep++) {
		const ours = await runWorkflow(n8n, workflows.downloadOurs, {});
		checkSize(ours);
		const http = await runWorkflow(n8n, workflows.downloadHttp, {});
		const raw = await rawClient([
			'download',
			emulator.info.baseUrl,
			emulator.info.authToken,
			'DOCCOMPLETED01',
		]);
		if (raw.bytes !== FILE_BYTES) throw new Error(`The raw client got ${raw.bytes} bytes`);
		samples.ours.push(ours.nodeMs);
		samples.http.push(http.nodeMs);
		samples.raw.push(raw.ms);
		info(
			`  download rep ${rep + 1}: ours ${ours.nodeMs} ms, HTTP Request ×2 ${http.nodeMs} ms, raw fetch ${raw.ms.toFixed(0)} ms`,
		);
	}
	details.download = samples;
	const ours = median(samples.ours);
	addRow({
		part: '5',
		figure: 'Download file, 15 MB signed PDF: request to binary',
		ours,
		reference: median(samples.raw),
		referenceName: 'raw fetch (link, then file)',
		unit: 'ms',
		goal: '(reported)',
		met: null,
		samples: { ours: samples.ours, reference: samples.raw },
	});
	addRow({
		part: '5',
		figure: 'Download file, 15 MB signed PDF: request to binary',
		ours,
		reference: median(samples.http),
		referenceName: 'two HTTP Request nodes (link, then file)',
		unit: 'ms',
		goal: '(reported)',
		met: null,
		samples: { ours: samples.ours, reference: samples.http },
	});
}

// ------------------------------------------------------------------------------------------------ output

const fmt = (value: number | null, unit: string) => {
	if (value === null) return '–';
	if (unit === '× file') return `${value.toFixed(2)}×`;
	if (unit === 'requests') return String(value);
	if (unit === '/s') return `${value.toFixed(0)}/s`;
	return `${value.toFixed(0)} ms`;
};

export function table(list: Row[]): string {
	const header = ['#', 'Figure', 'Ours', 'Reference', 'Ratio', 'Goal', 'Met'];
	const lines = list.map((row) => [
		row.part,
		row.figure,
		fmt(row.ours, row.unit),
		`${fmt(row.reference, row.unit)} (${row.referenceName})`,
		row.ratio === null ? '–' : `${row.ratio.toFixed(2)}×`,
		row.goal,
		row.met === null ? '–' : row.met ? 'yes' : 'NO',
	]);
	return [
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.map((line) => `| ${line.join(' | ')} |`),
	].join('\n');
}

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
		env: { N8N_RESTRICT_FILE_ACCESS_TO: filesDir, N8N_LOG_LEVEL: 'warn', ...nodeOptions },
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
		'Starting the emulator (1,000 extra documents, 2,100 packs, a 15 MB signed PDF)',
		() => startBenchEmulator({ seed: SEED, signedPdfBytes: FILE_BYTES }),
	);
	workflows = benchWorkflows(emulator.info.baseUrl, emulator.info.authToken);
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
				...HEADER_CREDENTIAL,
				type: 'httpHeaderAuth',
				data: { name: 'X-Auth-Token', value: emulator.info.authToken },
			},
		]);
		await n8n.importWorkflows(
			Object.values(workflows).map(({ path: _path, measured: _measured, ...workflow }) => workflow),
		);
	});
	await step(`Starting n8n ${N8N_VERSION}`, () => n8n.start());
	await n8n.setupOwner();
	await step('Activating the workflows', async () => {
		for (const workflow of Object.values(workflows)) await activate(n8n, workflow);
		for (const workflow of Object.values(workflows)) await waitForWebhook(n8n, workflow);
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
	if (wanted('download')) await step(`5. Download file, 15 MB (${REPS} runs each)`, benchDownload);
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
	const results = {
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
			items: ITEMS,
			deliveries: DELIVERIES,
			concurrency: CONCURRENCY,
			fileBytes: FILE_BYTES,
			seed: SEED,
		},
		rows,
		details,
		table: printed,
	};
	writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
	info(`Wrote bench/results.json (${seconds.toFixed(0)} s in all)`);
	await stopAll();
	process.exit(0);
}

main().catch(async (error: Error) => {
	process.stderr.write(`\nThe benchmark failed: ${error.stack ?? error.message}\n`);
	if (n8n) process.stderr.write(`n8n log tail:\n${n8n.logTail(30)}\n`);
	await stopAll();
	process.exit(1);
});
