import type { INodeParameters } from 'n8n-workflow';

import { storeBinary } from '../../harness/engine';
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAdmin, V1 } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

/** An expression that resolves to nothing: how a required field arrives empty from upstream data. */
const NOTHING = '={{ $json.missing }}';

const policy = { resource: 'passwordPolicy', operation: 'create', minimumPasswordLength: 10, numbersRequired: true, specialCharactersRequired: true, uppercaseRequired: true };

async function expectRefused(parameters: INodeParameters, message: string | RegExp, options: Parameters<typeof runAdmin>[2] = {}) {
	const before = emulator.requestsTo(V1).length;
	const run = await runAdmin(emulator, parameters, options);
	expect(run.error?.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
	expect(run.error?.description).toContain('Nothing was sent to the service.');
	expect(emulator.requestsTo(V1).length).toBe(before);
	return run;
}

describe('bad input is refused before sending, naming the field', () => {
	describe('Password Policy > Create: all four fields are required', () => {
		it.each([
			['minimumPasswordLength', "'Minimum Password Length' is required"],
			['numbersRequired', "'Numbers Required' is required"],
			['specialCharactersRequired', "'Special Characters Required' is required"],
			['uppercaseRequired', "'Uppercase Required' is required"],
		])('%s', async (field, message) => {
			await expectRefused({ ...policy, [field]: NOTHING }, message);
		});

		it('lists every missing field in the description', async () => {
			const run = await expectRefused({ ...policy, numbersRequired: NOTHING, uppercaseRequired: '' }, "'Numbers Required' is required");
			expect(run.error?.description).toContain("'Uppercase Required' is required");
		});

		it('refuses a length that is not a whole number of at least 1', async () => {
			await expectRefused({ ...policy, minimumPasswordLength: 0 }, "'Minimum Password Length' must be at least 1");
			await expectRefused({ ...policy, minimumPasswordLength: 8.5 }, "'Minimum Password Length' must be a whole number");
			await expectRefused({ ...policy, minimumPasswordLength: '={{ "eight" }}' }, "'Minimum Password Length' must be a number");
		});

		it('refuses a switch that is not true or false', async () => {
			await expectRefused({ ...policy, numbersRequired: '={{ "yes" }}' }, "'Numbers Required' must be true or false");
		});
	});

	it('n8n itself stops a literally empty required field before the node runs', async () => {
		const before = emulator.requestsTo(V1).length;
		await expect(runAdmin(emulator, { resource: 'oauth2Client', operation: 'create', clientId: '' })).rejects.toThrow(/Parameter "Client ID" is required/);
		expect(emulator.requestsTo(V1).length).toBe(before);
	});

	describe('Role > Update', () => {
		it('requires the role name', async () => {
			await expectRefused({ resource: 'role', operation: 'update', roleId: 'role-viewer', name: '   ' }, "'Name' is required");
			await expectRefused({ resource: 'role', operation: 'update', roleId: 'role-viewer', name: NOTHING }, "'Name' is required");
		});

		it('requires the role ID', async () => {
			await expectRefused({ resource: 'role', operation: 'update', roleId: NOTHING, name: 'Viewer' }, "'Role ID' is required");
		});

		it('refuses an empty entry in Entitlement IDs from an expression', async () => {
			await expectRefused(
				{ resource: 'role', operation: 'update', roleId: 'role-viewer', name: 'Viewer', updateFields: { entitlementIds: '={{ ["ent-001", ""] }}' } },
				"'Entitlement IDs 2' cannot contain an empty entry",
			);
		});
	});

	describe('Licence > Install: the licence content is required', () => {
		it('as text', async () => {
			await expectRefused({ resource: 'licence', operation: 'install', licenceSource: 'text', licenceContent: NOTHING }, "'Licence Content' is required");
			await expectRefused({ resource: 'licence', operation: 'install', licenceSource: 'text', licenceContent: ' \n ' }, "'Licence Content' is required");
		});

		it('from an empty file', async () => {
			const empty = await storeBinary(Buffer.from('\n'), { mimeType: 'text/plain', fileName: 'empty.lic' });
			await expectRefused(
				{ resource: 'licence', operation: 'install', licenceSource: 'binary', binaryPropertyName: 'data' },
				"'Input Binary Field' is required",
				{ input: [{ json: {}, binary: { data: empty } }] },
			);
		});

		it('from a binary property the item does not have', async () => {
			const before = emulator.requestsTo(V1).length;
			const file = await storeBinary(Buffer.from('x.y.z'), { mimeType: 'text/plain', fileName: 'org.lic' });
			const run = await runAdmin(
				emulator,
				{ resource: 'licence', operation: 'install', licenceSource: 'binary', binaryPropertyName: 'licence' },
				{ input: [{ json: {}, binary: { attachment: file } }] },
			);
			expect(run.error?.message).toBe('Input Binary Field: the input item has no binary property "licence"');
			expect(run.error?.description).toContain('attachment');
			expect(emulator.requestsTo(V1).length).toBe(before);
		});
	});

	describe('OAuth2 Client > Create: client ID of 6 to 64 characters', () => {
		it.each([
			[NOTHING, "'Client ID' is required"],
			['={{ "      " }}', "'Client ID' is required"],
			['abcde', "'Client ID' must be 6 to 64 characters long (it has 5)"],
			['x'.repeat(65), "'Client ID' must be 6 to 64 characters long (it has 65)"],
		])('%j', async (clientId, message) => {
			await expectRefused({ resource: 'oauth2Client', operation: 'create', clientId }, message);
		});

		it('accepts exactly 6 and 64 characters', async () => {
			for (const clientId of ['abcdef', 'y'.repeat(64)]) {
				const run = await runAdmin(emulator, { resource: 'oauth2Client', operation: 'create', clientId });
				expect(run.error).toBeUndefined();
				expect(run.sent).toHaveLength(1);
			}
		});
	});

	describe('Search: conditions whose operator needs values, and the page', () => {
		const search = { resource: 'auditLog', operation: 'search', filterType: 'conditions', limit: 10 };

		it.each([
			['EQ', "'Conditions › Condition 1 › Values' needs exactly 1 value for EQ and has none"],
			['IN', "'Conditions › Condition 1 › Values' needs at least 1 value for IN and has none"],
			['NOT_IN', "'Conditions › Condition 1 › Values' needs at least 1 value for NOT_IN and has none"],
			['BETWEEN', "'Conditions › Condition 1 › Values' needs exactly 2 values for BETWEEN and has none"],
			['LIKE', "'Conditions › Condition 1 › Values' needs exactly 1 value for LIKE and has none"],
		])('%s without values', async (operator, message) => {
			await expectRefused({ ...search, conditions: { condition: [{ field: 'action', operator, values: ' , ' }] } }, message);
		});

		it('names the condition at fault', async () => {
			await expectRefused(
				{
					...search,
					conditions: {
						condition: [
							{ field: 'action', operator: 'EQ', values: 'LOGIN' },
							{ field: 'logTime', operator: 'BETWEEN', values: '2025-01-01T00:00:00' },
						],
					},
				},
				"'Conditions › Condition 2 › Values' needs exactly 2 values for BETWEEN (it has 1)",
			);
		});

		it('a JSON filter whose operator needs values, at any depth', async () => {
			await expectRefused(
				{
					...search,
					filterType: 'json',
					filterJson: JSON.stringify({ operator: 'AND', filters: [{ field: 'action', operator: 'EQ', value: ['LOGIN'] }, { operator: 'OR', filters: [{ field: 'userId', operator: 'IN', value: [] }] }] }),
				},
				"'Filter (JSON)' at filters[1].filters[0].value needs at least 1 value for IN and has none",
			);
		});

		it('a JSON filter that is not JSON, or has an unknown operator', async () => {
			await expectRefused({ ...search, filterType: 'json', filterJson: '{"operator": "EQ",' }, "'Filter (JSON)' is not valid JSON");
			await expectRefused(
				{ ...search, filterType: 'json', filterJson: '{"field": "action", "operator": "CONTAINS", "value": ["x"]}' },
				/^'Filter \(JSON\)' at operator must be one of EQ, NEQ, IN/,
			);
		});

		it('a negative page', async () => {
			await expectRefused({ resource: 'certificate', operation: 'search', limit: 10, options: { page: -1 } }, "'Page' cannot be negative: pages are counted from 0");
		});

		it('a limit below 1', async () => {
			await expectRefused({ resource: 'certificate', operation: 'search', limit: 0 }, "'Limit' must be at least 1");
		});
	});

	describe('updates', () => {
		it('Organisation Settings > Update with no field added', async () => {
			await expectRefused({ resource: 'organisationSettings', operation: 'update', updateFields: {} }, "'Update Fields' needs at least one field to change");
		});

		it('a field added to Update Fields without a value is refused, not sent empty', async () => {
			await expectRefused(
				{ resource: 'organisationSettings', operation: 'update', updateFields: { documentRetentionPeriod: NOTHING } },
				"'Document Retention Period (Days)' has no value",
			);
		});

		it('Notification Rule > Update: rule ID required, rule type from the enumeration, e-mail addresses only', async () => {
			const rule = { resource: 'notificationRule', operation: 'update', ruleId: 'rule-user-created', ruleType: 'USER_CREATED' };
			await expectRefused({ ...rule, ruleId: NOTHING }, "'Rule ID' is required");
			await expectRefused({ ...rule, ruleType: '={{ "USER_UPDATED" }}' }, /^'Rule Type' must be one of CERTIFICATE_EXPIRED, DOCUMENT_SIGNED/);
			await expectRefused({ ...rule, ruleType: NOTHING }, "'Rule Type' is required");
			await expectRefused(
				{ ...rule, updateFields: { additionalEmailRecipients: 'legal@example.com, not-an-address' } },
				"'Additional Email Recipients 2' must contain only e-mail addresses",
			);
		});

		it('Notification Rule > Update: an empty recipients list is sent as [] (it clears the list on purpose)', async () => {
			const run = await runAdmin(emulator, {
				resource: 'notificationRule',
				operation: 'update',
				ruleId: 'rule-user-created',
				ruleType: 'USER_CREATED',
				updateFields: { additionalEmailRecipients: '' },
			});
			expect(run.error).toBeUndefined();
			expect(run.sent[0].body).toEqual({ ruleType: 'USER_CREATED', additionalEmailRecipients: [] });
		});
	});
});
