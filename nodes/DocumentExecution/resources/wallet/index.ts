import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { getBalanceOperation } from './getBalance';

const RESOURCE = 'wallet';

/** The account's eSign wallet (v3.0). */
export const walletResource: ResourceModule = {
	option: { name: 'Wallet', value: RESOURCE, description: 'The eSign wallet of the account (v3)' },
	properties: [operationSelector(RESOURCE, 'getBalance', [getBalanceOperation])],
};
