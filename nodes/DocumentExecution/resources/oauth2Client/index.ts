import { operationSelector } from '../../shared/form/descriptions';
import { createNotice } from '../../shared/requests/routing';
import type { ResourceModule } from '../types';
import { CREATE_CLIENT, createFields, createOperation } from './create';

const operation = operationSelector('oauth2Client', 'create', [createOperation]);

/** The organisation's OAuth2 clients (v1). */
export const oauth2ClientResource: ResourceModule = {
	option: {
		name: 'OAuth2 Client',
		value: 'oauth2Client',
		description: 'Organisation administration (v1)',
	},
	properties: [
		operation,
		createNotice('oauth2Client', 'create', CREATE_CLIENT, 'adminCreates'),
		...createFields,
	],
};
