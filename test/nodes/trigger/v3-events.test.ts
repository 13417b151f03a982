import { createHmac } from 'node:crypto';

import { V3_SEED, type V3State } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import { buildV3Event, deliverV3Event, type V3EventKind } from '../../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, startEmulator } from '../../emulator/server';
import { oauthCredential } from '../../support/credentials';
import { postRaw, triggerTestbed } from './helpers';

/**
 * The flat webhooks a document made with v3.0 Create really produces (one per invitee action, documented in the
 * service's knowledge base), received by the trigger over real HTTP: each genuine one starts exactly one
 * execution with the normalised event right; each forged one is refused with 401 and starts nothing.
 */

const hmac = (value: string, key: string) => createHmac('sha1', key).update(value).digest('hex');

const bed = triggerTestbed();
const { serve } = bed;

const sentDocument = () => bed.emulator.slice<V3State>('v3').documents.get(V3_SEED.sentDocumentId)!;

/** Each documented event, the URL the service sends it to, and the kind the trigger names it. */
const EVENTS: Array<{ event: V3EventKind; webhook: 'default' | 'error'; kind: string }> = [
	{ event: 'signed', webhook: 'default', kind: 'INVITEE_SIGNED' },
	{ event: 'reviewerApproved', webhook: 'default', kind: 'REVIEWER_APPROVAL' },
	{ event: 'rejected', webhook: 'error', kind: 'INVITEE_REJECTED' },
	{
		event: 'certificateVerificationFailed',
		webhook: 'error',
		kind: 'CERTIFICATE_VERIFICATION_FAILED',
	},
];

describe('Document Execution Trigger: the v3 flat webhooks', () => {
	it.each(EVENTS)(
		'a genuine "$event" on its URL starts one execution: the body as sent, and event.kind $kind',
		async ({ event, webhook, kind }) => {
			const hook = await serve();
			const invitee = sentDocument().invitees[0];
			const delivery = await deliverV3Event(bed.emulator.env, {
				url: hook.url(webhook),
				event,
				documentId: V3_SEED.sentDocumentId,
			});
			await hook.settled();

			expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
			expect(hook.executions).toHaveLength(1);
			const { event: normalised, macVerification, ...body } = hook.executions[0].items[0].json;
			expect(body).toEqual(JSON.parse(delivery.body));
			expect(macVerification).toEqual({ verified: true, detail: expect.stringMatching(/matches/) });
			expect(normalised).toEqual({
				kind,
				eventType: null,
				shape: 'v3',
				route: webhook === 'default' ? 'success' : 'error',
				documentId: V3_SEED.sentDocumentId,
				documentStatus: 'SENT',
				irn: sentDocument().irn,
				invitee: {
					name: invitee.name,
					email: invitee.email ?? null,
					phone: invitee.phone ?? null,
					signUrl: `${bed.emulator.env.origin()}/sign/${invitee.uuid}`,
				},
			});
			expect(hook.failures).toHaveLength(0);
		},
	);

	it('the service itself sends them as invitees act: one execution per action, the last signature says COMPLETED', async () => {
		const hook = await serve();
		const created = await startEmulator({
			seed: {
				webhookRetries: 0,
				v3WebhookUrl: hook.url('default'),
				v3ErrorWebhookUrl: hook.url('error'),
			},
		});
		try {
			const documentId = V3_SEED.sentDocumentId;
			const signers = created.slice<V3State>('v3').documents.get(documentId)!.invitees.length;
			const result = await inviteeActs(created.env, documentId, 'sign-all');
			await hook.settled();
			expect(result.deliveries.map((delivery) => delivery.attempts[0].status)).toEqual(
				Array(signers).fill(200),
			);
			expect(hook.executions).toHaveLength(signers);
			const events = hook.executions.map(
				(execution) => execution.items[0].json.event as { kind: string; documentStatus: string },
			);
			expect(events.map((event) => event.kind)).toEqual(Array(signers).fill('INVITEE_SIGNED'));
			expect(events.at(-1)!.documentStatus).toBe('COMPLETED');
			expect(events.slice(0, -1).every((event) => event.documentStatus === 'SENT')).toBe(true);
		} finally {
			await created.close();
		}
	});
});

