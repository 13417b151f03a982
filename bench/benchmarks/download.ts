/** 5. Download File, 15 MB: request to binary, against two HTTP Request nodes and raw fetch, in both binary modes. */
import { info } from '../../scripts/lib/log';
import { V3_SEED } from '../../test/emulator/families/v3';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { restartWith, runWorkflow, waitForWebhook, type ExecutionResult } from '../lib/n8n-runs';
import { BINARY_MODES, FILE_BYTES } from '../lib/options';
import { runRawClient } from '../lib/raw-reference';
import { chain, http, node, ours } from '../lib/workflows';

/** The 15 MB signed PDF: ours, and two HTTP Request nodes (the link, then the file). */
const downloadWorkflows: Benchmark['workflows'] = ({ baseUrl, token }) => ({
	downloadOurs: chain(
		'DexBenchDownlOur',
		'bench: Download file, 15 MB (ours)',
		'bench-download-ours',
		[
			ours('Download File', {
				resource: 'document',
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'DOCUMENT',
				options: {},
			}),
		],
		['Download File'],
	),
	downloadHttp: chain(
		'DexBenchDownlHtt',
		'bench: Download file, 15 MB (HTTP Request x2)',
		'bench-download-http',
		[
			http('Fetch Link', token, {
				url: `${baseUrl}/v3.3/document/fetchDocument`,
				sendQuery: true,
				queryParameters: {
					parameters: [
						{ name: 'documentId', value: V3_SEED.completedDocumentId },
						{ name: 'documentDownloadType', value: 'DOCUMENT' },
					],
				},
			}),
			node('Fetch File', 'n8n-nodes-base.httpRequest', 4.2, {
				method: 'GET',
				url: '={{ $json.data.file }}',
				options: { response: { response: { responseFormat: 'file' } } },
			}),
		],
		['Fetch Link', 'Fetch File'],
	),
});

async function benchDownload(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
	const checkSize = (result: ExecutionResult) => {
		const json = result.runData['Download File'][0].data?.main[0]?.[0]?.json ?? {};
		if (json.fileSize !== FILE_BYTES)
			throw new Error(`Download File gave ${String(json.fileSize)} bytes, not ${FILE_BYTES}`);
	};
	const all: Record<string, unknown> = {};
	for (const mode of BINARY_MODES) {
		await restartWith(n8n, mode);
		await waitForWebhook(n8n, workflows.downloadOurs);
		await waitForWebhook(n8n, workflows.downloadHttp);
		const samples = { ours: [] as number[], http: [] as number[], raw: [] as number[] };
		checkSize(await runWorkflow(n8n, workflows.downloadOurs, {}));
		await runWorkflow(n8n, workflows.downloadHttp, {});
		for (let rep = 0; rep < options.downloadReps; rep++) {
			for (const side of interleaved(rep, ['ours', 'http'] as const)) {
				const result = await runWorkflow(
					n8n,
					side === 'ours' ? workflows.downloadOurs : workflows.downloadHttp,
					{},
				);
				if (side === 'ours') checkSize(result);
				samples[side].push(result.nodeMs);
			}
			const raw = await runRawClient([
				'download',
				emulator.info.baseUrl,
				emulator.info.authToken,
				'DOCCOMPLETED01',
			]);
			if (raw.bytes !== FILE_BYTES) throw new Error(`The raw client got ${raw.bytes} bytes`);
			samples.raw.push(raw.ms);
			info(
				`  download rep ${rep + 1}, ${mode} mode: ours ${samples.ours[rep]} ms, HTTP Request ×2 ${samples.http[rep]} ms, raw fetch ${raw.ms.toFixed(0)} ms`,
			);
		}
		all[mode] = samples;
		const where = mode === 'default' ? 'in memory' : 'on disk';
		results.addRow({
			part: '5',
			figure: `Download File, 15 MB signed PDF, binary data ${where}: request to binary`,
			referenceName: 'two HTTP Request nodes (link, then file)',
			unit: 'ms',
			goal: '≤ 1.0×',
			maxRatio: 1,
			samples: { ours: samples.ours, reference: samples.http },
		});
		results.addRow({
			part: '5',
			figure: `Download File, 15 MB signed PDF, binary data ${where}: request to binary`,
			referenceName: 'raw fetch (link, then file)',
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.raw },
		});
	}
	results.addDetails('download', all);
	await restartWith(n8n, 'filesystem');
}

export const downloadBenchmark: Benchmark = {
	name: 'download',
	title: (options) =>
		`5. Download File, 15 MB, both binary modes (${options.downloadReps} runs each)`,
	workflows: downloadWorkflows,
	run: benchDownload,
};
