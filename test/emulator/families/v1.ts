import { randomBytes, randomUUID } from 'node:crypto';

import type { Account } from '../accounts';
import { v1Error, v1Read, v1Written, type ErrorItem } from '../envelopes';
import { json, type Reply, type RouteContext, type Router } from '../http';
import type { EmulatorEnv, EmulatorFamily, SeedOptions } from '../server';
import type { OAuthClient, OAuthState } from './oauth';

/**
 * Organisation administration (v1). The spec writes these paths as `{base_url}/api/v1/...` while
 * `{base_url}` already ends in `/api`; the emulator follows it literally, so they live under `/api/api/v1`.
 * Choices where the spec is silent: test/emulator/choices/v1.md.
 *
 * Seed keys: `v1SettingsAbsent` (main account without settings), `v1PasswordPolicy` (main account starts
 * with a password policy), `v1Certificates` (count, default 30), `v1AuditLogs` (count, default 95),
 * `v1InternalErrors` (how many v1 requests answer 500 before the service recovers, default 0).
 */
export const V1_PREFIX = '/api/api/v1';

export const RULE_TYPES = [
	{ type: 'USER_CREATED', label: 'User created' },
	{ type: 'USER_DELETED', label: 'User deleted' },
	{ type: 'DOCUMENT_SIGNED', label: 'Document signed' },
	{ type: 'LICENSE_EXPIRY_REMINDER', label: 'Licence expiry reminder' },
	{ type: 'LICENSE_EXPIRED', label: 'Licence expired' },
	{ type: 'CERTIFICATE_EXPIRED', label: 'Certificate expired' },
] as const;

/** Fixed by the system, the same for every organisation. */
export const ENTITLEMENTS = [
	{ id: 'ent-001', name: 'DOCUMENT_SIGN' },
	{ id: 'ent-002', name: 'DOCUMENT_SEND' },
	{ id: 'ent-003', name: 'DOCUMENT_VIEW' },
	{ id: 'ent-004', name: 'USER_MANAGEMENT' },
	{ id: 'ent-005', name: 'TEMPLATE_MANAGEMENT' },
	{ id: 'ent-006', name: 'AUDIT_LOG_VIEW' },
	{ id: 'ent-007', name: 'SETTINGS_MANAGEMENT' },
] as const;

export const SEEDED_USERS = [
	{ id: 'user-001', name: 'Asha Rao', email: 'asha.rao@example.com', active: true, enabled: true },
	{
		id: 'user-002',
		name: 'Vikram Shah',
		email: 'vikram.shah@example.com',
		active: true,
		enabled: true,
	},
	{
		id: 'user-003',
		name: 'Meera Iyer',
		email: 'meera.iyer@example.com',
		active: false,
		enabled: false,
	},
] as const;

export const SEEDED_ROLES = [
	{
		id: 'role-admin',
		name: 'Administrator',
		entitlementIds: ENTITLEMENTS.map((entitlement) => entitlement.id),
	},
	{ id: 'role-signer', name: 'Signer', entitlementIds: ['ent-001', 'ent-003'] },
	{ id: 'role-viewer', name: 'Viewer', entitlementIds: ['ent-003'] },
] as const;

/** Notification rule ids: `rule-` + the rule type in lower case with dashes, e.g. `rule-user-created`. */
export const ruleId = (ruleType: string) => `rule-${ruleType.toLowerCase().replace(/_/g, '-')}`;

/** The seeded items start here and are spaced one hour apart (oldest first). */
const SEED_EPOCH = Date.UTC(2025, 0, 1, 8, 0, 0);
const HOUR = 3_600_000;

interface PasswordPolicy {
	id: string;
	minimumPasswordLength: number;
	numbersRequired: boolean;
	specialCharactersRequired: boolean;
	uppercaseRequired: boolean;
	createdAt: string;
}

interface Settings {
	id: string;
	documentRetentionEnabled: boolean;
	documentRetentionPeriod: number;
	auditLogsRetentionEnabled: boolean;
	auditLogsRetentionPeriod: number;
	auditTrailGenerationEnabled: boolean;
	createdAt: string;
}

interface User {
	id: string;
	name: string;
	email: string;
	active: boolean;
	enabled: boolean;
}

