/**
 * `npm run bench -- --queue`: the trigger on n8n's queue mode, against n8n's own Webhook node with a Header Auth
 * credential on the same webhook processor. For 1 and then 2 workers (a fresh setup each: Redis, PostgreSQL, a
 * main instance, the workers and one webhook processor, from scripts/lib/queue.ts), each round sends
 * `--burst` (50) genuine v3 deliveries at once, each on its own connection as the service sends them, and
 * records how long each waited for its acknowledgement; rounds alternate between the two workflows, and the
 * next round starts once the workers have finished the last one's executions. Figures: the median
 * acknowledgement of each round, then the median over `--queue-reps` (5) rounds; the ratio ours/reference.
 * The runner writes them to bench/results-queue.json. BENCH_WEBHOOK_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
 * reaches only the webhook processor, to profile it.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { info, step } from '../../scripts/lib/log';
import type { N8n } from '../../scripts/lib/n8n';
import { N8N_VERSION } from '../../scripts/lib/paths';
import type { Packed } from '../../scripts/lib/pack';
import { QueueCluster } from '../../scripts/lib/queue';
import { buildV3Event } from '../../test/emulator/families/webhooks';
import { deliveryEnv } from '../lib/emulator';
import { cpuTimeOf, sleep, waitForWebhookUrl } from '../lib/n8n-runs';
import type { QueueOptions } from '../lib/options';
import { median } from '../lib/report';
import { benchCredentials, CREDENTIAL, HEADER_CREDENTIAL, OUR_TRIGGER } from '../lib/workflows';

/**
 * How the webhook processor is configured. n8n 2.41 takes an expression isolate (a fresh isolated-vm
 * context, built anew for each request) before any trigger's webhook runs, except for its own Webhook node
 * (LiveWebhooks.webhookPhaseNeedsIsolate in packages/cli/src/webhooks/live-webhooks.ts). With
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true the isolate is built only when an expression is evaluated, which the
 * trigger never does for a static configuration.
 */
