import { createHmac } from 'node:crypto';

import { buildEnvelope, buildV3Event, deliverWebhook } from '../../emulator/families/webhooks';
import { DEFAULT_SALT, startEmulator } from '../../emulator/server';
import { oauthCredential } from '../../support/credentials';
import { postRaw, triggerTestbed } from './helpers';

const hmac = (value: string, key: string) => createHmac('sha1', key).update(value).digest('hex');

const bed = triggerTestbed();
const { withSalt, serve } = bed;
/** The credential as saved with the Private Salt field left empty. */
const noSalt = () => withSalt('');

describe('Document Execution Trigger: genuine deliveries start one execution', () => {
	it('a delivery from the emulator is answered 2xx and its envelope, as it arrived, is the output', async () => {
		const hook = await serve();
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url('default'),
			documentId: 'DOC-GENUINE',
		});
		await hook.settled();

		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([200]);
		expect(hook.executions).toHaveLength(1);
		const [item] = hook.executions[0].items;
		const { macVerification, event, ...envelope } = item.json;
		expect(envelope).toEqual(JSON.parse(delivery.body));
		// Nulls are kept as nulls, not dropped.
		expect(envelope.rejectionReason).toBeNull();
		expect((envelope.document as Record<string, unknown>).signatureType).toBeNull();
		expect(macVerification).toEqual({ verified: true, detail: expect.stringMatching(/matches/) });
		expect(event).toEqual({
			kind: 'REVIEWER_APPROVAL',
			eventType: 'REVIEWER_APPROVAL',
			shape: 'webhook4',
			route: 'success',
			documentId: 'DOC-GENUINE',
			documentStatus: 'SENT',
			irn: null,
			invitee: {
				name: 'Riya Reviewer',
				email: 'riya.reviewer@example.com',
				phone: '9876543210',
				signUrl: null,
			},
		});
		expect(hook.failures).toHaveLength(0);
	});

	it('the URL is the production URL n8n gives the success webhook, under the webhook id', () =>
		serve().then((hook) => {
			expect(hook.url('default')).toBe(
				`${hook.origin}/webhook/5f1c1a64-6a39-4a4e-9d51-6f7c1f0e2a11/success`,
			);
			expect(hook.url('error')).toBe(
				`${hook.origin}/webhook/5f1c1a64-6a39-4a4e-9d51-6f7c1f0e2a11/error`,
			);
		}));

	it('the error route verifies the same way and says which route the delivery came on', async () => {
		const hook = await serve();
		const genuine = await deliverWebhook(bed.emulator.env, {
			url: hook.url('error'),
			documentId: 'DOC-ERR',
		});
		const forged = await deliverWebhook(bed.emulator.env, {
			url: hook.url('error'),
			documentId: 'DOC-ERR',
			overrides: { mac: '0'.repeat(40) },
		});
		await hook.settled();
		expect(genuine.attempts[0].status).toBe(200);
		expect(forged.attempts[0].status).toBe(401);
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.event).toMatchObject({
			route: 'error',
			documentId: 'DOC-ERR',
		});
	});

	it('an OAuth2 credential with the Private Salt verifies too', async () => {
		const credential = { ...(await oauthCredential(bed.emulator)), privateSalt: DEFAULT_SALT };
		const hook = await serve(
			{ authentication: 'oAuth2' },
			{ documentExecutionOAuth2Api: credential },
		);
		const genuine = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'DOC-O',
		});
		const forged = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'DOC-O',
			overrides: { mac: hmac('DOC-O', 'wrong') },
		});
		await hook.settled();
		expect([genuine.attempts[0].status, forged.attempts[0].status]).toEqual([200, 401]);
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.macVerification).toMatchObject({ verified: true });
	});
});

