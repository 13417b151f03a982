import type { IDataObject } from 'n8n-workflow';

import {
	completedBaseline,
	completedSince,
} from '../../../nodes/DocumentExecutionPollTrigger/completedCursor';
import type { ReadPage } from '../../../nodes/DocumentExecutionPollTrigger/serviceReads';

/** The completed list as an array the test changes, read as the service pages it. */
function serviceList(count: number) {
	const documents: IDataObject[] = Array.from({ length: count }, (_, index) => ({
		documentId: `DOC${index}`,
	}));
	const requests: Array<{ offset: number; max: number }> = [];
	let beforeRead: (() => void) | undefined;
	const read: ReadPage = async (offset, max) => {
		beforeRead?.();
		requests.push({ offset, max });
		return { documents: documents.slice(offset, offset + max), total: documents.length };
	};
	const complete = (ids: string[]) => documents.push(...ids.map((documentId) => ({ documentId })));
	return { documents, requests, read, complete, onRead: (hook: () => void) => (beforeRead = hook) };
}

const ids = (documents: IDataObject[]) => documents.map((document) => document.documentId);
const named = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, index) => `${prefix}${index}`);

describe('the Document Completed cursor', () => {
	it('starts at the end of the list: 1 request up to 40 documents, 2 beyond', async () => {
		const small = serviceList(40);
		expect(await completedBaseline(small.read)).toEqual({
			offset: 40,
			recentIds: named('DOC', 40),
		});
		expect(small.requests).toHaveLength(1);
		const large = serviceList(1000);
		const cursor = await completedBaseline(large.read);
		expect(cursor).toEqual({ offset: 1000, recentIds: named('DOC', 1000).slice(-40) });
		expect(large.requests).toEqual([
			{ offset: 0, max: 40 },
			{ offset: 960, max: 40 },
		]);
	});

	it('misses nothing when a deletion moves the list between two page requests of one poll', async () => {
		const list = serviceList(100);
		let cursor = await completedBaseline(list.read);
		list.complete(named('NEW', 100));
		let reads = 0;
		list.onRead(() => {
			if (++reads === 2) list.documents.splice(50, 1); // a passed document is deleted after the first page
		});
		const first = await completedSince(list.read, cursor);
		cursor = first.cursor;
		list.onRead(() => undefined);
		const second = await completedSince(list.read, cursor);
		expect([...ids(first.fresh), ...ids(second.fresh)]).toEqual(named('NEW', 100));
	});

	it('keeps to 10 requests a poll, each later page starting at the last document read', async () => {
		const list = serviceList(0);
		const cursor = await completedBaseline(list.read);
		list.complete(named('NEW', 1000));
		list.requests.length = 0;
		const { fresh } = await completedSince(list.read, cursor);
		expect(list.requests).toHaveLength(10);
		expect(list.requests.slice(0, 3)).toEqual([
			{ offset: 0, max: 40 },
			{ offset: 39, max: 40 },
			{ offset: 78, max: 40 },
		]);
		expect(ids(fresh)).toEqual(named('NEW', 391));
	});
});
