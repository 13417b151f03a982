import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodePropertyOptions,
} from 'n8n-workflow';

import { v3Routing, type ItemRequest } from '../../shared/requests/routing';
import { messageOf, putDocumentId } from './common';

/** Document → Delete: what was deleted, and the service's message. */

export async function outputDeleted(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	item: ItemRequest,
) {
	return [
		{
			json: {
				documentId: item.documentId,
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
		preSend: [putDocumentId('query')],
		output: outputDeleted,
	}),
};
