import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import { operationSelector, showFor } from '../../shared/descriptions';
import { outputOutcome } from '../../shared/outputs';
import { checkQuery } from '../../shared/rules';
import { INVITATION_LABELS, signUrlQuerySchema } from './schema';
import { v3Routing } from '../../shared/routing';

const RESOURCE = 'invitation';

const validateSignUrl = checkQuery(signUrlQuerySchema, INVITATION_LABELS);

const operation = operationSelector(RESOURCE, 'activate', [
	{
		name: 'Activate',
		value: 'activate',
		action: 'Activate an invitation out of turn',
		description: 'Let an invitee sign before their turn in the signing order, for example when an earlier signer cannot sign',
		routing: v3Routing('PUT', '/v3.1/invitation/activate', { preSend: [validateSignUrl], postReceive: [outputOutcome('signUrl', 'activated')] }),
	},
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an invitation',
		description: 'Remove an unsigned invitee from a document; their sign URL stops working and they are not notified',
		routing: v3Routing('DELETE', '/v3.0/sign/request/invitation', { preSend: [validateSignUrl], postReceive: [outputOutcome('signUrl', 'deleted')] }),
	},
]);

const fields: INodeProperties[] = [
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://app1.leegality.com/sign/…',
		description: 'The invitation, as Create Signing Request or Get Status return it: the whole sign URL or just its UUID',
		displayOptions: showFor(RESOURCE, ['activate', 'delete']),
		routing: { send: { type: 'query', property: 'signUrl' } },
	},
];

/** One invitee's invitation on a v3 document: activate it out of turn, or delete it (v3.0, v3.1). */
export const invitationResource: ResourceModule = {
	option: { name: 'Invitation', value: RESOURCE, description: 'One invitee\'s invitation on a document (v3)' },
	family: 'v3',
	properties: [operation, ...fields],
};
