import type { INodeProperties } from 'n8n-workflow';

import type { Creation } from '../../../shared/errors';
import { createNotice, v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, showFor, v1Path } from './common';
import { buildOauth2Client, noteClientSecretShownOnce } from './hooks';

const resource = ADMIN.oauth2Client;

const CREATE_CLIENT: Creation = {
	operation: 'OAuth2 Client → Create',
	thing: 'the OAuth2 client',
	// The spec has no operation that reads clients: a second create with the same ID is the check (409).
	check: 'if running the node again answers that the client already exists, it was created and its secret, shown only once, is lost: create another Client ID',
};

const operation = adminOperations(resource, 'create', [
	{
		name: 'Create',
		value: 'create',
		description: 'Create an OAuth2 client. Its client secret is in the output this once and never again.',
		action: 'Create an oauth2 client',
		routing: v1Routing('POST', v1Path('/oauth2-clients'), { creates: CREATE_CLIENT, preSend: [buildOauth2Client], postReceive: [noteClientSecretShownOnce] }),
	},
]);

const create = showFor(resource, ['create']);

const fields: INodeProperties[] = [
	{
		displayName:
			'The service shows the new client secret only once: it is in this node\'s output (data.clientSecret) and cannot be read again. Store it right away, for example in a Document Execution OAuth2 API credential, and keep in mind that saved executions keep a copy.',
		name: 'clientSecretNotice',
		type: 'notice',
		default: '',
		displayOptions: create,
	},
	{
		displayName: 'Client ID',
		name: 'clientId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. n8n-production',
		description: 'The identifier of the new client, 6 to 64 characters, unique',
		displayOptions: create,
	},
];

export const oauth2Client = adminResource('OAuth2 Client', resource, [operation, createNotice(resource, 'create', CREATE_CLIENT), ...fields]);
