import type { V4State } from '../emulator/families/v4';
import {
	buildEnvelope,
	deliverWebhook,
	isErrorEnvelope,
	WEBHOOK4_EVENT_TYPES,
} from '../emulator/families/webhooks';
import { DEFAULT_SALT, startEmulator } from '../emulator/server';
import { hmac, http, useEmulatorAndReceiver } from './webhook-receiver';

/** The webhooks family's Webhook 4.0 envelopes: their keys, their values for each event type, their MAC. */

const setup = useEmulatorAndReceiver();

const TOP_LEVEL_KEYS = [
	'webhookType',
	'eventType',
	'rejectionReason',
	'combinationUuid',
	'workflowRunContextId',
	'timestamp',
	'pack',
	'document',
	'invitationGroup',
	'invitee',
	'messages',
	'mac',
];

describe('webhooks family builds Webhook 4.0 REVIEWER_APPROVAL envelopes as the spec states', () => {
	it('POSTs JSON with every top-level key, nulls where a value does not apply, and the MAC of the document id', async () => {
		const delivery = await deliverWebhook(setup.emulator.env, {
			url: setup.receiver.url,
			documentId: 'DOC-123',
		});
		expect(setup.receiver.got).toHaveLength(1);
		const [got] = setup.receiver.got;
		expect(got.method).toBe('POST');
		expect(got.headers['content-type']).toBe('application/json');
		const envelope = JSON.parse(got.body);
		expect(Object.keys(envelope).sort()).toEqual([...TOP_LEVEL_KEYS].sort());
		expect(envelope).toMatchObject({
			webhookType: 'SUCCESS',
			eventType: 'REVIEWER_APPROVAL',
			rejectionReason: null,
			messages: [],
			document: {
				documentId: 'DOC-123',
				action: 'APPROVED',
				signatureType: null,
				documentStatus: 'SENT',
			},
			invitee: { invitationStatus: 'REVIEWER_APPROVED' },
			invitationGroup: { type: 'REVIEWER' },
		});
		expect(envelope.timestamp).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
		expect(envelope.invitee.inviteeMobile).toMatch(/^\d{10}$/);
		expect(['SENT', 'EXPIRED', 'COMPLETED']).toContain(envelope.pack.packStatus);
		expect(Object.keys(envelope.pack).sort()).toEqual([
			'packId',
			'packReferenceNo',
			'packStatus',
			'packUrn',
		]);
		expect(envelope.mac).toBe(hmac('DOC-123', DEFAULT_SALT));
		expect(envelope.mac).toMatch(/^[0-9a-f]{40}$/);
		expect(delivery).toMatchObject({ acknowledged: true, attempts: [{ status: 200 }] });
	});

	it('keys the MAC with the salt of the account the document belongs to', () => {
		const envelope = buildEnvelope(setup.emulator.env, {
			account: 'account-other',
			documentId: 'DOC-9',
		});
		expect(envelope.mac).toBe(hmac('DOC-9', 'other-account-salt'));
	});

	it('leaves the mac key out entirely when the account has no salt', async () => {
		const unsalted = await startEmulator({ salt: null });
		try {
			await deliverWebhook(unsalted.env, { url: setup.receiver.url, documentId: 'DOC-1' });
			const envelope = JSON.parse(setup.receiver.got[0].body);
			expect('mac' in envelope).toBe(false);
			expect(Object.keys(envelope)).toHaveLength(TOP_LEVEL_KEYS.length - 1);
		} finally {
			await unsalted.close();
		}
	});

	it('describes a pack of the v4 family when given its packId', () => {
		const pack = setup.emulator
			.slice<V4State>('v4')
			.packs.find((candidate) => candidate.accountId === 'account-main' && candidate.irn)!;
		const envelope = buildEnvelope(setup.emulator.env, { packId: pack.packId });
		expect(envelope.pack).toEqual({
			packId: pack.packId,
			packStatus: pack.status === 'DRAFT' ? 'SENT' : pack.status,
			packReferenceNo: pack.irn,
			packUrn: pack.packUrn,
		});
		expect(envelope.workflowRunContextId).toBe(pack.workflowRunContextId);
		expect((envelope.document as { documentId: string }).documentId).toBe(
			pack.documents[0].documentId,
		);
		expect(envelope.mac).toBe(hmac(pack.documents[0].documentId, DEFAULT_SALT));
	});

	it('computes the MAC over the final document id when overrides change it, and sends an explicit mac as given', () => {
		const overridden = buildEnvelope(setup.emulator.env, {
			documentId: 'A',
			overrides: { document: { documentId: 'B' } },
		});
		expect(overridden.mac).toBe(hmac('B', DEFAULT_SALT));
		expect((overridden.document as Record<string, unknown>).action).toBe('APPROVED');
		const forged = buildEnvelope(setup.emulator.env, {
			documentId: 'A',
			overrides: { mac: 'f'.repeat(40) },
		});
		expect(forged.mac).toBe('f'.repeat(40));
		expect('mac' in buildEnvelope(setup.emulator.env, { omitKeys: ['mac'] })).toBe(false);
	});
});

