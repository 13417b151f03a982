import { operationSelector } from '../../shared/form/descriptions';
import { createNotice } from '../../shared/requests/routing';
import type { ResourceModule } from '../types';
import { CREATE_POLICY, createFields, createOperation } from './create';
import { getOperation } from './get';

const operation = operationSelector('passwordPolicy', 'get', [createOperation, getOperation]);

/** The organisation's password policy (v1). */
export const passwordPolicyResource: ResourceModule = {
	option: {
		name: 'Password Policy',
		value: 'passwordPolicy',
		description: 'Organisation administration (v1)',
	},
	properties: [
		operation,
		createNotice('passwordPolicy', 'create', CREATE_POLICY, 'adminCreates'),
		...createFields,
	],
};
