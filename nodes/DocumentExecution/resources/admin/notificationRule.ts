import type { INodeProperties } from 'n8n-workflow';

import { v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, dataOf, RULE_TYPES, showFor, v1Path, v1PathTo } from './common';
import { buildNotificationRuleUpdate } from './hooks';

const resource = ADMIN.notificationRule;

const operation = adminOperations(resource, 'update', [
	{
		name: 'Get Types',
		value: 'getTypes',
		description: 'List the notification rule types and their labels',
		action: 'Get notification rule types',
		routing: v1Routing('GET', v1Path('/notification-rules/types'), { postReceive: [dataOf()] }),
	},
	{
		name: 'Update',
		value: 'update',
		description: 'Change who a notification rule notifies and whether it is on',
		action: 'Update a notification rule',
		routing: v1Routing('PUT', v1PathTo('/notification-rules/', 'ruleId'), { preSend: [buildNotificationRuleUpdate] }),
	},
]);

const update = showFor(resource, ['update']);

const fields: INodeProperties[] = [
	{
		displayName: 'Rule ID',
		name: 'ruleId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7f3c2a9e-…',
		description: 'The ID of the notification rule to update',
		displayOptions: update,
	},
	{
		displayName: 'Rule Type',
		name: 'ruleType',
		type: 'options',
		options: [...RULE_TYPES],
		default: 'DOCUMENT_SIGNED',
		required: true,
		description: 'The type of the rule (the service requires it on every update)',
		displayOptions: update,
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent',
		displayOptions: update,
		options: [
			{
				displayName: 'Additional Email Recipients',
				name: 'additionalEmailRecipients',
				type: 'string',
				default: '',
				placeholder: 'e.g. legal@example.com, ops@example.com',
				description: 'E-mail addresses to notify besides the users, comma-separated. Replaces the current list; leave empty to remove them all.',
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
				description: 'IDs of the users to notify, comma-separated. Replaces the current list; leave empty to notify no user.',
			},
		],
	},
];

export const notificationRule = adminResource('Notification Rule', resource, [operation, ...fields]);
