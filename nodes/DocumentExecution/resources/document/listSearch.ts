import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { nextOffsetToken, readForMethod } from '../../shared/requests/methodRequest';
import { MAX_PAGE_SIZE } from './getMany';

/**
 * listSearch of Document ID: the v3 document list, newest first, a page per token. The service's `q` matches a
 * whole name, document ID or IRN only (no partial match), so a typed filter is sent as `q` as it is.
 */
export async function searchDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const q = filter?.trim();
	const { data = {} } = await readForMethod(this, {
		family: 'v3',
		path: '/v3.0/sign/request/list',
		qs: { offset, max: MAX_PAGE_SIZE, ...(q ? { q } : {}) },
		picker: 'Document ID → From List',
	});
	const { documents, total } = data as { documents?: IDataObject[]; total?: number };
	const page = Array.isArray(documents) ? documents : [];
	return {
		results: page.map((document) => ({
			name: `${String(document.name)} (${String(document.status)})`,
			value: String(document.documentId),
		})),
		paginationToken: nextOffsetToken(offset, page.length, Number(total ?? 0)),
	};
}
