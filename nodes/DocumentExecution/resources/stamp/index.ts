import {
	SERIES_EXPIRY_PATH,
	SERIES_LIST_PATH,
	STAMP_GROUPS_PATH,
} from '../../../shared/accountReads';
import { operationSelector } from '../../shared/descriptions';
import { outputData, outputListOf } from '../../shared/outputs';
import { v3Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { checkExpiryQuery, getExpiringFields } from './getExpiring';
import { getSeriesFields, sendSeriesSwitches } from './getSeries';

const operation = operationSelector('stamp', 'getSeries', [
	{
		name: 'Get Expiring Series',
		value: 'getExpiring',
		action: 'Get expiring stamp series',
		description:
			'List the stamp series that expire within a number of days, and optionally those already expired',
		routing: v3Routing('GET', SERIES_EXPIRY_PATH, {
			preSend: [checkExpiryQuery],
			postReceive: [outputData],
		}),
	},
	{
		name: 'Get Groups',
		value: 'getGroups',
		action: 'Get stamp groups',
		description: 'List the stamp groups of the account, one item per group',
		routing: v3Routing('GET', STAMP_GROUPS_PATH, {
			postReceive: [outputListOf('seriesGroups')],
		}),
	},
	{
		name: 'Get Series',
		value: 'getSeries',
		action: 'Get stamp series',
		description: 'List the stamp paper series of the account, with the fields you include',
		routing: v3Routing('GET', SERIES_LIST_PATH, {
			preSend: [sendSeriesSwitches],
			postReceive: [outputData],
		}),
	},
]);

/** Stamp paper series and groups of the account, and their expiry (v3.0, v3.1). */
export const stampResource: ResourceModule = {
	option: {
		name: 'Stamp',
		value: 'stamp',
		description: 'Stamp paper series and groups of the account (v3)',
	},
	properties: [operation, ...getExpiringFields, ...getSeriesFields],
};
