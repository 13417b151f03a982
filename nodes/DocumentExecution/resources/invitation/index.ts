import { operationSelector } from '../../shared/descriptions';
import { outputOutcome } from '../../shared/outputs';
import { v3Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { checkSignUrl, signUrlFields } from './common';

const operation = operationSelector('invitation', 'activate', [
	{
		name: 'Activate',
		value: 'activate',
		action: 'Activate an invitation out of turn',
		description:
			'Let an invitee sign before their turn in the signing order, for example when an earlier signer cannot sign',
		routing: v3Routing('PUT', '/v3.1/invitation/activate', {
			preSend: [checkSignUrl],
			postReceive: [outputOutcome('signUrl', 'activated')],
		}),
	},
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an invitation',
		description:
			'Remove an unsigned invitee from a document; their sign URL stops working and they are not notified',
		routing: v3Routing('DELETE', '/v3.0/sign/request/invitation', {
			preSend: [checkSignUrl],
			postReceive: [outputOutcome('signUrl', 'deleted')],
		}),
	},
]);

/** One invitee's invitation on a v3 document: activate it out of turn, or delete it (v3.0, v3.1). */
export const invitationResource: ResourceModule = {
	option: {
		name: 'Invitation',
		value: 'invitation',
		description: "One invitee's invitation on a document (v3)",
	},
	properties: [operation, ...signUrlFields],
};
