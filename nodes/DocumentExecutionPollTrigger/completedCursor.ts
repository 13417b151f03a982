import type { IDataObject } from 'n8n-workflow';

import { documentIdOf, PAGE_SIZE, type ReadPage } from './serviceReads';

/** See docs/choices/poll-trigger.md, Document Completed. */
export interface CompletedCursor {
	/** How many documents of the completed list the trigger has passed. */
	offset: number;
	/** The last of them, in list order: a deletion before the cursor is found again after them. */
	recentIds: string[];
}

/** Ids remembered: covers up to this many deletions before the cursor between two polls. */
export const ANCHOR_COUNT = 40;

/** A longer backlog is read over the next polls. */
export const MAX_PAGES_PER_POLL = 10;

const lastIds = (documents: IDataObject[]) => documents.slice(-ANCHOR_COUNT).map(documentIdOf);

/**
 * Each later page starts at the last document read: when it is another one, a deletion moved the list between
 * two requests, and reading stops there.
 */
async function readFrom(read: ReadPage, start: number, budget: number) {
	const documents: IDataObject[] = [];
	let total = 0;
	for (let requests = 0; requests < budget; requests++) {
		const overlap = documents.length ? 1 : 0;
		const page = await read(start + documents.length - overlap, PAGE_SIZE);
		total = page.total;
		if (
			overlap &&
			documentIdOf(page.documents[0] ?? {}) !== documentIdOf(documents[documents.length - 1])
		)
			break;
		documents.push(...page.documents.slice(overlap));
		if (page.documents.length < PAGE_SIZE || start + documents.length >= page.total) break;
	}
	return { documents, total };
}

/** The first activation records the end of the list: history is not replayed. */
export async function completedBaseline(read: ReadPage): Promise<CompletedCursor> {
	const first = await read(0, PAGE_SIZE);
	if (first.total <= PAGE_SIZE)
		return { offset: first.documents.length, recentIds: lastIds(first.documents) };
	const start = first.total - PAGE_SIZE;
	const tail = await read(start, PAGE_SIZE);
	return { offset: start + tail.documents.length, recentIds: lastIds(tail.documents) };
}

/** Documents read before the first remembered id were passed earlier (deletions start the window early). */
export async function completedSince(
	read: ReadPage,
	cursor: CompletedCursor,
): Promise<{ fresh: IDataObject[]; cursor: CompletedCursor }> {
	const known = new Set(cursor.recentIds);
	let start = Math.max(0, cursor.offset - cursor.recentIds.length);
	let window = await readFrom(read, start, MAX_PAGES_PER_POLL);
	let anchor = window.documents.findIndex((document) => known.has(documentIdOf(document)));
	let fresh: IDataObject[];
	if (window.documents.length === 0 && start > 0) {
		// More deletions than the window covers moved the end of the list before it: read the end again. With
		// no remembered id there, nothing tells which of those documents were passed, so they are only recorded.
		start = Math.max(0, window.total - cursor.recentIds.length);
		window = await readFrom(read, start, MAX_PAGES_PER_POLL - 1);
		anchor = window.documents.findIndex((document) => known.has(documentIdOf(document)));
		fresh = anchor < 0 ? [] : window.documents.slice(anchor + 1);
	} else {
		// No remembered id in a non-empty window: more deletions than ANCHOR_COUNT moved every passed document
		// before it, so all it holds is new.
		fresh = window.documents.slice(anchor + 1);
	}
	fresh = fresh.filter((document) => !known.has(documentIdOf(document)));
	return {
		fresh,
		cursor: { offset: start + window.documents.length, recentIds: lastIds(window.documents) },
	};
}
