import { V3_CODES, V4_CODES } from '../../../nodes/shared/serviceCodes';
import { V3_SEED } from '../../emulator/families/v3';
import type { V4State } from '../../emulator/families/v4';
import { deliverWebhook } from '../../emulator/families/webhooks';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, type Emulator } from '../../emulator/server';
import { oauthCredential, tokenCredential } from '../../support/credentials';
import { triggerTestbed } from './helpers';

/**
 * Re-Fetch Current Status: after a verified delivery the trigger reads the service's own word, because the
 * MAC covers only the document id and a captured delivery can be replayed. Auth Token: v3.2 check status of
 * the document. OAuth2 (accepted by the service on v4 only): v4 pack details of the envelope's pack.
 */

const bed = triggerTestbed();

const serve = (authentication: 'authToken' | 'oAuth2', credential: Record<string, unknown>) =>
	bed.serve(
		{ authentication, options: { refetchStatus: true } },
		{
			[authentication === 'oAuth2' ? 'documentExecutionOAuth2Api' : 'documentExecutionApi']: {
				...credential,
				privateSalt: DEFAULT_SALT,
			},
		},
	);

const mainPack = (emulator: Emulator, status: string) =>
	emulator
		.slice<V4State>('v4')
		.packs.find((pack) => pack.accountId === 'account-main' && pack.status === status)!;

describe('Re-Fetch Current Status with the Auth Token credential (v3.2 check status)', () => {
	it("attaches the document's current status, read with X-Auth-Token", async () => {
		const hook = await serve('authToken', tokenCredential(bed.emulator));
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: V3_SEED.completedDocumentId,
		});
		await hook.settled();

		expect(delivery.attempts[0].status).toBe(200);
		const [request] = bed.emulator.requestsTo('/v3.2/sign/request');
		expect(request).toMatchObject({
			method: 'GET',
			query: { documentId: V3_SEED.completedDocumentId },
		});
		expect(request.headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);
		expect(bed.emulator.requests).toHaveLength(1);

		const json = hook.executions[0].items[0].json;
		expect(json.currentStatus).toMatchObject({
			source: 'v3.2 check status',
			documentId: V3_SEED.completedDocumentId,
			// The v3.2 answer as the service sends it: the invitees' states, no document status (spec).
			data: {
				documentId: V3_SEED.completedDocumentId,
				requests: [
					expect.objectContaining({ signed: true }),
					expect.objectContaining({ signed: true }),
				],
			},
		});
		expect(
			(json.currentStatus as { data: { signers?: unknown[] } }).data.signers?.length,
		).toBeGreaterThan(0);
		// The envelope is still there as it arrived.
		expect(json.eventType).toBe('REVIEWER_APPROVAL');
		expect(JSON.stringify(json)).not.toContain(DEFAULT_SALT);
	});

	it("shows the service's word even when it contradicts the delivery (a replayed approval of a SENT document)", async () => {
		const hook = await serve('authToken', tokenCredential(bed.emulator));
		await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: V3_SEED.sentDocumentId,
			overrides: { document: { documentStatus: 'COMPLETED' } },
		});
		await hook.settled();
		const json = hook.executions[0].items[0].json;
		expect((json.document as { documentStatus: string }).documentStatus).toBe('COMPLETED');
		const { requests } = (json.currentStatus as { data: { requests: Array<{ signed: boolean }> } })
			.data;
		expect(requests.map(({ signed }) => signed)).toEqual([false, false]);
	});

	it('a service error fails the delivery (503, a failed execution with the mapped message) and starts nothing', async () => {
		const hook = await serve('authToken', tokenCredential(bed.emulator));
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'DOC-UNKNOWN',
		});
		await hook.settled();
		expect(delivery.attempts[0].status).toBe(503);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures).toHaveLength(1);
		expect(hook.failures[0].error.message).toBe(
			`${V3_CODES['no.document.found'].message} [no.document.found]`,
		);
	});

	it('a read that gets no answer fails the delivery (503) with one line naming the host', async () => {
		const hook = await serve('authToken', tokenCredential(bed.emulator));
		bed.emulator.faults.inject({ kind: 'reset', path: '/v3.2/sign/request' });
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: V3_SEED.completedDocumentId,
		});
		await hook.settled();
		expect(delivery.attempts[0].status).toBe(503);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures[0].error.message).toBe(
			`Re-Fetch Current Status: the connection to ${new URL(bed.emulator.origin).host} was cut before the answer arrived; the service sends the delivery again later`,
		);
	});

	it('a forged delivery is refused before any request reaches the service', async () => {
		const hook = await serve('authToken', tokenCredential(bed.emulator));
		const forged = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: V3_SEED.sentDocumentId,
			overrides: { mac: 'a'.repeat(40) },
		});
		await hook.settled();
		expect(forged.attempts[0].status).toBe(401);
		expect(bed.emulator.requests).toHaveLength(0);
	});
});

