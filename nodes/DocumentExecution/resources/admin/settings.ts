import type { INodeProperties } from 'n8n-workflow';

import { v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, dataOf, showFor, v1Path } from './common';
import { buildSettingsUpdate } from './hooks';

const resource = ADMIN.settings;

const operation = adminOperations(resource, 'get', [
	{
		name: 'Get',
		value: 'get',
		description: "Get the organisation's retention and audit-trail settings",
		action: 'Get organisation settings',
		routing: v1Routing('GET', v1Path('/settings'), { postReceive: [dataOf()] }),
	},
	{
		name: 'Update',
		value: 'update',
		description: 'Change the settings you add below; the others keep their values',
		action: 'Update organisation settings',
		routing: v1Routing('PUT', v1Path('/settings'), { preSend: [buildSettingsUpdate] }),
	},
]);

const fields: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent, so the other settings stay as they are',
		displayOptions: showFor(resource, ['update']),
		options: [
			{
				displayName: 'Audit Logs Retention Enabled',
				name: 'auditLogsRetentionEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether audit logs are deleted after the retention period',
			},
			{
				displayName: 'Audit Logs Retention Period (Days)',
				name: 'auditLogsRetentionPeriod',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 365,
				description: 'How many days audit logs are kept',
			},
			{
				displayName: 'Audit Trail Generation Enabled',
				name: 'auditTrailGenerationEnabled',
				type: 'boolean',
				default: true,
				description: 'Whether an audit trail is generated for documents',
			},
			{
				displayName: 'Document Retention Enabled',
				name: 'documentRetentionEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether documents are deleted after the retention period',
			},
			{
				displayName: 'Document Retention Period (Days)',
				name: 'documentRetentionPeriod',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 365,
				description: 'How many days documents are kept',
			},
		],
	},
];

export const settings = adminResource('Organisation Settings', resource, [operation, ...fields]);
