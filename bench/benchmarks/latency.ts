/**
 * 6. What a user feels against a service across a network: the emulator behind a proxy that answers every
 * request `--latency-ms` later. Wall time of Get Status ×1,000 and of a Return All over the COMPLETED packs, ours
 * vs the HTTP Request node, with the requests the proxy held at once; then Get Status with n8n's Batching
 * settings, whose spacing and rate the proxy measures.
 */
import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { extraDocumentId } from '../lib/emulator';
import { shortestBatchGap } from '../lib/latency-proxy';
import { runWorkflow } from '../lib/n8n-runs';
import { ITEMS, type Batching } from '../lib/options';
import { median } from '../lib/report';
import {
	DISTANT_CREDENTIAL,
	packsHttp,
	packsOurs,
	statusHttpHeaderAuth,
	statusOurs,
} from '../lib/workflows';

/**
 * The same calls against the latency proxy (our node through DISTANT_CREDENTIAL), and Get Status with n8n's
 * Batching set to each of `--batch`'s settings (`statusBatched0`, `statusBatched1`…).
 */
const latencyWorkflows: Benchmark['workflows'] = ({ distantBaseUrl, token }, { batchings }) => ({
	statusOurs: statusOurs(
		'DexBenchFarStaOu',
		'bench: Get Status x1000, 150 ms away (ours)',
		'bench-far-status-ours',
		DISTANT_CREDENTIAL,
	),
	statusHttp: statusHttpHeaderAuth(
		'DexBenchFarStaHt',
		'bench: Get Status x1000, 150 ms away (HTTP Request, Header Auth)',
		'bench-far-status-http',
		distantBaseUrl,
	),
	...Object.fromEntries(
		batchings.map((batch, index) => [
			`statusBatched${index}`,
			statusOurs(
				`DexBenchFarStaB${index}`,
				`bench: Get Status, 150 ms away, batches of ${batch.batchSize} every ${batch.batchInterval} ms (ours)`,
				`bench-far-status-batched-${index}`,
				DISTANT_CREDENTIAL,
				// Simplify off: one request per item, so that the figures are Batching's own pacing.
				{ simplify: false, requestOptions: { batching: { batch } } },
			),
		]),
	),
	packsOurs: packsOurs(
		'DexBenchFarPacOu',
		'bench: COMPLETED packs, 150 ms away (ours)',
		'bench-far-packs-ours',
		DISTANT_CREDENTIAL,
	),
	packsHttp: packsHttp(
		'DexBenchFarPacHt',
		'bench: COMPLETED packs, 150 ms away (HTTP Request)',
		'bench-far-packs-http',
		distantBaseUrl,
		token,
	),
});

async function benchLatency(context: BenchContext): Promise<void> {
	const { n8n, proxy, workflows, options, results } = context;
	const { latencyMs, batchedItems } = options;
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
	// n8n's Batching (RoutingNode.runNode in n8n-core): it prepares and starts `batchSize` items' requests, then
	// sleeps `batchInterval` before preparing the next batch, without waiting for any answer. A batch's requests
	// leave together during the pause, so batches reach the service about the interval apart (a little less
	// when one batch's requests took longer on their way than the next's): any one second can hold the requests
	// of ⌊1000 / interval⌋ + 1 batches. That is what it promises; it caps no second at `batchSize`.
	const [asRead, ...hardRate] = options.batchings;
	const perSecond = (asRead.batchSize * 1000) / asRead.batchInterval;
	const batchesInASecond = Math.floor(1000 / asRead.batchInterval) + 1;
	type BatchedFigures = Batching & Record<'perSecond' | 'batchGap' | 'inFlight' | 'ms', number[]>;
	const batched: BatchedFigures[] = [];
	for (const [index, batching] of options.batchings.entries()) {
		const figures: BatchedFigures = {
			...batching,
			perSecond: [],
			batchGap: [],
			inFlight: [],
			ms: [],
		};
		batched.push(figures);
		for (let rep = 0; rep < Math.min(options.reps, 3); rep++) {
			proxy.reset();
			const result = await runWorkflow(n8n, workflows[`statusBatched${index}`], {
				ids: batchedIds,
			});
			const out = result.runData['Get Status'][0].data?.main[0] ?? [];
			if (out.length !== batchedItems)
				throw new Error(`Batched Get Status returned ${out.length} items, not ${batchedItems}`);
			const stats = proxy.stats();
			figures.perSecond.push(stats.maxPerSecond);
			figures.batchGap.push(shortestBatchGap(stats.arrivals, batching.batchSize));
			figures.inFlight.push(stats.maxInFlight);
			figures.ms.push(result.nodeMs);
			info(
				`  Get Status ×${batchedItems} in batches of ${batching.batchSize} every ${batching.batchInterval} ms: at most ${stats.maxPerSecond} requests in a second, batches ${figures.batchGap[rep].toFixed(0)} ms apart at the least, ${stats.maxInFlight} at once, ${result.nodeMs} ms`,
			);
		}
	}
	all.batched = { items: batchedItems, settings: batched };
	results.addDetails('latency', all);
	const setting = ({ batchSize, batchInterval }: Batching) =>
		`Request Options › Batching ${batchSize} items per ${batchInterval} ms`;
	const figure = (batching: Batching) =>
		`Get Status ×${batchedItems}, ${latencyMs} ms away, ${setting(batching)}`;
	const note = (index: number) =>
		`requests in flight at once: ${batched[index].inFlight.join(', ')}; node time ${median(batched[index].ms)} ms`;
	results.addRow({
		part: '6',
		figure: `${figure(asRead)}: most requests started in any 1 s (n8n spaces batches, it caps no second)`,
		referenceName: `${batchesInASecond} batches`,
		unit: '/s (any 1 s)',
		goal: `≤ ${batchesInASecond * asRead.batchSize}`,
		met: Math.max(...batched[0].perSecond) <= batchesInASecond * asRead.batchSize,
		samples: { ours: batched[0].perSecond },
		note: note(0),
	});
	results.addRow({
		part: '6',
		figure: `${figure(asRead)}: shortest time from one batch's first request to the next's`,
		referenceName: `the interval, ${asRead.batchInterval} ms`,
		unit: 'ms',
		goal: '(reported)',
		samples: { ours: batched[0].batchGap },
	});
	for (const [offset, batching] of hardRate.entries()) {
		const index = offset + 1;
		results.addRow({
			part: '6',
			figure: `${figure(batching)}, for a hard rate of ${perSecond}/s: most requests started in any 1 s`,
			referenceName: `the hard rate, ${perSecond}/s`,
			unit: '/s (any 1 s)',
			goal: `≤ ${perSecond}`,
			met: Math.max(...batched[index].perSecond) <= perSecond,
			samples: { ours: batched[index].perSecond },
			note: note(index),
		});
	}
}

export const latencyBenchmark: Benchmark = {
	name: 'latency',
	title: (options) =>
		`6. ${options.latencyMs} ms per request: Get Status ×${ITEMS}, Return All over the COMPLETED packs (${options.reps} runs each), Batching (${options.batchings.length} settings)`,
	workflows: latencyWorkflows,
	run: benchLatency,
};