export const WEBHOOK_CONFIGS = [
	{ key: 'defaults', name: "n8n's defaults", env: {} },
	{
		key: 'lazy',
		name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
		env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
	},
	{
		key: 'compile',
		name: 'N8N_EXPRESSION_ENGINE_COMPILE_CACHE=true',
		env: { N8N_EXPRESSION_ENGINE_COMPILE_CACHE: 'true' },
	},
	{
		key: 'legacy',
		name: 'N8N_EXPRESSION_ENGINE=legacy',
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
] as const;
type WebhookConfig = (typeof WEBHOOK_CONFIGS)[number];

interface Target {
	key: 'ours' | 'reference';
	name: string;
	workflow: {
		id: string;
		name: string;
		nodes: unknown[];
		connections: Record<string, unknown>;
		settings: Record<string, unknown>;
	};
	path: string;
	headers: Record<string, string>;
}

export interface QueueRound {
	config: WebhookConfig['key'];
	workers: number;
	target: Target['key'];
	ackMs: number[];
	medianMs: number;
	maxMs: number;
	failed: number;
	/** The webhook processor's CPU time over the round (until the workers were done), per delivery. */
	webhookCpuMs: number;
}

function targets(emulatorToken: string): Target[] {
	const ourWebhookId = randomUUID();
	const referencePath = 'bench-queue-header-auth';
	return [
		{
			key: 'ours',
			name: 'Document Execution Trigger (MAC verified with the Private Salt)',
			path: `${ourWebhookId}/success`,
			headers: {},
			workflow: {
				id: 'DexBenchQueueOur',
				name: 'bench queue: Document Execution Trigger',
				nodes: [
					{
						id: randomUUID(),
						name: 'Document Execution Trigger',
						type: OUR_TRIGGER,
						typeVersion: 2,
						position: [0, 0],
						parameters: { authentication: 'authToken', events: ['*'], options: {} },
						webhookId: ourWebhookId,
						credentials: { documentExecutionApi: CREDENTIAL },
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			},
		},
		{
			key: 'reference',
			name: "n8n's Webhook node with a Header Auth credential",
			path: referencePath,
			headers: { 'X-Auth-Token': emulatorToken },
			workflow: {
				id: 'DexBenchQueueRef',
				name: 'bench queue: Webhook node + Header Auth',
				nodes: [
					{
						id: randomUUID(),
						name: 'Webhook',
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						position: [0, 0],
						parameters: {
							httpMethod: 'POST',
							path: referencePath,
							authentication: 'headerAuth',
							responseMode: 'onReceived',
							options: {},
						},
						webhookId: randomUUID(),
						credentials: { httpHeaderAuth: HEADER_CREDENTIAL },
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			},
		},
	];
}

/** Genuine v3 "signed" deliveries, MAC keyed by the emulator account's salt, each for another document. */
function deliveries(emulator: EmulatorProcess, count: number, prefix: string): Buffer[] {
	const env = deliveryEnv(emulator);
	return Array.from({ length: count }, (_, index) =>
		Buffer.from(
			JSON.stringify(
				buildV3Event(env, {
					event: 'signed',
					documentId: `${prefix}${String(index).padStart(4, '0')}`,
				}),
			),
		),
	);
}

/** One POST on its own connection; resolves with the time to the end of the answer and its status. */
function post(
	url: string,
	body: Buffer,
	headers: Record<string, string>,
): Promise<{ ms: number; status: number }> {
	const begin = performance.now();
	return new Promise((resolve) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent: false,
				headers: {
					'content-type': 'application/json',
					'content-length': String(body.length),
					...headers,
				},
			},
			(response) => {
				response.resume();
				response.on('end', () =>
					resolve({ ms: performance.now() - begin, status: response.statusCode ?? 0 }),
				);
			},
		);
		request.setTimeout(60_000, () => request.destroy(new Error('no answer within 60 s')));
		request.on('error', () => resolve({ ms: performance.now() - begin, status: 0 }));
		request.end(body);
	});
}

async function finishedCount(
	main: N8n,
	workflowId: string,
): Promise<{ total: number; unfinished: number }> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = await main.rest<{ count: number; results: Array<{ status: string }> }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=100`,
	);
	return {
		total: answer.count,
		unfinished: answer.results.filter((execution) =>
			['new', 'running', 'waiting'].includes(execution.status),
		).length,
	};
}

/** Waits until the workflow has `expected` executions, none of them unfinished (bounded: 5 min). */
async function drained(main: N8n, workflowId: string, expected: number): Promise<void> {
	const deadline = Date.now() + 300_000;
	for (;;) {
		const { total, unfinished } = await finishedCount(main, workflowId);
		if (total >= expected && unfinished === 0) return;
		if (Date.now() > deadline)
			throw new Error(
				`${workflowId}: ${total} of ${expected} executions, ${unfinished} unfinished after 5 min`,
			);
		await sleep(500);
	}
}

async function measureWith(
	config: WebhookConfig,
	workerCount: number,
	settings: QueueOptions,
	emulator: EmulatorProcess,
	packed: Packed,
): Promise<QueueRound[]> {
	const webhookNodeOptions = process.env.BENCH_WEBHOOK_NODE_OPTIONS;
	const cluster = await QueueCluster.create({
		name: `bench-queue-${config.key}-${workerCount}`,
		tarball: packed.tarball,
		workers: workerCount,
		env: { N8N_LOG_LEVEL: 'warn' },
		webhookEnv: {
			...config.env,
			...(webhookNodeOptions ? { NODE_OPTIONS: webhookNodeOptions } : {}),
		},
	});
	const rounds: QueueRound[] = [];
	try {
		await cluster.startServices();
		const list = targets(emulator.info.authToken);
		await cluster.main.importCredentials(benchCredentials(emulator));
		await cluster.main.importWorkflows(list.map((target) => target.workflow));
		await step(
			`Starting n8n ${N8N_VERSION} in queue mode: main, ${workerCount} worker(s), webhook processor`,
			() => cluster.start(),
		);
		for (const target of list) {
			const stored = await cluster.main.rest<{ versionId: string }>(
				'GET',
				`/rest/workflows/${target.workflow.id}`,
			);
			await cluster.main.rest('POST', `/rest/workflows/${target.workflow.id}/activate`, {
				versionId: stored.versionId,
			});
			await waitForWebhookUrl(`${cluster.webhook.url}/webhook/${target.path}`, 60_000);
		}
		const sent: Record<Target['key'], number> = { ours: 0, reference: 0 };
		// Round 0 of each is a warm-up (connections, JIT, n8n's caches), not counted.
		for (let rep = 0; rep <= settings.reps; rep++) {
			for (const target of rep % 2 ? [...list].reverse() : list) {
				const bodies = deliveries(
					emulator,
					settings.burst,
					`DOCQ${config.key[0].toUpperCase()}${workerCount}${target.key[0].toUpperCase()}${rep}`,
				);
				const url = `${cluster.webhook.url}/webhook/${target.path}`;
				const cpuBefore = cpuTimeOf(cluster.webhook.pid!);
				const answers = await Promise.all(bodies.map((body) => post(url, body, target.headers)));
				const ok = answers.filter((answer) => answer.status === 200);
				sent[target.key] += ok.length;
				await drained(cluster.main, target.workflow.id, sent[target.key]);
				const webhookCpuMs = (cpuTimeOf(cluster.webhook.pid!) - cpuBefore) / bodies.length;
				if (rep === 0) continue;
				const ackMs = answers.map((answer) => answer.ms);
				const round: QueueRound = {
					config: config.key,
					workers: workerCount,
					target: target.key,
					ackMs: ackMs.map((ms) => Math.round(ms)),
					medianMs: median(ackMs),
					maxMs: Math.max(...ackMs),
					failed: answers.length - ok.length,
					webhookCpuMs,
				};
				rounds.push(round);
				info(
					`  ${config.key}, ${workerCount} worker(s), round ${rep} ${target.key}: median ${round.medianMs.toFixed(0)} ms, max ${round.maxMs.toFixed(0)} ms, ${round.failed} not acknowledged, webhook processor ${round.webhookCpuMs.toFixed(0)} ms of CPU a delivery`,
				);
				await sleep(1000);
			}
		}
	} finally {
		await cluster.stop();
	}
	return rounds;
}

export interface QueueRow {
	config: string;
	workers: number;
	oursMedianMs: number;
	referenceMedianMs: number;
	ratio: number;
	oursMaxMs: number;
	referenceMaxMs: number;
	notAcknowledged: { ours: number; reference: number };
	/** The webhook processor's CPU time a delivery, median over the rounds. */
	webhookCpuMs: { ours: number; reference: number };
	met: boolean;
}

export function queueTable(rows: QueueRow[], burst: number): string {
	const lines = rows.map((row) =>
		[
			row.config,
			`${row.workers}`,
			`${row.oursMedianMs.toFixed(0)} ms (max ${row.oursMaxMs.toFixed(0)})`,
			`${row.referenceMedianMs.toFixed(0)} ms (max ${row.referenceMaxMs.toFixed(0)})`,
			`${row.ratio.toFixed(2)}×`,
			`${row.webhookCpuMs.ours.toFixed(0)} / ${row.webhookCpuMs.reference.toFixed(0)} ms`,
			row.met ? 'yes' : 'NO',
		].join(' | '),
	);
	return [
		`| Webhook processor | Workers | Ours: median acknowledgement of ${burst} deliveries at once | Webhook node + Header Auth | Ratio | Webhook processor's CPU a delivery (ours / reference) | ≤ 1.0× |`,
		'|---|---|---|---|---|---|---|',
		...lines.map((line) => `| ${line} |`),
	].join('\n');
}

