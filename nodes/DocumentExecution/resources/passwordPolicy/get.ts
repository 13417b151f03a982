import type { INodePropertyOptions } from 'n8n-workflow';

import { outputData } from '../../shared/requests/outputs';
import { v1Routing } from '../../shared/requests/routing';

/** Password Policy → Get: the organisation's password policy. */

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: "Get the organisation's password policy",
	action: 'Get the password policy',
	routing: v1Routing('GET', '/password-policy', { output: outputData }),
};
