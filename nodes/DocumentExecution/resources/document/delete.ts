import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';

import { v3Routing } from '../../shared/requests/routing';
import { messageOf, sendDocumentId, sentDocumentId } from './common';

/** Document → Delete: what was deleted, and the service's message. */

export async function outputDeleted(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) {
	return [
		{
			json: {
				documentId: sentDocumentId(this),
				deleted: true,
				...messageOf(response),
			} as IDataObject,
		},
	];
}

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a document',
	description:
		'Permanently delete a document with its files, invitee data, sign URLs and webhook history',
	routing: v3Routing('DELETE', '/v3.0/sign/request', {
		preSend: [sendDocumentId('query')],
		postReceive: [outputDeleted],
	}),
};