interface NotificationRule {
	id: string;
	ruleType: string;
	additionalEmailRecipients: string[];
	userIds: string[];
	enabled: boolean;
	createdAt: string;
}

interface Role {
	id: string;
	name: string;
	entitlementIds: string[];
	createdAt: string;
}

interface Licence {
	licenseId: string;
	customerId: string;
	expiry: string;
	status: 'ACTIVE' | 'EXPIRED';
	licenseType: string;
	createdAt: string;
	updatedAt: string;
	enabled: boolean;
}

interface Oauth2Client {
	id: string;
	clientId: string;
	state: 'ACTIVE' | 'SUSPENDED';
	createdAt: string;
}

type Item = Record<string, string | number | boolean | null>;

export interface Organisation {
	passwordPolicy?: PasswordPolicy;
	settings?: Settings;
	users: Map<string, User>;
	notificationRules: Map<string, NotificationRule>;
	roles: Map<string, Role>;
	licences: Map<string, Licence>;
	oauth2Clients: Map<string, Oauth2Client>;
	certificates: Item[];
	auditLogs: Item[];
}

export interface V1State {
	/** Per account id, created on first use. */
	organisations: Map<string, Organisation>;
	/** The next this-many authenticated v1 requests answer 500 LE_ERR_SS_500... */
	internalErrors: number;
	/** ...once this many more have been answered normally (to fail a later page of a search, say). */
	internalErrorsAfter: number;
	/** The organisation of an account (created with the seeded data on first use). */
	organisation(accountId: string): Organisation;
}

/** `date-time without zone`, as the spec shows the PasswordPolicy's createdAt. */
export const localDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

const CERTIFICATE_TYPES = ['PKCS12_PFX', 'PKCS12_P12', 'X509_PEM'];
const DEPARTMENTS = [
	{ departmentId: 'dept-legal', departmentName: 'Legal' },
	{ departmentId: 'dept-finance', departmentName: 'Finance' },
	{ departmentId: 'dept-hr', departmentName: 'Human Resources' },
	{ departmentId: null, departmentName: null },
];
const AUDIT_ACTIONS = [
	'LOGIN',
	'LOGOUT',
	'DOCUMENT_SENT',
	'DOCUMENT_SIGNED',
	'USER_CREATED',
	'SETTINGS_UPDATED',
	'ROLE_UPDATED',
];

function seedCertificates(count: number): Item[] {
	return Array.from({ length: count }, (_, index) => {
		const department = DEPARTMENTS[index % DEPARTMENTS.length];
		const number = String(index + 1).padStart(3, '0');
		return {
			id: `cert-${number}`,
			name: `Signing certificate ${number}`,
			certificateType: CERTIFICATE_TYPES[index % CERTIFICATE_TYPES.length],
			expiry: new Date(SEED_EPOCH + (index - 5) * 30 * 24 * HOUR).toISOString(),
			createdAt: localDateTime(SEED_EPOCH + index * HOUR),
			...department,
		};
	});
}

