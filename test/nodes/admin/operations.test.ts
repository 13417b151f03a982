import { storeBinary } from '../../harness/engine';
import type { OAuthState } from '../../emulator/families/oauth';
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAdmin, V1, validLicence } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

describe('Organisation administration (v1): the eleven operations through the engine', () => {
	it('Password Policy > Create sends all four fields and outputs the created policy with LE_SS_001', async () => {
		const run = await runAdmin(emulator, {
			resource: 'passwordPolicy',
			operation: 'create',
			minimumPasswordLength: 12,
			numbersRequired: true,
			specialCharactersRequired: false,
			uppercaseRequired: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.sent).toHaveLength(1);
		expect(run.sent[0]).toMatchObject({ method: 'POST', path: `${V1}/password-policy` });
		expect(run.sent[0].headers['x-auth-token']).toBe('emulator-token');
		expect(run.sent[0].body).toEqual({
			minimumPasswordLength: 12,
			numbersRequired: true,
			specialCharactersRequired: false,
			uppercaseRequired: true,
		});
		expect(run.json()).toMatchObject({
			code: 'LE_SS_001',
			data: { minimumPasswordLength: 12, specialCharactersRequired: false },
		});
	});

	it('Password Policy > Get outputs the policy itself (read operations carry data only)', async () => {
		const withPolicy = await startEmulator({ seed: { v1PasswordPolicy: true } });
		try {
			const run = await runAdmin(withPolicy, { resource: 'passwordPolicy', operation: 'get' });
			expect(run.sent).toEqual([
				expect.objectContaining({ method: 'GET', path: `${V1}/password-policy` }),
			]);
			expect(run.items).toHaveLength(1);
			expect(run.json()).toEqual({
				id: 'password-policy-main',
				minimumPasswordLength: 10,
				numbersRequired: true,
				specialCharactersRequired: true,
				uppercaseRequired: true,
				createdAt: expect.any(String),
			});
		} finally {
			await withPolicy.close();
		}
	});

	it('Certificate > Search sends a Search request and outputs one item per certificate', async () => {
		const run = await runAdmin(emulator, {
			resource: 'certificate',
			operation: 'search',
			filterType: 'conditions',
			conditions: { condition: [{ field: 'departmentName', operator: 'EQ', values: 'Legal' }] },
			sort: { rule: [{ field: 'name', direction: 'ASC' }] },
			limit: 5,
		});
		expect(run.error).toBeUndefined();
		expect(run.sent).toHaveLength(1);
		expect(run.sent[0]).toMatchObject({ method: 'POST', path: `${V1}/certificates/search` });
		expect(run.sent[0].body).toEqual({
			filter: { field: 'departmentName', operator: 'EQ', value: ['Legal'] },
			sort: [{ field: 'name', direction: 'ASC' }],
			limit: 5,
			page: 0,
		});
		expect(run.items).toHaveLength(5);
		expect(run.items.map((item) => item.json.departmentName)).toEqual(Array(5).fill('Legal'));
		expect(run.json(0).name).toBe('Signing certificate 001');
	});

	it('Notification Rule > Update sends ruleType and only the fields set, and outputs LE_SS_004 with notifyUsers', async () => {
		const run = await runAdmin(emulator, {
			resource: 'notificationRule',
			operation: 'update',
			ruleId: 'rule-document-signed',
			ruleType: 'DOCUMENT_SIGNED',
			updateFields: {
				userIds: 'user-001, user-002',
				additionalEmailRecipients: 'legal@example.com',
			},
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({
			method: 'PUT',
			path: `${V1}/notification-rules/rule-document-signed`,
		});
		expect(run.sent[0].body).toEqual({
			ruleType: 'DOCUMENT_SIGNED',
			userIds: ['user-001', 'user-002'],
			additionalEmailRecipients: ['legal@example.com'],
		});
		expect(run.json()).toMatchObject({
			code: 'LE_SS_004',
			data: {
				ruleType: 'DOCUMENT_SIGNED',
				enabled: true,
				notifyUsers: [{ id: 'user-001' }, { id: 'user-002' }],
			},
		});
	});

	it('Notification Rule > Get Types outputs one item per rule type', async () => {
		const run = await runAdmin(emulator, { resource: 'notificationRule', operation: 'getTypes' });
		expect(run.sent).toEqual([
			expect.objectContaining({ method: 'GET', path: `${V1}/notification-rules/types` }),
		]);
		expect(run.items.map((item) => item.json.type)).toEqual([
			'USER_CREATED',
			'USER_DELETED',
			'DOCUMENT_SIGNED',
			'LICENSE_EXPIRY_REMINDER',
			'LICENSE_EXPIRED',
			'CERTIFICATE_EXPIRED',
		]);
		expect(run.json()).toEqual({ type: 'USER_CREATED', label: expect.any(String) });
	});

	it('Organisation Settings > Get outputs the settings', async () => {
		const run = await runAdmin(emulator, { resource: 'organisationSettings', operation: 'get' });
		expect(run.sent).toEqual([expect.objectContaining({ method: 'GET', path: `${V1}/settings` })]);
		expect(run.json()).toMatchObject({
			documentRetentionEnabled: true,
			documentRetentionPeriod: 365,
			auditLogsRetentionPeriod: 730,
		});
	});

	it('Organisation Settings > Update sends only the fields set, so the others are not reset', async () => {
		const run = await runAdmin(emulator, {
			resource: 'organisationSettings',
			operation: 'update',
			updateFields: { auditLogsRetentionEnabled: true, auditLogsRetentionPeriod: 90 },
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({ method: 'PUT', path: `${V1}/settings` });
		expect(run.sent[0].body).toEqual({
			auditLogsRetentionEnabled: true,
			auditLogsRetentionPeriod: 90,
		});
		expect(run.json()).toMatchObject({
			code: 'LE_SS_004',
			data: {
				auditLogsRetentionEnabled: true,
				auditLogsRetentionPeriod: 90,
				documentRetentionEnabled: true,
				documentRetentionPeriod: 365,
			},
		});
	});

	it('Role > Update sends the name and the entitlement IDs and outputs the role with its entitlements', async () => {
		const run = await runAdmin(emulator, {
			resource: 'role',
			operation: 'update',
			roleId: 'role-viewer',
			name: 'Auditor',
			updateFields: { entitlementIds: 'ent-003,ent-006' },
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({ method: 'PUT', path: `${V1}/roles/role-viewer` });
		expect(run.sent[0].body).toEqual({ name: 'Auditor', entitlementIds: ['ent-003', 'ent-006'] });
		expect(run.json()).toMatchObject({
			code: 'LE_SS_004',
			data: {
				id: 'role-viewer',
				name: 'Auditor',
				entitlements: [{ name: 'DOCUMENT_VIEW' }, { name: 'AUDIT_LOG_VIEW' }],
			},
		});
	});

	it('Role > Update without Entitlement IDs leaves the entitlements alone (the field is not sent)', async () => {
		const run = await runAdmin(emulator, {
			resource: 'role',
			operation: 'update',
			roleId: 'role-signer',
			name: 'Signer (EU)',
		});
		expect(run.sent[0].body).toEqual({ name: 'Signer (EU)' });
		expect((run.json().data as { entitlements: unknown[] }).entitlements).toHaveLength(2);
	});

	it('Licence > Install from a binary property sends the file text as `file`', async () => {
		const licence = validLicence();
		const binary = await storeBinary(Buffer.from(`\uFEFF${licence}\n`), {
			mimeType: 'application/octet-stream',
			fileName: 'org.lic',
			fileExtension: 'lic',
		});
		const run = await runAdmin(
			emulator,
			{
				resource: 'licence',
				operation: 'install',
				licenceSource: 'binary',
				binaryPropertyName: 'data',
			},
			{ input: [{ json: {}, binary: { data: binary } }] },
		);
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({ method: 'POST', path: `${V1}/licenses` });
		expect(run.sent[0].body).toEqual({ file: licence });
		expect(run.json()).toMatchObject({
			code: 'LE_SS_001',
			data: { licenseId: 'LIC-2026-001', customerId: 'CUST-42', status: 'ACTIVE' },
		});
	});

	it('Licence > Install from a binary property also reads filesystem-stored binaries', async () => {
		const licence = validLicence();
		const binary = await storeBinary(
			Buffer.from(licence),
			{ mimeType: 'text/plain', fileName: 'org.jwt' },
			'filesystem',
		);
		const run = await runAdmin(
			emulator,
			{
				resource: 'licence',
				operation: 'install',
				licenceSource: 'binary',
				binaryPropertyName: 'data',
			},
			{ input: [{ json: {}, binary: { data: binary } }], binaryMode: 'filesystem' },
		);
		expect(run.error).toBeUndefined();
		expect(run.sent[0].body).toEqual({ file: licence });
	});

	it('Licence > Install as text sends the content', async () => {
		const licence = validLicence();
		const run = await runAdmin(emulator, {
			resource: 'licence',
			operation: 'install',
			licenceSource: 'text',
			licenceContent: licence,
		});
		expect(run.sent[0].body).toEqual({ file: licence });
		expect(run.json()).toMatchObject({ code: 'LE_SS_001', data: { licenseId: 'LIC-2026-001' } });
	});

	it('OAuth2 Client > Create outputs the one-time client secret with a notice saying so, and registers the client with the OAuth2 server', async () => {
		const run = await runAdmin(emulator, {
			resource: 'oauth2Client',
			operation: 'create',
			clientId: 'n8n-production',
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({ method: 'POST', path: `${V1}/oauth2-clients` });
		expect(run.sent[0].body).toEqual({ clientId: 'n8n-production' });
		const output = run.json() as {
			code: string;
			data: { clientSecret: string; state: string };
			clientSecretNotice: string;
		};
		expect(output).toMatchObject({
			code: 'LE_SS_001',
			data: { clientId: 'n8n-production', state: 'ACTIVE' },
		});
		expect(output.clientSecretNotice).toMatch(/only once/);
		expect(emulator.slice<OAuthState>('oauth').clients.get('n8n-production')?.clientSecret).toBe(
			output.data.clientSecret,
		);
	});

	it('OAuth2 Client > Create sends a Client ID that an expression gives as a number as its text', async () => {
		const run = await runAdmin(emulator, {
			resource: 'oauth2Client',
			operation: 'create',
			clientId: '={{ 20251122 }}',
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0].body).toEqual({ clientId: '20251122' });
	});

	it('Audit Log > Search outputs one item per log', async () => {
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			filterType: 'conditions',
			conditions: { condition: [{ field: 'enabled', operator: 'EQ', values: 'false' }] },
			limit: 100,
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0]).toMatchObject({ method: 'POST', path: `${V1}/audit-logs/search` });
		expect(run.sent[0].body).toEqual({
			filter: { field: 'enabled', operator: 'EQ', value: [false] },
			limit: 100,
			page: 0,
		});
		expect(run.items).toHaveLength(9);
		expect(run.items.every((item) => item.json.enabled === false)).toBe(true);
	});
});
