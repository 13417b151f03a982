import type { Account } from '../../accounts';
import type { SeedOptions } from '../../server';
import {
	HOUR,
	type Item,
	localDateTime,
	type Organisation,
	RULE_TYPES,
	ruleId,
	SEED_EPOCH,
	SEEDED_ROLES,
	SEEDED_USERS,
} from './state';

// A new organisation as the seed keys describe it: settings, policy, certificates and audit logs.

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

export function newOrganisation(seed: SeedOptions, account: Account | undefined): Organisation {
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
