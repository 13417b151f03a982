import { ADMIN, adminResource } from './common';
import { searchProperties } from './search';

const resource = ADMIN.auditLog;

export const auditLog = adminResource(
	'Audit Log',
	resource,
	searchProperties({
		resource,
		plural: 'audit logs',
		path: '/audit-logs/search',
		fields: [
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
		],
		booleanFields: ['enabled'],
		exampleFilter: {
			operator: 'OR',
			filters: [
				{ field: 'action', operator: 'EQ', value: ['LOGIN'] },
				{ field: 'action', operator: 'EQ', value: ['LOGOUT'] },
			],
		},
	}),
);
