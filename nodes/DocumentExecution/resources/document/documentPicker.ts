import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';

import { nextOffsetToken, readForMethod } from '../../shared/methodRequest';
import { idLocator } from '../../shared/descriptions';
import { MAX_PAGE_SIZE } from './schema';

/**
 * The spec does not show what a v3 document ID looks like, so "By ID" only refuses what cannot be one: spaces
 * and slashes (a pasted URL). The rules of `schema.ts` check the value sent.
 */
const DOCUMENT_ID_PATTERN = '^[^\\s/]+$';

/** The Document ID field of the operations in `displayOptions`, sent as `routing` says. */
export const documentIdLocator = (
	description: string,
	displayOptions: INodeProperties['displayOptions'],
	routing: INodeProperties['routing'],
): INodeProperties =>
	idLocator({
		displayName: 'Document ID',
		name: 'documentId',
		description,
		searchListMethod: 'searchDocuments',
		listPlaceholder: 'Select a document, or type its exact name, ID or IRN…',
		idPlaceholder: 'e.g. a1B2c3D4e5F6',
		idPattern: DOCUMENT_ID_PATTERN,
		idRule: 'A document ID has no spaces or slashes',
		displayOptions,
		routing,
	});

/**
 * listSearch of Document ID: the v3 document list, newest first, a page per token. The service's `q` matches a
 * whole name, document ID or IRN only (no partial match), so a typed filter is sent as `q` as it is.
 */
export async function searchDocuments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const q = filter?.trim();
	const { data = {} } = await readForMethod(this, {
		family: 'v3',
		path: '/v3.0/sign/request/list',
		qs: { offset, max: MAX_PAGE_SIZE, ...(q ? { q } : {}) },
		picker: 'Document ID → From List',
		acceptsOAuth2: false,
	});
	const { documents, total } = data as { documents?: IDataObject[]; total?: number };
	const page = Array.isArray(documents) ? documents : [];
	return {
		results: page.map((document) => ({ name: `${String(document.name)} (${String(document.status)})`, value: String(document.documentId) })),
		paginationToken: nextOffsetToken(offset, page.length, Number(total ?? 0)),
	};
}
