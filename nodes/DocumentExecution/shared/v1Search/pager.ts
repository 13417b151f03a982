import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isObject } from '../../../shared/isObject';
import { parameter } from '../form/parameters';
import type { Pager } from '../requests/routing';

/**
 * Page size when Return All is on. The spec does not state a maximum `limit`; 50 stays under common
 * server caps (the emulator allows 100).
 */
export const SEARCH_PAGE_SIZE = 50;

/** Return All stops with an error after this many pages rather than loop on a service that never ends. */
export const MAX_SEARCH_PAGES = 1000;

/** The pager of both Search operations: the one page asked for, or with Return All pages until `pagination.total`. */
export const paginateSearch: Pager = async function (item, send) {
	const body = item.request.body as IDataObject;
	const fetchPage = async (page: number) => {
		const envelope = await send({ ...item.request, body: { ...body, page } });
		const json = (envelope.body ?? {}) as IDataObject;
		const records = Array.isArray(json.data) ? (json.data as IDataObject[]) : [];
		const total = Number(
			(isObject(json.pagination) ? json.pagination.total : undefined) ?? records.length,
		);
		return { records, total };
	};
	const toItems = (records: IDataObject[]) => records.map((json) => ({ json }));

	if (!parameter<boolean>(this, 'returnAll', false))
		return toItems((await fetchPage(body.page as number)).records);

	const all: IDataObject[] = [];
	for (let page = 0; page < MAX_SEARCH_PAGES; page++) {
		const { records, total } = await fetchPage(page);
		all.push(...records);
		if (records.length === 0 || all.length >= total) return toItems(all);
	}
	throw new NodeOperationError(
		this.getNode(),
		`Return All stopped after ${MAX_SEARCH_PAGES} pages of ${SEARCH_PAGE_SIZE} records`,
		{
			itemIndex: this.getItemIndex(),
			description:
				'Narrow the search with a filter, or turn off Return All and read it page by page.',
		},
	);
};
