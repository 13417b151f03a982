import type { IDataObject } from 'n8n-workflow';

import { isObject } from './isObject';

/** The spec's v3 document statuses. */
export const DOCUMENT_STATUSES = [
	'DRAFT',
	'SENT',
	'RECEIVED',
	'SIGNED',
	'COMPLETED',
	'EXPIRED',
] as const;

/**
 * Written out so that a search finds them; test/nodes/poll-trigger/status-options.test.ts keeps them in step
 * with DOCUMENT_STATUSES and in the alphabetical order n8n's lint cannot check here.
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
 * The one read that names a v3 document's status (the v3.2 check status answer has only its invitees). Its `q`
 * matches a whole name, document ID or IRN, without regard to case (the spec).
 */
export const DOCUMENT_LIST_PATH = '/v3.0/sign/request/list';

export const listedStatusQuery = (documentId: string): IDataObject => ({ q: documentId });

/** The listed status of `documentId`, in capitals: `q` also matches names and IRNs, so only its ID counts. */
export function listedStatus(body: unknown, documentId: string): string | undefined {
	const data = isObject(body) && isObject(body.data) ? body.data : {};
	const listed = (Array.isArray(data.documents) ? data.documents : []).find(
		(document) => isObject(document) && document.documentId === documentId,
	) as IDataObject | undefined;
	return typeof listed?.status === 'string' && listed.status !== ''
		? listed.status.toUpperCase()
		: undefined;
}
