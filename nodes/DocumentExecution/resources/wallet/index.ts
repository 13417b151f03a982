import { WALLET_BALANCE_PATH } from '../../../shared/accountReads';
import type { ResourceModule } from '../types';
import { operationSelector } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { v3Routing } from '../../shared/routing';

const RESOURCE = 'wallet';

/** The account's eSign wallet (v3.0). */
export const walletResource: ResourceModule = {
	option: { name: 'Wallet', value: RESOURCE, description: 'The eSign wallet of the account (v3)' },
	properties: [
		operationSelector(RESOURCE, 'getBalance', [
			{
				name: 'Get Balance',
				value: 'getBalance',
				action: 'Get the wallet balance',
				description:
					'Get the eSign credits of the account: total, unused, reserved, consumed and expired',
				routing: v3Routing('GET', WALLET_BALANCE_PATH, { postReceive: [outputData] }),
			},
		]),
	],
};
