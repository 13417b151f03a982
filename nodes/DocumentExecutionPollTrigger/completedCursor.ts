import type { IDataObject } from 'n8n-workflow';

import { documentIdOf, PAGE_SIZE, type ReadPage } from './serviceReads';

/**
 * Where the Document Completed event stands in the service's list of completed documents, which is ordered by
 * completion date, oldest first: a document that completes is added at the end, and a deleted one leaves it,
 * moving the later ones up.
 *
 * - `offset`: how many documents of the list the trigger has passed (emitted, or recorded on activation).
 * - `recentIds`: the ids of the last of them (at most ANCHOR_COUNT), in list order.
 *
 * Each poll reads again from `offset - recentIds.length`: without deletions those are exactly `recentIds`, and
 * what follows them is new. A deletion before the cursor moves the list up, so the new documents start earlier;
 * they are still found right after the remembered ids that are left. The state is a number and at most
 * ANCHOR_COUNT ids, however many documents the account has.
 */
export interface CompletedCursor {
	offset: number;
	recentIds: string[];
}

/** Ids remembered: covers up to this many deletions before the cursor between two polls. */
export const ANCHOR_COUNT = 40;

/** Requests per poll at most; a longer backlog is read over the next polls. */
export const MAX_PAGES_PER_POLL = 10;

const lastIds = (documents: IDataObject[]) => documents.slice(-ANCHOR_COUNT).map(documentIdOf);

/**
 * Reads pages from `start` until the end of the list or the request budget; answers what it read. Each later
 * page starts at the last document read: when it is another one, a deletion moved the list between two
 * requests, and reading stops there (the next poll finds its place again from the remembered ids).
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

/** The first activation: the end of the list as it is now (nothing before it is ever emitted). */
export async function completedBaseline(read: ReadPage): Promise<CompletedCursor> {
	const first = await read(0, PAGE_SIZE);
	if (first.total <= PAGE_SIZE)
		return { offset: first.documents.length, recentIds: lastIds(first.documents) };
	const start = first.total - PAGE_SIZE;
	const tail = await read(start, PAGE_SIZE);
	return { offset: start + tail.documents.length, recentIds: lastIds(tail.documents) };
}

/**
 * The documents completed since the cursor, oldest first, and the cursor after them. Documents read before
 * the first remembered id are ones passed earlier (the window starts early when documents were deleted).
 */
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
