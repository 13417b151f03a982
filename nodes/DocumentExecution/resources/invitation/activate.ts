import type { INodePropertyOptions } from 'n8n-workflow';

import { outputOutcome } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { checkSignUrl } from './common';

/** Invitation → Activate: an invitee signs out of turn; the Sign URL field and its rule are in common.ts. */

export const activateOperation: INodePropertyOptions = {
	name: 'Activate',
	value: 'activate',
	action: 'Activate an invitation out of turn',
	description:
		'Let an invitee sign before their turn in the signing order, for example when an earlier signer cannot sign',
	routing: v3Routing('PUT', '/v3.1/invitation/activate', {
		preSend: [checkSignUrl],
		output: outputOutcome('signUrl', 'activated'),
	}),
};