function seedAuditLogs(count: number): Item[] {
	return Array.from({ length: count }, (_, index) => {
		const user = SEEDED_USERS[index % SEEDED_USERS.length];
		const action = AUDIT_ACTIONS[index % AUDIT_ACTIONS.length];
		const at = localDateTime(SEED_EPOCH + index * HOUR);
		return {
			id: `log-${String(index + 1).padStart(4, '0')}`,
			details: `${action} by ${user.email}`,
			action,
			userId: user.id,
			username: user.email,
			sourceIp: `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
			userAgent: index % 2 ? 'Mozilla/5.0 (X11; Linux x86_64)' : 'n8n',
			logTime: at,
			enabled: index % 10 !== 9,
			createdAt: at,
			updatedAt: at,
		};
	});
}

function newOrganisation(seed: SeedOptions, account: Account | undefined): Organisation {
	const isMain = account?.id === 'account-main';
	const created = localDateTime(SEED_EPOCH);
	const organisation: Organisation = {
		users: new Map(SEEDED_USERS.map((user) => [user.id, { ...user }])),
		notificationRules: new Map(
			RULE_TYPES.map(({ type }) => [
				ruleId(type),
				{
					id: ruleId(type),
					ruleType: type,
					additionalEmailRecipients: [],
					userIds: ['user-001'],
					enabled: true,
					createdAt: created,
				},
			]),
		),
		roles: new Map(
			SEEDED_ROLES.map((role) => [
				role.id,
				{ ...role, entitlementIds: [...role.entitlementIds], createdAt: created },
			]),
		),
		licences: new Map(),
		oauth2Clients: new Map(),
		certificates: seedCertificates(Number(seed.v1Certificates ?? 30)),
		auditLogs: seedAuditLogs(Number(seed.v1AuditLogs ?? 95)),
	};
	if (isMain && !seed.v1SettingsAbsent) {
		organisation.settings = {
			id: 'settings-main',
			documentRetentionEnabled: true,
			documentRetentionPeriod: 365,
			auditLogsRetentionEnabled: false,
			auditLogsRetentionPeriod: 730,
			auditTrailGenerationEnabled: true,
			createdAt: created,
		};
	}
	if (isMain && seed.v1PasswordPolicy) {
		organisation.passwordPolicy = {
			id: 'password-policy-main',
			minimumPasswordLength: 10,
			numbersRequired: true,
			specialCharactersRequired: true,
			uppercaseRequired: true,
			createdAt: created,
		};
	}
	return organisation;
}

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

const notFound = (code: string | null, message: string, path: string | null = null) =>
	v1Error(404, [{ message, path, ...(code ? { code } : {}) }]);

const invalid = (errors: ErrorItem[]) => v1Error(400, errors);

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Payload errors: one entry per field, `path` naming it, no inner code (the spec gives one only for licences). */
function checkFields(
	body: Record<string, unknown>,
	rules: Record<
		string,
		{ type: 'boolean' | 'positiveInteger' | 'string' | 'stringArray'; required?: boolean }
	>,
): ErrorItem[] {
	const errors: ErrorItem[] = [];
	for (const key of Object.keys(body)) {
		if (!(key in rules)) errors.push({ message: `Unknown field ${key}`, path: key });
	}
	for (const [key, rule] of Object.entries(rules)) {
		const value = body[key];
		if (value === undefined || value === null) {
			if (rule.required) errors.push({ message: `${key} is required`, path: key });
			continue;
		}
		const ok =
			rule.type === 'boolean'
				? typeof value === 'boolean'
				: rule.type === 'positiveInteger'
					? Number.isInteger(value) && (value as number) > 0
					: rule.type === 'string'
						? typeof value === 'string' && value.trim() !== ''
						: Array.isArray(value) && value.every((entry) => typeof entry === 'string');
		if (!ok) {
			const expected = {
				boolean: 'a boolean',
				positiveInteger: 'a positive integer',
				string: 'a non-empty string',
				stringArray: 'an array of strings',
			}[rule.type];
			errors.push({ message: `${key} must be ${expected}`, path: key });
		}
	}
	return errors;
}

type Parsed =
	| { body: Record<string, unknown>; reply?: undefined }
	| { body?: undefined; reply: Reply };

function bodyObject(body: unknown): Parsed {
	return isObject(body)
		? { body }
		: { reply: invalid([{ message: 'The request body must be a JSON object', path: null }]) };
}

const plainCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function createPasswordPolicy(env: EmulatorEnv, org: Organisation, raw: unknown): Reply {
	const { body, reply } = bodyObject(raw);
	if (reply) return reply;
	const errors = checkFields(body, {
		minimumPasswordLength: { type: 'positiveInteger', required: true },
		numbersRequired: { type: 'boolean', required: true },
		specialCharactersRequired: { type: 'boolean', required: true },
		uppercaseRequired: { type: 'boolean', required: true },
	});
	if (
		!errors.length &&
		((body.minimumPasswordLength as number) < 4 || (body.minimumPasswordLength as number) > 128)
	) {
		errors.push({
			message: 'minimumPasswordLength must be between 4 and 128',
			path: 'minimumPasswordLength',
		});
	}
	if (errors.length) return invalid(errors);
	if (org.passwordPolicy) {
		return v1Error(409, [
			{ message: 'Password policy already exists', path: null, code: 'LE_ERR_SS_010' },
		]);
	}
	org.passwordPolicy = {
		id: randomUUID(),
		minimumPasswordLength: body.minimumPasswordLength as number,
		numbersRequired: body.numbersRequired as boolean,
		specialCharactersRequired: body.specialCharactersRequired as boolean,
		uppercaseRequired: body.uppercaseRequired as boolean,
		createdAt: localDateTime(env.clock.now()),
	};
	return v1Written(201, 'LE_SS_001', 'Password policy created successfully', org.passwordPolicy);
}

function updateSettings(org: Organisation, raw: unknown): Reply {
	const { body, reply } = bodyObject(raw ?? {});
	if (reply) return reply;
	const errors = checkFields(body, {
		documentRetentionEnabled: { type: 'boolean' },
		documentRetentionPeriod: { type: 'positiveInteger' },
		auditLogsRetentionEnabled: { type: 'boolean' },
		auditLogsRetentionPeriod: { type: 'positiveInteger' },
		auditTrailGenerationEnabled: { type: 'boolean' },
	});
	if (errors.length) return invalid(errors);
	if (!org.settings) return notFound('LE_ERR_SS_203', 'Settings not found');
	for (const [key, value] of Object.entries(body)) {
		if (value !== undefined && value !== null)
			(org.settings as unknown as Record<string, unknown>)[key] = value;
	}
	return v1Written(200, 'LE_SS_004', 'Settings updated successfully', org.settings);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function presentRule(org: Organisation, rule: NotificationRule) {
	const { userIds, ...rest } = rule;
	return { ...rest, notifyUsers: userIds.map((id) => ({ ...org.users.get(id)! })) };
}

function updateNotificationRule(org: Organisation, id: string, raw: unknown): Reply {
	const { body, reply } = bodyObject(raw);
	if (reply) return reply;
	const errors = checkFields(body, {
		ruleType: { type: 'string', required: true },
		additionalEmailRecipients: { type: 'stringArray' },
		userIds: { type: 'stringArray' },
		enabled: { type: 'boolean' },
	});
	const ruleType = body.ruleType;
	if (typeof ruleType === 'string' && !RULE_TYPES.some((type) => type.type === ruleType)) {
		errors.push({
			message: `ruleType must be one of ${RULE_TYPES.map((type) => type.type).join(', ')}`,
			path: 'ruleType',
		});
	}
	((body.additionalEmailRecipients as unknown[] | undefined) ?? []).forEach((email, index) => {
		if (typeof email === 'string' && !EMAIL.test(email)) {
			errors.push({
				message: `${email} is not a valid email address`,
				path: `additionalEmailRecipients[${index}]`,
			});
		}
	});
	if (errors.length) return invalid(errors);
	const rule = org.notificationRules.get(id);
	if (!rule) return notFound(null, `Notification rule ${id} not found`, 'id');
	if (rule.ruleType !== ruleType) {
		return invalid([
			{
				message: `ruleType ${String(ruleType)} does not match the rule's type ${rule.ruleType}`,
				path: 'ruleType',
			},
		]);
	}
	const userIds = body.userIds as string[] | undefined;
	const unknownUser = userIds?.findIndex((userId) => !org.users.has(userId)) ?? -1;
	if (userIds && unknownUser >= 0)
		return notFound(null, `User ${userIds[unknownUser]} not found`, `userIds[${unknownUser}]`);
	if (body.additionalEmailRecipients !== undefined)
		rule.additionalEmailRecipients = [...(body.additionalEmailRecipients as string[])];
	if (userIds !== undefined) rule.userIds = [...new Set(userIds)];
	if (body.enabled !== undefined) rule.enabled = body.enabled as boolean;
	return v1Written(
		200,
		'LE_SS_004',
		'Notification rule updated successfully',
		presentRule(org, rule),
	);
}

