/** The spec's v3 document status values, as the v3 list's status filter takes them. */
export const DOCUMENT_STATUSES = [
	'DRAFT',
	'SENT',
	'RECEIVED',
	'SIGNED',
	'COMPLETED',
	'EXPIRED',
] as const;

/**
 * The statuses as the editor offers them (Get Many's Status, the poll trigger's Statuses), written out so that
 * a reader's search finds them; test/nodes/poll-trigger/status-options.test.ts keeps them in step with
 * DOCUMENT_STATUSES and in the alphabetical order n8n's lint wants of a list it cannot see here.
 */
export const DOCUMENT_STATUS_OPTIONS = [
	{ name: 'Completed', value: 'COMPLETED' },
	{ name: 'Draft', value: 'DRAFT' },
	{ name: 'Expired', value: 'EXPIRED' },
	{ name: 'Received', value: 'RECEIVED' },
	{ name: 'Sent', value: 'SENT' },
	{ name: 'Signed', value: 'SIGNED' },
];
