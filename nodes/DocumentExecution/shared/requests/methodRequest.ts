import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import type { Authentication } from '../../../shared/authentication';
import type { ServiceFamily } from '../../../shared/errors';
import { refuseOAuth2, serviceRequest } from '../../../shared/transport';

/** One read the editor makes to fill a picker or a dropdown (a `listSearch` or `loadOptions` method). */
export interface MethodRead {
	family: ServiceFamily;
	path: string;
	qs: IDataObject;
	/** The picker as the form names it ("Document ID → From List"), for error messages. */
	picker: string;
}

/** Sends `read` with the node's credential (`serviceRequest`) and returns the answer's body. */
export async function readForMethod(
	context: ILoadOptionsFunctions,
	read: MethodRead,
): Promise<IDataObject> {
	const authentication = (context.getCurrentNodeParameter('authentication') ??
		'authToken') as Authentication;
	refuseOAuth2(context.getNode(), authentication, read.family, { picker: read.picker });
	const answer = await serviceRequest(context, {
		authentication,
		family: read.family,
		path: read.path,
		qs: read.qs,
		operation: read.picker,
		again: 'open the list again',
	});
	return answer.body as IDataObject;
}

/** The next page's token of a list read from `offset`, or none once `total` is reached or a page comes back empty. */
export const nextOffsetToken = (
	offset: number,
	received: number,
	total: number,
): string | undefined =>
	received > 0 && offset + received < total ? String(offset + received) : undefined;
