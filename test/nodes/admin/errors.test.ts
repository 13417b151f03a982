import type { V1State } from '../../emulator/families/v1';
import { OTHER_ACCOUNT_AUTH_TOKEN, startEmulator, type Emulator } from '../../emulator/server';
import { oauthCredential } from '../../support/credentials';
import { runAdmin, V1, validLicence } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

/** Each row of the spec's v1 error table, reached through the node, read as a NodeApiError. */
describe('v1 errors become NodeApiErrors with the top-level and inner codes and the service message', () => {
	it('400 LE_ERR_SS_400: invalid search criteria (a field the service does not know, through Filter (JSON))', async () => {
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			filterType: 'json',
			filterJson: JSON.stringify({ field: 'colour', operator: 'EQ', value: ['red'] }),
			limit: 10,
		});
		expect(run.sent).toHaveLength(1);
		expect(run.error?.httpCode).toBe('400');
		expect(run.error?.message).toMatch(/^field must be one of .* \[LE_ERR_SS_400\]$/);
		expect(run.error?.description).toContain('LE_ERR_SS_400: field must be one of');
		expect(run.error?.description).toContain('(at filter.field)');
	});

	it('400 LE_ERR_SS_400 / LE_ERR_SS_008: licence validation failure', async () => {
		const run = await runAdmin(emulator, {
			resource: 'licence',
			operation: 'install',
			licenceSource: 'text',
			licenceContent: 'aaaa.bbbb.cccc',
		});
		expect(run.sent).toHaveLength(1);
		expect(run.error?.httpCode).toBe('400');
		expect(run.error?.message).toMatch(
			/^Licence validation failed: .* \[LE_ERR_SS_400\/LE_ERR_SS_008\]$/,
		);
		expect(run.error?.description).toContain('The licence did not pass validation');
		expect(run.error?.description).toContain(
			'Check that the licence content is the JWT you were given',
		);
	});

	it('401 LE_ERR_SS_401 / LE_ERR_SS_303: invalid or expired token', async () => {
		const run = await runAdmin(
			emulator,
			{ resource: 'organisationSettings', operation: 'get' },
			{ authToken: 'revoked-token' },
		);
		expect(run.sent[0].headers['x-auth-token']).toBe('revoked-token');
		expect(run.error?.httpCode).toBe('401');
		expect(run.error?.message).toBe('Invalid or expired token [LE_ERR_SS_401/LE_ERR_SS_303]');
		expect(run.error?.description).toContain('Check the Auth Token in the credential');
		// the token is not repeated in the error
		expect(JSON.stringify(run.error)).not.toContain('revoked-token');
	});

	it('401 LE_ERR_SS_401 / LE_ERR_SS_301: authentication failed on licence upload', async () => {
		const run = await runAdmin(
			emulator,
			{
				resource: 'licence',
				operation: 'install',
				licenceSource: 'text',
				licenceContent: validLicence(),
			},
			{ authToken: 'revoked-token' },
		);
		expect(run.error?.httpCode).toBe('401');
		expect(run.error?.message).toBe('Authentication failed [LE_ERR_SS_401/LE_ERR_SS_301]');
		expect(run.error?.description).toContain('Authentication failed while uploading the licence');
	});

	it('404 LE_ERR_SS_404 / LE_ERR_SS_203: password policy absent', async () => {
		const run = await runAdmin(emulator, { resource: 'passwordPolicy', operation: 'get' });
		expect(run.error?.httpCode).toBe('404');
		expect(run.error?.message).toBe('Password policy not found [LE_ERR_SS_404/LE_ERR_SS_203]');
		expect(run.error?.description).toContain('Password Policy > Create');
	});

	it('404 LE_ERR_SS_404 / LE_ERR_SS_203: settings absent (on read and on update)', async () => {
		for (const parameters of [
			{ resource: 'organisationSettings', operation: 'get' },
			{
				resource: 'organisationSettings',
				operation: 'update',
				updateFields: { documentRetentionPeriod: 30 },
			},
		]) {
			const run = await runAdmin(emulator, parameters, { authToken: OTHER_ACCOUNT_AUTH_TOKEN });
			expect(run.sent).toHaveLength(1);
			expect(run.error?.message).toBe('Settings not found [LE_ERR_SS_404/LE_ERR_SS_203]');
		}
	});

	it('404 LE_ERR_SS_404 / LE_ERR_SS_001: role absent, and entitlement absent', async () => {
		const role = await runAdmin(emulator, {
			resource: 'role',
			operation: 'update',
			roleId: 'role-ghost',
			name: 'Ghost',
		});
		expect(role.sent[0].path).toBe(`${V1}/roles/role-ghost`);
		expect(role.error?.message).toBe('Role role-ghost not found [LE_ERR_SS_404/LE_ERR_SS_001]');
		const entitlement = await runAdmin(emulator, {
			resource: 'role',
			operation: 'update',
			roleId: 'role-viewer',
			name: 'Viewer',
			updateFields: { entitlementIds: 'ent-003, ent-404' },
		});
		expect(entitlement.error?.httpCode).toBe('404');
		expect(entitlement.error?.message).toBe(
			'Entitlement ent-404 not found [LE_ERR_SS_404/LE_ERR_SS_001]',
		);
		expect(entitlement.error?.description).toContain('(at entitlementIds[1])');
	});

	it('409 LE_ERR_SS_409 / LE_ERR_SS_010: password policy already exists', async () => {
		const parameters = {
			resource: 'passwordPolicy',
			operation: 'create',
			minimumPasswordLength: 10,
			numbersRequired: true,
			specialCharactersRequired: true,
			uppercaseRequired: true,
		};
		expect((await runAdmin(emulator, parameters)).error).toBeUndefined();
		const again = await runAdmin(emulator, parameters);
		expect(again.error?.httpCode).toBe('409');
		expect(again.error?.message).toBe(
			'Password policy already exists [LE_ERR_SS_409/LE_ERR_SS_010]',
		);
		expect(again.error?.description).toContain('LE_ERR_SS_010: Password policy already exists');
	});

	it('409 LE_ERR_SS_409 / LE_ERR_SS_010: OAuth2 client already exists', async () => {
		expect(
			(
				await runAdmin(emulator, {
					resource: 'oauth2Client',
					operation: 'create',
					clientId: 'reporting-bot',
				})
			).error,
		).toBeUndefined();
		const again = await runAdmin(emulator, {
			resource: 'oauth2Client',
			operation: 'create',
			clientId: 'reporting-bot',
		});
		expect(again.error?.httpCode).toBe('409');
		expect(again.error?.message).toBe('OAuth2 client already exists [LE_ERR_SS_409/LE_ERR_SS_010]');
	});

	it('500 LE_ERR_SS_500 (path and code null): internal error', async () => {
		emulator.slice<V1State>('v1').internalErrors = 1;
		const run = await runAdmin(emulator, { resource: 'notificationRule', operation: 'getTypes' });
		expect(run.sent).toHaveLength(1);
		expect(run.error?.httpCode).toBe('500');
		expect(run.error?.message).toBe('Internal server error [LE_ERR_SS_500]');
		expect(run.error?.description).toContain('Try again later');
	});

	it('continues on fail with the error on the item', async () => {
		const run = await runAdmin(
			emulator,
			{ resource: 'role', operation: 'update', roleId: 'role-ghost', name: 'Ghost' },
			{ onError: 'continueRegularOutput' },
		);
		expect(run.items).toHaveLength(1);
		expect(JSON.stringify(run.items[0].json)).toContain('LE_ERR_SS_001');
	});

	it('refuses OAuth2 before sending: the service takes only the Auth Token on v1', async () => {
		const before = emulator.requestsTo(V1).length;
		const run = await runAdmin(
			emulator,
			{ authentication: 'oAuth2', resource: 'organisationSettings', operation: 'get' },
			{ credentials: { documentExecutionOAuth2Api: await oauthCredential(emulator) } },
		);
		expect(run.error?.message).toMatch(/needs the Auth Token/);
		expect(emulator.requestsTo(V1).length).toBe(before);
	});
});
