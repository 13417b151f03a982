import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parameter } from '../../shared/form/parameters';
import type { Pager } from '../../shared/requests/routing';

/** Pack search: the largest page the service serves, and the reach of a search without a status filter. */
export const V4_MAX_PAGE_SIZE = 40;
export const V4_SEARCH_WINDOW = 1000;

interface SearchPage {
	records: IDataObject[];
	totalRecords: number;
}

/** `data.records` and `pagination.totalRecords` (also accepted inside `data`, since the spec is loose on it). */
function readSearchPage(answer: IN8nHttpFullResponse): SearchPage {
	const body = (answer.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	const pagination = (body.pagination ?? data.pagination ?? {}) as IDataObject;
	const records = Array.isArray(data.records) ? (data.records as IDataObject[]) : [];
	return { records, totalRecords: Number(pagination.totalRecords ?? records.length) };
}

/**
 * The pager of Pack → Search, which stops from `pagination.totalRecords`. Without a status filter the service
 * lists only the first 1000 packs: each page is cut to stay inside that window, and Return All stops with an
 * error naming the fix when more packs match.
 */
export const paginatePackSearch: Pager = async function (item, send) {
	const qs = (item.request.qs ?? {}) as IDataObject;
	const pageSize = Number(qs.max ?? V4_MAX_PAGE_SIZE);
	const returnAll = parameter<boolean>(this, 'returnAll', false);
	const limit = returnAll ? Infinity : parameter<number>(this, 'limit', 50);
	const windowEnd = qs.status ? Infinity : V4_SEARCH_WINDOW;
	const records: IDataObject[] = [];
	let offset = Number(qs.offset ?? 0);
	for (;;) {
		const max = Math.min(pageSize, limit - records.length, windowEnd - offset);
		const page = readSearchPage(await send({ ...item.request, qs: { ...qs, offset, max } }));
		records.push(...page.records);
		offset += page.records.length;
		if (returnAll && windowEnd !== Infinity && page.totalRecords > V4_SEARCH_WINDOW) {
			throw new NodeOperationError(
				this.getNode(),
				`Return All: ${page.totalRecords} packs match, but without a Status filter the service lists only the first ${V4_SEARCH_WINDOW}`,
				{
					itemIndex: this.getItemIndex(),
					description: `Set Filters → Status to read every pack of that status (run the node once per status if you need several), or turn Return All off and set a Limit of at most ${V4_SEARCH_WINDOW} to take the first ${V4_SEARCH_WINDOW}.`,
				},
			);
		}
		const done =
			page.records.length === 0 ||
			offset >= page.totalRecords ||
			records.length >= limit ||
			offset >= windowEnd;
		if (done) break;
	}
	return records.map((json) => ({ json }));
};
