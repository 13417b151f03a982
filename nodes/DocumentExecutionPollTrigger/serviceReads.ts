import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { answerData } from '../shared/accountReads';
import { credentialTypeFor } from '../shared/authentication';
import { serviceRequest } from '../shared/transport';

/** The service's largest page, for every list the trigger reads. */
export const PAGE_SIZE = 40;

export interface DocumentPage {
	documents: IDataObject[];
	total: number;
}

export type ReadPage = (offset: number, max: number) => Promise<DocumentPage>;

/** The knowledge base's completed list is ordered by completion, oldest first; the spec's v3 list is not. */
export const LISTS = {
	completed: { path: '/v3.0/document/completed', operation: 'Document Completed' },
	all: { path: '/v3.0/sign/request/list', operation: 'Document Status Changed' },
} as const;

export type ReadV3 = (path: string, qs: IDataObject) => Promise<IDataObject>;

/** The credential is read once per poll. */
export async function v3Reader(context: IPollFunctions, event: string): Promise<ReadV3> {
	const credentials = await context.getCredentials(credentialTypeFor('authToken'));
	return async (path, qs) => {
		const answer = await serviceRequest(
			context,
			{
				authentication: 'authToken',
				family: 'v3',
				path,
				qs,
				operation: `Document Execution Poll Trigger → ${event}`,
				again: 'the next poll tries again from the same place',
			},
			credentials,
		);
		return answer.body as IDataObject;
	};
}

export async function pageReader(
	context: IPollFunctions,
	list: keyof typeof LISTS,
): Promise<ReadPage> {
	const read = await v3Reader(context, LISTS[list].operation);
	return async (offset, max) => {
		const data = answerData(await read(LISTS[list].path, { offset, max }));
		const documents = Array.isArray(data.documents) ? (data.documents as IDataObject[]) : [];
		return { documents, total: Number(data.total ?? documents.length) };
	};
}

export const documentIdOf = (document: IDataObject) => String(document.documentId ?? '');
