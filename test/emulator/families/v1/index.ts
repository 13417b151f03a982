import type { Account } from '../../accounts';
import { v1Error, v1Read } from '../../envelopes';
import { json, type Reply, type RouteContext, type Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import {
	createOauth2Client,
	createPasswordPolicy,
	installLicence,
	updateNotificationRule,
	updateRole,
	updateSettings,
} from './handlers/organisation';
import { AUDIT_LOG_FIELDS, CERTIFICATE_FIELDS, search } from './handlers/search';
import { newOrganisation } from './seed';
import { type Organisation, RULE_TYPES, V1_PREFIX, type V1State } from './state';
import { notFound } from './validation';

/**
 * Organisation administration (v1). The spec writes these paths as `{base_url}/api/v1/...` while
 * `{base_url}` already ends in `/api`; the emulator follows it literally, so they live under `/api/api/v1`.
 * Choices where the spec is silent: test/emulator/choices/v1.md.
 *
 * Seed keys: `v1SettingsAbsent` (main account without settings), `v1PasswordPolicy` (main account starts
 * with a password policy), `v1Certificates` (count, default 30), `v1AuditLogs` (count, default 95),
 * `v1InternalErrors` (how many v1 requests answer 500 before the service recovers, default 0).
 */

export const family: EmulatorFamily<V1State> = {
	name: 'v1',
	createState(env, seed) {
		const organisations = new Map<string, Organisation>();
		return {
			organisations,
			internalErrors: Number(seed.v1InternalErrors ?? 0),
			internalErrorsAfter: 0,
			organisation(accountId) {
				let organisation = organisations.get(accountId);
				if (!organisation) {
					organisation = newOrganisation(seed, env.accounts.byId(accountId));
					organisations.set(accountId, organisation);
				}
				return organisation;
			},
		};
	},
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<V1State>('v1');
		type V1Handler = (ctx: RouteContext, organisation: Organisation, account: Account) => Reply;
		const route = (
			method: string,
			path: string,
			handler: V1Handler,
			authFailureCode = 'LE_ERR_SS_303',
		) =>
			router.add(method, `${V1_PREFIX}${path}`, (ctx) => {
				const account = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
				if (!account) {
					return v1Error(401, [
						authFailureCode === 'LE_ERR_SS_301'
							? { message: 'Authentication failed', path: null, code: 'LE_ERR_SS_301' }
							: { message: 'Invalid or expired token', path: null, code: 'LE_ERR_SS_303' },
					]);
				}
				if (state().internalErrors > 0 && state().internalErrorsAfter > 0)
					state().internalErrorsAfter -= 1;
				else if (state().internalErrors > 0) {
					state().internalErrors -= 1;
					return v1Error(500, [{ message: 'Internal server error', path: null, code: null }]);
				}
				return handler(ctx, state().organisation(account.id), account);
			});

		route('POST', '/password-policy', (ctx, org) => createPasswordPolicy(env, org, ctx.body));
		route('GET', '/password-policy', (_ctx, org) =>
			org.passwordPolicy
				? v1Read(org.passwordPolicy)
				: notFound('LE_ERR_SS_203', 'Password policy not found'),
		);
		route('GET', '/settings', (_ctx, org) =>
			org.settings ? v1Read(org.settings) : notFound('LE_ERR_SS_203', 'Settings not found'),
		);
		route('PUT', '/settings', (ctx, org) => updateSettings(org, ctx.body));
		route('GET', '/notification-rules/types', () =>
			v1Read(RULE_TYPES.map((type) => ({ ...type }))),
		);
		route('PUT', '/notification-rules/:id', (ctx, org) =>
			updateNotificationRule(org, ctx.params.id, ctx.body),
		);
		route('PUT', '/roles/:id', (ctx, org) => updateRole(org, ctx.params.id, ctx.body));
		route('POST', '/licenses', (ctx, org) => installLicence(env, org, ctx.body), 'LE_ERR_SS_301');
		route('POST', '/oauth2-clients', (ctx, org, account) =>
			createOauth2Client(env, org, account, ctx.body),
		);
		route('POST', '/certificates/search', (ctx, org) =>
			search(org.certificates, ctx.body, CERTIFICATE_FIELDS),
		);
		route('POST', '/audit-logs/search', (ctx, org) =>
			search(org.auditLogs, ctx.body, AUDIT_LOG_FIELDS),
		);

		// Control route (not a service path): after `after` more requests, `times` authenticated v1 requests answer 500.
		router.add('POST', '/__emulator/v1/internal-errors', (ctx) => {
			const body = (ctx.body ?? {}) as { times?: number; after?: number };
			state().internalErrors = Number(body.times ?? 1);
			state().internalErrorsAfter = Number(body.after ?? 0);
			return json(200, {
				internalErrors: state().internalErrors,
				after: state().internalErrorsAfter,
			});
		});
	},
};

// What tests and the other families import from this family.
export {
	ENTITLEMENTS,
	localDateTime,
	type Organisation,
	RULE_TYPES,
	ruleId,
	SEEDED_ROLES,
	SEEDED_USERS,
	V1_PREFIX,
	type V1State,
} from './state';
export {
	AUDIT_LOG_FIELDS,
	CERTIFICATE_FIELDS,
	DEFAULT_SEARCH_LIMIT,
	MAX_SEARCH_LIMIT,
	OPERATORS,
} from './handlers/search';