describe('Document Execution Trigger: refused deliveries start nothing', () => {
	it('a wrong mac is answered 401 with an empty body', async () => {
		const hook = await serve();
		const envelope = buildEnvelope(bed.emulator.env, {
			documentId: 'DOC-1',
			overrides: { mac: hmac('DOC-1', 'not-the-salt') },
		});
		const answer = await postRaw(hook.url(), JSON.stringify(envelope));
		await hook.settled();
		expect(answer).toEqual({ status: 401, body: '' });
		expect(hook.executions).toHaveLength(0);
	});

	it('a missing mac is answered 401 when a salt is set (the emulator account without salt sends none)', async () => {
		const hook = await serve();
		const unsalted = await startEmulator({ salt: null });
		try {
			const delivery = await deliverWebhook(unsalted.env, {
				url: hook.url(),
				documentId: 'DOC-2',
				retries: 0,
			});
			expect('mac' in delivery.envelope).toBe(false);
			expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([401]);
		} finally {
			await unsalted.close();
		}
		const nullMac = await postRaw(
			hook.url(),
			JSON.stringify(buildEnvelope(bed.emulator.env, { overrides: { mac: null } })),
		);
		expect(nullMac.status).toBe(401);
		await hook.settled();
		expect(hook.executions).toHaveLength(0);
	});

	it('a genuine mac of another document id is answered 401 (a MAC moved onto another envelope)', async () => {
		const hook = await serve();
		const other = buildEnvelope(bed.emulator.env, { documentId: 'DOC-OTHER' });
		const answer = await postRaw(
			hook.url(),
			JSON.stringify(
				buildEnvelope(bed.emulator.env, { documentId: 'DOC-3', overrides: { mac: other.mac } }),
			),
		);
		await hook.settled();
		expect(answer.status).toBe(401);
		expect(hook.executions).toHaveLength(0);
	});

	it("a MAC keyed by another account's salt is answered 401", async () => {
		const hook = await serve();
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			account: 'account-other',
			documentId: 'DOC-4',
		});
		await hook.settled();
		expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([401]);
		expect(hook.executions).toHaveLength(0);
	});

	it("a body that is not JSON is answered 400 by the node; one declared as JSON that does not parse is refused by n8n's body parser (422)", async () => {
		const hook = await serve();
		const text = await postRaw(hook.url(), 'documentId=DOC-5&mac=abc', 'text/plain');
		const form = await postRaw(hook.url(), 'documentId=DOC-5', 'application/x-www-form-urlencoded');
		const truncated = await postRaw(
			hook.url(),
			'{"eventType":"REVIEWER_APPROVAL",',
			'application/json',
		);
		const empty = await postRaw(hook.url(), '', 'application/json');
		await hook.settled();
		expect(text.status).toBe(400);
		expect(JSON.parse(text.body).message).toMatch(/JSON object/);
		expect(form.status).toBe(400);
		expect(truncated.status).toBe(422);
		expect(empty.status).toBe(400);
		expect(hook.executions).toHaveLength(0);
	});

	it('JSON that is not an object (array, string, number, null) is answered 400', async () => {
		const hook = await serve({}, noSalt());
		const envelope = buildEnvelope(bed.emulator.env, { documentId: 'DOC-6' });
		for (const body of [JSON.stringify([envelope]), '"REVIEWER_APPROVAL"', '42', 'null']) {
			expect((await postRaw(hook.url(), body)).status).toBe(400);
		}
		await hook.settled();
		expect(hook.executions).toHaveLength(0);
	});

	it('JSON sent as text/plain is read from the raw body and verified all the same', async () => {
		const hook = await serve();
		const envelope = buildEnvelope(bed.emulator.env, { documentId: 'DOC-7' });
		expect((await postRaw(hook.url(), JSON.stringify(envelope), 'text/plain')).status).toBe(200);
		expect(
			(
				await postRaw(
					hook.url(),
					JSON.stringify({ ...envelope, mac: hmac('DOC-8', DEFAULT_SALT) }),
					'text/plain',
				)
			).status,
		).toBe(401);
		await hook.settled();
		expect(hook.executions).toHaveLength(1);
	});
});

describe('Document Execution Trigger: a body n8n does not parse', () => {
	it('reads a body that n8n leaves unread (a Content-Type it does not parse, or none) and verifies it the same', async () => {
		const hook = await serve();
		const genuine = JSON.stringify(
			buildV3Event(bed.emulator.env, { event: 'signed', documentId: 'DOC-V2-RAW' }),
		);
		const answers = [
			await postRaw(hook.url(), genuine, 'application/octet-stream'),
			await postRaw(
				hook.url(),
				JSON.stringify({ ...JSON.parse(genuine), documentId: 'DOC-V2-MOVED' }),
				'application/octet-stream',
			),
			await postRaw(hook.url(), 'not json at all', 'application/octet-stream'),
		];
		await hook.settled();
		expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400]);
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.event).toEqual(
			expect.objectContaining({ documentId: 'DOC-V2-RAW', kind: 'INVITEE_SIGNED' }),
		);
	});
});

