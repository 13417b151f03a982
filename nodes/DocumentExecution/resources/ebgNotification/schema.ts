import { z } from 'zod';

import { oneOf, requiredText, wholeNumber } from '../../shared/rules';

/** The rules of the eBG notification reads, from the service's knowledge base (docs/choices/extras.md). */

export const REVIEW_STATUSES = ['ACCEPTED', 'PENDING', 'REJECTED'] as const;
export const REQUEST_TYPES = ['AMENDMENT', 'CANCELLATION', 'CLOSURE', 'EXTEND_OR_PAY', 'INVOCATION', 'PARTIAL_INVOCATION', 'RENEWAL'] as const;

export const listQuerySchema = z
	.object({
		status: oneOf(REVIEW_STATUSES).optional(),
		requestType: oneOf(REQUEST_TYPES).optional(),
		max: wholeNumber().min(1, 'must be at least 1').optional(),
		offset: wholeNumber().min(0, 'cannot be negative').optional(),
	})
	.passthrough();

export const detailSchema = z.object({ notifTxnId: requiredText() });

export const EBG_LABELS = {
	q: 'Loan Number',
	status: 'Review Status',
	requestType: 'Event Type',
	max: 'Page Size',
	offset: 'Offset',
	notifTxnId: 'Notification Transaction ID',
};
