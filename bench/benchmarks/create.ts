/** 2. Create from a 15 MB PDF: the n8n server's peak memory growth, ours vs the HTTP Request node. */
import { info } from '../../scripts/lib/log';
import { V3_SEED } from '../../test/emulator/families/v3';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { measurePeakGrowth } from '../lib/memory';
import { restartWith } from '../lib/n8n-runs';
import { BINARY_MODES, FILE_BYTES, MB } from '../lib/options';
import { median } from '../lib/report';
import { chain, CREATE_FROM_BINARY, http, INVITEES, node, ours } from '../lib/workflows';

/** The PDF file at the posted `path`, as binary data. */
const readFile = () =>
	node('Read File', 'n8n-nodes-base.readWriteFile', 1, {
		operation: 'read',
		fileSelector: '={{ $json.body.path }}',
		options: {},
	});

/**
 * The file as base64 text in `json.data`, by Move Binary Data: the same conversion as Extract From File's Move
 * File to Base64 String (getBinaryDataBuffer, then base64), kept so the figures compare with earlier runs.
 */
const toBase64 = () =>
	node('To Base64', 'n8n-nodes-base.moveBinaryData', 1.1, {
		mode: 'binaryToJson',
		setAllData: false,
		sourceKey: 'data',
		destinationKey: 'data',
		options: { keepAsBase64: true },
	});

/** Create from the PDF file posted: ours from binary and from base64 text, the HTTP Request node with base64. */
const createWorkflows: Benchmark['workflows'] = ({ baseUrl, token }) => ({
	createOurs: chain(
		'DexBenchCreateOu',
		'bench: create from a PDF file (ours, binary)',
		'bench-create-ours',
		[readFile(), ours('Create', CREATE_FROM_BINARY)],
		['Create'],
	),
	createOurs64: chain(
		'DexBenchCreate64',
		'bench: create from a PDF file (ours, base64)',
		'bench-create-ours64',
		[
			readFile(),
			toBase64(),
			ours('Create', {
				resource: 'document',
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'base64',
				fileBase64: '={{ $json.data }}',
				documentName: 'big.pdf',
				invitees: { invitee: INVITEES },
			}),
		],
		['Create'],
	),
	createHttp: chain(
		'DexBenchCreateHt',
		'bench: create from a PDF file (HTTP Request)',
		'bench-create-http',
		[
			readFile(),
			toBase64(),
			http('HTTP Request', token, {
				method: 'POST',
				url: `${baseUrl}/v3.0/sign/request`,
				sendBody: true,
				contentType: 'json',
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ profileId: '${V3_SEED.pdfProfileId}', file: { name: 'big.pdf', file: $json.data }, invitees: ${JSON.stringify(INVITEES)} }) }}`,
			}),
		],
		['HTTP Request'],
	),
});

async function benchCreateMemory(context: BenchContext): Promise<void> {
	const { n8n, workflows, files, options, results } = context;
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
	for (let rep = 0; rep < options.memoryReps; rep++) {
		for (const variant of interleaved(rep, variants)) {
			const workflow = workflows[variant.workflow];
			const measured = await measurePeakGrowth(n8n, workflow, variant.mode, {
				warmUp: { path: files.small }, // a 1 KB PDF
				measured: { path: files.big },
			});
			const result = measured.result;
			const created = result.runData[workflow.measured[0]][0].data?.main[0]?.[0]?.json ?? {};
			const documentId =
				created.documentId ?? (created.data as Record<string, unknown> | undefined)?.documentId;
			if (!documentId)
				throw new Error(
					`${variant.label}: no documentId in ${JSON.stringify(created).slice(0, 300)}`,
				);
			growth[variant.key].push(measured.whole / FILE_BYTES);
			nodeGrowth[variant.key].push(measured.nodes / FILE_BYTES);
			timing[variant.key].push(result.nodeMs);
			info(
				`  create rep ${rep + 1} ${variant.label}, ${variant.mode} mode: peak RSS growth ${(measured.whole / MB).toFixed(1)} MB (${(measured.whole / FILE_BYTES).toFixed(2)}× the file), during the node ${(measured.nodes / MB).toFixed(1)} MB, node ${result.nodeMs} ms (${measured.samplesDuringNodes} samples)`,
			);
		}
	}
	await restartWith(n8n, 'filesystem');
	results.addDetails('create', {
		growthTimesFile: growth,
		nodeGrowthTimesFile: nodeGrowth,
		nodeMs: timing,
		fileBytes: FILE_BYTES,
	});
	const goals: Record<string, number> = { default: 1.5, filesystem: 0.5 };
	for (const variant of variants.filter((each) => each.workflow !== 'createHttp')) {
		const mode = variant.mode;
		const reference = `createHttp:${mode}`;
		const ours = median(nodeGrowth[variant.key]);
		const goal = variant.workflow === 'createOurs' ? goals[mode] : undefined;
		results.addRow({
			part: '2',
			figure: `Create from a 15 MB PDF, binary data ${mode === 'default' ? 'in memory' : 'on disk'}, peak RSS growth while the node runs ÷ file size: ${variant.label}`,
			referenceName: 'HTTP Request node, base64 body',
			unit: '× file',
			goal: goal === undefined ? '(reported)' : `≤ ${goal}× file`,
			met: goal === undefined ? null : ours <= goal,
			showP90: true,
			samples: { ours: nodeGrowth[variant.key], reference: nodeGrowth[reference] },
			note: `whole workflow (the upstream read included): ${median(growth[variant.key]).toFixed(2)}× vs ${median(growth[reference]).toFixed(2)}×; node time ${median(timing[variant.key])} ms vs ${median(timing[reference])} ms`,
		});
	}
}

export const createBenchmark: Benchmark = {
	name: 'create',
	title: (options) =>
		`2. Create from a 15 MB PDF: peak memory (${options.memoryReps} fresh servers each)`,
	workflows: createWorkflows,
	run: benchCreateMemory,
};
