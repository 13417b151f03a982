import { startEmulator, type Emulator } from '../emulator/server';
import { testCredential } from '../harness/credential-test';
import { TestCredentialsHelper } from '../harness/credentials-helper';
import { oauthCredential, tokenCredential } from '../support/credentials';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

describe('Document Execution API credential (X-Auth-Token)', () => {
	it('passes its test with a valid token, sending the token as X-Auth-Token', async () => {
		const before = emulator.requests.length;
		await expect(
			testCredential('documentExecutionApi', tokenCredential(emulator)),
		).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		const [request] = emulator.requests.slice(before);
		expect(request.path).toBe('/api/v3.0/sign/request/list');
		expect(request.headers['x-auth-token']).toBe('emulator-token');
		expect(request.headers.authorization).toBeUndefined();
	});

	it('fails its test with an invalid token, although the service answers HTTP 200 (status 0)', async () => {
		await expect(
			testCredential('documentExecutionApi', tokenCredential(emulator, 'not-a-token')),
		).resolves.toEqual({
			status: 'Error',
			message: 'The service refused this Auth Token',
		});
	});
});

describe('Document Execution OAuth2 API credential', () => {
	it('derives the authorization and token URLs from the Authorization Server URL', async () => {
		const helper = new TestCredentialsHelper({
			documentExecutionOAuth2Api: await oauthCredential(emulator),
		});
		const decrypted = await helper.getDecrypted(
			{} as never,
			{ id: '1', name: 'c' },
			'documentExecutionOAuth2Api',
			'manual',
		);
		expect(decrypted).toMatchObject({
			authUrl: `${emulator.authUrl}/oauth2/authorize`,
			accessTokenUrl: `${emulator.authUrl}/oauth2/token`,
			scope: '*',
			authentication: 'header',
			grantType: 'authorizationCode',
		});
	});

	it('sends the access token as Authorization: Bearer', async () => {
		const credential = await oauthCredential(emulator);
		const before = emulator.requests.length;
		await expect(testCredential('documentExecutionOAuth2Api', credential)).resolves.toMatchObject({
			status: 'OK',
		});
		const [request] = emulator.requests.slice(before);
		expect(request.path).toBe('/api/v4/packs/search');
		expect(request.headers.authorization).toBe(`Bearer ${credential.oauthTokenData.access_token}`);
	});

	it('when the service says the token expired, refreshes it through the token endpoint with Basic client auth and retries', async () => {
		const credential = await oauthCredential(emulator);
		emulator.clock.advance(3601 * 1000);
		const before = emulator.requests.length;
		const result = await testCredential('documentExecutionOAuth2Api', credential);
		expect(result.status).toBe('OK');

		const [expired, refresh, retried] = emulator.requests.slice(before);
		expect(expired.headers.authorization).toBe(`Bearer ${credential.oauthTokenData.access_token}`);
		expect(refresh).toMatchObject({ method: 'POST', path: '/oauth/oauth2/token' });
		expect(refresh.headers.authorization).toBe(
			`Basic ${Buffer.from('emulator-client:emulator-client-secret').toString('base64')}`,
		);
		expect(refresh.body).toMatchObject({
			grant_type: 'refresh_token',
			refresh_token: credential.oauthTokenData.refresh_token,
		});
		expect(refresh.body).not.toHaveProperty('client_secret');
		expect(retried.path).toBe('/api/v4/packs/search');
		expect(retried.headers.authorization).toMatch(/^Bearer at_/);
		expect(retried.headers.authorization).not.toBe(expired.headers.authorization);
	});
});
