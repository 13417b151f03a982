import type { IDataObject } from 'n8n-workflow';

import { isObject } from './isObject';

/**
 * The v3 reads of what the account holds (stamp paper, the eSign wallet, eBG notifications): their paths and
 * the readers of their answers, for every node that reads them.
 */

/** The account's stamp groups (`data.seriesGroups`). */
export const STAMP_GROUPS_PATH = '/v3.0/series/groups/list';

/**
 * The stamp series list's path, as the knowledge base's article gives it for production and sandbox. A public
 * Postman collection calls `/v3.0/series/list`; should an account answer only that, this is the one line to
 * change (docs/choices/extras.md).
 */
export const SERIES_LIST_PATH = '/v3.1/series/list';

/** The stamp series that expire within a look-up period. */
export const SERIES_EXPIRY_PATH = '/v3.1/series/expiry';

/** The eSign wallet's credits. */
export const WALLET_BALANCE_PATH = '/v3.0/wallet/balance/details';

/** The eBG event notifications, filtered. */
export const EBG_NOTIFICATIONS_PATH = '/v3.3/nesl/notification/list';

/** One eBG event notification: this path, then `/` and its `notifTxnId`. */
export const EBG_NOTIFICATION_PATH = '/v3.3/nesl/notification/detail';

/** The `data` of a v3 answer's envelope (an object; empty when the answer has none). */
export const answerData = (body: unknown): IDataObject =>
	isObject(body) && isObject(body.data) ? (body.data as IDataObject) : {};

/** The list the answer's `data` holds under `key` (empty when absent). */
export const answerList = (body: unknown, key: string): IDataObject[] => {
	const list = answerData(body)[key];
	return Array.isArray(list) ? (list as IDataObject[]) : [];
};