/** What the queue benchmark needs: the emulator the trigger's credential points at, the packed package. */
export interface QueueContext {
	emulator: EmulatorProcess;
	packed: Packed;
	options: QueueOptions;
}

export async function benchQueue({
	emulator,
	packed,
	options,
}: QueueContext): Promise<{ rows: QueueRow[]; rounds: QueueRound[] }> {
	const rounds: QueueRound[] = [];
	const cases = WEBHOOK_CONFIGS.filter((config) => options.configs.includes(config.key)).flatMap(
		(config) => options.workerCounts.map((workers) => ({ config, workers })),
	);
	for (const { config, workers } of cases) {
		rounds.push(
			...(await step(
				`Queue mode, ${config.name}, ${workers} worker(s): ${options.reps} rounds of ${options.burst} deliveries each`,
				() => measureWith(config, workers, options, emulator, packed),
			)),
		);
	}
	const rows: QueueRow[] = cases.map(({ config, workers }) => {
		const of = (key: Target['key']) =>
			rounds.filter(
				(round) => round.config === config.key && round.workers === workers && round.target === key,
			);
		const oursMedianMs = median(of('ours').map((round) => round.medianMs));
		const referenceMedianMs = median(of('reference').map((round) => round.medianMs));
		const failed = (key: Target['key']) => of(key).reduce((sum, round) => sum + round.failed, 0);
		return {
			config: config.name,
			workers,
			oursMedianMs,
			referenceMedianMs,
			ratio: oursMedianMs / referenceMedianMs,
			oursMaxMs: Math.max(...of('ours').map((round) => round.maxMs)),
			referenceMaxMs: Math.max(...of('reference').map((round) => round.maxMs)),
			notAcknowledged: { ours: failed('ours'), reference: failed('reference') },
			webhookCpuMs: {
				ours: median(of('ours').map((round) => round.webhookCpuMs)),
				reference: median(of('reference').map((round) => round.webhookCpuMs)),
			},
			met: oursMedianMs <= referenceMedianMs && failed('ours') === 0,
		};
	});
	return { rows, rounds };
}
