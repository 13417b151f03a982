import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import {
	blankToUndefined,
	booleanField,
	oneOf,
	refuseBrokenRules,
	requiredText,
	type FieldLabels,
} from '../../shared/form/rules';
import { idList, updateFieldsOf, withoutId } from '../../shared/form/v1Fields';

/** Notification Rule → Update: Rule Type always, then only the fields added to Update Fields. */

/** The spec's ruleType enumeration. */
export const RULE_TYPES = [
	{ name: 'Certificate Expired', value: 'CERTIFICATE_EXPIRED' },
	{ name: 'Document Signed', value: 'DOCUMENT_SIGNED' },
	{ name: 'Licence Expired', value: 'LICENSE_EXPIRED' },
	{ name: 'Licence Expiry Reminder', value: 'LICENSE_EXPIRY_REMINDER' },
	{ name: 'User Created', value: 'USER_CREATED' },
	{ name: 'User Deleted', value: 'USER_DELETED' },
] as const;

/** What is checked: the rule's ID (sent in the URL) and the body. */
export const updateSchema = z
	.object({
		id: requiredText(),
		ruleType: z.preprocess(
			blankToUndefined,
			oneOf(RULE_TYPES.map((type) => type.value) as [string, ...string[]]),
		),
		additionalEmailRecipients: z
			.array(z.string().trim().email('must contain only e-mail addresses'), {
				invalid_type_error: 'must be a list',
			})
			.optional(),
		userIds: idList().optional(),
		enabled: booleanField().optional(),
	})
	.strict();

export const UPDATE_LABELS: FieldLabels = {
	id: 'Rule ID',
	ruleType: 'Rule Type',
	updateFields: 'Update Fields',
	additionalEmailRecipients: 'Additional Email Recipients',
	userIds: 'User IDs',
	enabled: 'Enabled',
};

/** preSend: Rule Type and the fields added to Update Fields, once they and the Rule ID keep the rules. */
export async function buildNotificationRuleUpdate(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fields = updateFieldsOf(this, UPDATE_LABELS, ['additionalEmailRecipients', 'userIds']);
	const input = {
		id: parameter(this, 'ruleId', null),
		ruleType: parameter(this, 'ruleType', null),
		...fields,
	};
	requestOptions.body = withoutId(refuseBrokenRules(this, updateSchema, input, UPDATE_LABELS));
	return requestOptions;
}

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Rule ID',
		name: 'ruleId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7f3c2a9e-…',
		description: 'The ID of the notification rule to update',
		displayOptions: showFor('notificationRule', ['update']),
	},
	{
		displayName: 'Rule Type',
		name: 'ruleType',
		type: 'options',
		options: [...RULE_TYPES],
		default: 'DOCUMENT_SIGNED',
		required: true,
		description: 'The type of the rule (the service requires it on every update)',
		displayOptions: showFor('notificationRule', ['update']),
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent',
		displayOptions: showFor('notificationRule', ['update']),
		options: [
			{
				displayName: 'Additional Email Recipients',
				name: 'additionalEmailRecipients',
				type: 'string',
				default: '',
				placeholder: 'e.g. legal@example.com, ops@example.com',
				description:
					'E-mail addresses to notify besides the users, comma-separated. Replaces the current list; leave empty to remove them all.',
			},
			{
				displayName: 'Enabled',
				name: 'enabled',
				type: 'boolean',
				default: true,
				description: 'Whether the rule sends notifications',
			},
			{
				displayName: 'User IDs',
				name: 'userIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. user-001, user-002',
				description:
					'IDs of the users to notify, comma-separated. Replaces the current list; leave empty to notify no user.',
			},
		],
	},
];

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Change who a notification rule notifies and whether it is on',
	action: 'Update a notification rule',
	routing: v1Routing(
		'PUT',
		'=/notification-rules/{{ encodeURIComponent(String($parameter["ruleId"]).trim()) }}',
		{
			preSend: [buildNotificationRuleUpdate],
		},
	),
};
