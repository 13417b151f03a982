import axios from 'axios';

import { DEFAULT_OAUTH_CLIENT } from '../emulator/families/oauth';
import { startEmulator, type Emulator } from '../emulator/server';
import { authorizeAndExchange, basic, REDIRECT_URI } from '../support/credentials';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { oauthRedirectUris: REDIRECT_URI } });
});
afterEach(async () => await emulator.close());

const http = axios.create({ validateStatus: () => true, maxRedirects: 0 });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (extra: Record<string, string> = {}) => ({
	'content-type': 'application/x-www-form-urlencoded',
	...extra,
});

describe('emulator OAuth2 endpoints follow the spec', () => {
	it('redirects back with code, scope and the unchanged state', async () => {
		const response = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
			params: {
				response_type: 'code',
				client_id: DEFAULT_OAUTH_CLIENT.clientId,
				redirect_uri: REDIRECT_URI,
				scope: '*',
				state: 'opaque-123',
			},
		});
		expect(response.status).toBe(302);
		const location = new URL(response.headers.location as string);
		expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
		expect(location.searchParams.get('state')).toBe('opaque-123');
		expect(location.searchParams.get('scope')).toBe('*');
		expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
	});

	it('refuses localhost as a redirect host and unregistered redirect URLs', async () => {
		const params = {
			response_type: 'code',
			client_id: DEFAULT_OAUTH_CLIENT.clientId,
			scope: '*',
			state: 's',
		};
		const localhost = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
			params: { ...params, redirect_uri: REDIRECT_URI.replace('127.0.0.1', 'localhost') },
		});
		expect(localhost.status).toBe(400);
		expect(localhost.data.error_description).toMatch(/localhost/);
		const other = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
			params: { ...params, redirect_uri: 'http://127.0.0.1:9/elsewhere' },
		});
		expect(other.status).toBe(400);
	});

	it('exchanges a code with Basic client auth and rejects client credentials in the body', async () => {
		const tokens = await authorizeAndExchange(emulator);
		expect(tokens).toMatchObject({ token_type: 'Bearer', scope: '*', expires_in: 3600 });
		expect(typeof tokens.refresh_token).toBe('string');

		const inBody = await http.post(
			`${emulator.authUrl}/oauth2/token`,
			form({
				grant_type: 'refresh_token',
				refresh_token: tokens.refresh_token,
				client_id: DEFAULT_OAUTH_CLIENT.clientId,
				client_secret: DEFAULT_OAUTH_CLIENT.clientSecret,
			}),
			{ headers: formHeaders() },
		);
		expect(inBody.status).toBe(400);
		expect(inBody.data.error).toBe('invalid_request');

		const refreshed = await http.post(
			`${emulator.authUrl}/oauth2/token`,
			form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
			{
				headers: formHeaders({ authorization: basic() }),
			},
		);
		expect(refreshed.status).toBe(200);
		expect(refreshed.data.access_token).not.toBe(tokens.access_token);
		expect(Object.keys(refreshed.data).sort()).toEqual(Object.keys(tokens).sort());
	});

	it('treats a replayed code as an attack: refused, and the tokens issued from it stop working', async () => {
		const response = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
			params: {
				response_type: 'code',
				client_id: DEFAULT_OAUTH_CLIENT.clientId,
				redirect_uri: REDIRECT_URI,
				scope: '*',
				state: 's',
			},
		});
		const code = new URL(response.headers.location as string).searchParams.get('code')!;
		const exchange = () =>
			http.post(
				`${emulator.authUrl}/oauth2/token`,
				form({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }),
				{
					headers: formHeaders({ authorization: basic() }),
				},
			);
		const first = await exchange();
		expect(first.status).toBe(200);
		expect(emulator.accounts.byBearer(`Bearer ${first.data.access_token}`)).toMatchObject({
			id: 'account-main',
		});
		const replay = await exchange();
		expect(replay.status).toBe(400);
		expect(replay.data.error).toBe('invalid_grant');
		expect(emulator.accounts.byBearer(`Bearer ${first.data.access_token}`)).toBeUndefined();
		const refresh = await http.post(
			`${emulator.authUrl}/oauth2/token`,
			form({ grant_type: 'refresh_token', refresh_token: first.data.refresh_token }),
			{
				headers: formHeaders({ authorization: basic() }),
			},
		);
		expect(refresh.status).toBe(400);
	});

	it('lets codes and access tokens expire on the emulator clock', async () => {
		const tokens = await authorizeAndExchange(emulator);
		expect(emulator.accounts.byBearer(`Bearer ${tokens.access_token}`)).toMatchObject({
			id: 'account-main',
		});
		emulator.clock.advance(3600 * 1000);
		expect(emulator.accounts.byBearer(`Bearer ${tokens.access_token}`)).toBe('expired');
		emulator.clock.reset();
	});
});
