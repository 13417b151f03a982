import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Emulator } from '../../emulator/server';
import { NODE_NAME, runNode } from '../../harness/engine';
import { oauthCredential, tokenCredential } from '../../support/credentials';
import { mainPacks, startV4Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const ACCESS_TOKEN_LIFE_MS = 3600 * 1000;
const bearerOf = (request: { headers: Record<string, unknown> }) =>
	String(request.headers.authorization ?? '').replace(/^Bearer /, '');

const operations: Array<[string, () => Record<string, unknown>]> = [
	['Search', () => ({ operation: 'search', limit: 3 })],
	['Get', () => ({ operation: 'get', packId: mainPacks(emulator)[0].packId })],
	[
		'Download',
		() => ({
			operation: 'download',
			packDocumentId: mainPacks(emulator).find((pack) => pack.status === 'COMPLETED')!.documents[0]
				.documentId,
		}),
	],
];

/** Pack → Search with Return All, 5 packs a request (12 packs: 3 requests). */
const searchAllInPagesOfFive = async (credential: ICredentialDataDecryptedObject) =>
	await runNode(
		{
			resource: 'pack',
			authentication: 'oAuth2',
			operation: 'search',
			returnAll: true,
			options: { pageSize: 5 },
		},
		{ credentials: { documentExecutionOAuth2Api: credential } },
	);

describe('an expired OAuth2 access token is refreshed through n8n and the request sent again', () => {
	it.each(operations)('Pack → %s', async (_name, parameters) => {
		const credential = await oauthCredential(emulator);
		const oldToken = credential.oauthTokenData.access_token;
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);

		const result = await runNode(
			{ resource: 'pack', authentication: 'oAuth2', ...parameters() },
			{ credentials: { documentExecutionOAuth2Api: credential } },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);

		const stored = result.credentialsHelper.store.get('documentExecutionOAuth2Api')!
			.oauthTokenData as { access_token: string; refresh_token: string };
		expect(stored.access_token).not.toBe(oldToken);
		expect(stored.refresh_token).toBe(credential.oauthTokenData.refresh_token);
		expect(result.credentialsHelper.tokenUpdates.get('documentExecutionOAuth2Api')).toBe(1);

		const [refused, refresh, retried, ...rest] = emulator.requests;
		expect(bearerOf(refused)).toBe(oldToken);
		expect(emulator.accounts.byBearer(`Bearer ${oldToken}`)).toBe('expired');
		expect(refresh.path).toBe('/oauth/oauth2/token');
		expect(refresh.headers.authorization).toMatch(/^Basic /);
		expect(refresh.body).toMatchObject({
			grant_type: 'refresh_token',
			refresh_token: credential.oauthTokenData.refresh_token,
		});
		expect(refresh.body).not.toHaveProperty('client_secret');
		expect(retried.path).toBe(refused.path);
		expect(retried.query).toEqual(refused.query);
		expect(bearerOf(retried)).toBe(stored.access_token);
		expect(rest.filter((request) => request.path.startsWith('/oauth/'))).toEqual([]);
	});

	it('refreshes once per expiry, not on every request of a paged search', async () => {
		const credential = await oauthCredential(emulator);
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);
		const result = await searchAllInPagesOfFive(credential);
		expect(result.items).toHaveLength(12);
		expect(emulator.requestsTo('/oauth/oauth2/token')).toHaveLength(1);
		expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1 + 3);
	});

	it('sends a later page again from its own offset when the token expires during a paged search', async () => {
		const credential = await oauthCredential(emulator);
		emulator.requests.length = 0;
		const searches = () => emulator.requestsTo('/v4/packs/search');
		const record = emulator.requests.push.bind(emulator.requests);
		emulator.requests.push = (...recorded) => {
			// Recorded before it is answered: the token expires as the second page is asked for.
			if (recorded[0].path.endsWith('/v4/packs/search') && searches().length === 1)
				emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);
			return record(...recorded);
		};
		const result = await searchAllInPagesOfFive(credential);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items).toHaveLength(12);
		expect(new Set(result.items.map((item) => item.json.packId)).size).toBe(12);
		expect(searches().map((request) => Number(request.query.offset))).toEqual([0, 5, 5, 10]);
		expect(emulator.requestsTo('/oauth/oauth2/token')).toHaveLength(1);
	});

	it('asks to reconnect the credential when the refresh is refused, after one refresh attempt', async () => {
		const credential = await oauthCredential(emulator);
		credential.oauthTokenData.refresh_token = 'rt_revoked';
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);
		const result = await runNode(
			{ resource: 'pack', authentication: 'oAuth2', operation: 'search', limit: 3 },
			{ credentials: { documentExecutionOAuth2Api: credential } },
		);
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The credential "documentExecutionOAuth2Api" needs to be reconnected.',
		);
		expect(emulator.requestsTo('/oauth/oauth2/token')).toHaveLength(1);
		expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1);
	});

	it('reads a lost connection on the request sent again as every network failure reads', async () => {
		const credential = await oauthCredential(emulator);
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);
		const record = emulator.requests.push.bind(emulator.requests);
		emulator.requests.push = (...recorded) => {
			// Recorded before it is answered: the request sent after the refresh loses its connection.
			if (recorded[0].path === '/oauth/oauth2/token')
				emulator.faults.inject({ kind: 'reset', path: '/v4/packs' });
			return record(...recorded);
		};
		const result = await runNode(
			{
				resource: 'pack',
				authentication: 'oAuth2',
				operation: 'get',
				packId: mainPacks(emulator)[0].packId,
			},
			{ credentials: { documentExecutionOAuth2Api: credential } },
		);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(
			`The request sent again after the OAuth2 token refresh: the connection to ${new URL(emulator.origin).host} was cut before the answer arrived; run the node again`,
		);
		expect(error.description).toBe(
			`Network error ECONNRESET on the request to ${new URL(emulator.origin).host}; no answer came back.`,
		);
		expect(emulator.requestsTo('/v4/packs')).toHaveLength(2);
	});

	it('does not refresh anything for a refused Auth Token: LE_ERR_AP_080 with its hint', async () => {
		const result = await runNode(
			{ resource: 'pack', authentication: 'authToken', operation: 'search', limit: 3 },
			{ credentials: { documentExecutionApi: tokenCredential(emulator, 'wrong-token') } },
		);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe('The service refused the credentials [LE_ERR_AP_080]');
		expect(error.description).toMatch(/LE_ERR_AP_080: Invalid authentication token/);
		expect(error.description).toMatch(/Trace ID: [0-9a-f]{32}/);
		expect(error.httpCode).toBe('401');
		expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1);
		expect(emulator.requestsTo('/oauth/')).toHaveLength(0);
	});
});
