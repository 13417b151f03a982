/**
 * 5. Download File, 15 MB: request to binary, against two HTTP Request nodes (the token typed into a header, and
 * in a Header Auth credential) and raw fetch, in both binary modes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { info } from '../../scripts/lib/log';
import { ROOT } from '../../scripts/lib/paths';
import { V3_SEED } from '../../test/emulator/families/v3';
import { interleaved, type Benchmark, type BenchContext } from '../lib/benchmark';
import { downloadPhases, type DownloadPhases } from '../lib/download-phases';
import {
	markServerLog,
	restartWith,
	runWorkflow,
	serverNodeOptions,
	waitForWebhook,
	type ExecutionResult,
} from '../lib/n8n-runs';
import { BINARY_MODES, FILE_BYTES } from '../lib/options';
import { runRawClient } from '../lib/raw-reference';
import {
	chain,
	http,
	httpHeaderAuth,
	node,
	ours,
	type BenchNode,
	type BenchWorkflow,
} from '../lib/workflows';

/** The HTTP Request node that reads the file behind the link the node before it got. */
const fetchFile = () =>
	node('Fetch File', 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'GET',
		url: '={{ $json.data.file }}',
		options: { response: { response: { responseFormat: 'file' } } },
	});

/**
 * The 15 MB signed PDF: ours, and two HTTP Request nodes (the link, then the file), the token typed into a
 * header or kept in a Header Auth credential.
 */
const downloadWorkflows: Benchmark['workflows'] = ({ baseUrl, token }) => {
	const fetchLink = {
		url: `${baseUrl}/v3.3/document/fetchDocument`,
		sendQuery: true,
		queryParameters: {
			parameters: [
				{ name: 'documentId', value: V3_SEED.completedDocumentId },
				{ name: 'documentDownloadType', value: 'DOCUMENT' },
			],
		},
	};
	const twoNodes = (id: string, name: string, path: string, link: BenchNode) =>
		chain(id, name, path, [link, fetchFile()], ['Fetch Link', 'Fetch File']);
	return {
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
		downloadHttp: twoNodes(
			'DexBenchDownlHtt',
			'bench: Download file, 15 MB (HTTP Request x2)',
			'bench-download-http',
			http('Fetch Link', token, fetchLink),
		),
		downloadHttpHeaderAuth: twoNodes(
			'DexBenchDownlHdr',
			'bench: Download file, 15 MB (HTTP Request x2, Header Auth)',
			'bench-download-http-header-auth',
			httpHeaderAuth('Fetch Link', fetchLink),
		),
	};
};

const SIDES = ['ours', 'http', 'httpHeaderAuth'] as const;
const IO_TRACE = join(ROOT, 'bench', 'lib', 'io-trace.cjs');
type Side = (typeof SIDES)[number];

/** The references of the rows, by side. */
const REFERENCES: Record<Exclude<Side, 'ours'>, string> = {
	http: 'two HTTP Request nodes (link, then file), token typed into a header',
	httpHeaderAuth: 'two HTTP Request nodes (link, then file), token in a Header Auth credential',
};

/**
 * Each side's own work per run on disk, ms: its node time less the link's request and the file's read and store,
 * which are n8n's for every side (io-trace.cjs, bench/lib/download-phases.ts); and how many of its runs a full
 * garbage collection fell in.
 */
function ownWorkOf(phases: DownloadPhases[], nodeTimes: Record<Side, number[]>) {
	const ownWork = { ours: [], http: [], httpHeaderAuth: [] } as Record<Side, number[]>;
	const collected = { ours: 0, http: 0, httpHeaderAuth: 0 } as Record<Side, number>;
	for (const { side, run, link, file, collected: inRun } of phases) {
		const node = nodeTimes[side as Side][run - 1];
		ownWork[side as Side].push(node - link - file);
		if (inRun) collected[side as Side]++;
	}
	return { ...ownWork, collected };
}