describe('Document Execution Trigger: without a salt, verification is off', () => {
	it('accepts deliveries with or without a mac and says they are unverified', async () => {
		const hook = await serve({}, noSalt());
		const unsalted = await startEmulator({ salt: null });
		try {
			await deliverWebhook(unsalted.env, { url: hook.url(), documentId: 'DOC-N1' });
		} finally {
			await unsalted.close();
		}
		await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'DOC-N2',
			overrides: { mac: 'garbage' },
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(2);
		for (const execution of hook.executions) {
			expect(execution.items[0].json.macVerification).toEqual({
				verified: false,
				detail: expect.stringMatching(/Verification is off/),
			});
		}
		expect(hook.executions[1].items[0].json.mac).toBe('garbage');
	});
});

describe('Document Execution Trigger options', () => {
	it('filters by event type: an unselected type is acknowledged (2xx) and starts nothing; listed other types pass unchanged', async () => {
		const hook = await serve({
			events: ['REVIEWER_APPROVAL'],
			otherEventTypes: 'DOCUMENT_SIGNED, PACK_EXPIRED',
		});
		const approval = await deliverWebhook(bed.emulator.env, { url: hook.url(), documentId: 'D1' });
		const signed = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'D2',
			overrides: { eventType: 'DOCUMENT_SIGNED', futureField: { a: null } },
		});
		const unknown = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'D3',
			overrides: { eventType: 'SOMETHING_NEW' },
		});
		await hook.settled();
		expect([approval, signed, unknown].map((delivery) => delivery.attempts[0].status)).toEqual([
			200, 200, 200,
		]);
		expect(
			hook.executions.map((execution) => (execution.items[0].json.event as { kind: string }).kind),
		).toEqual(['REVIEWER_APPROVAL', 'DOCUMENT_SIGNED']);
		expect(hook.executions[1].items[0].json.futureField).toEqual({ a: null });
	});

	it('with Any Event, every type passes, including ones the spec does not list', async () => {
		const hook = await serve();
		await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'D4',
			overrides: { eventType: 'SOMETHING_NEW', webhookType: 'SUCCESS' },
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json.eventType).toBe('SOMETHING_NEW');
	});

	it('a forged delivery is refused 401 even when its event type is filtered out (verification comes first)', async () => {
		const hook = await serve({ events: ['REVIEWER_APPROVAL'] });
		const forged = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'D5',
			overrides: { eventType: 'OTHER', mac: '1'.repeat(40) },
		});
		expect(forged.attempts[0].status).toBe(401);
	});

	it('includes the request headers when asked, and never outputs the salt', async () => {
		const hook = await serve({ options: { includeHeaders: true } });
		await deliverWebhook(bed.emulator.env, { url: hook.url(), documentId: 'D6' });
		await hook.settled();
		const json = hook.executions[0].items[0].json;
		expect(json.headers).toMatchObject({
			'content-type': 'application/json',
			'user-agent': 'DocumentExecution-Webhook/4.0',
		});
		expect(JSON.stringify(json)).not.toContain(DEFAULT_SALT);

		const plain = await serve();
		await deliverWebhook(bed.emulator.env, { url: plain.url(), documentId: 'D7' });
		await plain.settled();
		expect(plain.executions[0].items[0].json.headers).toBeUndefined();
	});
});

describe('Document Execution Trigger: lifecycle of a manually registered webhook', () => {
	it('create records the URLs to paste, checkExists compares them, delete forgets them; no request goes out', async () => {
		const hook = await serve();
		expect(await hook.activate()).toEqual({ default: false, error: false });
		expect(hook.staticData().pastedWebhookUrls).toEqual({
			default: hook.url('default'),
			error: hook.url('error'),
		});
		expect(await hook.activate()).toEqual({ default: true, error: true });

		// A changed URL (renamed node, moved instance) no longer "exists": the user must paste again.
		(hook.staticData().pastedWebhookUrls as Record<string, string>).default =
			'http://old.example/webhook/x/success';
		expect(await hook.runHook('default', 'checkExists')).toBe(false);
		expect(await hook.runHook('error', 'checkExists')).toBe(true);

		await hook.deactivate();
		expect(hook.staticData().pastedWebhookUrls).toEqual({});
		expect(await hook.runHook('default', 'checkExists')).toBe(false);
		expect(bed.emulator.requests).toHaveLength(0);
	});
});
