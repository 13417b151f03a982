import { configureInviteeWebhooks, V3_SEED, type V3State } from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import {
	buildV3Event,
	configureWebhookVersions,
	deliverV3Event,
	type Delivery,
	type V3EventKind,
	type WebhooksState,
} from '../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, startEmulator } from '../emulator/server';
import { hmac, http, useEmulatorAndReceiver } from './webhook-receiver';

/** The v3 flat events the webhooks family builds: each kind, its MAC, and the webhook versions' shapes. */

const setup = useEmulatorAndReceiver();

const FLAT_KEYS = [
	'webhookType',
	'documentId',
	'documentStatus',
	'irn',
	'mac',
	'messages',
	'verification',
	'request',
];
const FLAT_REQUEST_KEYS = [
	'inviteeType',
	'name',
	'email',
	'phone',
	'signUrl',
	'active',
	'action',
	'signed',
	'rejected',
	'expired',
	'expiryDate',
	'signType',
	'error',
	'rejectionMessage',
];
const NAME_MISMATCH = "Name doesn't match with the Digital Signature Certificate.";

describe('webhooks family builds v3 flat events', () => {
	it.each<[V3EventKind, Record<string, unknown>]>([
		[
			'signed',
			{
				webhookType: 'Success',
				messages: [],
				verification: null,
				request: {
					inviteeType: 'Signer',
					action: 'Signed',
					active: true,
					signed: true,
					rejected: false,
					expired: false,
					signType: 'AADHAAR',
					error: null,
					rejectionMessage: null,
				},
			},
		],
		[
			'reviewerApproved',
			{
				webhookType: 'Success',
				messages: [],
				verification: null,
				request: {
					inviteeType: 'Reviewer',
					action: 'Approved',
					active: true,
					signed: false,
					rejected: false,
					expired: false,
					signType: null,
					error: null,
					rejectionMessage: null,
				},
			},
		],
		[
			'rejected',
			{
				webhookType: 'Error',
				messages: [],
				verification: null,
				request: {
					inviteeType: 'Signer',
					action: 'Rejected',
					active: true,
					signed: false,
					rejected: true,
					expired: false,
					signType: null,
					error: 'Invitation rejected by the signer.',
				},
			},
		],
		[
			'certificateVerificationFailed',
			{
				webhookType: 'Error',
				messages: [{ code: 'certificate.verification.failed', message: NAME_MISMATCH }],
				verification: {
					name: false,
					pincode: true,
					state: true,
					title: true,
					yob: true,
					gender: true,
				},
				request: {
					inviteeType: 'Signer',
					action: 'Failed',
					active: false,
					signed: false,
					rejected: false,
					expired: true,
					signType: null,
					error: NAME_MISMATCH,
				},
			},
		],
	])('%s: the keys in order, and the values of that kind', (event, expected) => {
		const body = buildV3Event(setup.emulator.env, { event, documentId: V3_SEED.sentDocumentId });
		expect(Object.keys(body)).toEqual(FLAT_KEYS);
		expect(Object.keys(body.request as object)).toEqual(FLAT_REQUEST_KEYS);
		expect(body).toMatchObject({
			...expected,
			documentId: V3_SEED.sentDocumentId,
			documentStatus: 'Sent',
			irn: 'IRN-SENT-01',
		});
	});

	it('describes the acting invitee of an emulator document as the status operation reads it', async () => {
		const status = await http.get(`${setup.emulator.baseUrl}/v3.2/sign/request`, {
			params: { documentId: V3_SEED.sentDocumentId },
			headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
		});
		const [first, second] = status.data.data.requests;
		const pick = ({ name, email, phone, signUrl, expiryDate }: Record<string, unknown>) => ({
			name,
			email,
			phone,
			signUrl,
			expiryDate,
		});
		expect(
			buildV3Event(setup.emulator.env, { event: 'signed', documentId: V3_SEED.sentDocumentId })
				.request,
		).toMatchObject(pick(first));
		expect(
			buildV3Event(setup.emulator.env, {
				event: 'signed',
				documentId: V3_SEED.sentDocumentId,
				inviteeIndex: 1,
			}).request,
		).toMatchObject(pick(second));
		expect(
			buildV3Event(setup.emulator.env, { event: 'signed', documentId: V3_SEED.completedDocumentId })
				.documentStatus,
		).toBe('Completed');
		expect(
			buildV3Event(setup.emulator.env, { event: 'signed', documentId: V3_SEED.draftDocumentId })
				.documentStatus,
		).toBe('Draft');
		expect(
			buildV3Event(setup.emulator.env, { event: 'rejected', documentId: V3_SEED.expiredDocumentId })
				.documentStatus,
		).toBe('Sent');
		expect(() =>
			buildV3Event(setup.emulator.env, {
				event: 'signed',
				documentId: V3_SEED.sentDocumentId,
				inviteeIndex: 2,
			}),
		).toThrow(/no invitee 2/);
		expect(() => buildV3Event(setup.emulator.env, { event: 'expired' as V3EventKind })).toThrow(
			/event must be one of/,
		);
	});

	it('makes up a plausible one-invitee document for an id the emulator does not hold', () => {
		const signed = buildV3Event(setup.emulator.env, { event: 'signed' });
		expect(signed.documentId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
		expect(signed).toMatchObject({
			documentStatus: 'Completed',
			irn: null,
			mac: hmac(String(signed.documentId), DEFAULT_SALT),
		});
		expect((signed.request as { signUrl: string }).signUrl).toMatch(
			new RegExp(`^${setup.emulator.origin}/sign/[0-9a-f-]{36}$`),
		);
		expect((signed.request as { expiryDate: string }).expiryDate).toMatch(
			/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
		);
		expect(
			buildV3Event(setup.emulator.env, { event: 'rejected', documentId: 'DOC-NEW' }),
		).toMatchObject({
			documentId: 'DOC-NEW',
			documentStatus: 'Sent',
		});
	});

	it("computes the MAC over the top-level documentId with the salt of the document's account", () => {
		expect(
			buildV3Event(setup.emulator.env, { event: 'signed', documentId: V3_SEED.sentDocumentId }).mac,
		).toBe(hmac(V3_SEED.sentDocumentId, DEFAULT_SALT));
		expect(
			buildV3Event(setup.emulator.env, {
				event: 'signed',
				documentId: V3_SEED.otherAccountDocumentId,
			}).mac,
		).toBe(hmac(V3_SEED.otherAccountDocumentId, 'other-account-salt'));
		expect(
			buildV3Event(setup.emulator.env, {
				event: 'signed',
				documentId: 'DOC-9',
				account: 'account-other',
			}).mac,
		).toBe(hmac('DOC-9', 'other-account-salt'));
	});

	it('merges overrides one level deep before the MAC, and sends an explicit mac or omitted keys as asked', () => {
		const overridden = buildV3Event(setup.emulator.env, {
			event: 'signed',
			documentId: 'A',
			overrides: { documentId: 'B', request: { name: 'Meera' } },
		});
		expect(overridden.mac).toBe(hmac('B', DEFAULT_SALT));
		expect(overridden.request).toMatchObject({ name: 'Meera', action: 'Signed' });
		expect(
			buildV3Event(setup.emulator.env, { event: 'signed', overrides: { mac: 'f'.repeat(40) } }).mac,
		).toBe('f'.repeat(40));
		expect(
			Object.keys(
				buildV3Event(setup.emulator.env, { event: 'signed', omitKeys: ['mac', 'verification'] }),
			),
		).toEqual(FLAT_KEYS.filter((key) => key !== 'mac' && key !== 'verification'));
	});

	it('leaves the mac key out entirely when the account has no salt', async () => {
		const unsalted = await startEmulator({ salt: null });
		try {
			await deliverV3Event(unsalted.env, {
				url: setup.receiver.url,
				event: 'rejected',
				documentId: V3_SEED.sentDocumentId,
			});
			expect(Object.keys(JSON.parse(setup.receiver.got[0].body))).toEqual(
				FLAT_KEYS.filter((key) => key !== 'mac'),
			);
		} finally {
			await unsalted.close();
		}
	});

	it('POSTs the event as JSON, retries it like any delivery and records it under its documentId', async () => {
		setup.receiver.answer = 500;
		const failing = await deliverV3Event(setup.emulator.env, {
			url: setup.receiver.url,
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(failing.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
		setup.receiver.answer = 200;
		const delivery = await deliverV3Event(setup.emulator.env, {
			url: setup.receiver.url,
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			retries: 0,
		});
		expect(delivery).toMatchObject({
			acknowledged: true,
			documentId: V3_SEED.sentDocumentId,
			accountId: 'account-main',
		});
		const last = setup.receiver.got[setup.receiver.got.length - 1];
		expect(last.headers['content-type']).toBe('application/json');
		expect(last.body).toBe(delivery.body);
		expect(JSON.parse(last.body)).toEqual(delivery.envelope);
		expect(
			setup.emulator.slice<WebhooksState>('webhooks').history.get(V3_SEED.sentDocumentId),
		).toEqual([failing, delivery]);
	});

	it('lets an out-of-process test send a flat event through POST /__emulator/webhooks/deliver with shape v3', async () => {
		const deliver = (body: Record<string, unknown>) =>
			http.post(`${setup.emulator.origin}/__emulator/webhooks/deliver`, {
				url: setup.receiver.url,
				...body,
			});
		const answer = await deliver({
			shape: 'v3',
			event: 'rejected',
			documentId: V3_SEED.sentDocumentId,
			overrides: { request: { rejectionMessage: 'Wrong amount' } },
		});
		expect(answer.status).toBe(200);
		expect(JSON.parse(setup.receiver.got[0].body)).toMatchObject({
			webhookType: 'Error',
			documentId: V3_SEED.sentDocumentId,
			mac: hmac(V3_SEED.sentDocumentId, DEFAULT_SALT),
			request: { action: 'Rejected', rejectionMessage: 'Wrong amount' },
		});
		expect((answer.data as Delivery).envelope).toEqual(JSON.parse(setup.receiver.got[0].body));
		for (const refused of [
			{ shape: 'v3' },
			{ shape: 'v3', event: 'expired' },
			{ shape: 'v2', event: 'signed' },
		]) {
			const response = await deliver(refused);
			expect([response.status, response.data.message]).toEqual([
				400,
				expect.stringMatching(/event must be one of|shape is 'v3'/),
			]);
		}
		expect(setup.receiver.got).toHaveLength(1);
	});
});

describe('v3 flat events in the webhook version set per workflow and invitee', () => {
	const LEGACY_REQUEST_KEYS = [
		'action',
		'active',
		'email',
		'error',
		'expired',
		'expiryDate',
		'invitationUrl',
		'inviteeType',
		'name',
		'phone',
	];
	const sentDocument = () =>
		setup.emulator.slice<V3State>('v3').documents.get(V3_SEED.sentDocumentId)!;

	it('legacy: the captured shape, no webhookType, documentStatus or irn, the MAC of the documentId', () => {
		const event = buildV3Event(setup.emulator.env, {
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			version: 'legacy',
		});
		expect(Object.keys(event)).toEqual(['documentId', 'mac', 'request']);
		const request = event.request as Record<string, unknown>;
		expect(Object.keys(request)).toEqual(LEGACY_REQUEST_KEYS);
		const invitee = sentDocument().invitees[0];
		expect(request).toMatchObject({
			action: 'Signed',
			active: true,
			error: null,
			expired: false,
			inviteeType: 'Signer',
			name: invitee.name,
			invitationUrl: `${setup.emulator.origin}/sign/${invitee.uuid}`,
		});
		expect(request.expiryDate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
		expect(event.mac).toBe(hmac(V3_SEED.sentDocumentId, DEFAULT_SALT));
	});

	it("legacyWithFiles: the document's current PDF and its audit trail in base64", () => {
		const doc = setup.emulator.slice<V3State>('v3').documents.get(V3_SEED.completedDocumentId)!;
		const event = buildV3Event(setup.emulator.env, {
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacyWithFiles',
		});
		expect(Object.keys(event)).toEqual(['documentId', 'mac', 'request', 'files', 'auditTrail']);
		expect(Buffer.from((event.files as string[])[0], 'base64').equals(doc.signedPdf!)).toBe(true);
		expect(Buffer.from(event.auditTrail as string, 'base64').equals(doc.auditTrail!)).toBe(true);
		const fresh = buildV3Event(setup.emulator.env, { event: 'signed', version: 'legacyWithFiles' });
		expect(
			Buffer.from((fresh.files as string[])[0], 'base64')
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-');
	});

	it('the version set for a workflow (all, or per invitee index) shapes the events the service sends as invitees act', async () => {
		const doc = sentDocument();
		configureInviteeWebhooks(setup.emulator.env, doc.profileId, {
			all: { webhookUrl: setup.receiver.url },
		});
		const configured = await http.put(
			`${setup.emulator.origin}/__emulator/webhooks/versions/${doc.profileId}`,
			{ invitees: ['legacy', 'current'] },
		);
		expect(configured.status).toBe(200);
		expect(configured.data).toEqual({ profileId: doc.profileId, invitees: ['legacy', 'current'] });
		await inviteeActs(setup.emulator.env, V3_SEED.sentDocumentId, 'sign-all');
		const bodies = setup.receiver.got.map((got) => JSON.parse(got.body) as Record<string, unknown>);
		expect(bodies.map((body) => 'webhookType' in body)).toEqual(
			doc.invitees.map((_invitee, index) => index !== 0),
		);
		expect('documentStatus' in bodies[0]).toBe(false);

		configureWebhookVersions(setup.emulator.env, doc.profileId, { all: 'legacyWithFiles' });
		expect(
			'files' in buildV3Event(setup.emulator.env, { event: 'signed', documentId: doc.documentId }),
		).toBe(true);
	});

	it('takes the version of every workflow from the seed key v3WebhookVersion, and a call may ask for one', async () => {
		const seeded = await startEmulator({ seed: { v3WebhookVersion: 'legacy' } });
		try {
			const event = buildV3Event(seeded.env, {
				event: 'rejected',
				documentId: V3_SEED.sentDocumentId,
			});
			expect(Object.keys(event)).toEqual(['documentId', 'mac', 'request']);
			expect(event.request).toMatchObject({ action: 'Rejected', inviteeType: 'Signer' });
			const current = buildV3Event(seeded.env, {
				event: 'rejected',
				documentId: V3_SEED.sentDocumentId,
				version: 'current',
			});
			expect(current.webhookType).toBe('Error');
		} finally {
			await seeded.close();
		}
	});

	it('refuses a version configuration of another form, an unknown version or workflow', async () => {
		const put = (profileId: string, body: unknown) =>
			http.put(`${setup.emulator.origin}/__emulator/webhooks/versions/${profileId}`, body);
		for (const body of [{}, { all: 'v2' }, { invitees: [] }, { invitees: ['legacy', 7] }, []])
			expect((await put(V3_SEED.pdfProfileId, body)).status).toBe(400);
		expect((await put('WF-NONE', { all: 'legacy' })).status).toBe(404);
		expect(() =>
			buildV3Event(setup.emulator.env, { event: 'signed', version: 'v2' as never }),
		).toThrow(/version must be one of/);
	});
});
