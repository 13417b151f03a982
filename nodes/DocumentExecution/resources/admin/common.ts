import type {
	IDisplayOptions,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
} from 'n8n-workflow';

import type { ResourceModule } from '../types';

/**
 * Path prefix of the organisation administration (v1) operations, relative to `{base_url}`.
 *
 * The spec writes these paths as `{base_url}/api/v1/...` while `{base_url}` already ends in `/api`, so,
 * followed literally, requests go to `<base_url>/api/v1/...` (`.../api/api/v1/...`). If the service answers
 * at `<base_url>/v1/...` instead, change this one line to `/v1`. See docs/choices/admin.md.
 */
export const V1_PREFIX = '/api/v1';

/** A v1 path under the prefix, e.g. `v1Path('/settings')`. */
export const v1Path = (path: string) => `${V1_PREFIX}${path}`;

/** The admin resources' values in the node's Resource list. */
export const ADMIN = {
	passwordPolicy: 'passwordPolicy',
	certificate: 'certificate',
	notificationRule: 'notificationRule',
	settings: 'organisationSettings',
	role: 'role',
	licence: 'licence',
	oauth2Client: 'oauth2Client',
	auditLog: 'auditLog',
} as const;

export const showFor = (resource: string, operation?: string[]): IDisplayOptions => ({
	show: operation ? { resource: [resource], operation } : { resource: [resource] },
});

/**
 * An admin resource: its Resource list entry and its properties (the operation selector first).
 */
export const adminResource = (name: string, resource: string, properties: INodeProperties[]): ResourceModule => ({
	option: { name, value: resource, description: 'Organisation administration (v1)' },
	family: 'v1',
	properties,
});

/** The Operation selector of an admin resource. */
export const adminOperations = (resource: string, defaultOperation: string, options: INodePropertyOptions[]): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: showFor(resource),
	options,
	default: defaultOperation,
});

/** A routing URL (an expression) for a v1 path that ends in the ID a parameter holds, e.g. `/roles/{roleId}`. */
export const v1PathTo = (path: string, idParameter: string) =>
	`=${v1Path(path)}{{ encodeURIComponent(String($parameter["${idParameter}"]).trim()) }}`;

/** The output step of a v1 read: the answer's `data`. */
export const dataOf = (): PostReceiveAction => ({ type: 'rootProperty', properties: { property: 'data' } });

/** The spec's ruleType enumeration. */
export const RULE_TYPES = [
	{ name: 'Certificate Expired', value: 'CERTIFICATE_EXPIRED' },
	{ name: 'Document Signed', value: 'DOCUMENT_SIGNED' },
	{ name: 'Licence Expired', value: 'LICENSE_EXPIRED' },
	{ name: 'Licence Expiry Reminder', value: 'LICENSE_EXPIRY_REMINDER' },
	{ name: 'User Created', value: 'USER_CREATED' },
	{ name: 'User Deleted', value: 'USER_DELETED' },
] as const;

/** The spec's Search request operators. AND and OR group other filters. */
export const OPERATORS = [
	{ name: 'Equals', value: 'EQ' },
	{ name: 'Not Equals', value: 'NEQ' },
	{ name: 'In', value: 'IN' },
	{ name: 'Not In', value: 'NOT_IN' },
	{ name: 'Is Null', value: 'IS_NULL' },
	{ name: 'Is Not Null', value: 'NOT_NULL' },
	{ name: 'Greater Than', value: 'GT' },
	{ name: 'Less Than', value: 'LT' },
	{ name: 'Greater Than or Equal', value: 'GTE' },
	{ name: 'Less Than or Equal', value: 'LTE' },
	{ name: 'Between', value: 'BETWEEN' },
	{ name: 'Like', value: 'LIKE' },
] as const;

export const GROUP_OPERATORS = ['AND', 'OR'] as const;

export type ConditionOperator = (typeof OPERATORS)[number]['value'];

/**
 * How many values each operator takes, [min, max]. The spec says only that `value` is an array; these
 * counts follow the operators' meaning (BETWEEN is a range, IN a set, IS_NULL a test without operand).
 */
export const VALUE_COUNT: Record<ConditionOperator, readonly [number, number]> = {
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
};

/**
 * Page size when Return All is on. The spec does not state a maximum `limit`; 50 stays under common
 * server caps (the emulator allows 100).
 */
export const SEARCH_PAGE_SIZE = 50;

/** Return All stops with an error after this many pages rather than loop on a service that never ends. */
export const MAX_SEARCH_PAGES = 1000;

/** Put into the output of OAuth2 Client > Create, next to the secret the service shows once. */
export const CLIENT_SECRET_NOTICE =
	'The service shows this client secret only once. Store data.clientSecret now (for example in a Document Execution OAuth2 API credential); it cannot be read again.';
