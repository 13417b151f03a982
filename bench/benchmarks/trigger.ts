/**
 * 4. Trigger: verified deliveries against what a user builds without the package to verify them (n8n's Webhook,
 * Crypto and IF nodes) and against n8n's Webhook node alone, executions finished per second.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';

import { info } from '../../scripts/lib/log';
import { buildEnvelope } from '../../test/emulator/families/webhooks';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { deliveryEnv, extraDocumentId } from '../lib/emulator';
import { cpuTimeOf, executionDetails, executionsOf, nextFinished, sleep } from '../lib/n8n-runs';
import { median } from '../lib/report';
import {
	chain,
	CREDENTIAL,
	CRYPTO_CREDENTIAL,
	node,
	OUR_TRIGGER,
	type BenchNode,
	type BenchWorkflow,
} from '../lib/workflows';

/** The IF node of the verified webhook, whose true output (0) takes a delivery whose MAC matches. */
const MAC_CHECK = 'MAC Matches';

/** n8n's Webhook node answering each delivery as soon as it is received, then `nodes`. */
function acknowledgingWebhook(
	id: string,
	name: string,
	path: string,
	nodes: BenchNode[],
): BenchWorkflow {
	const workflow = chain(id, name, path, nodes, [], 'onReceived');
	workflow.nodes[0].parameters = {
		httpMethod: 'POST',
		path,
		responseMode: 'onReceived',
		options: {},
	};
	return workflow;
}

/**
 * What a user builds without this package to verify a delivery: n8n's Webhook node (answering at once, as the
 * plain one), its Crypto node computing the hex HMAC-SHA1 of the envelope's document ID with the Private Salt
 * (in n8n's Crypto credential, as its version 2 takes it), and an IF node comparing that with the `mac` sent.
 */
