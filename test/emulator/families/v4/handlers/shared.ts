import type { Account } from '../../../accounts';
import { v4Error } from '../../../envelopes';
import type { Reply, RouteContext } from '../../../http';
import type { EmulatorEnv } from '../../../server';

// What every v4 endpoint uses: authentication and query parameters.

/** X-Auth-Token of a known account, or an unexpired OAuth2 Bearer token; otherwise 401 LE_ERR_AP_080. */
export function authenticate(env: EmulatorEnv, ctx: RouteContext): Account | Reply {
	const byToken = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
	if (byToken) return byToken;
	const byBearer = env.accounts.byBearer(ctx.headers.authorization);
	if (byBearer === 'expired')
		return v4Error(401, 'LE_ERR_AP_080', 'The access token has expired', 'Authorization');
	if (byBearer) return byBearer;
	const sent = ctx.headers['x-auth-token'] !== undefined || ctx.headers.authorization !== undefined;
	return v4Error(
		401,
		'LE_ERR_AP_080',
		sent ? 'Invalid authentication token' : 'Authentication token is missing',
		sent ? 'X-Auth-Token' : null,
	);
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const present = (value: string | undefined): value is string =>
	value !== undefined && value !== '';

/** An integer query parameter: undefined when absent, 'invalid' when not a number at all, else the number. */
export function numberParam(value: string | undefined): number | 'invalid' | undefined {
	if (value === undefined || value === '') return undefined;
	if (!/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return 'invalid';
	return Number(value);
}
