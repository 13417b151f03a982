import type { INodeParameters } from 'n8n-workflow';

import { addPurchase, EXTRAS_SEED } from '../../emulator/families/v3-extras';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME, runNode } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, startV3Emulator } from '../document/setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const runWallet = async (authToken = 'emulator-token') =>
	await runNode(
		{ authentication: 'authToken', resource: 'wallet', operation: 'getBalance' },
		{ credentials: { documentExecutionApi: { ...tokenCredential(emulator), authToken } } },
	);

describe('Wallet → Get Balance', () => {
	it('reads the balance with the token and outputs the breakdown', async () => {
		const { items } = await runWallet();
		const [request] = requestsOn(emulator, '/api/v3.0/wallet/balance/details', 'GET');
		expect(request.headers['x-auth-token']).toBe('emulator-token');
		expect(items.map((item) => item.json)).toEqual([EXTRAS_SEED.wallet]);
	});

	it("turns the service's refusal of the token (HTTP 200, status 0) into an error", async () => {
		const result = await runWallet('not-a-token');
		expect(result.nodeError(NODE_NAME)?.message).toContain('[invalid.auth.token]');
	});
});

const PURCHASES = '/api/v3.0/wallet/balance/list';
const runPurchases = async (parameters: INodeParameters) =>
	await runNode(
		{ authentication: 'authToken', resource: 'wallet', operation: 'getPurchases', ...parameters },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
	);
const purchasedOf = (items: Array<{ json: Record<string, unknown> }>) =>
	items.map((item) => item.json.purchased);

describe('Wallet → Get Purchases', () => {
	it('lists the purchases with credits left, one item each, as the service answers them', async () => {
		const { items } = await runPurchases({});
		const [request] = requestsOn(emulator, PURCHASES, 'GET');
		expect(request.headers['x-auth-token']).toBe('emulator-token');
		expect(request.query).toEqual({ completed: 'false', max: '40', offset: '0' });
		expect(items.map((item) => item.json)).toEqual([
			{
				purchaseDate: expect.any(String),
				expiryDate: expect.any(String),
				purchased: 200,
				consumed: 20,
				expired: 0,
				balance: 180,
			},
		]);
	});

	it('lists the used-up purchases when asked', async () => {
		const { items } = await runPurchases({ completed: true });
		expect(requestsOn(emulator, PURCHASES, 'GET')[0].query.completed).toBe('true');
		expect(purchasedOf(items)).toEqual([300]);
	});

	it('with Return All reads page after page of 40 until a short page', async () => {
		for (let index = 1; index <= 85; index++) addPurchase(emulator.env, { purchased: index });
		const { items } = await runPurchases({ returnAll: true });
		expect(purchasedOf(items)).toEqual([200, ...Array.from({ length: 85 }, (_, i) => i + 1)]);
		expect(requestsOn(emulator, PURCHASES, 'GET').map((request) => request.query.offset)).toEqual([
			'0',
			'40',
			'80',
		]);
	});

	it('stops at the Limit, asking only for what is left of it', async () => {
		for (let index = 1; index <= 60; index++) addPurchase(emulator.env, { purchased: index });
		const { items } = await runPurchases({ returnAll: false, limit: 45 });
		expect(items).toHaveLength(45);
		expect(
			requestsOn(emulator, PURCHASES, 'GET').map(({ query }) => [query.offset, query.max]),
		).toEqual([
			['0', '40'],
			['40', '5'],
		]);
	});

	it('refuses a Limit below 1 before any request', async () => {
		const result = await runPurchases({ returnAll: false, limit: 0 });
		expect(result.nodeError(NODE_NAME)?.message).toBe('Limit: must be at least 1');
		expect(requestsOn(emulator, PURCHASES, 'GET')).toEqual([]);
	});
});
