/**
 * 8. Create with If the IRN Already Exists: what the IRN lookup costs. Create over IRN_ITEMS items (a 1 KB PDF
 * each) with the option off (Create Another) and on (Return the Existing Document) over new IRNs, then on again
 * over the same IRNs (a re-run: every IRN exists). The requests are counted in the emulator's request log.
 */
import { info } from '../../scripts/lib/log';
import { V3_SEED } from '../../test/emulator/families/v3';
import { makePdf } from '../../test/fixtures/pdf';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { clearRequests, loggedRequests } from '../lib/emulator';
import { runWorkflow } from '../lib/n8n-runs';
import { median } from '../lib/report';
import { chain, INVITEES, node, ours } from '../lib/workflows';

/** Create's option If the IRN Already Exists, off and on, as measured. */
const IF_IRN_EXISTS_MEASURED = { off: 'createAnother', on: 'returnExisting' } as const;

/** Create over the IRNs the webhook is given (`{irns: [...]}`), one small PDF each, with `ifIrnExists`. */
const createFromIrns = (ifIrnExists: string) =>
	chain(
		`DexBenchIrn${ifIrnExists.slice(0, 5)}`,
		`bench: create for each IRN (ours, If the IRN Already Exists: ${ifIrnExists})`,
		`bench-create-irn-${ifIrnExists.toLowerCase()}`,
		[
			node('Split Out', 'n8n-nodes-base.splitOut', 1, {
				fieldToSplitOut: 'body.irns',
				include: 'noOtherFields',
				options: { destinationFieldName: 'irn' },
			}),
			ours('Create', {
				resource: 'document',
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'base64',
				fileBase64: makePdf('Small').toString('base64'),
				documentName: 'small.pdf',
				invitees: { invitee: INVITEES },
				additionalFields: { irn: '={{ $json.irn }}' },
				options: { ifIrnExists },
			}),
		],
		['Create'],
	);

/** Create over the IRNs posted, with the option off and on. */
const irnWorkflows = () =>
	Object.fromEntries(
		Object.values(IF_IRN_EXISTS_MEASURED).map((ifIrnExists) => [
			`createIrn:${ifIrnExists}`,
			createFromIrns(ifIrnExists),
		]),
	);

const IRN_ITEMS = 100;

/** What one run sent to the service, per item. */
interface RunFigures {
	requestsPerItem: number;
	lookupsPerItem: number;
	createsPerItem: number;
	nodeMs: number;
}

async function createOver(context: BenchContext, side: 'off' | 'on', irns: string[]) {
	const { n8n, emulator, workflows } = context;
	await clearRequests(emulator);
	const result = await runWorkflow(n8n, workflows[`createIrn:${IF_IRN_EXISTS_MEASURED[side]}`], {
		irns,
	});
	const out = result.runData.Create[0].data?.main[0] ?? [];
	if (out.length !== irns.length)
		throw new Error(`Create over ${irns.length} IRNs output ${out.length} items`);
	const requests = await loggedRequests(emulator);
	const count = (test: (request: { method: string; path: string }) => boolean) =>
		requests.filter(test).length / irns.length;
	return {
		requestsPerItem: count(() => true),
		lookupsPerItem: count((request) => request.path.endsWith('/sign/request/list')),
		createsPerItem: count((request) => request.method === 'POST'),
		nodeMs: result.nodeMs,
	};
}

async function benchIrnLookup(context: BenchContext): Promise<void> {
	const { options, results } = context;
	const runs = { off: [] as RunFigures[], on: [] as RunFigures[], rerun: [] as RunFigures[] };
	const irnsOf = (label: string) =>
		Array.from({ length: IRN_ITEMS }, (_, index) => `BENCH-${label}-${Date.now()}-${index}`);
	await createOver(context, 'off', irnsOf('warm-off'));
	await createOver(context, 'on', irnsOf('warm-on'));
	for (let rep = 0; rep < options.reps; rep++) {
		for (const side of interleaved(rep, ['on', 'off'] as const)) {
			const irns = irnsOf(`${side}${rep}`);
			runs[side].push(await createOver(context, side, irns));
			if (side === 'on') runs.rerun.push(await createOver(context, 'on', irns));
		}
		const line = (figures: RunFigures) =>
			`${figures.requestsPerItem} requests per item (${figures.lookupsPerItem} lookups, ${figures.createsPerItem} creates), ${figures.nodeMs} ms`;
		info(
			`  IRN rep ${rep + 1}: off ${line(runs.off[rep])}; on ${line(runs.on[rep])}; on, a re-run ${line(runs.rerun[rep])}`,
		);
	}
	results.addDetails('irn', { items: IRN_ITEMS, ...runs });
	const figure = `Create ×${IRN_ITEMS} (1 KB PDF), If the IRN Already Exists: Return the Existing Document`;
	const of = (key: keyof typeof runs, field: keyof RunFigures) =>
		runs[key].map((figures) => figures[field]);
	const reference = 'Create Another (no lookup)';
	results.addRow({
		part: '8',
		figure: `${figure}, new IRNs: requests per item`,
		referenceName: reference,
		unit: 'requests',
		goal: '(reported)',
		samples: { ours: of('on', 'requestsPerItem'), reference: of('off', 'requestsPerItem') },
		note: `lookups per item ${median(of('on', 'lookupsPerItem'))}, creates per item ${median(of('on', 'createsPerItem'))}`,
	});
	results.addRow({
		part: '8',
		figure: `${figure}, a re-run (every IRN exists): requests per item`,
		referenceName: reference,
		unit: 'requests',
		goal: '(reported)',
		samples: { ours: of('rerun', 'requestsPerItem'), reference: of('off', 'requestsPerItem') },
		note: `lookups per item ${median(of('rerun', 'lookupsPerItem'))}, creates per item ${median(of('rerun', 'createsPerItem'))} (the rest: a status read for each existing document)`,
	});
	results.addRow({
		part: '8',
		figure: `${figure}, new IRNs: node time`,
		referenceName: reference,
		unit: 'ms',
		goal: '(reported)',
		samples: { ours: of('on', 'nodeMs'), reference: of('off', 'nodeMs') },
		note: `a re-run (every IRN exists): ${median(of('rerun', 'nodeMs'))} ms (${Math.min(...of('rerun', 'nodeMs'))}–${Math.max(...of('rerun', 'nodeMs'))})`,
	});
}

export const irnBenchmark: Benchmark = {
	name: 'irn',
	title: (options) =>
		`8. Create ×${IRN_ITEMS} with If the IRN Already Exists on and off: requests and time (${options.reps} runs each)`,
	workflows: irnWorkflows,
	run: benchIrnLookup,
};
