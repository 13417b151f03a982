import type { Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import { authorize, token } from './handlers';
import { DEFAULT_OAUTH_CLIENT, type OAuthClient, type OAuthState } from './state';

/**
 * Seed keys: `oauthRedirectUris` (comma-separated redirect URLs registered for the default client, besides
 * n8n's own callback on 127.0.0.1:5678), `oauthAccessTokenTtlSeconds` (default 3600).
 */
export const family: EmulatorFamily<OAuthState> = {
	name: 'oauth',
	createState(_env, seed) {
		const redirectUris = [
			'http://127.0.0.1:5678/rest/oauth2-credential/callback',
			...String(seed.oauthRedirectUris ?? '')
				.split(',')
				.map((uri) => uri.trim())
				.filter(Boolean),
		];
		const client: OAuthClient = {
			...DEFAULT_OAUTH_CLIENT,
			accountId: 'account-main',
			redirectUris,
			accessTokenTtlSeconds: Number(seed.oauthAccessTokenTtlSeconds ?? 3600),
			refreshTokenTtlSeconds: 30 * 24 * 3600,
		};
		return {
			clients: new Map([[client.clientId, client]]),
			codes: new Map(),
			refreshTokens: new Map(),
		};
	},
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<OAuthState>('oauth');
		router.add('GET', '/oauth/oauth2/authorize', (ctx) => authorize(env, state(), ctx.query));
		router.add('POST', '/oauth/oauth2/token', (ctx) =>
			token(env, state(), ctx.headers['content-type'], ctx.headers.authorization, ctx.body),
		);
	},
};

// What tests and the other families import from this family.
export { DEFAULT_OAUTH_CLIENT, type OAuthClient, type OAuthState } from './state';
