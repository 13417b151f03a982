import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { WALLET_PURCHASES_PATH } from '../../../shared/accountReads';
import { limitProperty, returnAllProperty, showFor } from '../../shared/form/descriptions';
import { v3Routing } from '../../shared/requests/routing';
import { checkLimit, paginateV3List } from '../../shared/requests/v3ListPager';

/**
 * Wallet → Get Purchases: the eSign credit purchases, from the knowledge base's list-wallet-purchases article
 * (docs/choices/extras.md): `completed` picks the used-up purchases or those with credits left, `max` (at most
 * 40) and `offset` page them, `data.balances` holds them.
 */

export const getPurchasesFields: INodeProperties[] = [
	{
		displayName: 'Purchases',
		name: 'completed',
		type: 'options',
		options: [
			{
				name: 'With Credits Left',
				value: false,
				description: 'Purchases with eSign credits still to use',
			},
			{
				name: 'Used Up',
				value: true,
				description: 'Purchases whose credits are all consumed or expired',
			},
		],
		default: false,
		description: 'The service lists one kind or the other',
		displayOptions: showFor('wallet', ['getPurchases']),
		routing: { send: { type: 'query', property: 'completed' } },
	},
	returnAllProperty('wallet', 'getPurchases'),
	limitProperty('wallet', 'getPurchases'),
];

export const getPurchasesOperation: INodePropertyOptions = {
	name: 'Get Purchases',
	value: 'getPurchases',
	action: 'Get the wallet purchases',
	description:
		'List the eSign credit purchases, one item each: dates, credits bought, consumed, expired and left',
	routing: v3Routing('GET', WALLET_PURCHASES_PATH, {
		preSend: [checkLimit],
		paginate: paginateV3List('balances'),
	}),
};
