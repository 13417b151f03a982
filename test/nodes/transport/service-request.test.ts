import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { V3_CODES } from '../../../nodes/shared/serviceCodes';
import { serviceRequest, type ServiceRequest } from '../../../nodes/shared/transport';
import { V3_SEED } from '../../emulator/families/v3';
import { startEmulator, type Emulator } from '../../emulator/server';
import { TestCredentialsHelper } from '../../harness/credentials-helper';
import { editorContext } from '../../harness/methods';
import { oauthCredential, REDIRECT_URI, tokenCredential } from '../../support/credentials';

/**
 * serviceRequest on its own, in the context n8n-core gives a node's editor methods (one of its callers), against
 * the emulator: the credential its authentication names, the credential's base URL, the one refresh rule, the
 * network and envelope errors.
 */

let emulator: Emulator;
beforeEach(
	async () => (emulator = await startEmulator({ seed: { oauthRedirectUris: REDIRECT_URI } })),
);
afterEach(async () => await emulator.close());

const ACCESS_TOKEN_LIFE_MS = 3600 * 1000;

/**
 * A node context of n8n-core holding these credentials (the node's Authentication set to the one they are for),
 * and the helper that stores what n8n writes back.
 */
function contextWith(credentials: Record<string, ICredentialDataDecryptedObject>) {
	const authentication = 'documentExecutionOAuth2Api' in credentials ? 'oAuth2' : 'authToken';
	const credentialsHelper = new TestCredentialsHelper(credentials);
	const context = editorContext({ authentication }, 'parameters.packId', { credentialsHelper });
	return { context, credentialsHelper };
}

const packSearch: ServiceRequest = {
	authentication: 'oAuth2',
	family: 'v4',
	path: '/v4/packs/search',
	qs: { offset: 0, max: 2 },
	operation: 'Pack ID → From List',
	again: 'open the list again',
};

const bearerOf = (request: { headers: Record<string, unknown> }) =>
	String(request.headers.authorization ?? '').replace(/^Bearer /, '');

describe('serviceRequest', () => {
	it("sends to the credential's base URL with the Auth Token and answers the service's answer", async () => {
		const { context } = contextWith({ documentExecutionApi: tokenCredential(emulator) });
		const answer = await serviceRequest(context, {
			authentication: 'authToken',
			family: 'v3',
			path: '/v3.2/sign/request',
			qs: { documentId: V3_SEED.completedDocumentId },
			operation: 'Document → Get Status',
			again: 'run the node again',
		});
		expect(answer.statusCode).toBe(200);
		expect(answer.body).toMatchObject({ data: { documentId: V3_SEED.completedDocumentId } });
		const [request] = emulator.requests;
		expect(emulator.requests).toHaveLength(1);
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/v3.2/sign/request',
			query: { documentId: V3_SEED.completedDocumentId },
		});
		expect(request.headers['x-auth-token']).toBe(tokenCredential(emulator).authToken);
		expect(request.headers.authorization).toBeUndefined();
	});

	it('with OAuth2, sends a Bearer token and no Auth Token', async () => {
		const { context } = contextWith({
			documentExecutionOAuth2Api: await oauthCredential(emulator),
		});
		emulator.requests.length = 0;
		const answer = await serviceRequest(context, packSearch);
		expect(answer.body).toMatchObject({ data: { records: expect.any(Array) } });
		const [request] = emulator.requestsTo('/v4/packs/search');
		expect(request.headers.authorization).toMatch(/^Bearer at_/);
		expect(request.headers['x-auth-token']).toBeUndefined();
	});

	it('refreshes an expired OAuth2 token once through n8n, stores it and sends the request again', async () => {
		const credential = await oauthCredential(emulator);
		const { context, credentialsHelper } = contextWith({ documentExecutionOAuth2Api: credential });
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);

		const answer = await serviceRequest(context, packSearch);

		expect(answer.statusCode).toBe(200);
		const [refused, refresh, retried, ...rest] = emulator.requests;
		expect(rest).toEqual([]);
		expect(bearerOf(refused)).toBe(credential.oauthTokenData.access_token);
		expect(refresh.path).toBe('/oauth/oauth2/token');
		expect(retried).toMatchObject({ path: refused.path, query: refused.query });
		const stored = credentialsHelper.store.get('documentExecutionOAuth2Api')!.oauthTokenData as {
			access_token: string;
		};
		expect(bearerOf(retried)).toBe(stored.access_token);
		expect(stored.access_token).not.toBe(credential.oauthTokenData.access_token);
		expect(credentialsHelper.tokenUpdates.get('documentExecutionOAuth2Api')).toBe(1);
	});

	it('asks to reconnect the credential when the refresh is refused, without sending again', async () => {
		const credential = await oauthCredential(emulator);
		credential.oauthTokenData.refresh_token = 'rt_revoked';
		const { context } = contextWith({ documentExecutionOAuth2Api: credential });
		emulator.requests.length = 0;
		emulator.clock.advance(ACCESS_TOKEN_LIFE_MS + 1000);

		await expect(serviceRequest(context, packSearch)).rejects.toThrow(
			'The credential "documentExecutionOAuth2Api" needs to be reconnected.',
		);
		expect(emulator.requestsTo('/oauth/oauth2/token')).toHaveLength(1);
		expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1);
	});

	it('refreshes nothing for a refused Auth Token: the v4 envelope names the code', async () => {
		const { context } = contextWith({
			documentExecutionApi: tokenCredential(emulator, 'wrong-token'),
		});
		const error = await serviceRequest(context, {
			...packSearch,
			authentication: 'authToken',
		}).then(
			() => undefined,
			(thrown: unknown) => thrown as { message: string; httpCode?: string },
		);
		expect(error?.message).toBe('The service refused the credentials [LE_ERR_AP_080]');
		expect(error?.httpCode).toBe('401');
		expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1);
		expect(emulator.requestsTo('/oauth/')).toHaveLength(0);
	});

	it("reads an error answer with its family's envelope (v3: HTTP 200, status 0)", async () => {
		const { context } = contextWith({ documentExecutionApi: tokenCredential(emulator) });
		await expect(
			serviceRequest(context, {
				authentication: 'authToken',
				family: 'v3',
				path: '/v3.2/sign/request',
				qs: { documentId: 'DOC-UNKNOWN' },
				operation: 'Document → Get Status',
				again: 'run the node again',
			}),
		).rejects.toThrow(`${V3_CODES['no.document.found'].message} [no.document.found]`);
	});

	it('says in one line which request got no answer, from where, and what to do', async () => {
		const { context } = contextWith({ documentExecutionApi: tokenCredential(emulator) });
		emulator.faults.inject({ kind: 'reset', path: '/v4/packs/search' });
		await expect(
			serviceRequest(context, { ...packSearch, authentication: 'authToken' }),
		).rejects.toThrow(
			`Pack ID → From List: the connection to ${new URL(emulator.origin).host} was cut before the answer arrived; open the list again`,
		);
	});
});
