import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { messageOf, sentDocumentId } from './common';

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
