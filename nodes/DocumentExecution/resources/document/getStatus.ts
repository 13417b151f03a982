import type { INodePropertyOptions } from 'n8n-workflow';

import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { sendDocumentId } from './common';

/** Document → Get Status: the invitees' signing states, read by the Document ID (v3.2). */

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the signing status of a document',
	description:
		"Get each invitee's signing state, the file URLs and, once signed, the signer certificate data",
	routing: v3Routing('GET', '/v3.2/sign/request', {
		preSend: [sendDocumentId('query')],
		postReceive: [outputData],
	}),
};
