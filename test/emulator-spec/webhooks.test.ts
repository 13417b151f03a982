import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import axios from 'axios';

import { V3_SEED } from '../emulator/families/v3';
import type { V4State } from '../emulator/families/v4';
import { buildEnvelope, deliverWebhook, type Delivery, type WebhooksState } from '../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, startEmulator, type Emulator } from '../emulator/server';

/** A receiver that records what it gets and answers with the status a test sets. */
interface Receiver {
	url: string;
	got: Array<{ method: string; headers: IncomingHttpHeaders; body: string }>;
	answer: number;
	close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
	const receiver = { got: [], answer: 200 } as unknown as Receiver;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			receiver.got.push({ method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
			response.writeHead(receiver.answer).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
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
		const delivery = await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'DOC-123' });
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
			document: { documentId: 'DOC-123', action: 'APPROVED', signatureType: null, documentStatus: 'SENT' },
			invitee: { invitationStatus: 'REVIEWER_APPROVED' },
			invitationGroup: { type: 'REVIEWER' },
		});
		expect(envelope.timestamp).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
		expect(envelope.invitee.inviteeMobile).toMatch(/^\d{10}$/);
		expect(['SENT', 'EXPIRED', 'COMPLETED']).toContain(envelope.pack.packStatus);
		expect(Object.keys(envelope.pack).sort()).toEqual(['packId', 'packReferenceNo', 'packStatus', 'packUrn']);
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
		const pack = emulator.slice<V4State>('v4').packs.find((candidate) => candidate.accountId === 'account-main' && candidate.irn)!;
		const envelope = buildEnvelope(emulator.env, { packId: pack.packId });
		expect(envelope.pack).toEqual({
			packId: pack.packId,
			packStatus: pack.status === 'DRAFT' ? 'SENT' : pack.status,
			packReferenceNo: pack.irn,
			packUrn: pack.packUrn,
		});
		expect(envelope.workflowRunContextId).toBe(pack.workflowRunContextId);
		expect((envelope.document as { documentId: string }).documentId).toBe(pack.documents[0].documentId);
		expect(envelope.mac).toBe(hmac(pack.documents[0].documentId, DEFAULT_SALT));
	});

	it('computes the MAC over the final document id when overrides change it, and sends an explicit mac as given', () => {
		const overridden = buildEnvelope(emulator.env, { documentId: 'A', overrides: { document: { documentId: 'B' } } });
		expect(overridden.mac).toBe(hmac('B', DEFAULT_SALT));
		expect((overridden.document as Record<string, unknown>).action).toBe('APPROVED');
		const forged = buildEnvelope(emulator.env, { documentId: 'A', overrides: { mac: 'f'.repeat(40) } });
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
		const once = await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'DOC-R', retries: 0 });
		expect(once.attempts.map((attempt) => attempt.status)).toEqual([202]);
		expect(once.acknowledged).toBe(true);
	});

	it('records an unreachable receiver as status 0 with the error', async () => {
		const closed = await startReceiver();
		await closed.close();
		const delivery = await deliverWebhook(emulator.env, { url: closed.url, documentId: 'DOC-X', retries: 1 });
		expect(delivery.attempts).toHaveLength(2);
		expect(delivery.attempts[0]).toMatchObject({ status: 0, error: expect.stringMatching(/ECONNREFUSED/) });
	});

	it('keeps a history per document and drops it when the document is deleted through v3', async () => {
		const documentId = V3_SEED.sentDocumentId;
		await deliverWebhook(emulator.env, { url: receiver.url, documentId });
		await deliverWebhook(emulator.env, { url: receiver.url, documentId });
		await deliverWebhook(emulator.env, { url: receiver.url, documentId: 'OTHER-DOC' });
		const history = emulator.slice<WebhooksState>('webhooks').history;
		expect(history.get(documentId)).toHaveLength(2);

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
		expect(JSON.parse(receiver.got[0].body)).toMatchObject({ invitee: { inviteeName: 'Meera' }, mac: hmac('DOC-CTRL', DEFAULT_SALT) });
		const history = await http.get(`${emulator.origin}/__emulator/webhooks/history`, { params: { documentId: 'DOC-CTRL' } });
		expect(history.data).toHaveLength(1);
		expect(history.data[0].deliveryId).toBe(delivery.deliveryId);
		expect(emulator.requestsTo('/__emulator')).toHaveLength(0);

		const refused = await http.post(`${emulator.origin}/__emulator/webhooks/deliver`, { documentId: 'x' });
		expect(refused.status).toBe(400);
	});
});
