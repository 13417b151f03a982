import type {
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type Authentication, credentialTypeFor } from '../../shared/authentication';
import { resolveBaseUrl } from '../../shared/environment';
import { asNodeError, networkError, responseError, type ServiceFamily } from '../../shared/errors';

/** One read the editor makes to fill a picker or a dropdown (a `listSearch` or `loadOptions` method). */
export interface MethodRead {
	family: ServiceFamily;
	path: string;
	qs: IDataObject;
	/** The picker as the form names it ("Document ID → From List"), for error messages. */
	picker: string;
	/** Whether the service takes the OAuth2 credential on this path (only the v4 family does). */
	acceptsOAuth2: boolean;
}

/**
 * Sends `read` with the node's credential and returns the answer's body. Errors read as the rest of the
 * package shows them (`responseError`, `networkError`). With OAuth2, a 401 refreshes the token through n8n
 * (which stores it) and the read is sent once more: the request ignores HTTP status errors so that the
 * service's codes can be read, and n8n refreshes on its own only when a request throws.
 */
export async function readForMethod(
	context: ILoadOptionsFunctions,
	read: MethodRead,
): Promise<IDataObject> {
	const node = context.getNode();
	const authentication = (context.getCurrentNodeParameter('authentication') ??
		'authToken') as Authentication;
	if (authentication === 'oAuth2' && !read.acceptsOAuth2) {
		throw new NodeOperationError(
			node,
			`${read.picker}: this list needs the Auth Token credential`,
			{
				description:
					'The service takes OAuth2 only on its pack and media operations. Set Authentication to Auth Token, or give the ID By ID.',
			},
		);
	}
	const credentialType = credentialTypeFor(authentication);
	const url = `${resolveBaseUrl(await context.getCredentials(credentialType))}${read.path}`;
	const send = async () => {
		const request: IHttpRequestOptions = {
			method: 'GET',
			url,
			qs: read.qs,
			headers: { Accept: 'application/json' },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		};
		try {
			return (await context.helpers.httpRequestWithAuthentication.call(
				context,
				credentialType,
				request,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			throw (
				networkError(node, error, { operation: read.picker, url, again: 'open the list again' }) ??
				asNodeError(node, error)
			);
		}
	};
	let response = await send();
	if (response.statusCode === 401 && authentication === 'oAuth2') {
		await context.helpers.refreshOAuth2Token.call(context, credentialType);
		response = await send();
	}
	const failure = responseError(node, read.family, response);
	if (failure) throw failure;
	return response.body as IDataObject;
}

/** The next page's token of a list read from `offset`, or none once `total` is reached or a page comes back empty. */
export const nextOffsetToken = (
	offset: number,
	received: number,
	total: number,
): string | undefined =>
	received > 0 && offset + received < total ? String(offset + received) : undefined;
