import type { INodePropertyOptions } from 'n8n-workflow';

import { outputOutcome } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { checkSignUrl } from './common';

/** Invitation → Delete: the Sign URL field and its rule are in common.ts. */

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete an invitation',
	description:
		'Remove an unsigned invitee from a document; their sign URL stops working and they are not notified',
	routing: v3Routing('DELETE', '/v3.0/sign/request/invitation', {
		preSend: [checkSignUrl],
		output: outputOutcome('signUrl', 'deleted'),
	}),
};
