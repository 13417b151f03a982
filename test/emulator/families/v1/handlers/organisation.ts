import { randomBytes, randomUUID } from 'node:crypto';

import type { Account } from '../../../accounts';
import { v1Error, v1Written } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import type { OAuthClient, OAuthState } from '../../oauth';
import {
	ENTITLEMENTS,
	type Licence,
	localDateTime,
	type NotificationRule,
	type Oauth2Client,
	type Organisation,
	RULE_TYPES,
} from '../state';
import { bodyObject, checkFields, invalid, isObject, notFound } from '../validation';

// The organisation's settings, password policy, notification rules, roles, licences and OAuth2 clients.

export function createPasswordPolicy(env: EmulatorEnv, org: Organisation, raw: unknown): Reply {
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

export function updateSettings(org: Organisation, raw: unknown): Reply {
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

export function updateNotificationRule(org: Organisation, id: string, raw: unknown): Reply {
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

export function updateRole(org: Organisation, id: string, raw: unknown): Reply {
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
export function installLicence(env: EmulatorEnv, org: Organisation, raw: unknown): Reply {
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

export function createOauth2Client(
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
