import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { getExpiringFields, getExpiringOperation } from './getExpiring';
import { getGroupsOperation } from './getGroups';
import { getSeriesFields, getSeriesOperation } from './getSeries';

const operation = operationSelector('stamp', 'getSeries', [
	getExpiringOperation,
	getGroupsOperation,
	getSeriesOperation,
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
