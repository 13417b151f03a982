/** The spec's v3 document status values, as the v3 list's status filter takes them. */
export const DOCUMENT_STATUSES = [
	'DRAFT',
	'SENT',
	'RECEIVED',
	'SIGNED',
	'COMPLETED',
	'EXPIRED',
] as const;
