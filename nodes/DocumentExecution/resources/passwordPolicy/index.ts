import { operationSelector } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { createNotice, v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { buildPasswordPolicy, CREATE_POLICY, createFields } from './create';

const operation = operationSelector('passwordPolicy', 'get', [
	{
		name: 'Create',
		value: 'create',
		description: "Create the organisation's password policy (an organisation has one)",
		action: 'Create the password policy',
		routing: v1Routing('POST', '/password-policy', {
			creates: CREATE_POLICY,
			preSend: [buildPasswordPolicy],
		}),
	},
	{
		name: 'Get',
		value: 'get',
		description: "Get the organisation's password policy",
		action: 'Get the password policy',
		routing: v1Routing('GET', '/password-policy', { postReceive: [outputData] }),
	},
]);

/** The organisation's password policy (v1). */
export const passwordPolicyResource: ResourceModule = {
	option: {
		name: 'Password Policy',
		value: 'passwordPolicy',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, createNotice('passwordPolicy', 'create', CREATE_POLICY), ...createFields],
};
