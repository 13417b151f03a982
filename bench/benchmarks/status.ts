/**
 * 1. Get Status over 1,000 items: ours with Simplify off (the status read) against the HTTP Request node (token
 * in a header and in Header Auth) and raw fetch; ours with Simplify on (the status read, then the v3 list for the
 * document's status) against two HTTP Request nodes making the same two reads.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { clearRequests, extraDocumentId, requestsTo } from '../lib/emulator';
import { runWorkflow, type ExecutionResult } from '../lib/n8n-runs';
import { ITEMS } from '../lib/options';
import { runRawClient } from '../lib/raw-reference';
import { median } from '../lib/report';
import { chain, http, splitIds, statusHttpHeaderAuth, statusOurs } from '../lib/workflows';

/**
 * Get Status for every ID posted: ours with Simplify on and off, the HTTP Request node with the token typed in and
 * with Header Auth, and the two HTTP Request nodes that read what Simplify reads.
 */
const statusWorkflows: Benchmark['workflows'] = ({ baseUrl, token }) => ({
	statusOurs: statusOurs('DexBenchStatusOu', 'bench: Get Status x1000 (ours)', 'bench-status-ours'),
	statusOursUnsimplified: statusOurs(
		'DexBenchStatusOr',
		'bench: Get Status x1000 (ours, Simplify off)',
		'bench-status-ours-raw',
		undefined,
		{ simplify: false },
	),
	statusHttp: chain(
		'DexBenchStatusHt',
		'bench: Get Status x1000 (HTTP Request)',
		'bench-status-http',
		[
			splitIds(),
			http('HTTP Request', token, {
				url: `${baseUrl}/v3.2/sign/request`,
				sendQuery: true,
				queryParameters: {
					parameters: [{ name: 'documentId', value: '={{ $json.documentId }}' }],
				},
			}),
		],
		['HTTP Request'],
	),
	// The same request with the token in a Header Auth credential (its generic authenticate: one more expression per item).
	statusHttpHeaderAuth: statusHttpHeaderAuth(
		'DexBenchStatusHa',
		'bench: Get Status x1000 (HTTP Request, Header Auth)',
		'bench-status-http-header',
		baseUrl,
	),
	statusAndListHttp: statusHttpHeaderAuth(
		'DexBenchStatusHl',
		'bench: Get Status x1000 and the list read (HTTP Request, Header Auth)',
		'bench-status-http-list',
		baseUrl,
		true,
	),
});

