import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { AUTH_KINDS, authOf, mainPacks, runV4, startV4Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator({ packCount: 60 })));
afterEach(async () => await emulator.close());

const nothingSent = (field: string) =>
	`Nothing was sent to the service. Fix "${field}" and run the node again.`;
const searches = () => emulator.requestsTo('/v4/packs/search');
const search = (auth: 'token' | 'oAuth2', parameters: Record<string, unknown>) =>
	runV4(emulator, auth, { resource: 'pack', operation: 'search', ...parameters });

describe.each(AUTH_KINDS)('Pack → Search with the %s credential', (auth) => {
	it('sends the filters and sort, and outputs one item per pack record', async () => {
		const result = await search(auth, {
			limit: 10,
			filters: { status: 'COMPLETED', workflowId: 'WF-NDA', text: 'nda' },
			options: { sortBy: 'updatedAt', sortOrder: 'asc' },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(searches()).toHaveLength(1);
		const [request] = searches();
		expect(authOf(request)).toBe(auth);
		expect(request.query).toEqual({
			q: 'nda',
			status: 'COMPLETED',
			workflowId: 'WF-NDA',
			sortBy: 'updatedAt',
			sortOrder: 'asc',
			offset: '0',
			max: '10',
		});
		const expected = mainPacks(emulator).filter(
			(pack) => pack.status === 'COMPLETED' && pack.workflowId === 'WF-NDA',
		);
		expect(result.items.map((item) => item.json.packId).sort()).toEqual(
			expected.map((pack) => pack.packId).sort(),
		);
		expect(result.items[0].json).toEqual(
			expect.objectContaining({
				packId: expect.any(String),
				packName: expect.any(String),
				status: 'COMPLETED',
				documentCount: expect.any(Number),
			}),
		);
	});

	it('finds a pack by its exact IRN', async () => {
		const pack = mainPacks(emulator).find((candidate) => candidate.irn)!;
		const result = await search(auth, { filters: { irn: pack.irn } });
		expect(searches()[0].query.irn).toBe(pack.irn);
		expect(result.items.map((item) => item.json.packId)).toEqual([pack.packId]);
	});
});

describe('Pack → Search paging', () => {
	it('asks for Limit in pages of at most 40 and stops at Limit', async () => {
		const result = await search('token', { limit: 45 });
		expect(result.items).toHaveLength(45);
		expect(searches().map((request) => [request.query.offset, request.query.max])).toEqual([
			['0', '40'],
			['40', '5'],
		]);
	});

	it('stops from the pagination object, without an extra empty request', async () => {
		const result = await search('token', { returnAll: true, options: { pageSize: 20 } });
		expect(result.items).toHaveLength(60);
		expect(searches()).toHaveLength(3);
		const tail = await search('token', { returnAll: true, options: { offset: 50 } });
		expect(tail.items).toHaveLength(10);
		expect(searches()).toHaveLength(4);
	});

	it('returns no items when nothing matches (an unknown workflow ID)', async () => {
		const result = await search('token', {
			returnAll: true,
			filters: { workflowId: 'WF-UNKNOWN' },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(searches()).toHaveLength(1);
	});
});

describe('Pack → Search beyond the 1000-pack window', () => {
	let big: Emulator;
	const COMPLETED = 1040;
	beforeEach(async () => {
		// 1144 packs, ten COMPLETED for each SENT: 1040 COMPLETED.
		big = await startV4Emulator({
			packCount: 1144,
			packStatusMix: `${'COMPLETED,'.repeat(10)}SENT`,
		});
	});
	afterEach(async () => await big.close());

	it.each(AUTH_KINDS)(
		'reads every COMPLETED pack in exactly ceil(N / 40) requests with the %s credential',
		async (auth) => {
			const result = await runV4(big, auth, {
				resource: 'pack',
				operation: 'search',
				returnAll: true,
				filters: { status: 'COMPLETED' },
			});
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			expect(result.items).toHaveLength(COMPLETED);
			expect(new Set(result.items.map((item) => item.json.packId)).size).toBe(COMPLETED);
			const requests = big.requestsTo('/v4/packs/search');
			expect(requests).toHaveLength(Math.ceil(COMPLETED / 40));
			expect(
				requests.every(
					(request) =>
						authOf(request) === auth &&
						request.query.status === 'COMPLETED' &&
						request.query.max === '40',
				),
			).toBe(true);
			expect(requests.map((request) => Number(request.query.offset))).toEqual(
				Array.from({ length: 26 }, (_, page) => page * 40),
			);
		},
	);

	it('stops Return All without a status at once, with a message that says to filter by status', async () => {
		const result = await runV4(big, 'token', {
			resource: 'pack',
			operation: 'search',
			returnAll: true,
		});
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(
			'Return All: 1144 packs match, but without a Status filter the service lists only the first 1000',
		);
		expect(error.description).toMatch(/Set Filters → Status/);
		expect(big.requestsTo('/v4/packs/search')).toHaveLength(1);
	});

	it('takes the first 1000 without a status when asked with a Limit, never crossing the window', async () => {
		const result = await runV4(big, 'token', {
			resource: 'pack',
			operation: 'search',
			limit: 1000,
		});
		expect(result.items).toHaveLength(1000);
		const requests = big.requestsTo('/v4/packs/search');
		expect(requests).toHaveLength(25);
		expect(
			requests.every((request) => Number(request.query.offset) + Number(request.query.max) <= 1000),
		).toBe(true);
	});
});

describe('Pack → Search refuses before sending, naming the field', () => {
	it.each([
		['Page Size', { options: { pageSize: 0 } }, 'Page Size: must be at least 1'],
		['Page Size', { options: { pageSize: 41 } }, 'Page Size: cannot be more than 40'],
		['Offset', { options: { offset: -1 } }, 'Offset: cannot be negative'],
		['Offset', { options: { offset: 1.5 } }, 'Offset: must be a whole number'],
		['Limit', { limit: 0 }, 'Limit: must be at least 1'],
		['Limit', { limit: 2.5 }, 'Limit: must be a whole number'],
		[
			'Limit (window)',
			{ limit: 990, options: { offset: 20 } },
			'Limit: without a Status filter the service lists only the first 1000 packs (Offset plus Limit is 1010); set Status or lower Limit',
		],
		[
			'Offset (window)',
			{ returnAll: true, options: { offset: 1000 } },
			'Offset: without a Status filter the service lists only the first 1000 packs; set Status to start at 1000',
		],
		[
			'Status',
			{ filters: { status: '={{ "SIGNED" }}' } },
			'Status: must be one of DRAFT, SENT, EXPIRED, COMPLETED',
		],
		[
			'Sort By',
			{ options: { sortBy: '={{ "name" }}' } },
			'Sort By: must be one of createdAt, updatedAt',
		],
		[
			'Sort Order',
			{ options: { sortOrder: '={{ "up" }}' } },
			'Sort Order: must be one of asc, desc',
		],
	])('%s', async (_field, parameters, message) => {
		const result = await search('token', parameters);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(message);
		expect(error.description).toBe(nothingSent(message.split(':')[0]));
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it('names the first broken rule, and every other one in the description', async () => {
		const result = await search('token', { options: { sortBy: '={{ "name" }}', pageSize: 41 } });
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe('Sort By: must be one of createdAt, updatedAt');
		expect(error.description).toBe(
			`${nothingSent('Sort By')} Also: Page Size: cannot be more than 40.`,
		);
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it('lets a status filter read past the window', async () => {
		const result = await search('token', {
			limit: 990,
			options: { offset: 20 },
			filters: { status: 'SENT' },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(searches()[0].query).toMatchObject({ offset: '20', status: 'SENT' });
	});
});
