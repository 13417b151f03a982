import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { V3_SEED } from '../../emulator/families/v3';
import { deliverWebhook } from '../../emulator/families/webhooks';
import type { WorkflowJson } from '../../harness/engine';
import { ROOT } from '../../harness/types';
import type { WebhookServer } from '../../harness/webhook-server';
import { triggerTestbed } from './helpers';

/**
 * examples/reviewer-approval.json's trigger as a user imports it, taking deliveries from the emulator over HTTP.
 * The Switch and the notification stand-ins are n8n's own nodes, which run in the real n8n
 * (test/e2e/pipelines.test.ts); here: which deliveries start the flow, and that nothing reads the service.
 */
const example = JSON.parse(
	readFileSync(join(ROOT, 'examples', 'reviewer-approval.json'), 'utf8'),
) as WorkflowJson;
const TRIGGER_TYPE = 'n8n-nodes-document-execution.documentExecutionTrigger';
const trigger = example.nodes.find((node) => node.type === TRIGGER_TYPE)!;

const bed = triggerTestbed();
let server: WebhookServer;
beforeEach(async () => {
	server = await bed.serve(trigger.parameters);
});

describe('examples/reviewer-approval.json', () => {
	it('is the trigger on approvals and rejections, a Switch on the event kind and two named stand-ins', () => {
		expect(trigger.parameters.events).toEqual(['REVIEWER_APPROVAL', 'INVITEE_REJECTED']);
		expect(trigger.webhookId).toMatch(/^[0-9a-f-]{36}$/);
		const others = example.nodes.filter(
			(node) => node !== trigger && node.type !== 'n8n-nodes-base.stickyNote',
		);
		expect(others.map((node) => node.type)).toEqual([
			'n8n-nodes-base.switch',
			'n8n-nodes-base.noOp',
			'n8n-nodes-base.noOp',
		]);
		expect(others.slice(1).every((node) => /stand-in/.test(node.name))).toBe(true);
		// Nothing is downloaded: a reviewer usually approves before the signers sign.
		expect(example.nodes.some((node) => node.type.endsWith('.documentExecution'))).toBe(false);
	});

	it.each([
		['REVIEWER_APPROVAL', 'REVIEWER_APPROVAL'],
		['SIGNER_REJECTED', 'INVITEE_REJECTED'],
		['REVIEWER_REJECTED', 'INVITEE_REJECTED'],
	])('a %s delivery starts the flow with event kind %s', async (eventType, kind) => {
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: server.url(),
			documentId: V3_SEED.sentDocumentId,
			overrides: { eventType },
		});
		await server.settled();

		expect(delivery.attempts[0].status).toBe(200);
		expect(server.executions).toHaveLength(1);
		expect(server.executions[0].items[0].json).toMatchObject({
			event: { kind },
			document: { documentId: V3_SEED.sentDocumentId },
			macVerification: { verified: true },
		});
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});

	it('a signature, another event type and a forged approval start nothing', async () => {
		const signed = await deliverWebhook(bed.emulator.env, {
			url: server.url(),
			documentId: V3_SEED.completedDocumentId,
			overrides: { eventType: 'SIGNED' },
		});
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
		expect([signed, other, forged].map((delivery) => delivery.attempts[0].status)).toEqual([
			200, 200, 401,
		]);
		expect(server.executions).toHaveLength(0);
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});
});
