import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { complete } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { runWorkflow, type WorkflowJson } from '../../harness/engine';
import { ROOT } from '../../harness/types';
import { isPdf } from '../../fixtures/pdf';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, servicePaths, startV3Emulator, v3State } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const example = JSON.parse(
	readFileSync(join(ROOT, 'examples', 'send-and-wait-polling.json'), 'utf8'),
) as WorkflowJson;
const OUR_NODES = ['Create Signing Request', 'Get Status', 'Download Signed PDF'];

/**
 * The example's own nodes in the order the flow reaches them once signed: its trigger, then Create, Get Status
 * and the download, linked in a row. The engine here has no n8n-nodes-base (Set, Wait, Switch), so the wait
 * is left out; test/e2e/examples.test.ts runs the whole example in n8n.
 */
const ourPath: WorkflowJson = (() => {
	const trigger = example.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!;
	const names = [trigger.name, ...OUR_NODES];
	return {
		...example,
		nodes: names.map((name) => example.nodes.find((node) => node.name === name)!),
		connections: Object.fromEntries(
			names
				.slice(0, -1)
				.map((name, index) => [
					name,
					{ main: [[{ node: names[index + 1], type: 'main' as const, index: 0 }]] },
				]),
		),
	};
})();

it("examples/send-and-wait-polling.json's Document Execution nodes create, read the status and output the signed PDF as binary", async () => {
	for (const name of OUR_NODES) {
		const node = example.nodes.find((candidate) => candidate.name === name);
		expect(node?.type).toBe('n8n-nodes-document-execution.documentExecution');
		// Referenced by name only: n8n's import finds the user's credential of that name and type.
		expect(node?.credentials).toEqual({
			documentExecutionApi: { id: null, name: 'Document Execution account' },
		});
	}
	// Without the wait, the invitees sign as soon as the request exists, so the download finds it COMPLETED.
	emulator.env.events.on('v3DocumentCreated', (documentId: string) =>
		complete(v3State(emulator).documents.get(documentId)!, emulator.clock.now()),
	);

	const result = await runWorkflow(ourPath, {
		credentials: { documentExecutionApi: tokenCredential(emulator) },
	});
	expect(result.run.data.resultData.error).toBeUndefined();
	const [createdItem] = result.output('Create Signing Request');
	const documentId = createdItem.json.documentId as string;
	expect(createdItem.json).toMatchObject({
		irn: 'SA-2025/001',
		invitees: [
			expect.objectContaining({ name: 'Ravi Menon', signUrl: expect.stringContaining('/sign/') }),
			expect.objectContaining({ name: 'Asha Rao', signUrl: expect.stringContaining('/sign/') }),
		],
	});
	expect(result.output('Get Status')[0].json).toMatchObject({
		documentId,
		status: 'COMPLETED',
		invitees: [
			expect.objectContaining({ state: 'SIGNED' }),
			expect.objectContaining({ state: 'SIGNED' }),
		],
	});
	const [downloaded] = result.output('Download Signed PDF');
	const bytes = await result.binary(downloaded);
	expect(isPdf(bytes)).toBe(true);
	expect(bytes.toString('latin1')).toContain('Signed: Service-Agreement_2025.pdf');
	expect(downloaded.binary!.data).toMatchObject({
		mimeType: 'application/pdf',
		fileName: 'Service-Agreement_2025.pdf',
	});
	expect(requestsOn(emulator, servicePaths.fetch)[0].query).toEqual({
		documentId,
		documentDownloadType: 'DOCUMENT',
	});
});
