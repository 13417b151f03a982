import type { IDataObject } from 'n8n-workflow';

import { documentIdOf, PAGE_SIZE, type ReadPage } from './serviceReads';

export const DEFAULT_WATCHED = 200;
/** Bounds the requests per poll (ceil(N / 40)) and the remembered statuses (about 20 bytes a document). */
export const MAX_WATCHED = 1000;

/** Document ids grouped by status: the id is the larger part, so it is stored once. */
export type RememberedStatuses = Record<string, string[]>;

export interface StatusChange {
	document: IDataObject;
	/** null: the document is new since the last poll. */
	previousStatus: string | null;
}

const statusOf = (document: IDataObject) => String(document.status ?? '');

/** The spec does not give the v3 list's order; the emulator lists newest first. */
export async function newestDocuments(read: ReadPage, count: number): Promise<IDataObject[]> {
	const documents: IDataObject[] = [];
	while (documents.length < count) {
		const page = await read(documents.length, Math.min(PAGE_SIZE, count - documents.length));
		documents.push(...page.documents);
		if (page.documents.length === 0 || documents.length >= page.total) break;
	}
	return documents.slice(0, count);
}

export function remember(documents: IDataObject[]): RememberedStatuses {
	const remembered: RememberedStatuses = {};
	for (const document of documents)
		(remembered[statusOf(document)] ??= []).push(documentIdOf(document));
	return remembered;
}

/**
 * A document not remembered is new when listed before every remembered one; listed after one, a deletion moved
 * it into the watched window, and it is only remembered (docs/choices/poll-trigger.md, Document Status Changed).
 */
export function statusChanges(
	documents: IDataObject[],
	remembered: RememberedStatuses,
): StatusChange[] {
	const previous = new Map<string, string>();
	for (const [status, ids] of Object.entries(remembered))
		for (const id of ids) previous.set(id, status);
	const firstKnown = documents.findIndex((document) => previous.has(documentIdOf(document)));
	const changes: StatusChange[] = [];
	documents.forEach((document, index) => {
		const before = previous.get(documentIdOf(document));
		if (before === undefined) {
			if (firstKnown < 0 || index < firstKnown) changes.push({ document, previousStatus: null });
		} else if (before !== statusOf(document)) {
			changes.push({ document, previousStatus: before });
		}
	});
	return changes;
}
