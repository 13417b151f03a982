import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { downloadFields, downloadOperation } from './download';
import { getFields, getOperation } from './get';
import { searchFields, searchOperation } from './search';

const operation = operationSelector('pack', 'search', [
	downloadOperation,
	getOperation,
	searchOperation,
]);

/** v4 packs: search, details and file downloads. OAuth2 or the Auth Token. */
export const packResource: ResourceModule = {
	option: { name: 'Pack', value: 'pack' },
	properties: [operation, ...getFields, ...searchFields, ...downloadFields],
};
