import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { configureInviteeWebhooks, V3_SEED, type V3State } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import { configureWebhookVersions } from '../../emulator/families/webhooks';

import type { WorkflowJson } from '../../harness/engine';
import { ROOT } from '../../harness/types';
import type { WebhookServer } from '../../harness/webhook-server';
import { triggerTestbed } from './helpers';

/**
 * examples/document-signed.json as a user imports it: the service posts one "signed" webhook per signer to the
 * URL pasted on the workflow's invitees; only the last one (document Completed) starts the flow, which then
 * downloads the signed PDF and the audit trail through n8n's engine.
 */
const example = JSON.parse(
	readFileSync(join(ROOT, 'examples', 'document-signed.json'), 'utf8'),
) as WorkflowJson;

const bed = triggerTestbed();
let server: WebhookServer;
beforeEach(async () => {
	server = await bed.serve({}, bed.withSalt(), example);
});

const documentOf = (documentId: string) =>
	bed.emulator.slice<V3State>('v3').documents.get(documentId)!;

/** The URLs a user pastes on every invitee of the document's workflow. */
function pasteUrls(documentId: string) {
	configureInviteeWebhooks(bed.emulator.env, documentOf(documentId).profileId, {
		all: { webhookUrl: server.url('default'), errorWebhookUrl: server.url('error') },
	});
}

describe('examples/document-signed.json', () => {
	it('is the trigger (signed events of completed documents), then two downloads, its guidance on sticky notes', () => {
		expect(example.nodes.some((node) => 'notes' in node)).toBe(false);
		expect(
			example.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote'),
		).not.toHaveLength(0);
		const nodes = example.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
		expect(nodes.map((node) => [node.name, node.type])).toEqual([
			['Document Execution Trigger', 'n8n-nodes-document-execution.documentExecutionTrigger'],
			['Download Signed PDF', 'n8n-nodes-document-execution.documentExecution'],
			['Download Audit Trail', 'n8n-nodes-document-execution.documentExecution'],
		]);
		expect(nodes[0].parameters).toMatchObject({
			events: ['INVITEE_SIGNED'],
			options: { completedOnly: true },
		});
	});

	it('every signer signs: one webhook each, one execution, with the signed PDF and the audit trail the service holds', async () => {
		const documentId = V3_SEED.sentDocumentId;
		pasteUrls(documentId);
		const { deliveries } = await inviteeActs(bed.emulator.env, documentId, 'sign-all');
		await server.settled();

		expect(deliveries.length).toBe(documentOf(documentId).invitees.length);
		expect(deliveries.every((delivery) => delivery.attempts[0].status === 200)).toBe(true);
		expect(server.executions).toHaveLength(1);
		const run = server.executions[0].run!;
		expect(run.run.data.resultData.error).toBeUndefined();
		expect(run.output('Document Execution Trigger')[0].json.event).toMatchObject({
			kind: 'INVITEE_SIGNED',
			documentId,
			documentStatus: 'COMPLETED',
		});

		const stored = documentOf(documentId);
		const [pdf] = run.output('Download Signed PDF');
		expect((await run.binary(pdf)).equals(stored.signedPdf!)).toBe(true);
		const [audit] = run.output('Download Audit Trail');
		expect((await run.binary(audit, 'auditTrail')).equals(stored.auditTrail!)).toBe(true);
		expect(audit.binary?.auditTrail.mimeType).toBe('application/pdf');
		expect(
			bed.emulator
				.requestsTo('/api/v3.3/document/fetchDocument')
				.map((request) => request.query.documentDownloadType),
		).toEqual(['DOCUMENT', 'AUDIT_TRAIL']);
	});

	it('invitees set to an older webhook version (no document status): the service is asked, the flow runs once', async () => {
		const documentId = V3_SEED.sentDocumentId;
		pasteUrls(documentId);
		configureWebhookVersions(bed.emulator.env, documentOf(documentId).profileId, { all: 'legacy' });
		const { deliveries } = await inviteeActs(bed.emulator.env, documentId, 'sign-all');
		await server.settled();

		expect(deliveries.every((delivery) => !('documentStatus' in delivery.envelope))).toBe(true);
		expect(deliveries.map((delivery) => delivery.attempts[0].status)).toEqual(
			deliveries.map(() => 200),
		);
		expect(
			bed.emulator.requestsTo('/api/v3.0/sign/request/list').map((request) => request.query.q),
		).toEqual(deliveries.map(() => documentId));
		expect(server.executions).toHaveLength(1);
		const run = server.executions[0].run!;
		expect(run.run.data.resultData.error).toBeUndefined();
		const [pdf] = run.output('Download Signed PDF');
		expect((await run.binary(pdf)).equals(documentOf(documentId).signedPdf!)).toBe(true);
	});

	it('a signature that leaves others pending, and a rejection, are acknowledged and start nothing', async () => {
		const documentId = V3_SEED.sentDocumentId;
		pasteUrls(documentId);
		const signed = await inviteeActs(bed.emulator.env, documentId, 'sign-next');
		const rejected = await inviteeActs(bed.emulator.env, documentId, 'reject', {
			reason: 'Wrong amount',
		});
		await server.settled();
		expect(
			[...signed.deliveries, ...rejected.deliveries].map((delivery) => delivery.attempts[0].status),
		).toEqual([200, 200]);
		expect(server.executions).toHaveLength(0);
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});
});
