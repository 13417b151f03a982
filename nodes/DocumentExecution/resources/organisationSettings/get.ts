import type { INodePropertyOptions } from 'n8n-workflow';

import { outputData } from '../../shared/requests/outputs';
import { v1Routing } from '../../shared/requests/routing';

/** Organisation Settings → Get: the organisation's settings. */

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: "Get the organisation's retention and audit-trail settings",
	action: 'Get organisation settings',
	routing: v1Routing('GET', '/settings', { output: outputData }),
};
