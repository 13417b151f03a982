import type { INodePropertyOptions } from 'n8n-workflow';

import { buildSearch } from '../../shared/v1Search';
import { searchProperties } from '../../shared/v1SearchFields';

/** Audit Log → Search: the spec's audit log fields, to filter and sort by (the rest: shared/v1Search*.ts). */
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
