import { V3_SEED, type V3State } from '../../emulator/families/v3';
import { deliverV3Event } from '../../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT } from '../../emulator/server';
import { oauthCredential } from '../../support/credentials';
import { triggerTestbed } from './helpers';

/**
 * An invitee set to an older webhook version in the dashboard sends no webhookType and no documentStatus. With
 * Only Completed Documents on, the trigger asks the service (the v3 document list, searched for the document ID,
 * with the Auth Token: the read whose answer names the status) instead of dropping
 * the delivery: it runs the flow once when the document is completed, never when it is not, and answers 503
 * (the service sends it again) when the service cannot be asked.
 */

const bed = triggerTestbed();
const completedOnly = { events: ['INVITEE_SIGNED'], options: { completedOnly: true } };

const statusReads = () => bed.emulator.requestsTo('/api/v3.0/sign/request/list');

const inviteeCount = (documentId: string) =>
	bed.emulator.slice<V3State>('v3').documents.get(documentId)!.invitees.length;

describe('Document Execution Trigger: a delivery of an older webhook version', () => {
	it('Only Completed Documents, document completed: one execution, its status read once from the service', async () => {
		const hook = await bed.serve(completedOnly);
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacy',
		});
		await hook.settled();

		expect(JSON.parse(delivery.body)).not.toHaveProperty('documentStatus');
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
		expect(hook.executions).toHaveLength(1);
		const [read] = statusReads();
		expect(statusReads()).toHaveLength(1);
		expect(read.query).toEqual({ q: V3_SEED.completedDocumentId });
		expect(read.headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);
		const json = hook.executions[0].items[0].json;
		expect(json.event).toMatchObject({
			kind: 'INVITEE_SIGNED',
			documentId: V3_SEED.completedDocumentId,
			documentStatus: 'COMPLETED',
		});
		expect(json).not.toHaveProperty('currentStatus');
		expect(json).not.toHaveProperty('documentStatus');
	});

	it('Only Completed Documents, document still pending: acknowledged (200) after one read, no execution', async () => {
		const hook = await bed.serve(completedOnly);
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			version: 'legacy',
		});
		await hook.settled();
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
		expect(hook.executions).toHaveLength(0);
		expect(statusReads().map((request) => request.query.q)).toEqual([V3_SEED.sentDocumentId]);
	});

	it("every invitee's delivery that finds the document completed: the flow runs once for the document", async () => {
		const hook = await bed.serve(completedOnly);
		const documentId = V3_SEED.completedDocumentId;
		const invitees = inviteeCount(documentId);
		expect(invitees).toBeGreaterThan(1);
		for (let inviteeIndex = 0; inviteeIndex < invitees; inviteeIndex++)
			await deliverV3Event(bed.emulator.env, {
				url: hook.url(),
				event: 'signed',
				documentId,
				inviteeIndex,
				version: 'legacy',
			});
		await hook.settled();
		expect(statusReads()).toHaveLength(invitees);
		expect(hook.executions).toHaveLength(1);
	});

	it('a failed read answers 503 (the service sends it again) with a readable failed execution, and starts nothing', async () => {
		const hook = await bed.serve(completedOnly);
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: 'DOC-UNKNOWN',
			version: 'legacy',
			retries: 1,
		});
		await hook.settled();
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 503]);
		expect(statusReads()).toHaveLength(2);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures.map((failure) => failure.error.message)).toEqual(
			Array(2).fill(
				'Only Completed Documents: the service does not list the document DOC-UNKNOWN with a status',
			),
		);
	});

	it('with OAuth2 (which cannot read a v3 document): 503 and a failed execution saying to use the Auth Token, nothing sent', async () => {
		const credential = { ...(await oauthCredential(bed.emulator)), privateSalt: DEFAULT_SALT };
		const hook = await bed.serve(
			{ authentication: 'oAuth2', ...completedOnly },
			{ documentExecutionOAuth2Api: credential },
		);
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacy',
		});
		await hook.settled();
		expect(delivery.attempts[0].status).toBe(503);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures[0].error.message).toBe(
			'Only Completed Documents: this needs the Auth Token credential',
		);
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});

	it('without Only Completed Documents nothing is read: the delivery runs as it came, its status null', async () => {
		const hook = await bed.serve({ events: ['INVITEE_SIGNED'] });
		await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			version: 'legacy',
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.event).toMatchObject({
			kind: 'INVITEE_SIGNED',
			documentStatus: null,
		});
		expect(bed.emulator.requests).toHaveLength(0);
	});

	it('with Re-Fetch Current Status on too: the list gives the status, check status the current state', async () => {
		const hook = await bed.serve({
			options: { ...completedOnly.options, refetchStatus: true },
		});
		await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacy',
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(1);
		expect(statusReads()).toHaveLength(1);
		expect(bed.emulator.requestsTo('/api/v3.2/sign/request')).toHaveLength(1);
		expect(hook.executions[0].items[0].json.currentStatus).toMatchObject({
			source: 'v3.2 check status',
			documentId: V3_SEED.completedDocumentId,
		});
	});
});
