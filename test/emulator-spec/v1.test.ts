import axios from 'axios';

import { DEFAULT_OAUTH_CLIENT, type OAuthState } from '../emulator/families/oauth';
import {
	ENTITLEMENTS,
	RULE_TYPES,
	ruleId,
	SEEDED_USERS,
	type V1State,
} from '../emulator/families/v1';
import {
	DEFAULT_AUTH_TOKEN,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
	type Emulator,
} from '../emulator/server';
import { basic, REDIRECT_URI } from '../support/credentials';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

const http = axios.create({ validateStatus: () => true, maxRedirects: 0 });
const v1 = (path: string) => `${emulator.baseUrl}/api/v1${path}`;
const auth = (token = DEFAULT_AUTH_TOKEN) => ({ headers: { 'x-auth-token': token } });

const jwt = (
	payload: Record<string, unknown>,
	header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT' },
) =>
	[header, payload]
		.map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
		.join('.') + '.c2lnbmF0dXJl';

describe('v1 paths and authentication', () => {
	it('serves the spec path literally: {base_url}/api/v1/... is /api/api/v1/... on the emulator', async () => {
		expect(v1('/settings')).toBe(`${emulator.origin}/api/api/v1/settings`);
		const response = await http.get(v1('/settings'), auth());
		expect(response.status).toBe(200);
		expect(emulator.requestsTo('/api/api/v1/settings').length).toBeGreaterThan(0);
	});

	it('refuses a missing or unknown token with 401 LE_ERR_SS_401 / LE_ERR_SS_303', async () => {
		for (const config of [{}, auth('not-a-token')]) {
			const response = await http.get(v1('/password-policy'), config);
			expect(response.status).toBe(401);
			expect(response.data).toEqual({
				code: 'LE_ERR_SS_401',
				errors: [{ message: 'Invalid or expired token', path: null, code: 'LE_ERR_SS_303' }],
			});
		}
	});

	it('answers a licence upload with a failed authentication with inner code LE_ERR_SS_301', async () => {
		const response = await http.post(v1('/licenses'), { file: 'a.b.c' }, auth('wrong'));
		expect(response.status).toBe(401);
		expect(response.data.code).toBe('LE_ERR_SS_401');
		expect(response.data.errors[0].code).toBe('LE_ERR_SS_301');
	});

	it('does not take an OAuth2 bearer token', async () => {
		const response = await http.get(v1('/settings'), {
			headers: { authorization: 'Bearer at_anything' },
		});
		expect(response.status).toBe(401);
	});

	it('answers 500 LE_ERR_SS_500 with null path and code when told to fail, then recovers', async () => {
		const control = await http.post(`${emulator.origin}/__emulator/v1/internal-errors`, {
			times: 1,
		});
		expect(control.status).toBe(200);
		const failed = await http.get(v1('/settings'), auth());
		expect(failed.status).toBe(500);
		expect(failed.data).toEqual({
			code: 'LE_ERR_SS_500',
			errors: [{ message: 'Internal server error', path: null, code: null }],
		});
		expect((await http.get(v1('/settings'), auth())).status).toBe(200);
	});

	it('can let some requests through before failing', async () => {
		await http.post(`${emulator.origin}/__emulator/v1/internal-errors`, { times: 1, after: 2 });
		const statuses = [];
		for (let index = 0; index < 4; index++)
			statuses.push((await http.get(v1('/notification-rules/types'), auth())).status);
		expect(statuses).toEqual([200, 200, 500, 200]);
	});
});

