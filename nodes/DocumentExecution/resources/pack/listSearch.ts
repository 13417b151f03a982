import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import { idLocator } from '../../shared/form/descriptions';
import { nextOffsetToken, readForMethod } from '../../shared/requests/methodRequest';
import { ULID_PATTERN } from './common';
import { V4_MAX_PAGE_SIZE, V4_SEARCH_WINDOW } from './searchPager';

/** The Pack ID field of Pack → Get (when the pack is selected by its ID). */
export const packIdLocator = (displayOptions: INodeProperties['displayOptions']): INodeProperties =>
	idLocator({
		displayName: 'Pack ID',
		name: 'packId',
		description:
			'The pack, picked from the packs of the account or given by its ID (a ULID, as Search returns it)',
		searchListMethod: 'searchPacks',
		listPlaceholder: 'Select a pack, or type to search…',
		idPlaceholder: 'e.g. 01HV5Z6Q8W3X9YB2C4D6E8F0GH',
		idPattern: ULID_PATTERN.source,
		idRule: 'A pack ID is a ULID: 26 letters and digits',
		displayOptions,
	});

/**
 * listSearch of Pack ID: pack search with the typed text as its free-text `q`, a page per token. Without a
 * status filter the service lists only the first packs of a search (V4_SEARCH_WINDOW), so paging stops there.
 */
export async function searchPacks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const q = filter?.trim();
	const body = await readForMethod(this, {
		family: 'v4',
		path: '/v4/packs/search',
		qs: { offset, max: Math.min(V4_MAX_PAGE_SIZE, V4_SEARCH_WINDOW - offset), ...(q ? { q } : {}) },
		picker: 'Pack ID → From List',
	});
	const data = (body.data ?? {}) as IDataObject;
	const records = (Array.isArray(data.records) ? data.records : []) as IDataObject[];
	// The spec is loose on where the pagination object sits, as Pack → Search reads it.
	const pagination = (body.pagination ?? data.pagination ?? {}) as IDataObject;
	const total = Math.min(Number(pagination.totalRecords ?? 0), V4_SEARCH_WINDOW);
	return {
		results: records.map((pack) => ({
			name: `${String(pack.packName)} (${String(pack.status)})`,
			value: String(pack.packId),
		})),
		paginationToken: nextOffsetToken(offset, records.length, total),
	};
}
