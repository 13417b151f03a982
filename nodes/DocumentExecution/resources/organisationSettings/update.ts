import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import {
	booleanField,
	refuseBrokenRules,
	wholeNumber,
	type FieldLabels,
} from '../../shared/form/rules';
import { updateFieldsOf } from '../../shared/form/v1Fields';

/** Organisation Settings → Update: only the settings added to Update Fields are sent. */

const retentionDays = () => wholeNumber().min(1, 'must be at least 1 day').optional();

export const updateSchema = z
	.object({
		documentRetentionEnabled: booleanField().optional(),
		documentRetentionPeriod: retentionDays(),
		auditLogsRetentionEnabled: booleanField().optional(),
		auditLogsRetentionPeriod: retentionDays(),
		auditTrailGenerationEnabled: booleanField().optional(),
	})
	.strict()
	.refine((body) => Object.keys(body).length > 0, {
		message: 'needs at least one field to change',
		path: ['updateFields'],
	});

export const UPDATE_LABELS: FieldLabels = {
	updateFields: 'Update Fields',
	documentRetentionEnabled: 'Document Retention Enabled',
	documentRetentionPeriod: 'Document Retention Period (Days)',
	auditLogsRetentionEnabled: 'Audit Logs Retention Enabled',
	auditLogsRetentionPeriod: 'Audit Logs Retention Period (Days)',
	auditTrailGenerationEnabled: 'Audit Trail Generation Enabled',
};

/** preSend: the body is the fields added to Update Fields, once they keep the rules. */
export async function buildSettingsUpdate(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = refuseBrokenRules(
		this,
		updateSchema,
		updateFieldsOf(this, UPDATE_LABELS),
		UPDATE_LABELS,
	) as IDataObject;
	return requestOptions;
}

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent, so the other settings stay as they are',
		displayOptions: showFor('organisationSettings', ['update']),
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

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Change the settings you add below; the others keep their values',
	action: 'Update organisation settings',
	routing: v1Routing('PUT', '/settings', { preSend: [buildSettingsUpdate] }),
};
