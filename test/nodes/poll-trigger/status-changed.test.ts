import { V3_SEED } from '../../emulator/families/v3';
import { startEmulator, type Emulator } from '../../emulator/server';
import {
	completeDocument,
	counted,
	createDocument,
	deleteDocument,
	http,
	idsOf,
	pollTrigger,
} from './helpers';

const LIST = '/v3.0/sign/request/list';
const parameters = { event: 'documentStatusChanged' };

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { v3ExtraDocuments: 1000 } });
});
afterEach(async () => await emulator.close());

const expire = async (documentId: string) =>
	await http.post(`${emulator.origin}/__emulator/v3/documents/${documentId}/expire`);

describe('Document Status Changed', () => {
	it('on activation remembers the newest 200 statuses in 5 requests and emits nothing; the state stays under 10 KB', async () => {
		const trigger = pollTrigger(emulator, parameters);
		const { items, requests } = await counted(emulator, LIST, () => trigger.activate());
		expect(items).toEqual([]);
		expect(requests).toBe(5);
		expect(Buffer.byteLength(trigger.storedStaticData())).toBeLessThan(10_000);
		expect(await trigger.poll()).toEqual([]);
	});

	it('emits each change once, with the previous status, and survives a restart', async () => {
		let trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		await completeDocument(emulator, V3_SEED.sentDocumentId);
		const items = await trigger.poll();
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				event: 'documentStatusChanged',
				documentId: V3_SEED.sentDocumentId,
				status: 'COMPLETED',
				previousStatus: 'SENT',
			}),
		]);
		expect(await trigger.poll()).toEqual([]);
		trigger = trigger.restart();
		expect(await trigger.activate('init')).toEqual([]);
		await expire(V3_SEED.docSignerDocumentId);
		trigger = trigger.restart();
		expect(idsOf(await trigger.activate('init'))).toEqual([V3_SEED.docSignerDocumentId]);
	});

	it('emits a document created since the last poll with previousStatus null', async () => {
		const trigger = pollTrigger(emulator, parameters);
		await trigger.activate();
		const created = await createDocument(emulator);
		const items = await trigger.poll();
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ documentId: created, status: 'SENT', previousStatus: null }),
		]);
	});

	it('emits only changes to the chosen statuses', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, statuses: ['EXPIRED'] });
		await trigger.activate();
		await completeDocument(emulator, V3_SEED.sentDocumentId);
		await createDocument(emulator);
		expect(await trigger.poll()).toEqual([]);
		await expire(V3_SEED.docSignerDocumentId);
		expect(idsOf(await trigger.poll())).toEqual([V3_SEED.docSignerDocumentId]);
	});

	it('reads ceil(N / 40) requests a poll and does not see a change beyond the newest N documents', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, documentsToWatch: 50 });
		await trigger.activate();
		await completeDocument(emulator, 'DOCEXTRA000001'); // the oldest document
		const { items, requests } = await counted(emulator, LIST, () => trigger.poll());
		expect(items).toEqual([]);
		expect(requests).toBe(2);
		expect(
			emulator
				.requestsTo(LIST)
				.slice(-2)
				.map((request) => request.query),
		).toEqual([
			{ offset: '0', max: '40' },
			{ offset: '40', max: '10' },
		]);
	});

	it('a document moving into the watched window after a deletion is remembered, not emitted', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, documentsToWatch: 40 });
		await trigger.activate();
		await deleteDocument(emulator, V3_SEED.docSignerDocumentId); // the newest: the 41st moves up into the window
		expect(await trigger.poll()).toEqual([]);
		await completeDocument(emulator, V3_SEED.sentDocumentId);
		expect(idsOf(await trigger.poll())).toEqual([V3_SEED.sentDocumentId]);
	});

	it('Fetch Test Event answers the newest document with the chosen statuses and leaves the state as it was', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, statuses: ['COMPLETED'] });
		await trigger.activate();
		const stored = trigger.storedStaticData();
		const items = await trigger.fetchTestEvent();
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				documentId: V3_SEED.completedNoAttachmentsId,
				status: 'COMPLETED',
				previousStatus: null,
			}),
		]);
		expect(trigger.storedStaticData()).toBe(stored);
	});
});
