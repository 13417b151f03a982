import { operationSelector } from '../../shared/descriptions';
import { createNotice, v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import {
	buildOauth2Client,
	CREATE_CLIENT,
	createFields,
	noteClientSecretShownOnce,
} from './create';

const operation = operationSelector('oauth2Client', 'create', [
	{
		name: 'Create',
		value: 'create',
		description:
			'Create an OAuth2 client. Its client secret is in the output this once and never again.',
		action: 'Create an oauth2 client',
		routing: v1Routing('POST', '/oauth2-clients', {
			creates: CREATE_CLIENT,
			preSend: [buildOauth2Client],
			postReceive: [noteClientSecretShownOnce],
		}),
	},
]);

/** The organisation's OAuth2 clients (v1). */
export const oauth2ClientResource: ResourceModule = {
	option: {
		name: 'OAuth2 Client',
		value: 'oauth2Client',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, createNotice('oauth2Client', 'create', CREATE_CLIENT), ...createFields],
};
