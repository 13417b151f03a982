import { EXTRAS_SEED } from '../../emulator/families/v3-extras';
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
