/**
 * Creates a signing request from a 15 MB PDF through n8n's engine against the emulator, and prints the peak
 * memory growth (RSS and heap, sampled every 5 ms) against the file size. Not a test: run it with
 * `npx ts-node --transpile-only bench/create-15mb.ts`. Goal: growth at most 3× the file size.
 * The emulator runs in a child process, so that only n8n's and the node's memory is measured.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-dex-bench-'));
process.env.N8N_ENCRYPTION_KEY ??= 'document-execution-bench-key';

import { V3_SEED } from '../test/emulator/families/v3';
import { startEmulator } from '../test/emulator/server';
import { makePdf } from '../test/fixtures/pdf';
import { runNode, storeBinary, type BinaryMode } from '../test/harness/engine';
import { tokenCredential } from '../test/support/credentials';
import { CREATE_FROM_BINARY } from './lib/workflows';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

interface Remote {
	baseUrl: string;
	stop(): void;
}

async function emulatorInChild(): Promise<Remote> {
	const child = fork(__filename, ['--emulator-child'], {
		execArgv: ['-r', 'ts-node/register/transpile-only'],
	});
	const baseUrl = await new Promise<string>((resolve) =>
		child.once('message', (message) => resolve(String(message))),
	);
	return { baseUrl, stop: () => child.kill() };
}

async function measure(mode: BinaryMode): Promise<void> {
	const remote = await emulatorInChild();
	const credentials = {
		documentExecutionApi: { ...tokenCredential({ baseUrl: remote.baseUrl } as never) },
	};
	try {
		// A warm-up run, so that module loading and JIT are not counted as the file's cost.
		await runNode(
			{
				authentication: 'authToken',
				resource: 'document',
				operation: 'getStatus',
				documentId: V3_SEED.sentDocumentId,
			},
			{ credentials, binaryMode: mode },
		);
		const pdf = makePdf('Fifteen megabytes', 15 * MB);
		const input = [
			{
				json: {},
				binary: {
					data: await storeBinary(pdf, { fileName: 'big.pdf', mimeType: 'application/pdf' }, mode),
				},
			},
		];
		global.gc?.();
		const base = process.memoryUsage();
		let peakRss = base.rss;
		let peakHeap = base.heapUsed + base.external;
		const sampler = setInterval(() => {
			const now = process.memoryUsage();
			peakRss = Math.max(peakRss, now.rss);
			peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
		}, 5);
		const started = Date.now();
		const result = await runNode(
			{ authentication: 'authToken', ...CREATE_FROM_BINARY },
			{ credentials, input, binaryMode: mode },
		);
		clearInterval(sampler);
		const error = result.nodeError('Document Execution');
		if (error) throw error;
		const rssGrowth = peakRss - base.rss;
		const heapGrowth = peakHeap - (base.heapUsed + base.external);
		console.log(
			`[${mode}] file ${mb(pdf.length)}; ${Date.now() - started} ms; peak RSS growth ${mb(rssGrowth)} (${(rssGrowth / pdf.length).toFixed(2)}× file); ` +
				`peak heap+external growth (external includes Buffers) ${mb(heapGrowth)} (${(heapGrowth / pdf.length).toFixed(2)}× file); documentId ${String(result.items[0].json.documentId)}`,
		);
	} finally {
		remote.stop();
	}
}

if (require.main === module) {
	if (process.argv.includes('--emulator-child')) {
		void startEmulator().then((emulator) => process.send?.(emulator.baseUrl));
	} else {
		void (async () => {
			for (const mode of ['default', 'filesystem'] as const) await measure(mode);
		})();
	}
}
