import { v3Failure, v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { V3State } from '../../v3';
import type { V3ExtrasState } from '../state';
import { invalid, present } from '../../v3';
import { isTrue } from './shared';

// The eBG notification list and detail.

const REVIEW_STATUSES = ['ACCEPTED', 'REJECTED', 'PENDING'];
export const REQUEST_TYPES = [
	'AMENDMENT',
	'RENEWAL',
	'EXTEND_OR_PAY',
	'CANCELLATION',
	'CLOSURE',
	'PARTIAL_INVOCATION',
	'INVOCATION',
];

function notificationView(v3: V3State, extras: V3ExtrasState, notifTxnId: string) {
	const notification = v3.ebgNotifications.get(notifTxnId);
	if (!notification) return undefined;
	const review = notification.review;
	return {
		notifTxnId,
		requestId: notification.requestId,
		loanNumber: notification.loanNumber,
		requestType: extras.notifications.get(notifTxnId)?.requestType ?? 'AMENDMENT',
		status: review ? String(review.reviewStatus).toUpperCase() : 'PENDING',
		reviewRemarks: review ? String(review.reviewRemarks) : null,
	};
}

/** Paging as the v3 document list: max 1 to 40 (anything else is 20), offset from 0. */
export function pageOf(query: Record<string, string>): { max: number; offset: number } {
	const max = Number.parseInt(query.max ?? '', 10);
	const offset = Number.parseInt(query.offset ?? '', 10);
	return { max: max >= 1 && max <= 40 ? max : 20, offset: offset >= 0 ? offset : 0 };
}

export function notificationList(
	v3: V3State,
	extras: V3ExtrasState,
	query: Record<string, string>,
): Reply {
	if (present(query.status) && !REVIEW_STATUSES.includes(query.status))
		return invalid(`status must be one of ${REVIEW_STATUSES.join(', ')}`);
	if (present(query.requestType) && !REQUEST_TYPES.includes(query.requestType))
		return invalid(`requestType must be one of ${REQUEST_TYPES.join(', ')}`);
	const { max, offset } = pageOf(query);
	const matching = [...v3.ebgNotifications.keys()]
		.map((notifTxnId) => notificationView(v3, extras, notifTxnId)!)
		.filter((notification) => !present(query.q) || notification.loanNumber === query.q.trim())
		.filter((notification) => !present(query.status) || notification.status === query.status)
		.filter(
			(notification) =>
				!present(query.requestType) || notification.requestType === query.requestType,
		)
		.filter(
			(notification) =>
				!isTrue(query.sentToMe) ||
				extras.notifications.get(notification.notifTxnId)?.sentToMe !== false,
		);
	return v3Success({ total: matching.length, notifications: matching.slice(offset, offset + max) });
}

export function notificationDetail(v3: V3State, extras: V3ExtrasState, notifTxnId: string): Reply {
	const view = notificationView(v3, extras, notifTxnId);
	if (!view) return v3Failure('notification.not.found', 'No eBG notification matches notifTxnId');
	return v3Success({ notification: view });
}
