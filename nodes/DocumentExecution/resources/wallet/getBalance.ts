import type { INodePropertyOptions } from 'n8n-workflow';

import { WALLET_BALANCE_PATH } from '../../../shared/accountReads';
import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';

/** Wallet → Get Balance: the eSign credits of the account. */

export const getBalanceOperation: INodePropertyOptions = {
	name: 'Get Balance',
	value: 'getBalance',
	action: 'Get the wallet balance',
	description:
		'Get the eSign credits of the account: total, unused, reserved, consumed and expired',
	routing: v3Routing('GET', WALLET_BALANCE_PATH, { output: outputData }),
};
