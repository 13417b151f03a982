/** 3. Paging: Return All over the v3 document list and the COMPLETED packs, requests made and node time. */
import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { clearRequests, requestsTo } from '../lib/emulator';
import { runWorkflow } from '../lib/n8n-runs';
import { chain, http, offsetPagination, ours, packsHttp, packsOurs, PAGE } from '../lib/workflows';

/** Return All over the v3 document list and over the COMPLETED packs: ours, and the HTTP Request node paged by hand. */
const pagingWorkflows: Benchmark['workflows'] = ({ baseUrl, token }) => ({
	listOurs: chain(
		'DexBenchListOurs',
		'bench: v3 documents, Return All (ours)',
		'bench-list-ours',
		[
			ours('Get Many', {
				resource: 'document',
				operation: 'getMany',
				returnAll: true,
				filters: {},
				options: {},
			}),
		],
		['Get Many'],
	),
	listHttp: chain(
		'DexBenchListHttp',
		'bench: v3 documents, paged (HTTP Request)',
		'bench-list-http',
		[
			http('HTTP Request', token, {
				url: `${baseUrl}/v3.0/sign/request/list`,
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'max', value: String(PAGE) }] },
				options: offsetPagination('data.documents'),
			}),
		],
		['HTTP Request'],
	),
	packsOurs: packsOurs(
		'DexBenchPacksOur',
		'bench: COMPLETED packs, Return All (ours)',
		'bench-packs-ours',
	),
	packsHttp: packsHttp(
		'DexBenchPacksHtt',
		'bench: COMPLETED packs, paged (HTTP Request)',
		'bench-packs-http',
		baseUrl,
		token,
	),
});

async function benchPaging(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
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
	const details: Record<string, unknown> = {};
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
		for (let rep = 0; rep < options.reps; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				await clearRequests(emulator);
				const result = await runWorkflow(n8n, each[side], {});
				samples[side].push(result.nodeMs);
				samples[`${side}Requests`].push(await requestsTo(emulator, each.path));
				if (side === 'ours')
					samples.oursItems.push(
						result.runData[each.ours.measured[0]][0].data?.main[0]?.length ?? 0,
					);
			}
		}
		await clearRequests(emulator);
		details[each.name] = { total: each.total, ...samples };
		const expected = Math.ceil(each.total / PAGE);
		const allItems = samples.oursItems.every((count) => count === each.total);
		info(
			`  ${each.name}: N=${each.total}, ours ${samples.oursRequests.join('/')} requests, HTTP Request ${samples.httpRequests.join('/')}; ${samples.oursItems[0]} items`,
		);
		results.addRow({
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
		results.addRow({
			part: '3',
			figure: `${each.name} (N = ${each.total}): node time`,
			referenceName: 'HTTP Request node with pagination',
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.http },
		});
	}
	results.addDetails('paging', details);
}

export const pagingBenchmark: Benchmark = {
	name: 'paging',
	title: (options) =>
		`3. Paging: Return All over the v3 list and COMPLETED packs (${options.reps} runs each)`,
	workflows: pagingWorkflows,
	run: benchPaging,
};