describe('Document Execution Trigger: forged v3 webhooks start nothing', () => {
	it.each(EVENTS)(
		'"$event": a flipped digit, a missing mac, the mac of another document or another salt are each refused with 401',
		async ({ event, webhook }) => {
			const hook = await serve();
			const genuine = buildV3Event(bed.emulator.env, { event, documentId: 'DOC-V3-1' });
			const mac = genuine.mac as string;
			const flipped = mac.slice(0, 7) + (mac[7] === 'a' ? 'b' : 'a') + mac.slice(8);
			const { mac: _mac, ...unsigned } = genuine;
			const forgeries = [
				{ ...genuine, mac: flipped },
				unsigned,
				{ ...genuine, mac: null },
				buildV3Event(bed.emulator.env, {
					event,
					documentId: 'DOC-V3-1',
					overrides: { mac: hmac('DOC-V3-2', DEFAULT_SALT) },
				}),
				// The MAC moved onto another document's body.
				{ ...buildV3Event(bed.emulator.env, { event, documentId: 'DOC-V3-2' }), mac },
				{ ...genuine, mac: hmac('DOC-V3-1', 'other-account-salt') },
				// A v3 body's MAC covers its top-level documentId, not an id placed where the envelope keeps it.
				{ ...genuine, documentId: 'DOC-OTHER', document: { documentId: 'DOC-V3-1' } },
			];
			for (const forged of forgeries)
				expect(await postRaw(hook.url(webhook), JSON.stringify(forged))).toEqual({
					status: 401,
					body: '',
				});
			await hook.settled();
			expect(hook.executions).toHaveLength(0);
			expect(bed.emulator.requests).toHaveLength(0);
		},
	);

	it('a body that is neither shape, or both, is refused with 400 before anything runs', async () => {
		const hook = await serve();
		const flat = buildV3Event(bed.emulator.env, { event: 'signed', documentId: 'DOC-V3-3' });
		for (const body of [
			{ webhookType: 'Success', request: {} },
			{ ...flat, eventType: 'REVIEWER_APPROVAL', document: { documentId: 'DOC-V3-3' } },
		]) {
			const answer = await postRaw(hook.url(), JSON.stringify(body));
			expect(answer.status).toBe(400);
			expect(JSON.parse(answer.body).message).toMatch(/v3 webhook .* or a Webhook 4\.0 envelope/);
		}
		await hook.settled();
		expect(hook.executions).toHaveLength(0);
	});
});

describe('Document Execution Trigger options on v3 webhooks', () => {
	it('Events filters by kind: an unselected kind is acknowledged (200) and starts nothing', async () => {
		const hook = await serve({
			events: ['INVITEE_REJECTED', 'CERTIFICATE_VERIFICATION_FAILED'],
		});
		const signed = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: 'DOC-F1',
		});
		const rejected = await deliverV3Event(bed.emulator.env, {
			url: hook.url('error'),
			event: 'rejected',
			documentId: 'DOC-F2',
		});
		await hook.settled();
		expect([signed.attempts[0].status, rejected.attempts[0].status]).toEqual([200, 200]);
		expect(
			hook.executions.map(
				(execution) => (execution.items[0].json.event as { documentId: string }).documentId,
			),
		).toEqual(['DOC-F2']);
	});

	it('Only Completed Documents lets through only the delivery that says every invitee has acted', async () => {
		const hook = await serve({ events: ['INVITEE_SIGNED'], options: { completedOnly: true } });
		const pending = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		const completed = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
		});
		await hook.settled();
		expect(JSON.parse(pending.body).documentStatus).toBe('Sent');
		expect(JSON.parse(completed.body).documentStatus).toBe('Completed');
		expect([pending.attempts[0].status, completed.attempts[0].status]).toEqual([200, 200]);
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.event).toMatchObject({
			documentId: V3_SEED.completedDocumentId,
			documentStatus: 'COMPLETED',
		});
	});

	it('Re-Fetch Current Status reads the v3 document by its top-level documentId with the Auth Token', async () => {
		const hook = await serve({ options: { refetchStatus: true } });
		await deliverV3Event(bed.emulator.env, {
			url: hook.url('error'),
			event: 'rejected',
			documentId: V3_SEED.sentDocumentId,
		});
		await hook.settled();
		const [request] = bed.emulator.requestsTo('/api/v3.2/sign/request');
		expect(request.query).toEqual({ documentId: V3_SEED.sentDocumentId });
		expect(request.headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);
		expect(hook.executions[0].items[0].json.currentStatus).toMatchObject({
			source: 'v3.2 check status',
			documentId: V3_SEED.sentDocumentId,
			data: { documentId: V3_SEED.sentDocumentId },
		});
	});

	it('Re-Fetch with OAuth2 cannot read a v3 document: the run fails saying to use the Auth Token, nothing is sent', async () => {
		const credential = { ...(await oauthCredential(bed.emulator)), privateSalt: DEFAULT_SALT };
		const hook = await serve(
			{ authentication: 'oAuth2', options: { refetchStatus: true } },
			{ documentExecutionOAuth2Api: credential },
		);
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		await hook.settled();
		expect(delivery.attempts[0].status).toBe(503);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures[0].error).toMatchObject({
			message: 'Re-Fetch Current Status: this needs the Auth Token credential',
			description:
				'The service accepts OAuth2 only on its v4 pack and media operations. A v3 document can be read only with it: choose the Auth Token credential in this trigger, or turn Re-Fetch Current Status off.',
		});
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});
});
