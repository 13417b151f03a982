// The OAuth family's state: registered clients, authorization codes and refresh tokens.
export interface OAuthClient {
	clientId: string;
	clientSecret: string;
	accountId: string;
	redirectUris: string[];
	accessTokenTtlSeconds: number;
	refreshTokenTtlSeconds: number;
}

export interface AuthorizationCode {
	clientId: string;
	redirectUri: string;
	expiresAt: number;
	used: boolean;
	/** Tokens issued from this code, revoked if the code is replayed. */
	issued: { accessTokens: string[]; refreshTokens: string[] };
}

interface RefreshToken {
	clientId: string;
	accountId: string;
	expiresAt: number;
	code: AuthorizationCode;
}

export interface OAuthState {
	clients: Map<string, OAuthClient>;
	codes: Map<string, AuthorizationCode>;
	refreshTokens: Map<string, RefreshToken>;
}

export const DEFAULT_OAUTH_CLIENT = {
	clientId: 'emulator-client',
	clientSecret: 'emulator-client-secret',
};

/** Not shown in the spec: how long a code lives ("short-lived"). */
export const CODE_TTL_MS = 60_000;
