import { operationSelector } from '../../shared/descriptions';
import { v1Routing } from '../../shared/routing';
import { paginateSearch } from '../../shared/v1SearchPager';
import type { ResourceModule } from '../types';
import { buildAuditLogSearch, searchFields } from './search';

const operation = operationSelector('auditLog', 'search', [
	{
		name: 'Search',
		value: 'search',
		description: 'Search audit logs with filters and sorting',
		action: 'Search audit logs',
		// Pages by the spec's 0-based page index and reads pagination.total (shared/v1SearchPager.ts).
		routing: v1Routing('POST', '/audit-logs/search', {
			preSend: [buildAuditLogSearch],
			pagination: paginateSearch,
		}),
	},
]);

/** The organisation's audit logs (v1). */
export const auditLogResource: ResourceModule = {
	option: { name: 'Audit Log', value: 'auditLog', description: 'Organisation administration (v1)' },
	properties: [operation, ...searchFields],
};
