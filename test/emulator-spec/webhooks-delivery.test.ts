import { V3_SEED } from '../emulator/families/v3';
import {
	deliverV3Event,
	deliverWebhook,
	type Delivery,
	type WebhooksState,
} from '../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT } from '../emulator/server';
import { hmac, http, startReceiver, useEmulatorAndReceiver } from './webhook-receiver';

/** How the webhooks family delivers: retries, an unreachable receiver, the history, the control route. */

const setup = useEmulatorAndReceiver();

describe('webhooks family delivery', () => {
	it('retries a delivery that gets no 2xx up to 3 more times (seed webhookRetries)', async () => {
		setup.receiver.answer = 500;
		const delivery = await deliverWebhook(setup.emulator.env, {
			url: setup.receiver.url,
			documentId: 'DOC-R',
		});
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
		expect(delivery.acknowledged).toBe(false);
		setup.receiver.answer = 202;
		const once = await deliverWebhook(setup.emulator.env, {
			url: setup.receiver.url,
			documentId: 'DOC-R',
			retries: 0,
		});
		expect(once.attempts.map((attempt) => attempt.status)).toEqual([202]);
		expect(once.acknowledged).toBe(true);
	});

	it('records an unreachable receiver as status 0 with the error', async () => {
		const closed = await startReceiver();
		await closed.close();
		const delivery = await deliverWebhook(setup.emulator.env, {
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
		await deliverWebhook(setup.emulator.env, { url: setup.receiver.url, documentId });
		await deliverV3Event(setup.emulator.env, {
			url: setup.receiver.url,
			event: 'signed',
			documentId,
		});
		await deliverWebhook(setup.emulator.env, { url: setup.receiver.url, documentId: 'OTHER-DOC' });
		const history = setup.emulator.slice<WebhooksState>('webhooks').history;
		expect(history.get(documentId)?.map((delivery) => delivery.envelope.webhookType)).toEqual([
			'SUCCESS',
			'Success',
		]);

		const deleted = await http.delete(`${setup.emulator.baseUrl}/v3.0/sign/request`, {
			params: { documentId },
			headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
		});
		expect(deleted.data.messages[0].code).toBe('document.delete.success');
		expect(history.has(documentId)).toBe(false);
		expect(history.get('OTHER-DOC')).toHaveLength(1);
	});

	it('lets an out-of-process test deliver through POST /__emulator/webhooks/deliver and read the history', async () => {
		const answer = await http.post(`${setup.emulator.origin}/__emulator/webhooks/deliver`, {
			url: setup.receiver.url,
			documentId: 'DOC-CTRL',
			overrides: { invitee: { inviteeName: 'Meera' } },
		});
		expect(answer.status).toBe(200);
		const delivery = answer.data as Delivery;
		expect(delivery.acknowledged).toBe(true);
		expect(JSON.parse(setup.receiver.got[0].body)).toMatchObject({
			invitee: { inviteeName: 'Meera' },
			mac: hmac('DOC-CTRL', DEFAULT_SALT),
		});
		const history = await http.get(`${setup.emulator.origin}/__emulator/webhooks/history`, {
			params: { documentId: 'DOC-CTRL' },
		});
		expect(history.data).toHaveLength(1);
		expect(history.data[0].deliveryId).toBe(delivery.deliveryId);
		expect(setup.emulator.requestsTo('/__emulator')).toHaveLength(0);

		const refused = await http.post(`${setup.emulator.origin}/__emulator/webhooks/deliver`, {
			documentId: 'x',
		});
		expect(refused.status).toBe(400);
	});
});
