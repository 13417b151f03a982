import type { INodePropertyOptions } from 'n8n-workflow';

import { v1Routing } from '../../shared/requests/routing';
import { paginateSearch } from '../../shared/v1Search/pager';
import { searchProperties } from '../../shared/v1Search/fields';
import { buildSearch } from '../../shared/v1Search/request';

/** Audit Log → Search: the spec's audit log fields, to filter and sort by (the rest: shared/v1Search/). */
const FIELDS: INodePropertyOptions[] = [
	{ name: 'Action', value: 'action' },
	{ name: 'Created At', value: 'createdAt' },
	{ name: 'Details', value: 'details' },
	{ name: 'Enabled', value: 'enabled' },
	{ name: 'ID', value: 'id' },
	{ name: 'Log Time', value: 'logTime' },
	{ name: 'Source IP', value: 'sourceIp' },
	{ name: 'Updated At', value: 'updatedAt' },
	{ name: 'User Agent', value: 'userAgent' },
	{ name: 'User ID', value: 'userId' },
	{ name: 'Username', value: 'username' },
];

/** A condition on Enabled sends "true"/"false" as booleans. */
export const buildAuditLogSearch = buildSearch(FIELDS, ['enabled']);

export const searchFields = searchProperties({
	resource: 'auditLog',
	fields: FIELDS,
	exampleFilter: {
		operator: 'OR',
		filters: [
			{ field: 'action', operator: 'EQ', value: ['LOGIN'] },
			{ field: 'action', operator: 'EQ', value: ['LOGOUT'] },
		],
	},
});

export const searchOperation: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	description: 'Search audit logs with filters and sorting',
	action: 'Search audit logs',
	// Pages by the spec's 0-based page index and reads pagination.total (shared/v1Search/pager.ts).
	routing: v1Routing('POST', '/audit-logs/search', {
		preSend: [buildAuditLogSearch],
		paginate: paginateSearch,
	}),
};