describe('webhooks family builds the other Webhook 4.0 event types public client code shows', () => {
	it.each([
		['SIGNED', 'SUCCESS', 'SIGNED', 'SIGNER', 'SIGNED', 'AADHAAR'],
		['SIGNER_REJECTED', 'ERROR', 'REJECTED', 'SIGNER', 'SIGNER_REJECTED', null],
		['REVIEWER_REJECTED', 'ERROR', 'REJECTED', 'REVIEWER', 'REVIEWER_REJECTED', null],
	] as const)(
		'%s: webhookType %s, action %s by a %s, invitation %s, every top-level key, the MAC of the document id',
		async (eventType, webhookType, action, role, invitationStatus, signatureType) => {
			await deliverWebhook(setup.emulator.env, {
				url: setup.receiver.url,
				documentId: 'DOC-P1',
				eventType,
			});
			const envelope = JSON.parse(setup.receiver.got[0].body);
			expect(Object.keys(envelope).sort()).toEqual([...TOP_LEVEL_KEYS].sort());
			expect(envelope).toMatchObject({
				webhookType,
				eventType,
				document: { documentId: 'DOC-P1', action, signatureType, documentStatus: 'SENT' },
				invitationGroup: { type: role },
				invitee: { invitationStatus },
				mac: hmac('DOC-P1', DEFAULT_SALT),
			});
			expect(envelope.rejectionReason === null).toBe(webhookType === 'SUCCESS');
			expect(isErrorEnvelope(eventType)).toBe(webhookType === 'ERROR');
		},
	);

	it("sets the document status asked for (PACK_PENDING_COMPLETION), else the pack document's; a rejection stays SENT", () => {
		const pending = buildEnvelope(setup.emulator.env, {
			eventType: 'SIGNED',
			documentStatus: 'PACK_PENDING_COMPLETION',
		});
		expect((pending.document as { documentStatus: string }).documentStatus).toBe(
			'PACK_PENDING_COMPLETION',
		);
		const pack = setup.emulator
			.slice<V4State>('v4')
			.packs.find((candidate) =>
				candidate.documents.some((doc) => doc.status === 'PACK_PENDING_COMPLETION'),
			)!;
		const fullySigned = pack.documents.find((doc) => doc.status === 'PACK_PENDING_COMPLETION')!;
		const fromPack = buildEnvelope(setup.emulator.env, {
			account: pack.accountId,
			eventType: 'SIGNED',
			documentId: fullySigned.documentId,
		});
		expect(fromPack.document).toMatchObject({
			documentId: fullySigned.documentId,
			documentStatus: 'PACK_PENDING_COMPLETION',
		});
		const rejected = buildEnvelope(setup.emulator.env, {
			account: pack.accountId,
			eventType: 'SIGNER_REJECTED',
			documentId: fullySigned.documentId,
		});
		expect((rejected.document as { documentStatus: string }).documentStatus).toBe('SENT');
	});

	it('refuses an event type or document status it does not know, in process and over HTTP', async () => {
		expect(WEBHOOK4_EVENT_TYPES).toEqual([
			'REVIEWER_APPROVAL',
			'SIGNED',
			'SIGNER_REJECTED',
			'REVIEWER_REJECTED',
		]);
		expect(() =>
			buildEnvelope(setup.emulator.env, { eventType: 'DOCUMENT_SIGNED' as never }),
		).toThrow(/eventType must be one of/);
		const refused = await http.post(`${setup.emulator.origin}/__emulator/webhooks/deliver`, {
			url: setup.receiver.url,
			eventType: 'SIGNED',
			documentStatus: 'DONE',
		});
		expect(refused.status).toBe(400);
		expect(refused.data.message).toMatch(/documentStatus must be one of/);
		const sent = await http.post(`${setup.emulator.origin}/__emulator/webhooks/deliver`, {
			url: setup.receiver.url,
			eventType: 'REVIEWER_REJECTED',
		});
		expect(sent.status).toBe(200);
		expect(JSON.parse(setup.receiver.got[0].body).eventType).toBe('REVIEWER_REJECTED');
	});
});
