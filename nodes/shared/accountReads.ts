import type { IDataObject } from 'n8n-workflow';

import { isObject } from './isObject';

/** Answers under `data.seriesGroups`. */
export const STAMP_GROUPS_PATH = '/v3.0/series/groups/list';

/** The knowledge base's path; a public Postman collection uses `/v3.0` (docs/choices/extras.md). */
export const SERIES_LIST_PATH = '/v3.1/series/list';

export const SERIES_EXPIRY_PATH = '/v3.1/series/expiry';

export const WALLET_BALANCE_PATH = '/v3.0/wallet/balance/details';

/** Paged; answers under `data.balances`. */
export const WALLET_PURCHASES_PATH = '/v3.0/wallet/balance/list';

export const EBG_NOTIFICATIONS_PATH = '/v3.3/nesl/notification/list';

/** Followed by `/` and the notification's `notifTxnId`. */
export const EBG_NOTIFICATION_PATH = '/v3.3/nesl/notification/detail';

/** The `data` of a v3 answer's envelope. */
export const answerData = (body: unknown): IDataObject =>
	isObject(body) && isObject(body.data) ? (body.data as IDataObject) : {};

export const answerList = (body: unknown, key: string): IDataObject[] => {
	const list = answerData(body)[key];
	return Array.isArray(list) ? (list as IDataObject[]) : [];
};