function updateRole(org: Organisation, id: string, raw: unknown): Reply {
	const { body, reply } = bodyObject(raw);
	if (reply) return reply;
	const errors = checkFields(body, {
		name: { type: 'string', required: true },
		entitlementIds: { type: 'stringArray' },
	});
	if (errors.length) return invalid(errors);
	const role = org.roles.get(id);
	if (!role) return notFound('LE_ERR_SS_001', `Role ${id} not found`, 'id');
	const entitlementIds = body.entitlementIds as string[] | undefined;
	const unknown =
		entitlementIds?.findIndex(
			(entitlementId) => !ENTITLEMENTS.some((entitlement) => entitlement.id === entitlementId),
		) ?? -1;
	if (entitlementIds && unknown >= 0) {
		return notFound(
			'LE_ERR_SS_001',
			`Entitlement ${entitlementIds[unknown]} not found`,
			`entitlementIds[${unknown}]`,
		);
	}
	role.name = (body.name as string).trim();
	if (entitlementIds !== undefined) role.entitlementIds = [...new Set(entitlementIds)];
	return v1Written(200, 'LE_SS_004', 'Role updated successfully', {
		id: role.id,
		name: role.name,
		createdAt: role.createdAt,
		entitlements: role.entitlementIds.map((entitlementId) => ({
			...ENTITLEMENTS.find((entitlement) => entitlement.id === entitlementId)!,
		})),
	});
}

