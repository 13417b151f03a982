import axios from 'axios';

import { DEFAULT_OAUTH_CLIENT } from '../emulator/families/oauth';
import type { Emulator } from '../emulator/server';

/** The redirect URL tests register with the emulator's OAuth2 client (n8n's callback shape, on 127.0.0.1). */
export const REDIRECT_URI = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';

export const basic = (
	clientId = DEFAULT_OAUTH_CLIENT.clientId,
	clientSecret = DEFAULT_OAUTH_CLIENT.clientSecret,
) => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

export interface TokenResponse {
	access_token: string;
	token_type: string;
	expires_in: number;
	refresh_token: string;
	scope: string;
}

/** The authorization-code flow as a browser and n8n's callback perform it: authorize, follow, exchange. */
export async function authorizeAndExchange(
	emulator: Pick<Emulator, 'authUrl'>,
): Promise<TokenResponse> {
	const http = axios.create({ validateStatus: () => true, maxRedirects: 0 });
	const authorize = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
		params: {
			response_type: 'code',
			client_id: DEFAULT_OAUTH_CLIENT.clientId,
			redirect_uri: REDIRECT_URI,
			scope: '*',
			state: 'test-state',
		},
	});
	if (authorize.status !== 302)
		throw new Error(`authorize answered ${authorize.status}: ${JSON.stringify(authorize.data)}`);
	const code = new URL(authorize.headers.location as string).searchParams.get('code');
	const token = await http.post(
		`${emulator.authUrl}/oauth2/token`,
		new URLSearchParams({
			grant_type: 'authorization_code',
			code: code ?? '',
			redirect_uri: REDIRECT_URI,
		}).toString(),
		{ headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() } },
	);
	if (token.status !== 200)
		throw new Error(`token answered ${token.status}: ${JSON.stringify(token.data)}`);
	return token.data as TokenResponse;
}

/** OAuth2 credential data for the emulator, connected as n8n stores it after the flow. */
export async function oauthCredential(emulator: Emulator) {
	const tokens = await authorizeAndExchange(emulator);
	return {
		environment: 'custom',
		baseUrl: emulator.baseUrl,
		authServerUrl: emulator.authUrl,
		clientId: DEFAULT_OAUTH_CLIENT.clientId,
		clientSecret: DEFAULT_OAUTH_CLIENT.clientSecret,
		oauthTokenData: { ...tokens },
	};
}

export const tokenCredential = (emulator: Emulator, authToken = 'emulator-token') => ({
	environment: 'custom',
	baseUrl: emulator.baseUrl,
	authToken,
});
