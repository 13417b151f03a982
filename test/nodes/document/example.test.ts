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
	readFileSync(join(ROOT, 'examples', 'create-status-download.json'), 'utf8'),
) as WorkflowJson;

it('examples/create-status-download.json runs end to end and outputs the signed PDF as binary', async () => {
	expect(example.nodes[0].type).toBe('n8n-nodes-base.manualTrigger');
	expect(
		example.nodes
			.slice(1)
			.every((node) => node.type === 'n8n-nodes-document-execution.documentExecution'),
	).toBe(true);
	expect(example.nodes[1].credentials).toEqual({
		documentExecutionApi: { id: '1', name: 'Document Execution (emulator)' },
	});
	// The invitee signs as soon as the request exists, so that the download finds a COMPLETED document.
	emulator.env.events.on('v3DocumentCreated', (documentId: string) =>
		complete(v3State(emulator).documents.get(documentId)!, emulator.clock.now()),
	);

	const result = await runWorkflow(example, {
		credentials: { documentExecutionApi: tokenCredential(emulator) },
	});
	expect(result.run.data.resultData.error).toBeUndefined();
	const [createdItem] = result.output('Create Signing Request');
	const documentId = createdItem.json.documentId as string;
	expect(createdItem.json).toMatchObject({
		irn: 'SA-2025/001',
		invitees: [
			expect.objectContaining({ name: 'Asha Rao', signUrl: expect.stringContaining('/sign/') }),
		],
	});
	expect(result.output('Get Status')[0].json).toMatchObject({
		documentId,
		invitees: [expect.objectContaining({ state: 'SIGNED' })],
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