const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A licence is a JWT: three base64url segments, a JSON header with `alg`, a JSON payload with licenseId,
 * customerId and exp (seconds), optionally licenseType. The signature is not checked (the emulator has no key).
 */
function installLicence(env: EmulatorEnv, org: Organisation, raw: unknown): Reply {
	const { body, reply } = bodyObject(raw);
	if (reply) return reply;
	const errors = checkFields(body, { file: { type: 'string', required: true } });
	if (errors.length) return invalid(errors);
	const rejected = (reason: string) =>
		invalid([
			{ message: `Licence validation failed: ${reason}`, path: 'file', code: 'LE_ERR_SS_008' },
		]);
	const segments = (body.file as string).trim().split('.');
	if (segments.length !== 3 || !segments.every((segment) => BASE64URL_SEGMENT.test(segment))) {
		return rejected('the licence is not JWT-formatted data');
	}
	const header = decodeSegment(segments[0]);
	const payload = decodeSegment(segments[1]);
	if (!header || typeof header.alg !== 'string') return rejected('the licence header is not valid');
	if (
		!payload ||
		typeof payload.licenseId !== 'string' ||
		typeof payload.customerId !== 'string' ||
		typeof payload.exp !== 'number'
	) {
		return rejected('the licence content is not valid');
	}
	const now = env.clock.now();
	const existing = org.licences.get(payload.licenseId);
	const licence: Licence = {
		licenseId: payload.licenseId,
		customerId: payload.customerId,
		expiry: new Date(payload.exp * 1000).toISOString(),
		status: payload.exp * 1000 > now ? 'ACTIVE' : 'EXPIRED',
		licenseType: typeof payload.licenseType === 'string' ? payload.licenseType : 'ACTIVE',
		createdAt: existing?.createdAt ?? localDateTime(now),
		updatedAt: localDateTime(now),
		enabled: true,
	};
	org.licences.set(licence.licenseId, licence);
	return v1Written(200, 'LE_SS_001', 'License installed successfully', licence);
}

function createOauth2Client(
	env: EmulatorEnv,
	org: Organisation,
	account: Account,
	raw: unknown,
): Reply {
	const { body, reply } = bodyObject(raw);
	if (reply) return reply;
	const errors = checkFields(body, { clientId: { type: 'string', required: true } });
	if (errors.length) return invalid(errors);
	const clientId = body.clientId as string;
	if (clientId.length < 6 || clientId.length > 64) {
		return invalid([
			{ message: 'Client ID must be between 6 and 64 characters', path: 'clientId' },
		]);
	}
	const oauth = env.slice<OAuthState>('oauth');
	if (org.oauth2Clients.has(clientId) || oauth.clients.has(clientId)) {
		return v1Error(409, [
			{ message: 'OAuth2 client already exists', path: 'clientId', code: 'LE_ERR_SS_010' },
		]);
	}
	const clientSecret = randomBytes(24).toString('base64url');
	const client: Oauth2Client = {
		id: randomUUID(),
		clientId,
		state: 'ACTIVE',
		createdAt: localDateTime(env.clock.now()),
	};
	org.oauth2Clients.set(clientId, client);
	// Usable for the authorization-code flow at once, with the default client's redirect URLs and lifetimes.
	const template = [...oauth.clients.values()][0] as OAuthClient | undefined;
	oauth.clients.set(clientId, {
		clientId,
		clientSecret,
		accountId: account.id,
		redirectUris: [
			...(template?.redirectUris ?? ['http://127.0.0.1:5678/rest/oauth2-credential/callback']),
		],
		accessTokenTtlSeconds: template?.accessTokenTtlSeconds ?? 3600,
		refreshTokenTtlSeconds: template?.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
	});
	return v1Written(201, 'LE_SS_001', 'OAuth2 client created successfully', {
		...client,
		clientSecret,
	});
}

