import { SEARCH_PAGE_SIZE } from '../../../nodes/DocumentExecution/shared/v1Search/pager';
import type { V1State } from '../../emulator/families/v1';
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAdmin, V1 } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { v1AuditLogs: 120 } });
});
afterEach(async () => await emulator.close());

describe('Search request: paging, filters and sort through the engine', () => {
	it('Return All reads every page by the 0-based page index until pagination.total is reached', async () => {
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			returnAll: true,
		});
		expect(run.error).toBeUndefined();
		expect(SEARCH_PAGE_SIZE).toBe(50);
		expect(run.sent.map((request) => request.body)).toEqual([
			{ limit: 50, page: 0 },
			{ limit: 50, page: 1 },
			{ limit: 50, page: 2 },
		]);
		expect(run.items).toHaveLength(120);
		expect(new Set(run.items.map((item) => item.json.id)).size).toBe(120);
	});

	it('stops after the page that reaches the total (no extra request when the total is a multiple of the page size)', async () => {
		const exact = await startEmulator({ seed: { v1AuditLogs: 100 } });
		try {
			const run = await runAdmin(exact, {
				resource: 'auditLog',
				operation: 'search',
				returnAll: true,
			});
			expect(run.sent.map((request) => (request.body as { page: number }).page)).toEqual([0, 1]);
			expect(run.items).toHaveLength(100);
		} finally {
			await exact.close();
		}
	});

	it('Return All with a filter pages over the filtered total', async () => {
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			returnAll: true,
			filterType: 'conditions',
			conditions: { condition: [{ field: 'userId', operator: 'IN', values: 'user-001,user-002' }] },
		});
		expect(run.items).toHaveLength(80);
		expect(run.sent).toHaveLength(2);
		expect((run.sent[1].body as { filter: unknown }).filter).toEqual({
			field: 'userId',
			operator: 'IN',
			value: ['user-001', 'user-002'],
		});
	});

	it('returns nothing (one request) when nothing matches', async () => {
		const run = await runAdmin(emulator, {
			resource: 'certificate',
			operation: 'search',
			returnAll: true,
			filterType: 'conditions',
			conditions: { condition: [{ field: 'name', operator: 'EQ', values: 'No such certificate' }] },
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(0);
		expect(run.sent).toHaveLength(1);
	});

	it('without Return All, Limit is the page size and Page the page index: one request, one page', async () => {
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			limit: 25,
			options: { page: 2 },
		});
		expect(run.sent).toHaveLength(1);
		expect(run.sent[0].body).toEqual({ limit: 25, page: 2 });
		expect(run.items).toHaveLength(25);
		// newest first (the service's default order here): page 2 of 25 starts at the 51st newest of 120
		expect(run.json(0).id).toBe('log-0070');
	});

	it('joins several conditions with OR, and leaves out values for IS_NULL / NOT_NULL', async () => {
		const run = await runAdmin(emulator, {
			resource: 'certificate',
			operation: 'search',
			filterType: 'conditions',
			combineConditions: 'OR',
			conditions: {
				condition: [
					{ field: 'departmentId', operator: 'IS_NULL', values: 'ignored' },
					{
						field: 'createdAt',
						operator: 'BETWEEN',
						values: '2025-01-01T08:00:00, 2025-01-01T09:00:00',
					},
				],
			},
			limit: 100,
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0].body).toEqual({
			filter: {
				operator: 'OR',
				filters: [
					{ field: 'departmentId', operator: 'IS_NULL' },
					{
						field: 'createdAt',
						operator: 'BETWEEN',
						value: ['2025-01-01T08:00:00', '2025-01-01T09:00:00'],
					},
				],
			},
			limit: 100,
			page: 0,
		});
		// 7 without a department, plus cert-001 and cert-002 (cert-004 is both)
		expect(run.items).toHaveLength(9);
	});

	it('sends a nested filter given as JSON as it is, with sort rules in order', async () => {
		const filter = {
			operator: 'AND',
			filters: [
				{ field: 'action', operator: 'IN', value: ['LOGIN', 'LOGOUT'] },
				{
					operator: 'OR',
					filters: [
						{ field: 'userId', operator: 'EQ', value: ['user-001'] },
						{ field: 'sourceIp', operator: 'LIKE', value: ['10.0.0.1%'] },
					],
				},
			],
		};
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			filterType: 'json',
			filterJson: JSON.stringify(filter),
			sort: {
				rule: [
					{ field: 'action', direction: 'ASC' },
					{ field: 'logTime', direction: 'DESC' },
				],
			},
			limit: 100,
		});
		expect(run.error).toBeUndefined();
		expect(run.sent[0].body).toEqual({
			filter,
			sort: [
				{ field: 'action', direction: 'ASC' },
				{ field: 'logTime', direction: 'DESC' },
			],
			limit: 100,
			page: 0,
		});
		expect(run.items.length).toBeGreaterThan(0);
		const actions = run.items.map((item) => item.json.action as string);
		expect([...actions].sort()).toEqual(actions);
	});

	it('pages each input item separately', async () => {
		const run = await runAdmin(
			emulator,
			{
				resource: 'auditLog',
				operation: 'search',
				limit: 3,
				options: { page: '={{ $json.page }}' },
			},
			{ input: [{ json: { page: 0 } }, { json: { page: 1 } }] },
		);
		expect(run.sent.map((request) => request.body)).toEqual([
			{ limit: 3, page: 0 },
			{ limit: 3, page: 1 },
		]);
		expect(run.items).toHaveLength(6);
		expect(run.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it('stops Return All with the service error of a later page', async () => {
		Object.assign(emulator.slice<V1State>('v1'), { internalErrors: 1, internalErrorsAfter: 1 });
		const run = await runAdmin(emulator, {
			resource: 'auditLog',
			operation: 'search',
			returnAll: true,
		});
		expect(run.sent.map((request) => (request.body as { page: number }).page)).toEqual([0, 1]);
		expect(run.error?.httpCode).toBe('500');
		expect(run.error?.message).toBe('Internal server error [LE_ERR_SS_500]');
	});

	it('reads a server error that is not a v1 envelope as such', async () => {
		emulator.faults.inject({ kind: 'http503', path: `${V1}/audit-logs/search`, times: 1 });
		const run = await runAdmin(emulator, { resource: 'auditLog', operation: 'search', limit: 5 });
		expect(run.error?.httpCode).toBe('503');
	});
});
