import type {
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { credentialTypeFor } from '../shared/authentication';
import { resolveBaseUrl } from '../shared/environment';
import { asNodeError, networkError, responseError } from '../shared/errors';

/** The service's largest page, for both lists the trigger reads. */
export const PAGE_SIZE = 40;

/** One page of a v3 document list: `data.documents` and `data.total`. */
export interface DocumentPage {
	documents: IDataObject[];
	total: number;
}

/** Reads the page of `max` documents from position `offset` of one list. */
export type ReadPage = (offset: number, max: number) => Promise<DocumentPage>;

/** The two lists: the knowledge base's completed documents (oldest completion first) and the spec's v3 list. */
export const LISTS = {
	completed: { path: '/v3.0/document/completed', operation: 'Document Completed' },
	all: { path: '/v3.0/sign/request/list', operation: 'Document Status Changed' },
} as const;

/**
 * A page reader for one list with the Auth Token credential. Errors come out as the rest of the package
 * shows them: the v3 envelope through `responseError`, a failure before any answer through `networkError`.
 */
export async function pageReader(
	context: IPollFunctions,
	list: keyof typeof LISTS,
): Promise<ReadPage> {
	const node = context.getNode();
	const credentialType = credentialTypeFor('authToken');
	const url = `${resolveBaseUrl(await context.getCredentials(credentialType))}${LISTS[list].path}`;
	return async (offset, max) => {
		const request: IHttpRequestOptions = {
			method: 'GET',
			url,
			qs: { offset, max },
			headers: { Accept: 'application/json' },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		};
		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				credentialType,
				request,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			throw (
				networkError(node, error, {
					operation: `Document Execution Poll Trigger → ${LISTS[list].operation}`,
					url,
					again: 'the next poll tries again from the same place',
				}) ?? asNodeError(node, error)
			);
		}
		const failure = responseError(node, 'v3', response);
		if (failure) throw failure;
		const data = ((response.body as IDataObject).data ?? {}) as IDataObject;
		const documents = Array.isArray(data.documents) ? (data.documents as IDataObject[]) : [];
		return { documents, total: Number(data.total ?? documents.length) };
	};
}

export const documentIdOf = (document: IDataObject) => String(document.documentId ?? '');