// ---------------------------------------------------------------------------------------------------------
// Search request (certificates and audit logs)

export const CERTIFICATE_FIELDS = [
	'id',
	'name',
	'certificateType',
	'expiry',
	'createdAt',
	'departmentId',
	'departmentName',
];
export const AUDIT_LOG_FIELDS = [
	'id',
	'details',
	'action',
	'userId',
	'username',
	'sourceIp',
	'userAgent',
	'logTime',
	'enabled',
	'createdAt',
	'updatedAt',
];

export const OPERATORS = [
	'EQ',
	'NEQ',
	'IN',
	'NOT_IN',
	'IS_NULL',
	'NOT_NULL',
	'AND',
	'OR',
	'GT',
	'LT',
	'GTE',
	'LTE',
	'BETWEEN',
	'LIKE',
] as const;
type Operator = (typeof OPERATORS)[number];

/** How many values each operator takes: [min, max]. */
const VALUE_COUNT: Record<Operator, [number, number]> = {
	EQ: [1, 1],
	NEQ: [1, 1],
	GT: [1, 1],
	LT: [1, 1],
	GTE: [1, 1],
	LTE: [1, 1],
	LIKE: [1, 1],
	BETWEEN: [2, 2],
	IN: [1, Infinity],
	NOT_IN: [1, Infinity],
	IS_NULL: [0, 0],
	NOT_NULL: [0, 0],
	AND: [0, 0],
	OR: [0, 0],
};

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
const MAX_FILTER_DEPTH = 5;

type Predicate = (item: Item) => boolean;

function compileFilter(
	filter: unknown,
	fields: string[],
	path: string,
	depth: number,
): Predicate | ErrorItem {
	if (!isObject(filter)) return { message: 'filter must be an object', path };
	if (depth > MAX_FILTER_DEPTH)
		return { message: `filters may be nested at most ${MAX_FILTER_DEPTH} levels deep`, path };
	const operator = filter.operator as Operator;
	if (typeof operator !== 'string' || !OPERATORS.includes(operator)) {
		return { message: `operator must be one of ${OPERATORS.join(', ')}`, path: `${path}.operator` };
	}
	if (operator === 'AND' || operator === 'OR') {
		const children = filter.filters;
		if (!Array.isArray(children) || children.length === 0) {
			return { message: `${operator} needs a non-empty filters array`, path: `${path}.filters` };
		}
		const compiled: Predicate[] = [];
		for (const [index, child] of children.entries()) {
			const result = compileFilter(child, fields, `${path}.filters[${index}]`, depth + 1);
			if (typeof result !== 'function') return result;
			compiled.push(result);
		}
		return operator === 'AND'
			? (item) => compiled.every((test) => test(item))
			: (item) => compiled.some((test) => test(item));
	}
	const field = filter.field;
	if (typeof field !== 'string' || !fields.includes(field)) {
		return { message: `field must be one of ${fields.join(', ')}`, path: `${path}.field` };
	}
	const values = filter.value ?? [];
	if (
		!Array.isArray(values) ||
		values.some((value) => value !== null && typeof value === 'object')
	) {
		return {
			message: 'value must be an array of strings, numbers or booleans',
			path: `${path}.value`,
		};
	}
	const [min, max] = VALUE_COUNT[operator];
	if (values.length < min || values.length > max) {
		const expected = min === max ? `exactly ${min}` : `at least ${min}`;
		return {
			message: `${operator} takes ${expected} value${min === 1 && max === 1 ? '' : 's'}`,
			path: `${path}.value`,
		};
	}
	const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
	const compare = (left: unknown, right: unknown) => {
		const a = Number(left);
		const b = Number(right);
		if (typeof left === 'number' && Number.isFinite(b)) return a - b;
		return plainCompare(text(left), text(right));
	};
	switch (operator) {
		case 'EQ':
			return (item) => text(item[field]) === text(values[0]) && item[field] !== null;
		case 'NEQ':
			return (item) => text(item[field]) !== text(values[0]) || item[field] === null;
		case 'IN':
			return (item) =>
				item[field] !== null && values.some((value) => text(value) === text(item[field]));
		case 'NOT_IN':
			return (item) =>
				item[field] === null || !values.some((value) => text(value) === text(item[field]));
		case 'IS_NULL':
			return (item) => item[field] === null || item[field] === undefined;
		case 'NOT_NULL':
			return (item) => item[field] !== null && item[field] !== undefined;
		case 'GT':
			return (item) => item[field] !== null && compare(item[field], values[0]) > 0;
		case 'LT':
			return (item) => item[field] !== null && compare(item[field], values[0]) < 0;
		case 'GTE':
			return (item) => item[field] !== null && compare(item[field], values[0]) >= 0;
		case 'LTE':
			return (item) => item[field] !== null && compare(item[field], values[0]) <= 0;
		case 'BETWEEN':
			return (item) =>
				item[field] !== null &&
				compare(item[field], values[0]) >= 0 &&
				compare(item[field], values[1]) <= 0;
		case 'LIKE': {
			const pattern = text(values[0]);
			const source = /[%_]/.test(pattern)
				? `^${pattern
						.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
						.replace(/%/g, '.*')
						.replace(/_/g, '.')}$`
				: pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			const regex = new RegExp(source, 'i');
			return (item) => item[field] !== null && regex.test(text(item[field]));
		}
		default:
			return { message: `operator ${String(operator)} is not supported`, path: `${path}.operator` };
	}
}

