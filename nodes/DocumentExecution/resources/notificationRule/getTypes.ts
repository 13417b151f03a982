import type { INodePropertyOptions } from 'n8n-workflow';

import { outputData } from '../../shared/requests/outputs';
import { v1Routing } from '../../shared/requests/routing';

/** Notification Rule → Get Types: the rule types the organisation can set. */

export const getTypesOperation: INodePropertyOptions = {
	name: 'Get Types',
	value: 'getTypes',
	description: 'List the notification rule types and their labels',
	action: 'Get notification rule types',
	routing: v1Routing('GET', '/notification-rules/types', { output: outputData }),
};
