import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import { ADMIN, showFor, v1Path } from './common';
import { buildPasswordPolicy } from './hooks';

const resource = ADMIN.passwordPolicy;

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: showFor(resource),
	options: [
		{
			name: 'Create',
			value: 'create',
			description: "Create the organisation's password policy (an organisation has one)",
			action: 'Create the password policy',
			routing: {
				request: { method: 'POST', url: v1Path('/password-policy') },
				send: { preSend: [buildPasswordPolicy] },
			},
		},
		{
			name: 'Get',
			value: 'get',
			description: "Get the organisation's password policy",
			action: 'Get the password policy',
			routing: {
				request: { method: 'GET', url: v1Path('/password-policy') },
				output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] },
			},
		},
	],
	default: 'get',
};

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

export const passwordPolicy: ResourceModule = {
	option: { name: 'Password Policy', value: resource, description: 'Organisation administration (v1)' },
	family: 'v1',
	properties: [operation, ...fields],
};