const verifiedWebhook = (id: string, name: string, path: string) =>
	acknowledgingWebhook(id, name, path, [
		node(
			'HMAC of Document ID',
			'n8n-nodes-base.crypto',
			2,
			{
				action: 'hmac',
				type: 'SHA1',
				value: '={{ $json.body.document.documentId }}',
				dataPropertyName: 'expectedMac',
				encoding: 'hex',
			},
			{ credentials: { crypto: CRYPTO_CREDENTIAL } },
		),
		node(MAC_CHECK, 'n8n-nodes-base.if', 2.3, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
				conditions: [
					{
						id: randomUUID(),
						leftValue: '={{ $json.body.mac }}',
						rightValue: '={{ $json.expectedMac }}',
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		}),
	]);

/** Our trigger, the Webhook, Crypto and IF nodes verifying the MAC, and n8n's Webhook node alone. */
function triggerWorkflows(): Record<string, BenchWorkflow> {
	const webhookId = randomUUID();
	return {
		triggerOurs: {
			id: 'DexBenchTriggerO',
			name: 'bench: Document Execution Trigger',
			nodes: [
				{
					...node('Document Execution Trigger', OUR_TRIGGER, 2, {
						authentication: 'authToken',
						events: ['*'],
						options: {},
					}),
					webhookId,
					credentials: { documentExecutionApi: CREDENTIAL },
				},
			],
			connections: {},
			path: `${webhookId}/success`,
			measured: [],
			active: false,
			settings: { executionOrder: 'v1' },
		},
		triggerVerified: verifiedWebhook(
			'DexBenchTriggerV',
			'bench: Webhook, Crypto and IF verifying the MAC',
			'bench-verified-webhook',
		),
		triggerPlain: acknowledgingWebhook(
			'DexBenchTriggerP',
			'bench: plain Webhook node',
			'bench-plain-webhook',
			[],
		),
	};
}

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

/** Sends every body once, `concurrency` at a time over keep-alive connections; bounded by count and by 600 s. */
async function deliverAll(
	url: string,
	bodies: Buffer[],
	concurrency: number,
): Promise<{ ms: number; ok: number; failed: number; startedAt: number }> {
	const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
	// 2,000 deliveries took 250 s at the 8/s a busy 2-core machine gave.
	const deadline = Date.now() + 600_000;
	let next = 0;
	let ok = 0;
	let failed = 0;
	const startedAt = Date.now();
	const begin = performance.now();
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
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

/**
 * Checks that both verifiers measured really verify: a delivery whose MAC is wrong gets 401 from ours and
 * reaches the IF node's false output in the reference, a genuine one its true output. A reference that let a
 * forged delivery through would make the figure worthless.
 */
async function checkBothVerify(
	context: BenchContext,
	delivery: (forged: boolean) => Buffer,
): Promise<void> {
	const { n8n, workflows } = context;
	const agent = new Agent({ keepAlive: false });
	const url = (path: string) => `${n8n.url}/webhook/${path}`;
	try {
		const refused = await post(url(workflows.triggerOurs.path), delivery(true), agent);
		if (refused !== 401) throw new Error(`the trigger answered ${refused} to a wrong MAC, not 401`);
		const reference = workflows.triggerVerified;
		for (const forged of [false, true, false, true]) {
			const afterId = Number((await executionsOf(n8n, reference.id)).newest?.id ?? 0);
			await post(url(reference.path), delivery(forged), agent);
			const { id } = await nextFinished(n8n, reference.id, afterId);
			const outputs = (await executionDetails(n8n, id, [MAC_CHECK])).runData[MAC_CHECK][0].data
				?.main;
			const branch = (outputs?.[1]?.length ?? 0) > 0 ? 'false' : 'true';
			if ((outputs?.[forged ? 1 : 0]?.length ?? 0) !== 1)
				throw new Error(
					`the reference sent a ${forged ? 'forged' : 'genuine'} delivery to the IF node's ${branch} output (execution ${id})`,
				);
		}
	} finally {
		agent.destroy();
	}
	info('  both verify: a wrong MAC gets 401 from ours and the false output of the reference');
}

async function benchTrigger(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
	// Deliveries built as the emulator builds them (its buildEnvelope), MAC keyed by the account's salt.
	const env = deliveryEnv(emulator);
	// Each envelope is a new event (its own combination uuid): the trigger runs a repeated event only once.
	const envelope = (index: number, overrides?: Record<string, unknown>) =>
		Buffer.from(
			JSON.stringify(
				buildEnvelope(env, { documentId: extraDocumentId((index % 1000) + 1), overrides }),
			),
		);
	const envelopes = (count: number) => Array.from({ length: count }, (_, index) => envelope(index));
	await checkBothVerify(context, (forged) =>
		envelope(0, forged ? { mac: '0'.repeat(40) } : undefined),
	);
	const { deliveries, concurrency } = options;
	const targets = [
		{ key: 'ours', workflow: workflows.triggerOurs },
		{ key: 'verified', workflow: workflows.triggerVerified },
		{ key: 'plain', workflow: workflows.triggerPlain },
	] as const;
	const samples = Object.fromEntries(
		targets.map(({ key }) => [
			key,
			{ ackPerSec: [] as number[], execPerSec: [] as number[], cpuMsPerDelivery: [] as number[] },
		]),
	);
	// Warm-up: 50 deliveries each, of other events than the measured ones.
	for (const target of targets)
		await deliverAll(`${n8n.url}/webhook/${target.workflow.path}`, envelopes(50), concurrency);
	await sleep(2000);
	for (let rep = 0; rep < options.triggerReps; rep++) {
		// The same bodies to each target; new events for each run, which ours would otherwise ignore as repeats.
		const bodies = envelopes(deliveries);
		for (const target of interleaved(rep, targets)) {
			const before = (await executionsOf(n8n, target.workflow.id)).count;
			const cpuBefore = cpuTimeOf(n8n.pid!);
			const sent = await deliverAll(
				`${n8n.url}/webhook/${target.workflow.path}`,
				bodies,
				concurrency,
			);
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
			const cpuMsPerDelivery = (cpuTimeOf(n8n.pid!) - cpuBefore) / sent.ok;
			const lastStop = Date.parse(done.newest!.stoppedAt!);
			const ackPerSec = (sent.ok / sent.ms) * 1000;
			const execPerSec = (sent.ok / Math.max(lastStop - sent.startedAt, sent.ms)) * 1000;
			samples[target.key].ackPerSec.push(ackPerSec);
			samples[target.key].execPerSec.push(execPerSec);
			samples[target.key].cpuMsPerDelivery.push(cpuMsPerDelivery);
			info(
				`  trigger rep ${rep + 1} ${target.key}: ${sent.ok} deliveries, ${ackPerSec.toFixed(0)}/s acknowledged, ${execPerSec.toFixed(0)}/s executed, ${cpuMsPerDelivery.toFixed(1)} ms of n8n's CPU each`,
			);
			await sleep(1000);
		}
	}
	results.addDetails('trigger', { deliveries, concurrency, ...samples });
	const figure = `Trigger: ${deliveries} verified deliveries at concurrency ${concurrency}, executions finished per second`;
	const note = (reference: keyof typeof samples) => {
		const both = (key: 'ackPerSec' | 'cpuMsPerDelivery', digits: number) =>
			`${median(samples.ours[key]).toFixed(digits)} vs ${median(samples[reference][key]).toFixed(digits)}`;
		return `acknowledged per second: ${both('ackPerSec', 0)}; n8n's CPU per delivery: ${both('cpuMsPerDelivery', 1)} ms`;
	};
	results.addRow({
		part: '4',
		figure,
		referenceName: "n8n's Webhook, Crypto (HMAC-SHA1, salt in its credential) and IF nodes",
		unit: '/s',
		goal: '≥ 1.0×',
		minRatio: 1,
		samples: { ours: samples.ours.execPerSec, reference: samples.verified.execPerSec },
		note: note('verified'),
	});
	// Reported only: n8n skips the webhook phase's expression isolate for its own Webhook node alone.
	results.addRow({
		part: '4',
		figure,
		referenceName: "n8n's Webhook node alone, verifying nothing",
		unit: '/s',
		goal: '(reported)',
		samples: { ours: samples.ours.execPerSec, reference: samples.plain.execPerSec },
		note: note('plain'),
	});
}

export const triggerBenchmark: Benchmark = {
	name: 'trigger',
	title: (options) =>
		`4. Trigger: ${options.deliveries} deliveries at concurrency ${options.concurrency} (${options.triggerReps} runs each)`,
	workflows: triggerWorkflows,
	run: benchTrigger,
};
