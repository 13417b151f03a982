import { v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import { formatServiceDate } from '../../v3';
import type { V3ExtrasState } from '../state';
import { pageOf } from './ebg';
import { isTrue } from './shared';

// The wallet's purchase list.

/**
 * The purchase list: with `completed=true` the purchases whose credits are all used or expired, otherwise those
 * with credits left; paged as the v3 document list.
 */
export function purchaseList(extras: V3ExtrasState, query: Record<string, string>): Reply {
	const { max, offset } = pageOf(query);
	const usedUp = isTrue(query.completed);
	const balances = extras.purchases
		.map((purchase) => ({
			purchaseDate: formatServiceDate(purchase.purchasedAt),
			expiryDate: formatServiceDate(purchase.expiresAt),
			purchased: purchase.purchased,
			consumed: purchase.consumed,
			expired: purchase.expired,
			balance: purchase.purchased - purchase.consumed - purchase.expired,
		}))
		.filter((purchase) => (purchase.balance === 0) === usedUp);
	return v3Success({ balances: balances.slice(offset, offset + max) });
}
