import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { z } from 'zod';

import { answerData, answerList } from '../../../shared/accountReads';
import { parameter } from '../form/parameters';
import { refuseBrokenRules, type FieldLabels } from '../form/rules';
import type { Pager } from './routing';

/** Return All / Limit over a v3 list paged by `max` and `offset` (Document → Get Many, Wallet → Get Purchases). */

/** The v3 lists' largest page. */
export const V3_MAX_PAGE_SIZE = 40;

export const limitSchema = z.object({
	limit: z
		.number({ invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(1, 'must be at least 1'),
});

export const LIMIT_LABELS: FieldLabels = { limit: 'Limit' };

/** preSend of a v3 listing without rules of its own: refuses a Limit below 1 while Return All is off. */
export async function checkLimit(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	if (!parameter<boolean>(this, 'returnAll', false))
		refuseBrokenRules(this, limitSchema, { limit: parameter(this, 'limit', 50) }, LIMIT_LABELS);
	return options;
}

/**
 * The pager of a v3 list with its entries under `data.<key>`: stops at the Limit, at `data.total` or on a short
 * page (an answer without `total`), so no empty page is asked for at the end.
 */
export const paginateV3List = (key: string): Pager =>
	async function (item, send) {
		const returnAll = parameter<boolean>(this, 'returnAll', false);
		const limit = returnAll ? Infinity : parameter<number>(this, 'limit', 50);
		const pageSize =
			parameter<number>(this, 'options.pageSize', V3_MAX_PAGE_SIZE) || V3_MAX_PAGE_SIZE;
		const results: INodeExecutionData[] = [];
		let offset = 0;
		for (;;) {
			const max = Math.min(pageSize, limit - results.length);
			const page = await send({ ...item.request, qs: { ...item.request.qs, max, offset } });
			const entries = answerList(page.body, key);
			results.push(...entries.map((json) => ({ json })));
			offset += entries.length;
			const { total } = answerData(page.body);
			if (
				results.length >= limit ||
				entries.length < max ||
				(typeof total === 'number' && offset >= total)
			)
				break;
		}
		return results.slice(0, limit);
	};