describe('password policy', () => {
	const policy = {
		minimumPasswordLength: 12,
		numbersRequired: true,
		specialCharactersRequired: false,
		uppercaseRequired: true,
	};

	it('is absent at first: 404 LE_ERR_SS_404 / LE_ERR_SS_203', async () => {
		const response = await http.get(v1('/password-policy'), auth());
		expect(response.status).toBe(404);
		expect(response.data.code).toBe('LE_ERR_SS_404');
		expect(response.data.errors[0].code).toBe('LE_ERR_SS_203');
	});

	it('requires all four fields: 400 LE_ERR_SS_400 naming each missing one', async () => {
		const response = await http.post(v1('/password-policy'), { minimumPasswordLength: 8 }, auth());
		expect(response.status).toBe(400);
		expect(response.data.code).toBe('LE_ERR_SS_400');
		expect(response.data.errors.map((error: { path: string }) => error.path).sort()).toEqual([
			'numbersRequired',
			'specialCharactersRequired',
			'uppercaseRequired',
		]);
	});

	it('is created once (201 LE_SS_001), read back with data only, and a second one gives 409 LE_ERR_SS_409 / LE_ERR_SS_010', async () => {
		const created = await http.post(v1('/password-policy'), policy, auth());
		expect(created.status).toBe(201);
		expect(created.data).toMatchObject({
			code: 'LE_SS_001',
			message: expect.any(String),
			data: { ...policy, id: expect.any(String) },
		});
		expect(created.data.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

		const read = await http.get(v1('/password-policy'), auth());
		expect(read.status).toBe(200);
		expect(read.data).toEqual({ data: created.data.data });

		const again = await http.post(v1('/password-policy'), policy, auth());
		expect(again.status).toBe(409);
		expect(again.data).toEqual({
			code: 'LE_ERR_SS_409',
			errors: [{ message: 'Password policy already exists', path: null, code: 'LE_ERR_SS_010' }],
		});
	});

	it('keeps one policy per organisation: the other account still has none', async () => {
		expect((await http.get(v1('/password-policy'), auth(OTHER_ACCOUNT_AUTH_TOKEN))).status).toBe(
			404,
		);
	});
});

describe('settings', () => {
	it('are seeded for the main account and absent for the other (404 LE_ERR_SS_203 on read and update)', async () => {
		const read = await http.get(v1('/settings'), auth());
		expect(read.data.data).toMatchObject({
			documentRetentionEnabled: true,
			documentRetentionPeriod: 365,
			auditTrailGenerationEnabled: true,
		});
		for (const response of [
			await http.get(v1('/settings'), auth(OTHER_ACCOUNT_AUTH_TOKEN)),
			await http.put(
				v1('/settings'),
				{ documentRetentionPeriod: 30 },
				auth(OTHER_ACCOUNT_AUTH_TOKEN),
			),
		]) {
			expect(response.status).toBe(404);
			expect(response.data.errors[0].code).toBe('LE_ERR_SS_203');
		}
	});

	it('PUT changes only the fields sent (200 LE_SS_004)', async () => {
		const before = (await http.get(v1('/settings'), auth())).data.data;
		const response = await http.put(v1('/settings'), { documentRetentionPeriod: 90 }, auth());
		expect(response.status).toBe(200);
		expect(response.data.code).toBe('LE_SS_004');
		expect(response.data.data).toEqual({ ...before, documentRetentionPeriod: 90 });
	});

	it('rejects wrong types and unknown fields with 400', async () => {
		const response = await http.put(
			v1('/settings'),
			{ documentRetentionPeriod: -1, auditLogsRetentionEnabled: 'yes', colour: 'red' },
			auth(),
		);
		expect(response.status).toBe(400);
		expect(response.data.errors.map((error: { path: string }) => error.path).sort()).toEqual([
			'auditLogsRetentionEnabled',
			'colour',
			'documentRetentionPeriod',
		]);
	});

	it('can be seeded absent for the main account', async () => {
		const other = await startEmulator({ seed: { v1SettingsAbsent: true } });
		try {
			expect((await http.get(`${other.baseUrl}/api/v1/settings`, auth())).status).toBe(404);
		} finally {
			await other.close();
		}
	});
});

describe('notification rules', () => {
	it('lists the rule types with labels', async () => {
		const response = await http.get(v1('/notification-rules/types'), auth());
		expect(response.status).toBe(200);
		expect(response.data.data.map((type: { type: string }) => type.type)).toEqual(
			RULE_TYPES.map((type) => type.type),
		);
		expect(response.data.data[0]).toEqual({ type: 'USER_CREATED', label: expect.any(String) });
	});

	it('updates a rule, resolving userIds into notifyUsers and keeping fields not sent', async () => {
		const response = await http.put(
			v1(`/notification-rules/${ruleId('DOCUMENT_SIGNED')}`),
			{
				ruleType: 'DOCUMENT_SIGNED',
				userIds: ['user-002', 'user-003'],
				additionalEmailRecipients: ['legal@example.com'],
			},
			auth(),
		);
		expect(response.status).toBe(200);
		expect(response.data.code).toBe('LE_SS_004');
		expect(response.data.data).toMatchObject({
			id: ruleId('DOCUMENT_SIGNED'),
			ruleType: 'DOCUMENT_SIGNED',
			additionalEmailRecipients: ['legal@example.com'],
			enabled: true,
			notifyUsers: [SEEDED_USERS[1], SEEDED_USERS[2]],
		});
		expect(response.data.data.userIds).toBeUndefined();
	});

	it('validates ruleType against the enumeration and requires it', async () => {
		const wrong = await http.put(
			v1(`/notification-rules/${ruleId('USER_CREATED')}`),
			{ ruleType: 'USER_UPDATED' },
			auth(),
		);
		expect(wrong.status).toBe(400);
		expect(wrong.data.errors[0]).toMatchObject({ path: 'ruleType' });
		const missing = await http.put(
			v1(`/notification-rules/${ruleId('USER_CREATED')}`),
			{ enabled: false },
			auth(),
		);
		expect(missing.status).toBe(400);
		expect(missing.data.errors[0]).toMatchObject({
			path: 'ruleType',
			message: 'ruleType is required',
		});
	});

	it('answers 404 for an unknown rule or user', async () => {
		expect(
			(await http.put(v1('/notification-rules/rule-nope'), { ruleType: 'USER_CREATED' }, auth()))
				.status,
		).toBe(404);
		const user = await http.put(
			v1(`/notification-rules/${ruleId('USER_CREATED')}`),
			{ ruleType: 'USER_CREATED', userIds: ['user-999'] },
			auth(),
		);
		expect(user.status).toBe(404);
		expect(user.data.errors[0].path).toBe('userIds[0]');
	});
});

describe('roles', () => {
	it('updates name and entitlements (200 LE_SS_004)', async () => {
		const response = await http.put(
			v1('/roles/role-viewer'),
			{ name: 'Auditor', entitlementIds: ['ent-003', 'ent-006'] },
			auth(),
		);
		expect(response.status).toBe(200);
		expect(response.data.code).toBe('LE_SS_004');
		expect(response.data.data).toMatchObject({
			id: 'role-viewer',
			name: 'Auditor',
			entitlements: [ENTITLEMENTS[2], ENTITLEMENTS[5]],
		});
	});

	it('keeps the entitlements when entitlementIds is not sent', async () => {
		const response = await http.put(v1('/roles/role-signer'), { name: 'Signer' }, auth());
		expect(
			response.data.data.entitlements.map((entitlement: { name: string }) => entitlement.name),
		).toEqual(['DOCUMENT_SIGN', 'DOCUMENT_VIEW']);
	});

	it('answers 404 LE_ERR_SS_404 / LE_ERR_SS_001 for an absent role or entitlement, 400 without a name', async () => {
		for (const response of [
			await http.put(v1('/roles/role-ghost'), { name: 'Ghost' }, auth()),
			await http.put(
				v1('/roles/role-viewer'),
				{ name: 'Viewer', entitlementIds: ['ent-003', 'ent-999'] },
				auth(),
			),
		]) {
			expect(response.status).toBe(404);
			expect(response.data.code).toBe('LE_ERR_SS_404');
			expect(response.data.errors[0].code).toBe('LE_ERR_SS_001');
		}
		expect((await http.put(v1('/roles/role-viewer'), { entitlementIds: [] }, auth())).status).toBe(
			400,
		);
	});
});

describe('licences', () => {
	it('installs a JWT-formatted licence (200 LE_SS_001)', async () => {
		const exp = Math.floor(Date.now() / 1000) + 86_400 * 365;
		const response = await http.post(
			v1('/licenses'),
			{ file: jwt({ licenseId: 'LIC-1', customerId: 'CUST-9', exp, licenseType: 'TRIAL' }) },
			auth(),
		);
		expect(response.status).toBe(200);
		expect(response.data.code).toBe('LE_SS_001');
		expect(response.data.data).toMatchObject({
			licenseId: 'LIC-1',
			customerId: 'CUST-9',
			status: 'ACTIVE',
			licenseType: 'TRIAL',
			enabled: true,
		});
		expect(response.data.data.expiry).toBe(new Date(exp * 1000).toISOString());
	});

	it('reports an expired licence as EXPIRED', async () => {
		const response = await http.post(
			v1('/licenses'),
			{ file: jwt({ licenseId: 'LIC-OLD', customerId: 'C', exp: 1_000_000 }) },
			auth(),
		);
		expect(response.data.data.status).toBe('EXPIRED');
	});

	it('rejects content that is not a JWT with 400 LE_ERR_SS_400 / LE_ERR_SS_008', async () => {
		for (const file of ['not a licence', 'a.b', 'a.b.c', jwt({ customerId: 'no id', exp: 1 })]) {
			const response = await http.post(v1('/licenses'), { file }, auth());
			expect(response.status).toBe(400);
			expect(response.data.code).toBe('LE_ERR_SS_400');
			expect(response.data.errors[0].code).toBe('LE_ERR_SS_008');
		}
		const missing = await http.post(v1('/licenses'), {}, auth());
		expect(missing.status).toBe(400);
		expect(missing.data.errors[0]).toMatchObject({ path: 'file' });
	});
});

describe('OAuth2 clients', () => {
	it('creates an ACTIVE client with its secret (201 LE_SS_001) that the OAuth flow then accepts', async () => {
		const response = await http.post(
			v1('/oauth2-clients'),
			{ clientId: 'integration-n8n' },
			auth(),
		);
		expect(response.status).toBe(201);
		expect(response.data).toMatchObject({
			code: 'LE_SS_001',
			data: {
				clientId: 'integration-n8n',
				state: 'ACTIVE',
				clientSecret: expect.any(String),
				id: expect.any(String),
			},
		});
		const registered = emulator.slice<OAuthState>('oauth').clients.get('integration-n8n');
		expect(registered).toMatchObject({
			clientSecret: response.data.data.clientSecret,
			accountId: 'account-main',
		});

		const authorize = await http.get(`${emulator.authUrl}/oauth2/authorize`, {
			params: {
				response_type: 'code',
				client_id: 'integration-n8n',
				redirect_uri: REDIRECT_URI,
				scope: '*',
				state: 's',
			},
		});
		expect(authorize.status).toBe(302);
		const code = new URL(authorize.headers.location as string).searchParams.get('code') ?? '';
		const token = await http.post(
			`${emulator.authUrl}/oauth2/token`,
			new URLSearchParams({
				grant_type: 'authorization_code',
				code,
				redirect_uri: REDIRECT_URI,
			}).toString(),
			{
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					authorization: basic('integration-n8n', response.data.data.clientSecret),
				},
			},
		);
		expect(token.status).toBe(200);
	});

	it('answers 409 LE_ERR_SS_409 / LE_ERR_SS_010 for an existing client id (its own or the default client)', async () => {
		expect(
			(await http.post(v1('/oauth2-clients'), { clientId: 'integration-n8n' }, auth())).status,
		).toBe(201);
		for (const clientId of ['integration-n8n', DEFAULT_OAUTH_CLIENT.clientId]) {
			const response = await http.post(v1('/oauth2-clients'), { clientId }, auth());
			expect(response.status).toBe(409);
			expect(response.data.errors[0].code).toBe('LE_ERR_SS_010');
		}
	});

	it('states the 6 to 64 characters rule on a 400', async () => {
		for (const clientId of ['short', 'x'.repeat(65)]) {
			const response = await http.post(v1('/oauth2-clients'), { clientId }, auth());
			expect(response.status).toBe(400);
			expect(response.data.errors[0]).toMatchObject({
				path: 'clientId',
				message: expect.stringMatching(/between 6 and 64 characters/),
			});
		}
		expect(
			(await http.post(v1('/oauth2-clients'), { clientId: 'x'.repeat(64) }, auth())).status,
		).toBe(201);
	});
});

