import type { INodeProperties } from 'n8n-workflow';

import type { Creation } from '../../../shared/errors';
import { createNotice, v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, dataOf, showFor, v1Path } from './common';
import { buildPasswordPolicy } from './hooks';

const resource = ADMIN.passwordPolicy;

const CREATE_POLICY: Creation = {
	operation: 'Password Policy → Create',
	thing: 'the password policy',
	check: 'check with Password Policy → Get before running the node again',
};

const operation = adminOperations(resource, 'get', [
	{
		name: 'Create',
		value: 'create',
		description: "Create the organisation's password policy (an organisation has one)",
		action: 'Create the password policy',
		routing: v1Routing('POST', v1Path('/password-policy'), { creates: CREATE_POLICY, preSend: [buildPasswordPolicy] }),
	},
	{
		name: 'Get',
		value: 'get',
		description: "Get the organisation's password policy",
		action: 'Get the password policy',
		routing: v1Routing('GET', v1Path('/password-policy'), { postReceive: [dataOf()] }),
	},
]);

const create = showFor(resource, ['create']);

const fields: INodeProperties[] = [
	{
		displayName: 'Minimum Password Length',
		name: 'minimumPasswordLength',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 8,
		required: true,
		description: 'The fewest characters a password may have',
		displayOptions: create,
	},
	{
		displayName: 'Numbers Required',
		name: 'numbersRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain a digit',
		displayOptions: create,
	},
	{
		displayName: 'Special Characters Required',
		name: 'specialCharactersRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain a special character',
		displayOptions: create,
	},
	{
		displayName: 'Uppercase Required',
		name: 'uppercaseRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain an uppercase letter',
		displayOptions: create,
	},
];

export const passwordPolicy = adminResource('Password Policy', resource, [operation, createNotice(resource, 'create', CREATE_POLICY), ...fields]);
