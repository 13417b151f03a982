/** 5. Download File, 15 MB: request to binary, against two HTTP Request nodes and raw fetch, in both binary modes. */
import { info } from '../../scripts/lib/log';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { restartWith, runWorkflow, waitForWebhook, type ExecutionResult } from '../lib/n8n-runs';
import { BINARY_MODES, FILE_BYTES } from '../lib/options';
import { runRawClient } from '../lib/raw-reference';

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
	run: benchDownload,
};
