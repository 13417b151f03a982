import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { searchFields, searchOperation } from './search';

const operation = operationSelector('certificate', 'search', [searchOperation]);

/** The organisation's certificates (v1). */
export const certificateResource: ResourceModule = {
	option: {
		name: 'Certificate',
		value: 'certificate',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...searchFields],
};
