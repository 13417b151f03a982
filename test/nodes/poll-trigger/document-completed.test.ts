import { V3_SEED } from '../../emulator/families/v3';
import { startEmulator, type Emulator } from '../../emulator/server';
import { startPollTrigger } from '../../harness/poll';
import { tokenCredential } from '../../support/credentials';
import {
	completeDocument,
	counted,
	createDocument,
	deleteDocument,
	idsOf,
	pollTrigger,
} from './helpers';

const COMPLETED_LIST = '/v3.0/document/completed';
const parameters = { event: 'documentCompleted' };

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

async function completedDocuments(count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let index = 0; index < count; index++) {
		const id = await createDocument(emulator, `Agreement-${index}`);
		await completeDocument(emulator, id);
		ids.push(id);
	}
	return ids;
}

describe('Document Completed', () => {
	it('on activation records where the list ends and emits nothing, in one request', async () => {
		const trigger = pollTrigger(emulator, parameters);
		const { items, requests } = await counted(emulator, COMPLETED_LIST, () => trigger.activate());
		expect(items).toEqual([]);
		expect(requests).toBe(1);
		expect(emulator.requestsTo(COMPLETED_LIST)[0].headers['x-auth-token']).toBe('emulator-token');
		expect(await trigger.poll()).toEqual([]);
	});

	it('emits the documents completed since, once each, in completion order, each with event and the list fields', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const [first, second, third] = [
			await createDocument(emulator),
			await createDocument(emulator),
			await createDocument(emulator),
		];
		for (const id of [second, third, first]) await completeDocument(emulator, id);

		const items = await trigger.poll();
		expect(idsOf(items)).toEqual([second, third, first]);
		expect(items[0].json).toEqual({
			event: 'documentCompleted',
			name: 'Agreement',
			documentId: second,
			irn: null,
			folderId: 'FOLDER-1',
			folderName: 'Default',
			status: 'COMPLETED',
		});
		expect(await trigger.poll()).toEqual([]);
	});

	it('repeats nothing and misses nothing across n8n restarts', async () => {
		let trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const before = await completedDocuments(2);
		expect(idsOf(await trigger.poll())).toEqual(before);

		trigger = trigger.restart();
		expect(await trigger.activate('init')).toEqual([]);
		const whileDown = await completedDocuments(2);
		trigger = trigger.restart();
		expect(idsOf(await trigger.activate('init'))).toEqual(whileDown);
		expect(await trigger.poll()).toEqual([]);
		trigger = trigger.restart();
		expect(await trigger.activate('init')).toEqual([]);
	});

	it('drains a backlog over polls of at most 10 requests: none missed, none repeated; the state stays under 10 KB', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const backlog = await completedDocuments(1000);
		const emitted: string[] = [];
		const requestsPerPoll: number[] = [];
		for (;;) {
			const { items, requests } = await counted(emulator, COMPLETED_LIST, () => trigger.poll());
			requestsPerPoll.push(requests);
			if (!items.length) break;
			emitted.push(...idsOf(items));
		}
		expect(emitted).toEqual(backlog);
		expect(Math.max(...requestsPerPoll)).toBeLessThanOrEqual(10);
		expect(requestsPerPoll.length).toBe(4); // 351 new documents a poll (the first page holds the last 40 passed), then none
		expect(requestsPerPoll[requestsPerPoll.length - 1]).toBe(1);
		expect(Buffer.byteLength(trigger.storedStaticData())).toBeLessThan(10_000);
	}, 120_000);

	it('misses and repeats nothing when passed documents are deleted between polls', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const passed = await completedDocuments(5);
		expect(idsOf(await trigger.poll())).toEqual(passed);

		// The last document emitted and an older one leave the list: every later position moves up.
		await deleteDocument(emulator, passed[4]);
		await deleteDocument(emulator, V3_SEED.completedDocumentId);
		const next = await completedDocuments(3);
		expect(idsOf(await trigger.poll())).toEqual(next);

		await deleteDocument(emulator, next[0]);
		expect(await trigger.poll()).toEqual([]);
		const last = await completedDocuments(1);
		expect(idsOf(await trigger.poll())).toEqual(last);
	});

	it('with more passed documents deleted than it remembers, repeats nothing and takes up again from the end of the list', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const passed = await completedDocuments(50);
		expect(await trigger.poll()).toHaveLength(50);
		for (const id of passed.slice(5)) await deleteDocument(emulator, id);
		expect(await trigger.poll()).toEqual([]);
		const next = await completedDocuments(2);
		expect(idsOf(await trigger.poll())).toEqual(next);
		expect(await trigger.poll()).toEqual([]);
	});

	it('Fetch Test Event answers the most recently completed document and leaves the cursor where it was', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const stored = trigger.storedStaticData();
		const [completed] = await completedDocuments(1);

		const { items, requests } = await counted(emulator, COMPLETED_LIST, () =>
			trigger.fetchTestEvent(),
		);
		expect(idsOf(items)).toEqual([completed]);
		expect(requests).toBe(2);
		expect(trigger.storedStaticData()).toBe(stored);
		expect(idsOf(await trigger.poll())).toEqual([completed]);
	});

	it('Fetch Test Event says so when nothing has completed yet', async () => {
		for (const id of [V3_SEED.completedDocumentId, V3_SEED.completedNoAttachmentsId])
			await deleteDocument(emulator, id);
		await expect(pollTrigger(emulator, parameters).fetchTestEvent()).rejects.toThrow(
			'No completed document yet',
		);
	});

	it("fails with the service's code when the token is refused, and the cursor does not move", async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const stored = trigger.storedStaticData();
		const refused = startPollTrigger({
			parameters,
			credentials: { documentExecutionApi: tokenCredential(emulator, 'wrong-token') },
			storedStaticData: stored,
		});
		await expect(refused.poll()).rejects.toThrow(
			'The service refused the Auth Token [invalid.auth.token]',
		);
		expect(refused.storedStaticData()).toBe(stored);
	});
});
