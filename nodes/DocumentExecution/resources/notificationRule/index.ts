import { operationSelector } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { buildNotificationRuleUpdate, updateFields } from './update';

const operation = operationSelector('notificationRule', 'update', [
	{
		name: 'Get Types',
		value: 'getTypes',
		description: 'List the notification rule types and their labels',
		action: 'Get notification rule types',
		routing: v1Routing('GET', '/notification-rules/types', { postReceive: [outputData] }),
	},
	{
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
	},
]);

/** The organisation's notification rules (v1). */
export const notificationRuleResource: ResourceModule = {
	option: {
		name: 'Notification Rule',
		value: 'notificationRule',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...updateFields],
};
