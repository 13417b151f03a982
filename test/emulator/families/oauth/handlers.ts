import { randomBytes } from 'node:crypto';

import { json, type Reply } from '../../http';
import type { EmulatorEnv } from '../../server';
import { type AuthorizationCode, CODE_TTL_MS, type OAuthClient, type OAuthState } from './state';

// The authorization and token endpoints.

const oauthError = (status: number, error: string, description: string): Reply =>
	json(status, { error, error_description: description });

export function authorize(
	env: EmulatorEnv,
	state: OAuthState,
	query: Record<string, string>,
): Reply {
	const client = state.clients.get(query.client_id ?? '');
	if (!client) return oauthError(400, 'invalid_client', 'Unknown client_id');
	let redirect: URL;
	try {
		redirect = new URL(query.redirect_uri ?? '');
	} catch {
		return oauthError(400, 'invalid_request', 'redirect_uri is not a URL');
	}
	if (redirect.hostname === 'localhost') {
		return oauthError(
			400,
			'invalid_request',
			'localhost is not allowed as a redirect host; use 127.0.0.1',
		);
	}
	// Compared on scheme, host and path, as the spec says: the query n8n adds is not part of the match.
	const target = `${redirect.protocol}//${redirect.host}${redirect.pathname}`;
	const registered = client.redirectUris.some((uri) => {
		const known = new URL(uri);
		return `${known.protocol}//${known.host}${known.pathname}` === target;
	});
	if (!registered)
		return oauthError(
			400,
			'invalid_request',
			'redirect_uri does not match a registered redirect URL',
		);
	if (query.response_type !== 'code') {
		return redirectWith(redirect, { error: 'unsupported_response_type', state: query.state });
	}
	const code = randomBytes(16).toString('hex');
	state.codes.set(code, {
		clientId: client.clientId,
		redirectUri: query.redirect_uri,
		expiresAt: env.clock.now() + CODE_TTL_MS,
		used: false,
		issued: { accessTokens: [], refreshTokens: [] },
	});
	return redirectWith(redirect, { code, scope: query.scope ?? '*', state: query.state });
}

function redirectWith(redirect: URL, params: Record<string, string | undefined>): Reply {
	for (const [key, value] of Object.entries(params))
		if (value !== undefined) redirect.searchParams.set(key, value);
	return { status: 302, headers: { location: redirect.toString() } };
}

export function token(
	env: EmulatorEnv,
	state: OAuthState,
	contentType: string | undefined,
	authorization: string | undefined,
	body: unknown,
): Reply {
	if (!contentType?.includes('application/x-www-form-urlencoded')) {
		return oauthError(
			400,
			'invalid_request',
			'Content-Type must be application/x-www-form-urlencoded',
		);
	}
	const form = (body ?? {}) as Record<string, string>;
	if (form.client_id !== undefined || form.client_secret !== undefined) {
		return oauthError(
			400,
			'invalid_request',
			'Client credentials are accepted only in the Authorization header',
		);
	}
	const client = basicClient(state, authorization);
	if (!client) return oauthError(401, 'invalid_client', 'Client authentication failed');

	if (form.grant_type === 'authorization_code') {
		const code = state.codes.get(form.code ?? '');
		if (!code || code.clientId !== client.clientId)
			return oauthError(400, 'invalid_grant', 'Unknown authorization code');
		if (code.used) {
			code.issued.accessTokens.forEach((accessToken) =>
				env.accounts.revokeAccessToken(accessToken),
			);
			code.issued.refreshTokens.forEach((refreshToken) => state.refreshTokens.delete(refreshToken));
			return oauthError(
				400,
				'invalid_grant',
				'Authorization code already used; tokens issued from it are revoked',
			);
		}
		if (code.expiresAt <= env.clock.now())
			return oauthError(400, 'invalid_grant', 'Authorization code expired');
		if (form.redirect_uri !== code.redirectUri)
			return oauthError(
				400,
				'invalid_grant',
				'redirect_uri differs from the authorization request',
			);
		code.used = true;
		return issueTokens(env, state, client, code, undefined);
	}
	if (form.grant_type === 'refresh_token') {
		const refresh = state.refreshTokens.get(form.refresh_token ?? '');
		if (!refresh || refresh.clientId !== client.clientId || refresh.expiresAt <= env.clock.now()) {
			return oauthError(400, 'invalid_grant', 'Refresh token is invalid or expired');
		}
		return issueTokens(env, state, client, refresh.code, form.refresh_token);
	}
	return oauthError(
		400,
		'unsupported_grant_type',
		'grant_type must be authorization_code or refresh_token',
	);
}

function basicClient(
	state: OAuthState,
	authorization: string | undefined,
): OAuthClient | undefined {
	const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const separator = decoded.indexOf(':');
	const clientId = decodeURIComponent(decoded.slice(0, separator));
	const clientSecret = decodeURIComponent(decoded.slice(separator + 1));
	const client = state.clients.get(clientId);
	return client && client.clientSecret === clientSecret ? client : undefined;
}

/** Not shown: whether a refresh rotates the refresh token. Choice: it does not (the same one comes back). */
function issueTokens(
	env: EmulatorEnv,
	state: OAuthState,
	client: OAuthClient,
	code: AuthorizationCode,
	existingRefreshToken: string | undefined,
): Reply {
	const accessToken = env.accounts.issueAccessToken(
		client.accountId,
		client.accessTokenTtlSeconds * 1000,
	);
	code.issued.accessTokens.push(accessToken);
	let refreshToken = existingRefreshToken;
	if (!refreshToken) {
		refreshToken = `rt_${randomBytes(16).toString('hex')}`;
		state.refreshTokens.set(refreshToken, {
			clientId: client.clientId,
			accountId: client.accountId,
			expiresAt: env.clock.now() + client.refreshTokenTtlSeconds * 1000,
			code,
		});
		code.issued.refreshTokens.push(refreshToken);
	}
	return json(200, {
		access_token: accessToken,
		token_type: 'Bearer',
		expires_in: client.accessTokenTtlSeconds,
		refresh_token: refreshToken,
		scope: '*',
	});
}
