// The v1 family's paths, seeded users, roles and rule types, and each organisation's state.
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
export const SEED_EPOCH = Date.UTC(2025, 0, 1, 8, 0, 0);
export const HOUR = 3_600_000;

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

export interface NotificationRule {
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

export interface Licence {
	licenseId: string;
	customerId: string;
	expiry: string;
	status: 'ACTIVE' | 'EXPIRED';
	licenseType: string;
	createdAt: string;
	updatedAt: string;
	enabled: boolean;
}

export interface Oauth2Client {
	id: string;
	clientId: string;
	state: 'ACTIVE' | 'SUSPENDED';
	createdAt: string;
}

export type Item = Record<string, string | number | boolean | null>;

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
