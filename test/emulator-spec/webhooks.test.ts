import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import axios from 'axios';

import { configureInviteeWebhooks, V3_SEED, type V3State } from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import type { V4State } from '../emulator/families/v4';
import {
	buildEnvelope,
	buildV3Event,
	configureWebhookVersions,
	deliverV3Event,
	deliverWebhook,
	isErrorEnvelope,
	WEBHOOK4_EVENT_TYPES,
	type Delivery,
	type V3EventKind,
	type WebhooksState,
} from '../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, startEmulator, type Emulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';

/** A receiver that records what it gets (on any path) and answers with the status a test sets. */
interface Receiver {
	url: string;
	/** The URL of another path on the same receiver. */
	at(path: string): string;
	got: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }>;
	answer: number;
	close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
	const receiver = { got: [], answer: 200 } as unknown as Receiver;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			receiver.got.push({
				method: request.method ?? '',
				path: request.url ?? '',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			response.writeHead(receiver.answer).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.at = (path) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
	receiver.url = receiver.at('/hook');
	receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	return receiver;
}

const hmac = (value: string, key: string) => createHmac('sha1', key).update(value).digest('hex');
const http = axios.create({ validateStatus: () => true, timeout: 10_000 });

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

let emulator: Emulator;
let receiver: Receiver;
beforeEach(async () => {
	emulator = await startEmulator();
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
	await emulator.close();
});

describe('webhooks family builds Webhook 4.0 REVIEWER_APPROVAL envelopes as the spec states', () => {
	it('POSTs JSON with every top-level key, nulls where a value does not apply, and the MAC of the document id', async () => {
		const delivery = await deliverWebhook(emulator.env, {
			url: receiver.url,
			documentId: 'DOC-123',
		});
		expect(receiver.got).toHaveLength(1);
		const [got] = receiver.got;
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
		const envelope = buildEnvelope(emulator.env, { account: 'account-other', documentId: 'DOC-9' });
		expect(envelope.mac).toBe(hmac('DOC-9', 'other-account-salt'));
	});

	it('leaves the mac key out entirely when the account has no salt', async () => {
		const unsalted = await startEmulator({ salt: null });
		try {
			await deliverWebhook(unsalted.env, { url: receiver.url, documentId: 'DOC-1' });
			const envelope = JSON.parse(receiver.got[0].body);
			expect('mac' in envelope).toBe(false);
			expect(Object.keys(envelope)).toHaveLength(TOP_LEVEL_KEYS.length - 1);
		} finally {
			await unsalted.close();
		}
	});

	it('describes a pack of the v4 family when given its packId', () => {
		const pack = emulator
			.slice<V4State>('v4')
			.packs.find((candidate) => candidate.accountId === 'account-main' && candidate.irn)!;
		const envelope = buildEnvelope(emulator.env, { packId: pack.packId });
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
		const overridden = buildEnvelope(emulator.env, {
			documentId: 'A',
			overrides: { document: { documentId: 'B' } },
		});
		expect(overridden.mac).toBe(hmac('B', DEFAULT_SALT));
		expect((overridden.document as Record<string, unknown>).action).toBe('APPROVED');
		const forged = buildEnvelope(emulator.env, {
			documentId: 'A',
			overrides: { mac: 'f'.repeat(40) },
		});
		expect(forged.mac).toBe('f'.repeat(40));
		expect('mac' in buildEnvelope(emulator.env, { omitKeys: ['mac'] })).toBe(false);
	});
});

describe('webhooks family delivery', () => {
	it('retries a delivery that gets no 2xx up to 3 more times (seed webhookRetries)', async () => {
		receiver.answer = 500;
		const delivery = await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'DOC-R' });
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
		expect(delivery.acknowledged).toBe(false);
		receiver.answer = 202;
		const once = await deliverWebhook(emulator.env, {
			url: receiver.url,
			documentId: 'DOC-R',
			retries: 0,
		});
		expect(once.attempts.map((attempt) => attempt.status)).toEqual([202]);
		expect(once.acknowledged).toBe(true);
	});

	it('records an unreachable receiver as status 0 with the error', async () => {
		const closed = await startReceiver();
		await closed.close();
		const delivery = await deliverWebhook(emulator.env, {
			url: closed.url,
			documentId: 'DOC-X',
			retries: 1,
		});
		expect(delivery.attempts).toHaveLength(2);
		expect(delivery.attempts[0]).toMatchObject({
			status: 0,
			error: expect.stringMatching(/ECONNREFUSED/),
		});
	});

	it('keeps a history per document, of both shapes, and drops it when the document is deleted through v3', async () => {
		const documentId = V3_SEED.sentDocumentId;
		await deliverWebhook(emulator.env, { url: receiver.url, documentId });
		await deliverV3Event(emulator.env, { url: receiver.url, event: 'signed', documentId });
		await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'OTHER-DOC' });
		const history = emulator.slice<WebhooksState>('webhooks').history;
		expect(history.get(documentId)?.map((delivery) => delivery.envelope.webhookType)).toEqual([
			'SUCCESS',
			'Success',
		]);

		const deleted = await http.delete(`${emulator.baseUrl}/v3.0/sign/request`, {
			params: { documentId },
			headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
		});
		expect(deleted.data.messages[0].code).toBe('document.delete.success');
		expect(history.has(documentId)).toBe(false);
		expect(history.get('OTHER-DOC')).toHaveLength(1);
	});

	it('lets an out-of-process test deliver through POST /__emulator/webhooks/deliver and read the history', async () => {
		const answer = await http.post(`${emulator.origin}/__emulator/webhooks/deliver`, {
			url: receiver.url,
			documentId: 'DOC-CTRL',
			overrides: { invitee: { inviteeName: 'Meera' } },
		});
		expect(answer.status).toBe(200);
		const delivery = answer.data as Delivery;
		expect(delivery.acknowledged).toBe(true);
		expect(JSON.parse(receiver.got[0].body)).toMatchObject({
			invitee: { inviteeName: 'Meera' },
			mac: hmac('DOC-CTRL', DEFAULT_SALT),
		});
		const history = await http.get(`${emulator.origin}/__emulator/webhooks/history`, {
			params: { documentId: 'DOC-CTRL' },
		});
		expect(history.data).toHaveLength(1);
		expect(history.data[0].deliveryId).toBe(delivery.deliveryId);
		expect(emulator.requestsTo('/__emulator')).toHaveLength(0);

		const refused = await http.post(`${emulator.origin}/__emulator/webhooks/deliver`, {
			documentId: 'x',
		});
		expect(refused.status).toBe(400);
	});
});

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
		const body = buildV3Event(emulator.env, { event, documentId: V3_SEED.sentDocumentId });
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
		const status = await http.get(`${emulator.baseUrl}/v3.2/sign/request`, {
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
			buildV3Event(emulator.env, { event: 'signed', documentId: V3_SEED.sentDocumentId }).request,
		).toMatchObject(pick(first));
		expect(
			buildV3Event(emulator.env, {
				event: 'signed',
				documentId: V3_SEED.sentDocumentId,
				inviteeIndex: 1,
			}).request,
		).toMatchObject(pick(second));
		expect(
			buildV3Event(emulator.env, { event: 'signed', documentId: V3_SEED.completedDocumentId })
				.documentStatus,
		).toBe('Completed');
		expect(
			buildV3Event(emulator.env, { event: 'signed', documentId: V3_SEED.draftDocumentId })
				.documentStatus,
		).toBe('Draft');
		expect(
			buildV3Event(emulator.env, { event: 'rejected', documentId: V3_SEED.expiredDocumentId })
				.documentStatus,
		).toBe('Sent');
		expect(() =>
			buildV3Event(emulator.env, {
				event: 'signed',
				documentId: V3_SEED.sentDocumentId,
				inviteeIndex: 2,
			}),
		).toThrow(/no invitee 2/);
		expect(() => buildV3Event(emulator.env, { event: 'expired' as V3EventKind })).toThrow(
			/event must be one of/,
		);
	});

	it('makes up a plausible one-invitee document for an id the emulator does not hold', () => {
		const signed = buildV3Event(emulator.env, { event: 'signed' });
		expect(signed.documentId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
		expect(signed).toMatchObject({
			documentStatus: 'Completed',
			irn: null,
			mac: hmac(String(signed.documentId), DEFAULT_SALT),
		});
		expect((signed.request as { signUrl: string }).signUrl).toMatch(
			new RegExp(`^${emulator.origin}/sign/[0-9a-f-]{36}$`),
		);
		expect((signed.request as { expiryDate: string }).expiryDate).toMatch(
			/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
		);
		expect(buildV3Event(emulator.env, { event: 'rejected', documentId: 'DOC-NEW' })).toMatchObject({
			documentId: 'DOC-NEW',
			documentStatus: 'Sent',
		});
	});

	it("computes the MAC over the top-level documentId with the salt of the document's account", () => {
		expect(
			buildV3Event(emulator.env, { event: 'signed', documentId: V3_SEED.sentDocumentId }).mac,
		).toBe(hmac(V3_SEED.sentDocumentId, DEFAULT_SALT));
		expect(
			buildV3Event(emulator.env, { event: 'signed', documentId: V3_SEED.otherAccountDocumentId })
				.mac,
		).toBe(hmac(V3_SEED.otherAccountDocumentId, 'other-account-salt'));
		expect(
			buildV3Event(emulator.env, { event: 'signed', documentId: 'DOC-9', account: 'account-other' })
				.mac,
		).toBe(hmac('DOC-9', 'other-account-salt'));
	});

	it('merges overrides one level deep before the MAC, and sends an explicit mac or omitted keys as asked', () => {
		const overridden = buildV3Event(emulator.env, {
			event: 'signed',
			documentId: 'A',
			overrides: { documentId: 'B', request: { name: 'Meera' } },
		});
		expect(overridden.mac).toBe(hmac('B', DEFAULT_SALT));
		expect(overridden.request).toMatchObject({ name: 'Meera', action: 'Signed' });
		expect(
			buildV3Event(emulator.env, { event: 'signed', overrides: { mac: 'f'.repeat(40) } }).mac,
		).toBe('f'.repeat(40));
		expect(
			Object.keys(
				buildV3Event(emulator.env, { event: 'signed', omitKeys: ['mac', 'verification'] }),
			),
		).toEqual(FLAT_KEYS.filter((key) => key !== 'mac' && key !== 'verification'));
	});

	it('leaves the mac key out entirely when the account has no salt', async () => {
		const unsalted = await startEmulator({ salt: null });
		try {
			await deliverV3Event(unsalted.env, {
				url: receiver.url,
				event: 'rejected',
				documentId: V3_SEED.sentDocumentId,
			});
			expect(Object.keys(JSON.parse(receiver.got[0].body))).toEqual(
				FLAT_KEYS.filter((key) => key !== 'mac'),
			);
		} finally {
			await unsalted.close();
		}
	});

	it('POSTs the event as JSON, retries it like any delivery and records it under its documentId', async () => {
		receiver.answer = 500;
		const failing = await deliverV3Event(emulator.env, {
			url: receiver.url,
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(failing.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
		receiver.answer = 200;
		const delivery = await deliverV3Event(emulator.env, {
			url: receiver.url,
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			retries: 0,
		});
		expect(delivery).toMatchObject({
			acknowledged: true,
			documentId: V3_SEED.sentDocumentId,
			accountId: 'account-main',
		});
		const last = receiver.got[receiver.got.length - 1];
		expect(last.headers['content-type']).toBe('application/json');
		expect(last.body).toBe(delivery.body);
		expect(JSON.parse(last.body)).toEqual(delivery.envelope);
		expect(emulator.slice<WebhooksState>('webhooks').history.get(V3_SEED.sentDocumentId)).toEqual([
			failing,
			delivery,
		]);
	});

	it('lets an out-of-process test send a flat event through POST /__emulator/webhooks/deliver with shape v3', async () => {
		const deliver = (body: Record<string, unknown>) =>
			http.post(`${emulator.origin}/__emulator/webhooks/deliver`, { url: receiver.url, ...body });
		const answer = await deliver({
			shape: 'v3',
			event: 'rejected',
			documentId: V3_SEED.sentDocumentId,
			overrides: { request: { rejectionMessage: 'Wrong amount' } },
		});
		expect(answer.status).toBe(200);
		expect(JSON.parse(receiver.got[0].body)).toMatchObject({
			webhookType: 'Error',
			documentId: V3_SEED.sentDocumentId,
			mac: hmac(V3_SEED.sentDocumentId, DEFAULT_SALT),
			request: { action: 'Rejected', rejectionMessage: 'Wrong amount' },
		});
		expect((answer.data as Delivery).envelope).toEqual(JSON.parse(receiver.got[0].body));
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
		expect(receiver.got).toHaveLength(1);
	});
});

describe('the service sends flat events when invitees act, to the URLs their workflow configures', () => {
	const control = (method: 'put' | 'post', path: string, body?: unknown) =>
		http[method](`${emulator.origin}/__emulator/v3${path}`, body);
	const configure = (config: unknown, profileId: string = V3_SEED.pdfProfileId) =>
		control('put', `/profiles/${profileId}/webhooks`, config);
	const act = (documentId: string, action: string, options?: unknown) =>
		control('post', `/documents/${documentId}/${action}`, options);
	const received = () =>
		receiver.got.map(({ path, body }) => ({
			path,
			event: JSON.parse(body) as Record<string, unknown> & { request: Record<string, unknown> },
		}));
	const createDocument = async (invitees: string[]) => {
		const response = await http.post(
			`${emulator.baseUrl}/v3.0/sign/request`,
			{
				profileId: V3_SEED.pdfProfileId,
				irn: 'IRN-HOOKS',
				file: { name: 'Hooks.pdf', file: makePdf('Hooks').toString('base64') },
				invitees: invitees.map((name, index) => ({ name, phone: `98765000${index}0` })),
			},
			{ headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN } },
		);
		return response.data.data.documentId as string;
	};

	it("delivers success events to each invitee's own Webhook URL, nothing without one; the last to act reports Completed", async () => {
		const configured = await configure({
			invitees: [
				{ webhookUrl: receiver.at('/0/ok'), errorWebhookUrl: receiver.at('/0/error') },
				{ errorWebhookUrl: receiver.at('/1/error') },
				{ webhookUrl: receiver.at('/2/ok') },
			],
		});
		expect(configured.status).toBe(200);
		const documentId = await createDocument(['Riya Reviewer', 'Asha Rao', 'Vikram Shah']);

		const approved = await act(documentId, 'review-approve');
		expect(approved.data).toMatchObject({
			documentId,
			status: 'SENT',
			deliveries: [{ url: receiver.at('/0/ok'), acknowledged: true }],
		});
		expect((await act(documentId, 'sign-next')).data.deliveries).toEqual([]);
		const last = await act(documentId, 'sign-next');
		expect(last.data).toMatchObject({
			status: 'COMPLETED',
			deliveries: [{ url: receiver.at('/2/ok') }],
		});

		expect(received()).toEqual([
			{
				path: '/0/ok',
				event: expect.objectContaining({
					documentId,
					irn: 'IRN-HOOKS',
					documentStatus: 'Sent',
					request: expect.objectContaining({
						name: 'Riya Reviewer',
						action: 'Approved',
						inviteeType: 'Reviewer',
					}),
				}),
			},
			{
				path: '/2/ok',
				event: expect.objectContaining({
					documentId,
					documentStatus: 'Completed',
					request: expect.objectContaining({
						name: 'Vikram Shah',
						action: 'Signed',
						phone: '9876500020',
					}),
				}),
			},
		]);
	});

	it('delivers rejections and certificate failures to the Error Webhook URL, with the reason and the criterion', async () => {
		await configure({
			all: { webhookUrl: receiver.at('/ok'), errorWebhookUrl: receiver.at('/error') },
		});
		const rejectedId = await createDocument(['Asha Rao']);
		const failedId = await createDocument(['Vikram Shah']);
		await act(rejectedId, 'reject', { reason: 'Wrong amount' });
		await act(failedId, 'fail-certificate', { criterion: 'yob' });
		const [rejected, failed] = received();
		expect(rejected).toEqual({
			path: '/error',
			event: expect.objectContaining({
				webhookType: 'Error',
				documentStatus: 'Sent',
				request: expect.objectContaining({
					action: 'Rejected',
					rejected: true,
					rejectionMessage: 'Wrong amount',
				}),
			}),
		});
		expect(failed.path).toBe('/error');
		expect(failed.event).toMatchObject({
			webhookType: 'Error',
			documentStatus: 'Sent',
			verification: { yob: false, name: true },
			request: {
				action: 'Failed',
				expired: true,
				error: "Year of birth doesn't match with the Digital Signature Certificate.",
			},
		});
		expect(failed.event.mac).toBe(hmac(failedId, DEFAULT_SALT));
	});

	it('sign-all (here in process) sends one signed event per remaining invitee, in signing order', async () => {
		await configure({ all: { webhookUrl: receiver.url } });
		const result = await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-all');
		expect(result.status).toBe('COMPLETED');
		expect(result.deliveries.map((delivery) => delivery.envelope.documentStatus)).toEqual([
			'Sent',
			'Completed',
		]);
		expect(received().map(({ event }) => event.request.name)).toEqual(['Asha Rao', 'Vikram Shah']);
	});

	it("retries an action's delivery that gets no 2xx and keeps it in the document's history", async () => {
		await configure({ all: { webhookUrl: receiver.url } });
		receiver.answer = 503;
		const answer = await act(V3_SEED.sentDocumentId, 'sign-next');
		expect(answer.data.status).toBe('SENT');
		expect(answer.data.deliveries[0]).toMatchObject({
			acknowledged: false,
			attempts: [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }],
		});
		const history = await http.get(`${emulator.origin}/__emulator/webhooks/history`, {
			params: { documentId: V3_SEED.sentDocumentId },
		});
		expect(history.data).toEqual(answer.data.deliveries);
	});

	it('takes the URLs from the seed keys v3WebhookUrl and v3ErrorWebhookUrl for every workflow', async () => {
		const seeded = await startEmulator({
			seed: { v3WebhookUrl: receiver.at('/ok'), v3ErrorWebhookUrl: receiver.at('/error') },
		});
		try {
			await inviteeActs(seeded.env, V3_SEED.sentDocumentId, 'sign-next');
			await inviteeActs(seeded.env, V3_SEED.docSignerDocumentId, 'reject');
			expect(received().map(({ path, event }) => [path, event.request.action])).toEqual([
				['/ok', 'Signed'],
				['/error', 'Rejected'],
			]);
		} finally {
			await seeded.close();
		}
	});

	it('refuses a configuration of another form, a URL that is not http(s), an unknown workflow', async () => {
		for (const body of [
			{},
			{ all: {}, invitees: [] },
			{ invitees: {} },
			{ all: { webhookUrl: 'ftp://x' } },
			{ invitees: [{ errorWebhookUrl: 5 }] },
		]) {
			expect((await configure(body)).status).toBe(400);
		}
		expect((await configure({ all: {} }, 'WF-NONE')).status).toBe(404);
		expect((await configure({ invitees: [] })).data).toEqual({
			profileId: V3_SEED.pdfProfileId,
			invitees: [],
		});
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
			await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'DOC-P1', eventType });
			const envelope = JSON.parse(receiver.got[0].body);
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
		const pending = buildEnvelope(emulator.env, {
			eventType: 'SIGNED',
			documentStatus: 'PACK_PENDING_COMPLETION',
		});
		expect((pending.document as { documentStatus: string }).documentStatus).toBe(
			'PACK_PENDING_COMPLETION',
		);
		const pack = emulator
			.slice<V4State>('v4')
			.packs.find((candidate) =>
				candidate.documents.some((doc) => doc.status === 'PACK_PENDING_COMPLETION'),
			)!;
		const fullySigned = pack.documents.find((doc) => doc.status === 'PACK_PENDING_COMPLETION')!;
		const fromPack = buildEnvelope(emulator.env, {
			account: pack.accountId,
			eventType: 'SIGNED',
			documentId: fullySigned.documentId,
		});
		expect(fromPack.document).toMatchObject({
			documentId: fullySigned.documentId,
			documentStatus: 'PACK_PENDING_COMPLETION',
		});
		const rejected = buildEnvelope(emulator.env, {
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
		expect(() => buildEnvelope(emulator.env, { eventType: 'DOCUMENT_SIGNED' as never })).toThrow(
			/eventType must be one of/,
		);
		const refused = await http.post(`${emulator.origin}/__emulator/webhooks/deliver`, {
			url: receiver.url,
			eventType: 'SIGNED',
			documentStatus: 'DONE',
		});
		expect(refused.status).toBe(400);
		expect(refused.data.message).toMatch(/documentStatus must be one of/);
		const sent = await http.post(`${emulator.origin}/__emulator/webhooks/deliver`, {
			url: receiver.url,
			eventType: 'REVIEWER_REJECTED',
		});
		expect(sent.status).toBe(200);
		expect(JSON.parse(receiver.got[0].body).eventType).toBe('REVIEWER_REJECTED');
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
	const sentDocument = () => emulator.slice<V3State>('v3').documents.get(V3_SEED.sentDocumentId)!;

	it('legacy: the captured shape, no webhookType, documentStatus or irn, the MAC of the documentId', () => {
		const event = buildV3Event(emulator.env, {
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
			invitationUrl: `${emulator.origin}/sign/${invitee.uuid}`,
		});
		expect(request.expiryDate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
		expect(event.mac).toBe(hmac(V3_SEED.sentDocumentId, DEFAULT_SALT));
	});

	it("legacyWithFiles: the document's current PDF and its audit trail in base64", () => {
		const doc = emulator.slice<V3State>('v3').documents.get(V3_SEED.completedDocumentId)!;
		const event = buildV3Event(emulator.env, {
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacyWithFiles',
		});
		expect(Object.keys(event)).toEqual(['documentId', 'mac', 'request', 'files', 'auditTrail']);
		expect(Buffer.from((event.files as string[])[0], 'base64').equals(doc.signedPdf!)).toBe(true);
		expect(Buffer.from(event.auditTrail as string, 'base64').equals(doc.auditTrail!)).toBe(true);
		const fresh = buildV3Event(emulator.env, { event: 'signed', version: 'legacyWithFiles' });
		expect(
			Buffer.from((fresh.files as string[])[0], 'base64')
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-');
	});

	it('the version set for a workflow (all, or per invitee index) shapes the events the service sends as invitees act', async () => {
		const doc = sentDocument();
		configureInviteeWebhooks(emulator.env, doc.profileId, { all: { webhookUrl: receiver.url } });
		const configured = await http.put(
			`${emulator.origin}/__emulator/webhooks/versions/${doc.profileId}`,
			{ invitees: ['legacy', 'current'] },
		);
		expect(configured.status).toBe(200);
		expect(configured.data).toEqual({ profileId: doc.profileId, invitees: ['legacy', 'current'] });
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-all');
		const bodies = receiver.got.map((got) => JSON.parse(got.body) as Record<string, unknown>);
		expect(bodies.map((body) => 'webhookType' in body)).toEqual(
			doc.invitees.map((_invitee, index) => index !== 0),
		);
		expect('documentStatus' in bodies[0]).toBe(false);

		configureWebhookVersions(emulator.env, doc.profileId, { all: 'legacyWithFiles' });
		expect(
			'files' in buildV3Event(emulator.env, { event: 'signed', documentId: doc.documentId }),
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
			http.put(`${emulator.origin}/__emulator/webhooks/versions/${profileId}`, body);
		for (const body of [{}, { all: 'v2' }, { invitees: [] }, { invitees: ['legacy', 7] }, []])
			expect((await put(V3_SEED.pdfProfileId, body)).status).toBe(400);
		expect((await put('WF-NONE', { all: 'legacy' })).status).toBe(404);
		expect(() => buildV3Event(emulator.env, { event: 'signed', version: 'v2' as never })).toThrow(
			/version must be one of/,
		);
	});
});