async function benchDownload(context: BenchContext): Promise<void> {
	const { n8n, emulator, workflows, options, results } = context;
	const checkSize = (result: ExecutionResult) => {
		const json = result.runData['Download File'][0].data?.main[0]?.[0]?.json ?? {};
		if (json.fileSize !== FILE_BYTES)
			throw new Error(`Download File gave ${String(json.fileSize)} bytes, not ${FILE_BYTES}`);
	};
	const sides: Record<Side, BenchWorkflow> = {
		ours: workflows.downloadOurs,
		http: workflows.downloadHttp,
		httpHeaderAuth: workflows.downloadHttpHeaderAuth,
	};
	const gcTraced = process.env.BENCH_N8N_NODE_OPTIONS?.includes('gc-trace.cjs') ?? false;
	const all: Record<string, unknown> = {};
	for (const mode of BINARY_MODES) {
		// io-trace.cjs in the server for these runs only.
		await restartWith(n8n, mode, serverNodeOptions(`--require ${IO_TRACE}`));
		for (const workflow of Object.values(sides)) await waitForWebhook(n8n, workflow);
		checkSize(await runWorkflow(n8n, sides.ours, {}));
		await runWorkflow(n8n, sides.http, {});
		await runWorkflow(n8n, sides.httpHeaderAuth, {});
		const samples: Record<Side | 'raw', number[]> = {
			ours: [],
			http: [],
			httpHeaderAuth: [],
			raw: [],
		};
		for (let rep = 0; rep < options.downloadReps; rep++) {
			for (const side of interleaved(rep, SIDES)) {
				// For download-phases.ts: io-trace.cjs's lines in the server's log carry the same clock.
				const at = (performance.timeOrigin + performance.now()).toFixed(1);
				markServerLog(n8n, `download, ${mode} mode, ${side}, run ${rep + 1}, at ${at}`);
				const result = await runWorkflow(n8n, sides[side], {});
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
				`  download rep ${rep + 1}, ${mode} mode: ours ${samples.ours[rep]} ms, HTTP Request ×2 ${samples.http[rep]} ms (Header Auth ${samples.httpHeaderAuth[rep]} ms), raw fetch ${raw.ms.toFixed(0)} ms`,
			);
		}
		const where = mode === 'default' ? 'in memory' : 'on disk';
		const figure = `Download File, 15 MB signed PDF, binary data ${where}: request to binary`;
		all[mode] = samples;
		results.addRow({
			part: '5',
			figure,
			referenceName: REFERENCES.http,
			unit: 'ms',
			goal: '≤ 1.0×',
			maxRatio: 1,
			samples: { ours: samples.ours, reference: samples.http },
		});
		results.addRow({
			part: '5',
			figure,
			referenceName: REFERENCES.httpHeaderAuth,
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.httpHeaderAuth },
		});
		results.addRow({
			part: '5',
			figure,
			referenceName: 'raw fetch (link, then file)',
			unit: 'ms',
			goal: '(reported)',
			samples: { ours: samples.ours, reference: samples.raw },
		});
		if (mode === 'filesystem') {
			const ownWork = ownWorkOf(downloadPhases(readFileSync(n8n.logFile, 'utf8'), mode), samples);
			all.ownWorkOnDisk = ownWork;
			for (const reference of ['http', 'httpHeaderAuth'] as const)
				results.addRow({
					part: '5',
					figure: `Download File, 15 MB on disk: the node's own work (node time less the link's request and the file's read and store)`,
					referenceName: REFERENCES[reference],
					unit: 'ms',
					goal: '(reported)',
					samples: { ours: ownWork.ours, reference: ownWork[reference] },
					...(gcTraced && {
						note: `runs a full garbage collection fell in (gc-trace.cjs): ours ${ownWork.collected.ours}, the reference ${ownWork.collected[reference]}, of ${options.downloadReps}`,
					}),
				});
		}
	}
	results.addDetails('download', all);
	await restartWith(n8n, 'filesystem', serverNodeOptions());
}

export const downloadBenchmark: Benchmark = {
	name: 'download',
	title: (options) =>
		`5. Download File, 15 MB, both binary modes (${options.downloadReps} runs each)`,
	workflows: downloadWorkflows,
	run: benchDownload,
};
