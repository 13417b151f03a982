import type { INodeParameters } from 'n8n-workflow';

import { indiaIsoOf } from '../../../nodes/shared/serviceDates';
import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { pdfItem, requestsOn, runDocument, servicePaths, startV3Emulator, v3State } from './setup';

/**
 * Create's option If the IRN Already Exists (issue #30, item 2; docs/choices/document.md): bulk sends that
 * never duplicate. The seeded completed document carries `V3_SEED.completedIrn`.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const create = (ifIrnExists: string, irn: string = V3_SEED.completedIrn): INodeParameters => ({
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	documentName: 'Lease.pdf',
	invitees: { invitee: [{ name: 'Asha Rao', phone: '9876543210' }] },
	additionalFields: { irn },
	options: { ifIrnExists },
});
const run = async (parameters: INodeParameters, items = 1, onError?: 'continueRegularOutput') => {
	const item = await pdfItem();
	return await runDocument(emulator, parameters, {
		input: Array.from({ length: items }, () => item),
		onError,
	});
};
const creates = () => requestsOn(emulator, servicePaths.create, 'POST');
const lists = () => requestsOn(emulator, servicePaths.list, 'GET');
const statusReads = () => requestsOn(emulator, servicePaths.status, 'GET');
const documentsWith = (irn: string) =>
	[...v3State(emulator).documents.values()].filter((doc) => doc.irn === irn);

describe('Create: If the IRN Already Exists', () => {
	it('Return the Existing Document: sends nothing and outputs the document as a create would, existing: true', async () => {
		const result = await run(create('returnExisting'));
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const [doc] = documentsWith(V3_SEED.completedIrn);
		expect(result.items.map(({ json }) => json)).toEqual([
			{
				documentId: doc.documentId,
				irn: V3_SEED.completedIrn,
				invitees: doc.invitees.map((invitee) => ({
					name: invitee.name,
					email: invitee.email ?? null,
					phone: invitee.phone ?? null,
					signUrl: `${emulator.origin}/sign/${invitee.uuid}`,
					expiryDate: indiaIsoOf(invitee.expiresAt),
					active: false,
				})),
				messages: [],
				warnings: [],
				existing: true,
			},
		]);
		expect(creates()).toHaveLength(0);
		expect(lists().map((request) => request.query.q)).toEqual([V3_SEED.completedIrn]);
		expect(statusReads()).toHaveLength(1);
	});

	it('Stop With an Error: sends nothing and names the existing document', async () => {
		const result = await run(create('stop'));
		const [doc] = documentsWith(V3_SEED.completedIrn);
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			`IRN: a document with IRN ${V3_SEED.completedIrn} already exists (Document ID ${doc.documentId})`,
		);
		expect(result.nodeError(NODE_NAME)?.description).toMatch(/^Nothing was sent to the service/);
		expect(creates()).toHaveLength(0);
		expect(lists()).toHaveLength(1);
	});

	it.each(['returnExisting', 'stop'])(
		'%s: creates when no document has exactly the IRN (the list matches without regard to case)',
		async (choice) => {
			const lower = V3_SEED.completedIrn.toLowerCase();
			const result = await run(create(choice, lower));
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			expect(lists()).toHaveLength(1);
			expect(creates()).toHaveLength(1);
			expect(result.items[0].json).toMatchObject({ irn: lower });
			expect(result.items[0].json.existing).toBeUndefined();
		},
	);

	it('Create Another (the default) reads nothing first', async () => {
		const result = await run(create('createAnother'));
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(lists()).toHaveLength(0);
		expect(documentsWith(V3_SEED.completedIrn)).toHaveLength(2);
	});

	it('two items of one run with the same IRN create one document; the second returns it', async () => {
		const result = await run(create('returnExisting', 'BULK-1'), 2);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(creates()).toHaveLength(1);
		const [doc] = documentsWith('BULK-1');
		expect(result.items.map(({ json }) => [json.documentId, json.existing])).toEqual([
			[doc.documentId, undefined],
			[doc.documentId, true],
		]);
		expect(lists().length + statusReads().length).toBeLessThanOrEqual(4);
	});

	it('two items of one run with the same IRN and Stop: one document, the second item an error', async () => {
		const result = await run(create('stop', 'BULK-2'), 2, 'continueRegularOutput');
		expect(creates()).toHaveLength(1);
		expect(documentsWith('BULK-2')).toHaveLength(1);
		expect(result.items.map(({ json }) => String(json.error ?? 'created'))).toEqual([
			'created',
			expect.stringMatching(/^IRN: a document with IRN BULK-2 already exists/),
		]);
	});

	it.each<[string, string, string]>([
		[
			'a blank IRN',
			'',
			'IRN: is required when If the IRN Already Exists is "Return the Existing Document" or "Stop With an Error"',
		],
		[
			'a malformed IRN',
			'LEASE 9',
			'IRN: may only contain letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
		],
	])('refuses %s before any request', async (_label, irn, message) => {
		for (const choice of ['returnExisting', 'stop']) {
			const result = await run(create(choice, irn));
			expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		}
		expect(emulator.requests.filter((request) => request.path.startsWith('/api/'))).toHaveLength(0);
	});

	it('a failed lookup is an error that says nothing was sent, and nothing is created', async () => {
		emulator.faults.inject({ kind: 'http500', path: servicePaths.list });
		const result = await run(create('returnExisting', 'LEASE-10'));
		expect(result.nodeError(NODE_NAME)?.message).toMatch(
			/^The IRN could not be looked up, so nothing was sent: /,
		);
		expect(creates()).toHaveLength(0);
	});
});