function search(items: Item[], raw: unknown, fields: string[]): Reply {
	const { body, reply } = bodyObject(raw ?? {});
	if (reply) return reply;
	const errors: ErrorItem[] = [];
	for (const key of Object.keys(body)) {
		if (!['filter', 'sort', 'limit', 'page'].includes(key))
			errors.push({ message: `Unknown field ${key}`, path: key });
	}
	const limit = body.limit ?? DEFAULT_SEARCH_LIMIT;
	const page = body.page ?? 0;
	if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_SEARCH_LIMIT) {
		errors.push({
			message: `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`,
			path: 'limit',
		});
	}
	if (!Number.isInteger(page) || (page as number) < 0)
		errors.push({ message: 'page must be an integer of 0 or more', path: 'page' });
	let predicate: Predicate = () => true;
	if (body.filter !== undefined && body.filter !== null) {
		const compiled = compileFilter(body.filter, fields, 'filter', 1);
		if (typeof compiled === 'function') predicate = compiled;
		else errors.push(compiled);
	}
	const sort = body.sort ?? [];
	if (!Array.isArray(sort)) errors.push({ message: 'sort must be an array', path: 'sort' });
	else {
		sort.forEach((entry: unknown, index) => {
			if (!isObject(entry) || typeof entry.field !== 'string' || !fields.includes(entry.field)) {
				errors.push({
					message: `field is required and must be one of ${fields.join(', ')}`,
					path: `sort[${index}].field`,
				});
			} else if (
				entry.direction !== undefined &&
				entry.direction !== 'ASC' &&
				entry.direction !== 'DESC'
			) {
				errors.push({ message: 'direction must be ASC or DESC', path: `sort[${index}].direction` });
			}
		});
	}
	if (errors.length) return invalid(errors);

	const order = [
		...(sort as Array<{ field: string; direction?: 'ASC' | 'DESC' }>),
		{ field: 'createdAt', direction: 'DESC' as const },
		{ field: 'id', direction: 'ASC' as const },
	];
	const matched = items.filter(predicate).sort((a, b) => {
		for (const { field, direction } of order) {
			const left = a[field];
			const right = b[field];
			if (left === right) continue;
			// nulls last, whatever the direction
			if (left === null) return 1;
			if (right === null) return -1;
			const result =
				typeof left === 'number' && typeof right === 'number'
					? left - right
					: plainCompare(String(left), String(right));
			if (result !== 0) return direction === 'DESC' ? -result : result;
		}
		return 0;
	});
	const start = (page as number) * (limit as number);
	return v1Read(matched.slice(start, start + (limit as number)), {
		pagination: { limit, page, total: matched.length },
	});
}
