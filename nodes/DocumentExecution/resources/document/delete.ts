import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { locatorValue } from '../../shared/parameters';
import { messageOf } from './common';

/** Document → Delete: what was deleted, and the service's message. */

export async function outputDeleted(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) {
	return [
		{
			json: {
				documentId: locatorValue(this, 'documentId'),
				deleted: true,
				...messageOf(response),
			} as IDataObject,
		},
	];
}
