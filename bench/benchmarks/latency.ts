/**
 * 6. What a user feels against a service across a network: the emulator behind a proxy that answers every
 * request `--latency-ms` later. Wall time of Get Status ×1,000 and of a Return All over the COMPLETED packs, ours
 * vs the HTTP Request node, with the requests the proxy held at once; then Get Status with n8n's Batching, whose
 * rate the proxy measures.
 */
import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { extraDocumentId } from '../lib/emulator';
import { runWorkflow } from '../lib/n8n-runs';
import { ITEMS } from '../lib/options';
import { median } from '../lib/report';

async function benchLatency(context: BenchContext): Promise<void> {
	const { n8n, distant, options, results } = context;
	const { proxy, workflows } = distant;
	const { latencyMs, batchSize, batchInterval, batchedItems } = options;
	const ids = Array.from({ length: ITEMS }, (_, index) => extraDocumentId(index + 1));
	const cases = [
		{
			name: `Get Status ×${ITEMS}`,
			ours: workflows.statusOurs,
			http: workflows.statusHttp,
			body: { ids },
		},
		{
			name: 'COMPLETED packs, Return All',
			ours: workflows.packsOurs,
			http: workflows.packsHttp,
			body: {},
		},
	];
	const all: Record<string, unknown> = { latencyMs, proxy: proxy.origin };
	for (const each of cases) {
		const samples = {
			ours: [] as number[],
			http: [] as number[],
			oursInFlight: [] as number[],
			httpInFlight: [] as number[],
		};
		await runWorkflow(n8n, each.ours, each.body);
		await runWorkflow(n8n, each.http, each.body);
		for (let rep = 0; rep < options.reps; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				proxy.reset();
				const result = await runWorkflow(n8n, each[side], each.body);
				samples[side].push(result.nodeMs);
				samples[`${side}InFlight`].push(proxy.stats().maxInFlight);
			}
			info(
				`  ${each.name}, ${latencyMs} ms away, rep ${rep + 1}: ours ${samples.ours[rep]} ms (${samples.oursInFlight[rep]} at once), HTTP Request ${samples.http[rep]} ms (${samples.httpInFlight[rep]} at once)`,
			);
		}
		all[each.name] = samples;
		results.addRow({
			part: '6',
			figure: `${each.name}, every request ${latencyMs} ms away: node time`,
			referenceName: 'HTTP Request node',
			unit: 'ms',
			goal: '≤ 1.3×',
			maxRatio: 1.3,
			samples: { ours: samples.ours, reference: samples.http },
		});
		results.addRow({
			part: '6',
			figure: `${each.name}, every request ${latencyMs} ms away: requests in flight at once`,
			referenceName: 'HTTP Request node',
			unit: 'at once',
			goal: '(reported)',
			samples: { ours: samples.oursInFlight, reference: samples.httpInFlight },
		});
	}
	const batchedIds = ids.slice(0, batchedItems);
	const batched = { perSecond: [] as number[], inFlight: [] as number[], ms: [] as number[] };
	for (let rep = 0; rep < Math.min(options.reps, 3); rep++) {
		proxy.reset();
		const result = await runWorkflow(n8n, workflows.statusBatched, { ids: batchedIds });
		const out = result.runData['Get Status'][0].data?.main[0] ?? [];
		if (out.length !== batchedItems)
			throw new Error(`Batched Get Status returned ${out.length} items, not ${batchedItems}`);
		const stats = proxy.stats();
		batched.perSecond.push(stats.maxPerSecond);
		batched.inFlight.push(stats.maxInFlight);
		batched.ms.push(result.nodeMs);
		info(
			`  Get Status ×${batchedItems} with Batching ${batchSize} per ${batchInterval} ms: at most ${stats.maxPerSecond} requests in a second, ${stats.maxInFlight} at once, ${result.nodeMs} ms`,
		);
	}
	all.batched = {
		batchSize,
		batchInterval,
		items: batchedItems,
		...batched,
	};
	results.addDetails('latency', all);
	const allowedPerSecond = Math.ceil(1000 / batchInterval) * batchSize;
	results.addRow({
		part: '6',
		figure: `Get Status ×${batchedItems}, ${latencyMs} ms away, Request Options › Batching ${batchSize} items per ${batchInterval} ms: most requests started in any 1 s`,
		referenceName: `the chosen rate, ${allowedPerSecond}/s`,
		unit: '/s (any 1 s)',
		goal: `≤ ${allowedPerSecond}`,
		met: Math.max(...batched.perSecond) <= allowedPerSecond,
		samples: { ours: batched.perSecond },
		note: `requests in flight at once: ${batched.inFlight.join(', ')}; node time ${median(batched.ms)} ms`,
	});
}

export const latencyBenchmark: Benchmark = {
	name: 'latency',
	title: (options) =>
		`6. ${options.latencyMs} ms per request: Get Status ×${ITEMS}, Return All over the COMPLETED packs, Batching (${options.reps} runs each)`,
	run: benchLatency,
};
