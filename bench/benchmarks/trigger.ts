/** 4. Trigger: verified deliveries against n8n's Webhook node, executions finished per second. */
import { Agent, request as httpRequest } from 'node:http';

import { info } from '../../scripts/lib/log';
import { buildEnvelope } from '../../test/emulator/families/webhooks';
import type { Benchmark, BenchContext } from '../lib/benchmark';
import { deliveryEnv, extraDocumentId } from '../lib/emulator';
import { executionsOf, sleep } from '../lib/n8n-runs';
import { median } from '../lib/report';

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

async function benchTrigger(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
	// Deliveries built as the emulator builds them (its buildEnvelope), MAC keyed by the account's salt.
	const env = deliveryEnv(emulator);
	// Each envelope is a new event (its own combination uuid): the trigger runs a repeated event only once.
	const envelopes = (count: number) =>
		Array.from({ length: count }, (_, index) =>
			Buffer.from(
				JSON.stringify(
					buildEnvelope(env, {
						documentId: extraDocumentId((index % 1000) + 1),
					}),
				),
			),
		);
	const { deliveries, concurrency } = options;
	const bodies = envelopes(deliveries);
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
		await deliverAll(`${n8n.url}/webhook/${target.workflow.path}`, envelopes(50), concurrency);
	await sleep(2000);
	for (let rep = 0; rep < options.triggerReps; rep++) {
		for (const target of rep % 2 ? [...targets].reverse() : targets) {
			const before = (await executionsOf(n8n, target.workflow.id)).count;
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
	results.addDetails('trigger', { deliveries, concurrency, ...samples });
	results.addRow({
		part: '4',
		figure: `Trigger: ${deliveries} verified deliveries at concurrency ${concurrency}, executions finished per second`,
		referenceName: "n8n's Webhook node, same bodies",
		unit: '/s',
		goal: '≥ 0.9×',
		minRatio: 0.9,
		samples: { ours: samples.ours.execPerSec, reference: samples.plain.execPerSec },
		note: `acknowledged per second: ${median(samples.ours.ackPerSec).toFixed(0)} vs ${median(samples.plain.ackPerSec).toFixed(0)}`,
	});
}

export const triggerBenchmark: Benchmark = {
	name: 'trigger',
	title: (options) =>
		`4. Trigger: ${options.deliveries} deliveries at concurrency ${options.concurrency} (${options.triggerReps} runs each)`,
	run: benchTrigger,
};
