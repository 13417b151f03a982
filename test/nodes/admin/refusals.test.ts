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

const policy = {
	resource: 'passwordPolicy',
	operation: 'create',
	minimumPasswordLength: 10,
	numbersRequired: true,
	specialCharactersRequired: true,
	uppercaseRequired: true,
};

async function expectRefused(
	parameters: INodeParameters,
	message: string,
	options: Parameters<typeof runAdmin>[2] = {},
) {
	const before = emulator.requestsTo(V1).length;
	const run = await runAdmin(emulator, parameters, options);
	expect(run.error?.message).toBe(message);
	expect(run.error?.description).toContain('Nothing was sent to the service.');
	expect(emulator.requestsTo(V1).length).toBe(before);
	return run;
}

/**
 * Through the engine: each operation's refusal reaches the user naming the field, says nothing was sent, and
 * sends nothing; and the inputs only the engine produces (an expression that resolves to nothing, a comma list,
 * a binary file, n8n's own required check). Every rule itself is tested once, in validation.test.ts.
 */
describe('bad input is refused before sending, naming the field', () => {
	describe('Password Policy > Create', () => {
		it('names the first missing field and lists every missing field in the description', async () => {
			const run = await expectRefused(
				{ ...policy, numbersRequired: NOTHING, uppercaseRequired: '' },
				'Numbers Required: is required',
			);
			expect(run.error?.description).toContain('Also: Uppercase Required: is required.');
		});

		it('refuses a length an expression gives as text', async () => {
			await expectRefused(
				{ ...policy, minimumPasswordLength: '={{ "eight" }}' },
				'Minimum Password Length: must be a number',
			);
		});
	});

	it('n8n itself stops a literally empty required field before the node runs', async () => {
		const before = emulator.requestsTo(V1).length;
		await expect(
			runAdmin(emulator, { resource: 'oauth2Client', operation: 'create', clientId: '' }),
		).rejects.toThrow(/Parameter "Client ID" is required/);
		expect(emulator.requestsTo(V1).length).toBe(before);
	});

	describe('Role > Update', () => {
		it('requires the role name', async () => {
			await expectRefused(
				{ resource: 'role', operation: 'update', roleId: 'role-viewer', name: NOTHING },
				'Name: is required',
			);
		});

		it('refuses an empty entry in Entitlement IDs from an expression', async () => {
			await expectRefused(
				{
					resource: 'role',
					operation: 'update',
					roleId: 'role-viewer',
					name: 'Viewer',
					updateFields: { entitlementIds: '={{ ["ent-001", ""] }}' },
				},
				'Entitlement IDs (2): cannot contain an empty entry',
			);
		});
	});

	describe('Licence > Install: the licence content is required', () => {
		it('as text', async () => {
			await expectRefused(
				{
					resource: 'licence',
					operation: 'install',
					licenceSource: 'text',
					licenceContent: NOTHING,
				},
				'Licence Content: is required',
			);
		});

		it('from an empty file', async () => {
			const empty = await storeBinary(Buffer.from('\n'), {
				mimeType: 'text/plain',
				fileName: 'empty.lic',
			});
			await expectRefused(
				{
					resource: 'licence',
					operation: 'install',
					licenceSource: 'binary',
					binaryPropertyName: 'data',
				},
				'Input Binary Field: is required',
				{ input: [{ json: {}, binary: { data: empty } }] },
			);
		});

		it('from a binary property the item does not have', async () => {
			const before = emulator.requestsTo(V1).length;
			const file = await storeBinary(Buffer.from('x.y.z'), {
				mimeType: 'text/plain',
				fileName: 'org.lic',
			});
			const run = await runAdmin(
				emulator,
				{
					resource: 'licence',
					operation: 'install',
					licenceSource: 'binary',
					binaryPropertyName: 'licence',
				},
				{ input: [{ json: {}, binary: { attachment: file } }] },
			);
			expect(run.error?.message).toBe(
				'Input Binary Field: the input item has no binary property "licence"',
			);
			expect(run.error?.description).toContain('attachment');
			expect(emulator.requestsTo(V1).length).toBe(before);
		});
	});

	it('OAuth2 Client > Create: a client ID shorter than 6 characters', async () => {
		await expectRefused(
			{ resource: 'oauth2Client', operation: 'create', clientId: 'abcde' },
			'Client ID: must be 6 to 64 characters long (it has 5)',
		);
	});

	describe('Search: conditions whose operator needs values, and the page', () => {
		const search = {
			resource: 'auditLog',
			operation: 'search',
			filterType: 'conditions',
			limit: 10,
		};

		it('a Values list of blank entries counts as no value', async () => {
			await expectRefused(
				{
					...search,
					conditions: { condition: [{ field: 'action', operator: 'EQ', values: ' , ' }] },
				},
				'Conditions › Condition › Values (1): needs exactly 1 value for EQ and has none',
			);
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
				'Conditions › Condition › Values (2): needs exactly 2 values for BETWEEN (it has 1)',
			);
		});

		it('a JSON filter that is not JSON, with what the parser says', async () => {
			const run = await expectRefused(
				{ ...search, filterType: 'json', filterJson: '{"operator": "EQ",' },
				'Filter (JSON): is not valid JSON',
			);
			expect(run.error?.description).toContain(
				'Fix "Filter (JSON)" and run the node again. The JSON parser says:',
			);
		});

		it('an empty JSON filter', async () => {
			const run = await expectRefused(
				{ ...search, filterType: 'json', filterJson: '  ' },
				'Filter (JSON): is empty',
			);
			expect(run.error?.description).toContain('Set Filter to No Filter to search without one.');
		});

		it('a negative page', async () => {
			await expectRefused(
				{ resource: 'certificate', operation: 'search', limit: 10, options: { page: -1 } },
				'Page: cannot be negative: pages are counted from 0',
			);
		});
	});

	describe('updates', () => {
		it('Organisation Settings > Update: a field added to Update Fields without a value is refused, not sent empty', async () => {
			const run = await expectRefused(
				{
					resource: 'organisationSettings',
					operation: 'update',
					updateFields: { documentRetentionPeriod: NOTHING },
				},
				'Document Retention Period (Days): has no value',
			);
			expect(run.error?.description).toContain(
				'Fix "Document Retention Period (Days)" and run the node again. Remove it from Update Fields to leave it unchanged.',
			);
		});

		it('Notification Rule > Update: e-mail addresses only, named by their position in the list', async () => {
			await expectRefused(
				{
					resource: 'notificationRule',
					operation: 'update',
					ruleId: 'rule-user-created',
					ruleType: 'USER_CREATED',
					updateFields: { additionalEmailRecipients: 'legal@example.com, not-an-address' },
				},
				'Additional Email Recipients (2): must contain only e-mail addresses',
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
