import type { IDataObject } from 'n8n-workflow';

import { isObject } from './isObject';

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

/**
 * The v3 document list, the one read whose answer names a v3 document's status (the v3.2 check status answer
 * has the invitees, not the document's status: the spec, ../shared/notes/service-facts.md, public client code).
 * Its `q` matches a whole name, document ID or IRN, without regard to case (the spec).
 */
export const DOCUMENT_LIST_PATH = '/v3.0/sign/request/list';

/** The list's query that finds one document by its ID. */
export const listedStatusQuery = (documentId: string): IDataObject => ({ q: documentId });

/**
 * The status the list's answer (its body) gives the document `documentId`, in capitals (the list's values are
 * DOCUMENT_STATUSES), or undefined when no entry of `data.documents` is that document (`q` also matches a name or
 * an IRN, so only the entry whose `documentId` is exactly it counts) or it has no status. What the webhook
 * trigger's Only Completed Documents and Get Status's Simplify read.
 */
export function listedStatus(body: unknown, documentId: string): string | undefined {
	const data = isObject(body) && isObject(body.data) ? body.data : {};
	const listed = (Array.isArray(data.documents) ? data.documents : []).find(
		(document) => isObject(document) && document.documentId === documentId,
	) as IDataObject | undefined;
	return typeof listed?.status === 'string' && listed.status !== ''
		? listed.status.toUpperCase()
		: undefined;
}
