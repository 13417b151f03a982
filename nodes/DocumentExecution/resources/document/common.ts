import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';
import { z } from 'zod';

import { isObject } from '../../../shared/isObject';
import { idLocator, showFor } from '../../shared/form/descriptions';
import { locatorValue } from '../../shared/form/parameters';
import {
	blankToUndefined,
	refuseBrokenRules,
	requiredText,
	type FieldLabels,
} from '../../shared/form/rules';

export type Body = Record<string, unknown>;

export const documentIdSchema = z.object({ documentId: requiredText('is required') }).passthrough();

export const DOCUMENT_ID_LABELS: FieldLabels = { documentId: 'Document ID' };

/** The operations on one document, which share the one Document ID field. */
export const ONE_DOCUMENT_OPERATIONS = [
	'getStatus',
	'getDetails',
	'delete',
	'download',
	'downloadAll',
	'reactivate',
	'markComplete',
];

/**
 * preSend of the operations on one document: the Document ID, read once and checked, into the query or the
 * body. Not sent by routing, which would evaluate it twice more per item (docs/choices/performance.md,
 * Expression evaluations).
 */
export const putDocumentId = (sentIn: 'query' | 'body'): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const { documentId } = refuseBrokenRules(
			this,
			documentIdSchema,
			{ documentId: locatorValue(this, 'documentId') },
			DOCUMENT_ID_LABELS,
		) as { documentId: string };
		if (sentIn === 'query') options.qs = { ...options.qs, documentId };
		else options.body = { ...(isObject(options.body) ? options.body : {}), documentId };
		return options;
	};

/**
 * The spec does not show what a v3 document ID looks like, so "By ID" only refuses what cannot be one: spaces
 * and slashes (a pasted URL). `documentIdSchema` checks the value sent.
 */
const DOCUMENT_ID_PATTERN = '^[^\\s/]+$';

const documentIdLocator = (
	description: string,
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties =>
	idLocator({
		displayName: 'Document ID',
		name: 'documentId',
		description,
		searchListMethod: 'searchDocuments',
		listPlaceholder: 'Select a document, or type its exact name, ID or IRN…',
		idPlaceholder: 'e.g. a1B2c3D4e5F6',
		idPattern: DOCUMENT_ID_PATTERN,
		idRule: 'A document ID has no spaces or slashes',
		displayOptions,
	});

/** The Document ID field of the operations on one document; each sends it with `putDocumentId`. */
export const documentIdField: INodeProperties = documentIdLocator(
	'The ID of the document, as Create Signing Request or Get Many return it',
	showFor('document', ONE_DOCUMENT_OPERATIONS),
);

/** Drops the fields not set, so unset optional fields are not sent. */
export function compact<T extends Body>(object: T): T {
	return Object.fromEntries(
		Object.entries(object).filter(([, value]) => blankToUndefined(value) !== undefined),
	) as T;
}

/** A value as text, or undefined when it is not set (blankToUndefined). */
export const asString = (value: unknown) => {
	const set = blankToUndefined(value);
	return set === undefined ? undefined : String(set);
};

/** Whether `yyyy-MM-dd` (a prefix of `value`) names a day of the calendar: 2026-02-30 and 2026-13-45 do not. */
export function isCalendarDate(value: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

export const messagesOf = (response: IN8nHttpFullResponse): Body[] =>
	isObject(response.body) && Array.isArray(response.body.messages)
		? (response.body.messages as Body[])
		: [];
export const messageOf = (response: IN8nHttpFullResponse) => {
	const [first] = messagesOf(response);
	return { code: asString(first?.code) ?? null, message: asString(first?.message) ?? null };
};

/**
 * An invitee's state, for a flow to branch on, from the service's flags (Get Status: the invitee's; Get
 * Details: its `invitationStatus`), the first that holds: `SIGNED`, `APPROVED` (a reviewer; only Get Details
 * says it), `REJECTED`, `EXPIRED`, `ACTIVE` (their turn), else `WAITING`.
 */
export function inviteeState(flags: Record<string, unknown>): string {
	if (flags.signed === true) return 'SIGNED';
	if (flags.approved === true) return 'APPROVED';
	if (flags.rejected === true) return 'REJECTED';
	if (flags.expired === true) return 'EXPIRED';
	if (flags.active === true) return 'ACTIVE';
	return 'WAITING';
}
