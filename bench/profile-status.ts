/**
 * Profiles Get Status over 1,000 items through n8n's engine (in process, the emulator in a child process):
 * `npx ts-node --transpile-only bench/profile-status.ts` prints the time; add `--cpu-prof` to node
 * (`node --cpu-prof -r ts-node/register/transpile-only bench/profile-status.ts`) for a .cpuprofile.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-dex-bench-'));

import { startEmulator } from '../test/emulator/server';
import { runNode } from '../test/harness/engine';
import { tokenCredential } from '../test/support/credentials';

const ITEMS = Number(process.env.ITEMS ?? 1000);

async function main(): Promise<void> {
	const child = fork(__filename, ['--emulator-child'], {
		execArgv: ['-r', 'ts-node/register/transpile-only'],
	});
	const baseUrl = await new Promise<string>((resolve) =>
		child.once('message', (message) => resolve(String(message))),
	);
	const credentials = { documentExecutionApi: { ...tokenCredential({ baseUrl } as never) } };
	const input = Array.from({ length: ITEMS }, (_, index) => ({
		json: { documentId: `DOCEXTRA${String(index + 1).padStart(6, '0')}` },
	}));
	const parameters = {
		authentication: 'authToken',
		resource: 'document',
		operation: 'getStatus',
		documentId: '={{ $json.documentId }}',
	};
	try {
		await runNode(parameters, { credentials, input: input.slice(0, 10) });
		for (let rep = 0; rep < 3; rep++) {
			const begin = performance.now();
			const result = await runNode(parameters, { credentials, input });
			const error = result.nodeError('Document Execution');
			if (error) throw error;
			console.log(`${result.items.length} items in ${(performance.now() - begin).toFixed(0)} ms`);
		}
	} finally {
		child.kill();
	}
}

if (require.main === module) {
	if (process.argv.includes('--emulator-child')) {
		void startEmulator({ seed: { v3ExtraDocuments: ITEMS } }).then((emulator) =>
			process.send?.(emulator.baseUrl),
		);
	} else {
		void main();
	}
}
