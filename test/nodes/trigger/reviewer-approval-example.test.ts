import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { V3_CODES } from '../../../nodes/shared/serviceCodes';
import { V3_SEED, type V3State } from '../../emulator/families/v3';
import { deliverWebhook } from '../../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN } from '../../emulator/server';
import type { WorkflowJson } from '../../harness/engine';
import { ROOT } from '../../harness/types';
import type { WebhookServer } from '../../harness/webhook-server';
import { triggerTestbed } from './helpers';

/**
 * examples/reviewer-approval.json as a user imports it: the trigger takes a delivery from the emulator over
 * HTTP, and the rest of the workflow (Get Status, Download File) runs through n8n's engine with the
 * trigger's output as its input.
 */
const example = JSON.parse(
	readFileSync(join(ROOT, 'examples', 'reviewer-approval.json'), 'utf8'),
) as WorkflowJson;

const bed = triggerTestbed();
let server: WebhookServer;
beforeEach(async () => {
	server = await bed.serve({}, bed.withSalt(), example);
});

describe('examples/reviewer-approval.json', () => {
	it('is the trigger, then Get Status, then Download File, all of this package', () => {
		expect(example.nodes.map((node) => [node.name, node.type])).toEqual([
			['Document Execution Trigger', 'n8n-nodes-document-execution.documentExecutionTrigger'],
			['Get Status', 'n8n-nodes-document-execution.documentExecution'],
			['Download File', 'n8n-nodes-document-execution.documentExecution'],
		]);
		expect(example.nodes[0].webhookId).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('a reviewer approval of a completed document: its status is read back and the signed PDF downloaded', async () => {
		const documentId = V3_SEED.completedDocumentId;
		const delivery = await deliverWebhook(bed.emulator.env, { url: server.url(), documentId });
		await server.settled();

		expect(delivery.attempts[0].status).toBe(200);
		expect(server.executions).toHaveLength(1);
		expect(server.executions[0].runError).toBeUndefined();
		const run = server.executions[0].run!;
		expect(run.run.data.resultData.error).toBeUndefined();

		const [trigger] = run.output('Document Execution Trigger');
		expect(trigger.json).toMatchObject({
			eventType: 'REVIEWER_APPROVAL',
			document: { documentId },
			macVerification: { verified: true },
		});

		const [status] = run.output('Get Status');
		expect(status.json).toMatchObject({ documentId, status: 'COMPLETED' });
		const [statusRequest] = bed.emulator.requestsTo('/api/v3.2/sign/request');
		expect(statusRequest.query.documentId).toBe(documentId);
		expect(statusRequest.headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);

		const [file] = run.output('Download File');
		const bytes = await run.binary(file);
		const signed = bed.emulator.slice<V3State>('v3').documents.get(documentId)!.signedPdf!;
		expect(bytes.equals(signed)).toBe(true);
		expect(file.binary?.data.mimeType).toBe('application/pdf');
		expect(bed.emulator.requestsTo('/api/v3.3/document/fetchDocument')[0].query).toMatchObject({
			documentId,
			documentDownloadType: 'DOCUMENT',
		});
	});

	it('an approval of a document still waiting for signatures: the status says SENT and the download step says why it fails', async () => {
		await deliverWebhook(bed.emulator.env, {
			url: server.url(),
			documentId: V3_SEED.sentDocumentId,
		});
		await server.settled();
		const run = server.executions[0].run!;
		expect(run.output('Get Status')[0].json).toMatchObject({
			documentId: V3_SEED.sentDocumentId,
			status: 'SENT',
		});
		expect(run.nodeError('Download File')?.message).toBe(
			`${V3_CODES['no.document.found'].message} [no.document.found]`,
		);
	});

	it('ignores other event types and refuses a forged approval, so nothing is read or downloaded', async () => {
		const other = await deliverWebhook(bed.emulator.env, {
			url: server.url(),
			documentId: V3_SEED.completedDocumentId,
			overrides: { eventType: 'SOMETHING_ELSE' },
		});
		const forged = await deliverWebhook(bed.emulator.env, {
			url: server.url(),
			documentId: V3_SEED.completedDocumentId,
			overrides: { mac: 'c'.repeat(40) },
		});
		await server.settled();
		expect([other.attempts[0].status, forged.attempts[0].status]).toEqual([200, 401]);
		expect(server.executions).toHaveLength(0);
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});
});