describe('search (certificates and audit logs)', () => {
	it('pages the 95 seeded audit logs with a 0-based page index', async () => {
		const pages = [];
		for (let page = 0; page < 5; page++) {
			const response = await http.post(v1('/audit-logs/search'), { limit: 20, page }, auth());
			expect(response.status).toBe(200);
			expect(response.data.pagination).toEqual({ limit: 20, page, total: 95 });
			pages.push(...response.data.data);
		}
		expect(pages).toHaveLength(95);
		expect(new Set(pages.map((log) => log.id)).size).toBe(95);
		expect(Object.keys(pages[0]).sort()).toEqual([
			'action',
			'createdAt',
			'details',
			'enabled',
			'id',
			'logTime',
			'sourceIp',
			'updatedAt',
			'userAgent',
			'userId',
			'username',
		]);
		// default order: newest first
		expect(pages[0].id).toBe('log-0095');
	});

	it('uses defaults (limit 20, page 0) for an empty body', async () => {
		const response = await http.post(v1('/certificates/search'), {}, auth());
		expect(response.data.pagination).toEqual({ limit: 20, page: 0, total: 30 });
		expect(response.data.data).toHaveLength(20);
	});

	it('filters with every operator', async () => {
		const count = async (filter: unknown) =>
			(await http.post(v1('/certificates/search'), { filter, limit: 100 }, auth())).data.pagination
				.total;
		expect(await count({ field: 'certificateType', operator: 'EQ', value: ['PKCS12_PFX'] })).toBe(
			10,
		);
		expect(await count({ field: 'certificateType', operator: 'NEQ', value: ['PKCS12_PFX'] })).toBe(
			20,
		);
		expect(
			await count({ field: 'departmentName', operator: 'IN', value: ['Legal', 'Finance'] }),
		).toBe(16);
		expect(
			await count({ field: 'departmentName', operator: 'NOT_IN', value: ['Legal', 'Finance'] }),
		).toBe(14);
		expect(await count({ field: 'departmentId', operator: 'IS_NULL' })).toBe(7);
		expect(await count({ field: 'departmentId', operator: 'NOT_NULL' })).toBe(23);
		expect(await count({ field: 'id', operator: 'GT', value: ['cert-025'] })).toBe(5);
		expect(await count({ field: 'id', operator: 'GTE', value: ['cert-025'] })).toBe(6);
		expect(await count({ field: 'id', operator: 'LT', value: ['cert-003'] })).toBe(2);
		expect(await count({ field: 'id', operator: 'LTE', value: ['cert-003'] })).toBe(3);
		expect(
			await count({
				field: 'createdAt',
				operator: 'BETWEEN',
				value: ['2025-01-01T09:00:00', '2025-01-01T12:00:00'],
			}),
		).toBe(4);
		expect(await count({ field: 'name', operator: 'LIKE', value: ['%00_'] })).toBe(9);
		expect(await count({ field: 'name', operator: 'LIKE', value: ['certificate 01'] })).toBe(10);
		expect(
			await count({
				operator: 'AND',
				filters: [
					{ field: 'certificateType', operator: 'EQ', value: ['PKCS12_PFX'] },
					{
						operator: 'OR',
						filters: [
							{ field: 'departmentName', operator: 'EQ', value: ['Legal'] },
							{ field: 'departmentId', operator: 'IS_NULL' },
						],
					},
				],
			}),
		).toBe(6);
	});

	it('filters audit logs by boolean and user, and sorts by several fields', async () => {
		const disabled = await http.post(
			v1('/audit-logs/search'),
			{ filter: { field: 'enabled', operator: 'EQ', value: [false] }, limit: 100 },
			auth(),
		);
		expect(disabled.data.pagination.total).toBe(9);
		const sorted = await http.post(
			v1('/audit-logs/search'),
			{
				filter: { field: 'userId', operator: 'EQ', value: ['user-002'] },
				sort: [
					{ field: 'action', direction: 'ASC' },
					{ field: 'logTime', direction: 'DESC' },
				],
				limit: 100,
			},
			auth(),
		);
		const rows = sorted.data.data as Array<{ action: string; logTime: string; userId: string }>;
		expect(rows.every((row) => row.userId === 'user-002')).toBe(true);
		for (let index = 1; index < rows.length; index++) {
			const [previous, current] = [rows[index - 1], rows[index]];
			expect(previous.action <= current.action).toBe(true);
			if (previous.action === current.action) expect(previous.logTime > current.logTime).toBe(true);
		}
	});

	it('answers invalid criteria with 400 LE_ERR_SS_400 naming the path', async () => {
		const cases: Array<[unknown, string]> = [
			[{ filter: { field: 'id', operator: 'ABOUT', value: ['x'] } }, 'filter.operator'],
			[{ filter: { field: 'colour', operator: 'EQ', value: ['x'] } }, 'filter.field'],
			[{ filter: { field: 'id', operator: 'IN', value: [] } }, 'filter.value'],
			[{ filter: { field: 'id', operator: 'BETWEEN', value: ['a'] } }, 'filter.value'],
			[{ filter: { operator: 'OR', filters: [] } }, 'filter.filters'],
			[
				{ filter: { operator: 'AND', filters: [{ field: 'id', operator: 'EQ' }] } },
				'filter.filters[0].value',
			],
			[{ sort: [{ direction: 'ASC' }] }, 'sort[0].field'],
			[{ sort: [{ field: 'id', direction: 'UP' }] }, 'sort[0].direction'],
			[{ page: -1 }, 'page'],
			[{ limit: 0 }, 'limit'],
			[{ limit: 101 }, 'limit'],
		];
		for (const [body, path] of cases) {
			const response = await http.post(v1('/audit-logs/search'), body, auth());
			expect({
				status: response.status,
				code: response.data.code,
				path: response.data.errors[0].path,
			}).toEqual({ status: 400, code: 'LE_ERR_SS_400', path });
		}
	});

	it('seeds as many items as asked', async () => {
		const other = await startEmulator({ seed: { v1AuditLogs: 7, v1Certificates: 0 } });
		try {
			const logs = await http.post(`${other.baseUrl}/api/v1/audit-logs/search`, {}, auth());
			expect(logs.data.pagination.total).toBe(7);
			const certificates = await http.post(
				`${other.baseUrl}/api/v1/certificates/search`,
				{},
				auth(),
			);
			expect(certificates.data).toEqual({ data: [], pagination: { limit: 20, page: 0, total: 0 } });
		} finally {
			await other.close();
		}
	});

	it('exposes its state for tests', () => {
		const state = emulator.slice<V1State>('v1');
		expect(state.organisation('account-main').auditLogs).toHaveLength(95);
	});
});