describe('Re-Fetch Current Status with the OAuth2 credential (v4 pack details)', () => {
	it("attaches the pack's current details, read with a Bearer token, and never calls v3", async () => {
		const hook = await serve('oAuth2', await oauthCredential(bed.emulator));
		const pack = mainPack(bed.emulator, 'SENT');
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			packId: pack.packId,
		});
		await hook.settled();

		expect(delivery.attempts[0].status).toBe(200);
		const requests = bed.emulator.requestsTo('/api/');
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v4/packs',
			query: { packId: pack.packId },
		});
		expect(requests[0].headers.authorization).toMatch(/^Bearer at_/);
		expect(requests[0].headers['x-auth-token']).toBeUndefined();

		const json = hook.executions[0].items[0].json;
		expect(json.currentStatus).toMatchObject({
			source: 'v4 pack details',
			packId: pack.packId,
			data: {
				packId: pack.packId,
				status: 'SENT',
				workflowRunContextId: pack.workflowRunContextId,
			},
		});
	});

	it('refreshes an expired access token through n8n on the 401 answer, reads again and persists the new token', async () => {
		const hook = await serve('oAuth2', await oauthCredential(bed.emulator));
		const pack = mainPack(bed.emulator, 'COMPLETED');
		bed.emulator.clock.advance(3601 * 1000);
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			packId: pack.packId,
		});
		await hook.settled();

		expect(delivery.attempts[0].status).toBe(200);
		expect(bed.emulator.requestsTo('/api/v4/packs').map((request) => request.at)).toHaveLength(2);
		const refreshes = bed.emulator
			.requestsTo('/oauth/oauth2/token')
			.filter(
				(request) => (request.body as { grant_type?: string }).grant_type === 'refresh_token',
			);
		expect(refreshes).toHaveLength(1);
		expect(hook.credentialsHelper.tokenUpdates.get('documentExecutionOAuth2Api')).toBe(1);
		expect(hook.executions[0].items[0].json.currentStatus).toMatchObject({
			data: { packId: pack.packId, status: 'COMPLETED' },
		});
	});

	it('maps a v4 error answer through the shared error table', async () => {
		const hook = await serve('oAuth2', await oauthCredential(bed.emulator));
		const delivery = await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			packId: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
		});
		await hook.settled();
		expect(delivery.attempts[0].status).toBe(503);
		expect(hook.executions).toHaveLength(0);
		expect(hook.failures[0].error.message).toBe(
			`${V4_CODES.LE_ERR_AP_001.message} [LE_ERR_AP_001]`,
		);
		expect((hook.failures[0].error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('a delivery without pack.packId cannot be re-fetched and says so', async () => {
		const hook = await serve('oAuth2', await oauthCredential(bed.emulator));
		await deliverWebhook(bed.emulator.env, {
			url: hook.url(),
			documentId: 'DOC-1',
			overrides: { pack: { packId: null } },
		});
		await hook.settled();
		expect(hook.failures[0].error.message).toBe(
			'Re-Fetch Current Status: the delivery has no pack.packId',
		);
		expect(bed.emulator.requestsTo('/api/')).toHaveLength(0);
	});
});
