import type { z } from 'zod';

import {
	installSchema,
	INSTALL_LABELS,
} from '../../../nodes/DocumentExecution/resources/licence/install';
import {
	UPDATE_LABELS as NOTIFICATION_RULE_LABELS,
	updateSchema as notificationRuleUpdate,
} from '../../../nodes/DocumentExecution/resources/notificationRule/update';
import {
	CREATE_LABELS as OAUTH2_CLIENT_LABELS,
	createSchema as oauth2ClientCreate,
} from '../../../nodes/DocumentExecution/resources/oauth2Client/create';
import {
	UPDATE_LABELS as SETTINGS_LABELS,
	updateSchema as settingsUpdate,
} from '../../../nodes/DocumentExecution/resources/organisationSettings/update';
import {
	CREATE_LABELS as PASSWORD_POLICY_LABELS,
	createSchema as passwordPolicyCreate,
} from '../../../nodes/DocumentExecution/resources/passwordPolicy/create';
import {
	UPDATE_LABELS as ROLE_LABELS,
	updateSchema as roleUpdate,
} from '../../../nodes/DocumentExecution/resources/role/update';
import {
	applyRules,
	labelFor,
	type FieldLabels,
} from '../../../nodes/DocumentExecution/shared/form/rules';
import {
	filterJson,
	SEARCH_LABELS,
	searchRequest,
} from '../../../nodes/DocumentExecution/shared/v1Search/request';

/** What is sent once `input` keeps every rule, or the first refusal's message. */
const checked = (schema: z.ZodTypeAny, input: unknown, labels: FieldLabels) => {
	const result = applyRules(schema, input, labels);
	return result.violations ? result.violations[0].message : result.value;
};

/** The first refusal's message, or 'ok'. */
const first = (schema: z.ZodTypeAny, input: unknown, labels: FieldLabels) => {
	const result = applyRules(schema, input, labels);
	return result.violations ? result.violations[0].message : 'ok';
};

