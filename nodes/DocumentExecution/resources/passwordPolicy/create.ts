import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import type { Creation } from '../../../shared/errors';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import {
	blankToUndefined,
	booleanField,
	refuseBrokenRules,
	wholeNumber,
	type FieldLabels,
} from '../../shared/form/rules';

/** Password Policy → Create: the organisation's one password policy. */

export const CREATE_POLICY: Creation = {
	operation: 'Password Policy → Create',
	thing: 'the password policy',
	check: 'check with Password Policy → Get before running the node again',
};

const requiredBoolean = () => z.preprocess(blankToUndefined, booleanField());

export const createSchema = z
	.object({
		minimumPasswordLength: z.preprocess(
			blankToUndefined,
			wholeNumber().min(1, 'must be at least 1'),
		),
		numbersRequired: requiredBoolean(),
		specialCharactersRequired: requiredBoolean(),
		uppercaseRequired: requiredBoolean(),
	})
	.strict();

/** The body's fields are the parameters of the same names. */
export const CREATE_LABELS: FieldLabels = {
	minimumPasswordLength: 'Minimum Password Length',
	numbersRequired: 'Numbers Required',
	specialCharactersRequired: 'Special Characters Required',
	uppercaseRequired: 'Uppercase Required',
};

/** preSend: the body from the four parameters, once they keep the rules. */
export async function buildPasswordPolicy(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const input = Object.fromEntries(
		Object.keys(CREATE_LABELS).map((name) => [name, parameter(this, name, null)]),
	);
	requestOptions.body = refuseBrokenRules(this, createSchema, input, CREATE_LABELS);
	return requestOptions;
}

export const createFields: INodeProperties[] = [
	{
		displayName: 'Minimum Password Length',
		name: 'minimumPasswordLength',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 8,
		required: true,
		description: 'The fewest characters a password may have',
		displayOptions: showFor('passwordPolicy', ['create']),
	},
	{
		displayName: 'Numbers Required',
		name: 'numbersRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain a digit',
		displayOptions: showFor('passwordPolicy', ['create']),
	},
	{
		displayName: 'Special Characters Required',
		name: 'specialCharactersRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain a special character',
		displayOptions: showFor('passwordPolicy', ['create']),
	},
	{
		displayName: 'Uppercase Required',
		name: 'uppercaseRequired',
		type: 'boolean',
		default: true,
		required: true,
		description: 'Whether a password must contain an uppercase letter',
		displayOptions: showFor('passwordPolicy', ['create']),
	},
];

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: "Create the organisation's password policy (an organisation has one)",
	action: 'Create the password policy',
	routing: v1Routing('POST', '/password-policy', {
		creates: CREATE_POLICY,
		preSend: [buildPasswordPolicy],
	}),
};
