import { operationSelector } from '../../shared/descriptions';
import { v1Routing } from '../../shared/routing';
import { paginateSearch } from '../../shared/v1SearchPager';
import type { ResourceModule } from '../types';
import { buildCertificateSearch, searchFields } from './search';

const operation = operationSelector('certificate', 'search', [
	{
		name: 'Search',
		value: 'search',
		description: 'Search certificates with filters and sorting',
		action: 'Search certificates',
		// Pages by the spec's 0-based page index and reads pagination.total (shared/v1SearchPager.ts).
		routing: v1Routing('POST', '/certificates/search', {
			preSend: [buildCertificateSearch],
			pagination: paginateSearch,
		}),
	},
]);

/** The organisation's certificates (v1). */
export const certificateResource: ResourceModule = {
	option: {
		name: 'Certificate',
		value: 'certificate',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...searchFields],
};