describe('admin validation rules (one test per rule)', () => {
	const policy = {
		minimumPasswordLength: 8,
		numbersRequired: true,
		specialCharactersRequired: false,
		uppercaseRequired: true,
	};
	it.each([
		['a complete policy', policy, 'ok'],
		[
			'minimumPasswordLength missing',
			{ ...policy, minimumPasswordLength: undefined },
			'Minimum Password Length: is required',
		],
		[
			'minimumPasswordLength blank',
			{ ...policy, minimumPasswordLength: '' },
			'Minimum Password Length: is required',
		],
		[
			'minimumPasswordLength below 1',
			{ ...policy, minimumPasswordLength: 0 },
			'Minimum Password Length: must be at least 1',
		],
		[
			'minimumPasswordLength fractional',
			{ ...policy, minimumPasswordLength: 7.5 },
			'Minimum Password Length: must be a whole number',
		],
		[
			'numbersRequired missing',
			{ ...policy, numbersRequired: null },
			'Numbers Required: is required',
		],
		[
			'specialCharactersRequired missing',
			{ ...policy, specialCharactersRequired: undefined },
			'Special Characters Required: is required',
		],
		[
			'uppercaseRequired missing',
			{ ...policy, uppercaseRequired: undefined },
			'Uppercase Required: is required',
		],
		[
			'uppercaseRequired not a boolean',
			{ ...policy, uppercaseRequired: 'true' },
			'Uppercase Required: must be true or false',
		],
		[
			'numbersRequired not a boolean',
			{ ...policy, numbersRequired: 'yes' },
			'Numbers Required: must be true or false',
		],
	])('password policy: %s', (_name, input, expected) => {
		expect(first(passwordPolicyCreate, input, PASSWORD_POLICY_LABELS)).toBe(expected);
	});

	it.each([
		['one field', { documentRetentionPeriod: 30 }, 'ok'],
		['no field', {}, 'Update Fields: needs at least one field to change'],
		[
			'period below a day',
			{ auditLogsRetentionPeriod: 0 },
			'Audit Logs Retention Period (Days): must be at least 1 day',
		],
		[
			'switch not a boolean',
			{ auditTrailGenerationEnabled: 1 },
			'Audit Trail Generation Enabled: must be true or false',
		],
		['unknown field', { colour: 'red' }, 'Request: has fields the service does not take: colour'],
	])('settings: %s', (_name, input, expected) => {
		expect(first(settingsUpdate, input, SETTINGS_LABELS)).toBe(expected);
	});

	it.each([
		['minimal', { id: 'r1', ruleType: 'USER_CREATED' }, 'ok'],
		['id missing', { id: ' ', ruleType: 'USER_CREATED' }, 'Rule ID: is required'],
		['ruleType missing', { id: 'r1' }, 'Rule Type: is required'],
		[
			'ruleType outside the enumeration',
			{ id: 'r1', ruleType: 'USER_UPDATED' },
			expect.stringMatching(/^Rule Type: must be one of CERTIFICATE_EXPIRED/),
		],
		[
			'a recipient that is not an e-mail address',
			{ id: 'r1', ruleType: 'USER_CREATED', additionalEmailRecipients: ['x@example.com', 'nope'] },
			'Additional Email Recipients (2): must contain only e-mail addresses',
		],
		[
			'an empty user id',
			{ id: 'r1', ruleType: 'USER_CREATED', userIds: [''] },
			'User IDs (1): cannot contain an empty entry',
		],
		[
			'enabled not a boolean',
			{ id: 'r1', ruleType: 'USER_CREATED', enabled: 'no' },
			'Enabled: must be true or false',
		],
	])('notification rule: %s', (_name, input, expected) => {
		expect(first(notificationRuleUpdate, input, NOTIFICATION_RULE_LABELS)).toEqual(expected);
	});

	it.each([
		['name and id', { id: 'role-1', name: 'Admin' }, 'ok'],
		['name blank', { id: 'role-1', name: '  ' }, 'Name: is required'],
		['id missing', { name: 'Admin' }, 'Role ID: is required'],
		[
			'entitlements not a list',
			{ id: 'role-1', name: 'Admin', entitlementIds: 'ent-001' },
			'Entitlement IDs: must be a list',
		],
	])('role: %s', (_name, input, expected) => {
		expect(first(roleUpdate, input, ROLE_LABELS)).toBe(expected);
	});

	it.each([
		['content', { file: 'a.b.c' }, 'ok'],
		['content blank', { file: '\n' }, 'Licence Content: is required'],
		['content missing', {}, 'Licence Content: is required'],
	])('licence: %s', (_name, input, expected) => {
		expect(first(installSchema, input, INSTALL_LABELS)).toBe(expected);
	});

	it.each([
		['6 characters', 'abcdef', 'ok'],
		['64 characters', 'x'.repeat(64), 'ok'],
		['5 characters', 'abcde', 'Client ID: must be 6 to 64 characters long (it has 5)'],
		['65 characters', 'x'.repeat(65), 'Client ID: must be 6 to 64 characters long (it has 65)'],
		['blank', '   ', 'Client ID: is required'],
		['missing', undefined, 'Client ID: is required'],
	])('OAuth2 client id: %s', (_name, clientId, expected) => {
		expect(first(oauth2ClientCreate, { clientId }, OAUTH2_CLIENT_LABELS)).toBe(expected);
	});

	it.each([
		[
			'Client ID as a number',
			oauth2ClientCreate,
			{ clientId: 1234567 },
			OAUTH2_CLIENT_LABELS,
			{ clientId: '1234567' },
		],
		[
			'Client ID true',
			oauth2ClientCreate,
			{ clientId: true },
			OAUTH2_CLIENT_LABELS,
			'Client ID: must be text or a number',
		],
		[
			'role name as a number',
			roleUpdate,
			{ id: 'role-1', name: 2024 },
			ROLE_LABELS,
			{ id: 'role-1', name: '2024' },
		],
		[
			'role name as an object',
			roleUpdate,
			{ id: 'role-1', name: { text: 'Admin' } },
			ROLE_LABELS,
			'Name: must be text or a number',
		],
		[
			'entitlement IDs as numbers',
			roleUpdate,
			{ id: 7, name: 'Admin', entitlementIds: [1, 'ent-2'] },
			ROLE_LABELS,
			{ id: '7', name: 'Admin', entitlementIds: ['1', 'ent-2'] },
		],
		[
			'an entitlement ID that is a list',
			roleUpdate,
			{ id: 'role-1', name: 'Admin', entitlementIds: [['ent-1']] },
			ROLE_LABELS,
			'Entitlement IDs (1): must contain only text or numbers',
		],
	])(
		'a number where the spec wants a string is sent as its text, other types are refused: %s',
		(_name, schema, input, labels, expected) => {
			expect(checked(schema, input, labels)).toEqual(expected);
		},
	);

	describe('search request', () => {
		const schema = searchRequest(['id', 'action', 'logTime']);
		const run = (input: Record<string, unknown>) =>
			first(schema, { limit: 10, ...input }, SEARCH_LABELS);
		const condition = (operator: string, value: string[], field = 'action') => ({
			conditions: [{ field, operator, value }],
		});

		it.each([
			['EQ', [], 'Conditions › Condition › Values (1): needs exactly 1 value for EQ and has none'],
			[
				'NEQ',
				['a', 'b'],
				'Conditions › Condition › Values (1): needs exactly 1 value for NEQ (it has 2)',
			],
			['GT', [], 'Conditions › Condition › Values (1): needs exactly 1 value for GT and has none'],
			['LT', [], 'Conditions › Condition › Values (1): needs exactly 1 value for LT and has none'],
			[
				'GTE',
				[],
				'Conditions › Condition › Values (1): needs exactly 1 value for GTE and has none',
			],
			[
				'LTE',
				[],
				'Conditions › Condition › Values (1): needs exactly 1 value for LTE and has none',
			],
			[
				'LIKE',
				[],
				'Conditions › Condition › Values (1): needs exactly 1 value for LIKE and has none',
			],
			[
				'BETWEEN',
				[],
				'Conditions › Condition › Values (1): needs exactly 2 values for BETWEEN and has none',
			],
			[
				'BETWEEN',
				['a'],
				'Conditions › Condition › Values (1): needs exactly 2 values for BETWEEN (it has 1)',
			],
			['IN', [], 'Conditions › Condition › Values (1): needs at least 1 value for IN and has none'],
			[
				'NOT_IN',
				[],
				'Conditions › Condition › Values (1): needs at least 1 value for NOT_IN and has none',
			],
			[
				'IS_NULL',
				['x'],
				'Conditions › Condition › Values (1): must be empty: IS_NULL takes no value',
			],
			['NOT_NULL', [], 'ok'],
			['IN', ['a', 'b', 'c'], 'ok'],
			['BETWEEN', ['a', 'b'], 'ok'],
		])('%s with %j', (operator, values, expected) => {
			expect(run(condition(operator, values))).toBe(expected);
		});

		it('a condition operator outside the list (AND/OR belong to Filter (JSON))', () => {
			expect(run(condition('AND', []))).toMatch(
				/^Conditions › Condition › Operator \(1\): must be one of EQ, NEQ/,
			);
		});

		it('a condition field outside the item fields', () => {
			expect(run(condition('EQ', ['x'], 'colour'))).toBe(
				'Conditions › Condition › Field (1): must be one of id, action, logTime',
			);
		});

		it('sort field and direction', () => {
			expect(run({ sort: [{ field: 'logTime', direction: 'DESC' }] })).toBe('ok');
			expect(run({ sort: [{ field: 'logTime', direction: 'UP' }] })).toBe(
				'Sort › Rule › Direction (1): must be ASC or DESC',
			);
			expect(run({ sort: [{ field: 'colour', direction: 'ASC' }] })).toBe(
				'Sort › Rule › Field (1): must be one of id, action, logTime',
			);
		});

		it('limit and page', () => {
			expect(run({ page: 0 })).toBe('ok');
			expect(run({ page: -1 })).toBe('Page: cannot be negative: pages are counted from 0');
			expect(run({ page: 1.5 })).toBe('Page: must be a whole number');
			expect(first(schema, { limit: 0 }, SEARCH_LABELS)).toBe('Limit: must be at least 1');
			expect(first(schema, {}, SEARCH_LABELS)).toBe('Limit: is required');
		});

		it.each([
			[
				'a nested group',
				{
					operator: 'AND',
					filters: [
						{ field: 'a', operator: 'EQ', value: ['x'] },
						{ operator: 'OR', filters: [{ field: 'b', operator: 'IS_NULL' }] },
					],
				},
				'ok',
			],
			[
				'AND without filters',
				{ operator: 'AND', filters: [] },
				'Filter (JSON) at filters: needs at least one filter for AND',
			],
			[
				'OR without filters',
				{ operator: 'OR' },
				'Filter (JSON) at filters: needs at least one filter for OR',
			],
			[
				'a condition without field',
				{ operator: 'EQ', value: ['x'] },
				'Filter (JSON) at field: is required',
			],
			['no operator', { field: 'a', value: ['x'] }, 'Filter (JSON) at operator: is required'],
			[
				'an unknown operator',
				{ field: 'a', operator: 'CONTAINS', value: ['x'] },
				expect.stringMatching(/^Filter \(JSON\) at operator: must be one of EQ/),
			],
			[
				'a nested condition without values',
				{ operator: 'OR', filters: [{ field: 'a', operator: 'IN', value: [] }] },
				'Filter (JSON) at filters[0].value: needs at least 1 value for IN and has none',
			],
			[
				'value not an array',
				{ field: 'a', operator: 'EQ', value: 'x' },
				'Filter (JSON) at value: must be an array',
			],
			[
				'an unexpected key',
				{ field: 'a', operator: 'EQ', value: ['x'], values: ['y'] },
				'Filter (JSON): has fields the service does not take: values',
			],
			['not an object', ['x'], 'Filter (JSON): must be a JSON object'],
		])('Filter (JSON): %s', (_name, filter, expected) => {
			expect(
				first(
					searchRequest(['id']).pick({ filterJson: true }),
					{ filterJson: filter },
					SEARCH_LABELS,
				),
			).toEqual(expected);
		});

		it('the JSON filter schema also stands alone', () => {
			expect(filterJson.safeParse({ field: 'a', operator: 'NOT_NULL' }).success).toBe(true);
		});
	});

	it('labels list positions and JSON paths readably', () => {
		expect(labelFor(['conditions', 2, 'value'], SEARCH_LABELS)).toBe(
			'Conditions › Condition › Values (3)',
		);
		expect(labelFor(['sort', 0, 'direction'], SEARCH_LABELS)).toBe('Sort › Rule › Direction (1)');
		expect(labelFor(['filterJson', 'filters', 0, 'filters', 1, 'field'], SEARCH_LABELS)).toBe(
			'Filter (JSON) at filters[0].filters[1].field',
		);
		expect(labelFor(['filterJson'], SEARCH_LABELS)).toBe('Filter (JSON)');
		// A label of one place names it without positions; its neighbours keep theirs.
		const onePlace = { 'sort.0.direction': 'Input field direction' };
		expect(labelFor(['sort', 0, 'direction'], { ...SEARCH_LABELS, ...onePlace })).toBe(
			'Input field direction',
		);
		expect(labelFor(['sort', 1, 'direction'], { ...SEARCH_LABELS, ...onePlace })).toBe(
			'Sort › Rule › Direction (2)',
		);
	});
});