async function benchStatus(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
	const ids = Array.from({ length: ITEMS }, (_, index) => extraDocumentId(index + 1));
	const idsFile = join(n8n.userFolder, 'bench-ids.json');
	writeFileSync(idsFile, JSON.stringify(ids));
	const samples = {
		// Simplify on (the default): the status read, then the v3 list read.
		ours: [] as number[],
		oursUnsimplified: [] as number[],
		http: [] as number[],
		httpHeaderAuth: [] as number[],
		httpWithList: [] as number[],
		raw: [] as number[],
		oursExec: [] as number[],
		httpExec: [] as number[],
		// Requests each run sent.
		oursRequests: [] as number[],
		oursUnsimplifiedRequests: [] as number[],
		httpRequests: [] as number[],
		httpWithListRequests: [] as number[],
	};
	const sent = async () =>
		(await requestsTo(emulator, '/v3.2/sign/request')) +
		(await requestsTo(emulator, '/v3.0/sign/request/list'));
	const check = (result: ExecutionResult, name: string) => {
		const out = result.runData[name][0].data?.main[0] ?? [];
		if (out.length !== ITEMS) throw new Error(`${name} returned ${out.length} items, not ${ITEMS}`);
	};
	const runs = [
		{ key: 'ours', workflow: workflows.statusOurs, node: 'Get Status' },
		{ key: 'oursUnsimplified', workflow: workflows.statusOursUnsimplified, node: 'Get Status' },
		{ key: 'http', workflow: workflows.statusHttp, node: 'HTTP Request' },
		{ key: 'httpHeaderAuth', workflow: workflows.statusHttpHeaderAuth, node: 'HTTP Request' },
		{ key: 'httpWithList', workflow: workflows.statusAndListHttp, node: 'HTTP Request (list)' },
	] as const;
	const counted: Partial<Record<(typeof runs)[number]['key'], number[]>> = {
		ours: samples.oursRequests,
		oursUnsimplified: samples.oursUnsimplifiedRequests,
		http: samples.httpRequests,
		httpWithList: samples.httpWithListRequests,
	};
	// One warm-up run each (module loading, JIT, connection pools), not counted.
	for (const run of runs) check(await runWorkflow(n8n, run.workflow, { ids }), run.node);
	for (let rep = 0; rep < options.reps; rep++) {
		const times: Record<string, number> = {};
		for (const run of interleaved(rep, runs)) {
			await clearRequests(emulator);
			const result = await runWorkflow(n8n, run.workflow, { ids });
			check(result, run.node);
			counted[run.key]?.push(await sent());
			samples[run.key].push(result.nodeMs);
			times[run.key] = result.nodeMs;
			if (run.key === 'oursUnsimplified') samples.oursExec.push(result.executionMs);
			if (run.key === 'http') samples.httpExec.push(result.executionMs);
		}
		// The same concurrency as both nodes: n8n starts every item's request before awaiting any.
		const raw = await runRawClient([
			'status',
			emulator.info.baseUrl,
			emulator.info.authToken,
			String(ITEMS),
			'--ids-file',
			idsFile,
		]);
		samples.raw.push(raw.ms);
		info(
			`  status rep ${rep + 1}: ours ${times.oursUnsimplified} ms (Simplify on ${times.ours} ms), HTTP Request ${times.http} ms (Header Auth ${times.httpHeaderAuth} ms, with the list read ${times.httpWithList} ms), raw fetch ${raw.ms.toFixed(0)} ms`,
		);
		await clearRequests(emulator);
	}
	results.addDetails('status', samples);
	const figure = `Get Status ×${ITEMS} items, Simplify off, node time`;
	results.addRow({
		part: '1',
		figure,
		referenceName: 'HTTP Request node, token in a Header Auth credential',
		unit: 'ms',
		goal: '≤ 1.0×',
		maxRatio: 1,
		samples: { ours: samples.oursUnsimplified, reference: samples.httpHeaderAuth },
	});
	results.addRow({
		part: '1',
		figure,
		referenceName: 'HTTP Request node, token typed into a header',
		unit: 'ms',
		goal: '≤ 2×',
		maxRatio: 2,
		samples: { ours: samples.oursUnsimplified, reference: samples.http },
	});
	const ours = median(samples.oursUnsimplified);
	results.addRow({
		part: '1',
		figure,
		referenceName: `raw fetch loop (concurrency ${ITEMS})`,
		unit: 'ms',
		goal: '(reported)',
		samples: { ours: samples.oursUnsimplified, reference: samples.raw },
		note: `per item: ours ${(ours / ITEMS).toFixed(2)} ms, HTTP Request + Header Auth ${(median(samples.httpHeaderAuth) / ITEMS).toFixed(2)} ms, raw ${(median(samples.raw) / ITEMS).toFixed(2)} ms; whole executions ${median(samples.oursExec)} / ${median(samples.httpExec)} ms (ours / the typed header)`,
	});
	results.addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, Simplify on (status and list reads), node time`,
		referenceName: 'two HTTP Request nodes, Header Auth: the status read, then the list read',
		unit: 'ms',
		goal: '≤ 1.0×',
		maxRatio: 1,
		samples: { ours: samples.ours, reference: samples.httpWithList },
	});
	results.addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, Simplify on: requests sent`,
		referenceName: 'the two HTTP Request nodes',
		unit: 'requests',
		goal: `= ${2 * ITEMS} (Simplify's status: one list read per item)`,
		met: samples.oursRequests.every((count) => count === 2 * ITEMS),
		samples: { ours: samples.oursRequests, reference: samples.httpWithListRequests },
	});
	results.addRow({
		part: '1',
		figure: `Get Status ×${ITEMS} items, Simplify off: requests sent`,
		referenceName: 'HTTP Request node (the status read)',
		unit: 'requests',
		goal: `= ${ITEMS}`,
		met: samples.oursUnsimplifiedRequests.every((count) => count === ITEMS),
		samples: { ours: samples.oursUnsimplifiedRequests, reference: samples.httpRequests },
	});
}

export const statusBenchmark: Benchmark = {
	name: 'status',
	title: (options) =>
		`1. Get Status ×${ITEMS}: ours, HTTP Request, raw fetch (${options.reps} runs each)`,
	workflows: statusWorkflows,
	run: benchStatus,
};
