import { indiaIsoDate } from '../../../nodes/shared/serviceDates';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { mainPacks, runV4, startV4Emulator } from './setup';

/**
 * Pack → Get with Simplify on (the default) gives the fields an ops flow branches on, read from the one answer;
 * off, the service's whole pack with the sections chosen.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

type Json = Record<string, any>;
const packReads = () =>
	emulator.requestsTo('/v4/packs').filter((request) => request.path === '/api/v4/packs');
const get = async (parameters: Json) => {
	const result = await runV4(emulator, 'token', {
		resource: 'pack',
		operation: 'get',
		...parameters,
	});
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	return result.items.map((item) => item.json as Json);
};
const packOf = (documents: number) =>
	mainPacks(emulator).find((pack) => pack.documents.length === documents)!;

describe('Pack → Get, Simplify', () => {
	it('on by default: asks for no section and gives the pack, its documents and its invitees', async () => {
		const { packId } = packOf(2);
		const [simple] = await get({ packId, sections: ['sender', 'auditTrail'] });
		expect(packReads().map((request) => request.query)).toEqual([{ packId }]);
		const [whole] = await get({ packId, simplify: false });
		expect(simple).toEqual({
			packId,
			packName: whole.packName,
			packUrn: whole.packUrn,
			irn: whole.irn,
			status: whole.status,
			workflowId: whole.workflowId,
			updatedAt: indiaIsoDate(whole.updatedAt),
			documents: whole.documents.map(({ documentId, documentName, status }: Json) => ({
				documentId,
				documentName,
				status,
			})),
			invitees: whole.invitees.map(({ name, email, signUrl }: Json) => ({ name, email, signUrl })),
		});
		// The service's ISO UTC as the same instant in India time, as every simplified date.
		expect(simple.updatedAt).toMatch(/\+05:30$/);
		expect(Date.parse(simple.updatedAt)).toBe(Date.parse(whole.updatedAt));
		expect(simple.documents).toHaveLength(2);
	});

	it('on, one item per document: the pack it belongs to and the document', async () => {
		const pack = packOf(3);
		const items = await get({ packId: pack.packId, options: { output: 'documents' } });
		expect(items).toEqual(
			pack.documents.map((document) => ({
				packId: pack.packId,
				packName: pack.packName,
				packUrn: pack.packUrn,
				packStatus: pack.status,
				workflowRunContextId: pack.workflowRunContextId,
				documentId: document.documentId,
				documentName: document.name,
				status: document.status,
			})),
		);
	});

	it('off: sends the chosen sections and gives the whole pack', async () => {
		const completed = mainPacks(emulator).find((pack) => pack.status === 'COMPLETED')!;
		const [whole] = await get({
			packId: completed.packId,
			simplify: false,
			sections: ['sender', 'auditTrail'],
		});
		expect(packReads()[0].query).toEqual({
			packId: completed.packId,
			sender: 'true',
			auditTrail: 'true',
		});
		expect(whole).toMatchObject({
			packId: completed.packId,
			workflowRunContextId: completed.workflowRunContextId,
			createdAt: expect.any(String),
			sender: expect.anything(),
		});
		expect(whole.documents.every((document: Json) => document.auditTrail)).toBe(true);
	});

	it('off, one item per document: each document whole, with its sections', async () => {
		const completed = mainPacks(emulator).find((pack) => pack.status === 'COMPLETED')!;
		const items = await get({
			packId: completed.packId,
			simplify: false,
			sections: ['auditTrail'],
			options: { output: 'documents' },
		});
		expect(items).toHaveLength(completed.documents.length);
		expect(items.every((item) => item.packId === completed.packId && item.auditTrail)).toBe(true);
	});
});
