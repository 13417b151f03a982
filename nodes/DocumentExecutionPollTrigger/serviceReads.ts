import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { credentialTypeFor } from '../shared/authentication';
import { serviceRequest } from '../shared/transport';

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

/** A page reader for one list with the Auth Token credential, read once for every page. */
export async function pageReader(
	context: IPollFunctions,
	list: keyof typeof LISTS,
): Promise<ReadPage> {
	const credentials = await context.getCredentials(credentialTypeFor('authToken'));
	return async (offset, max) => {
		const answer = await serviceRequest(
			context,
			{
				authentication: 'authToken',
				family: 'v3',
				path: LISTS[list].path,
				qs: { offset, max },
				operation: `Document Execution Poll Trigger → ${LISTS[list].operation}`,
				again: 'the next poll tries again from the same place',
			},
			credentials,
		);
		const data = ((answer.body as IDataObject).data ?? {}) as IDataObject;
		const documents = Array.isArray(data.documents) ? (data.documents as IDataObject[]) : [];
		return { documents, total: Number(data.total ?? documents.length) };
	};
}

export const documentIdOf = (document: IDataObject) => String(document.documentId ?? '');
