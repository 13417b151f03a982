import type { INodeParameters } from 'n8n-workflow';

import { STAMP_NOT_APPLIED, V3_SEED } from '../../emulator/families/v3';
import { EXTRAS_SEED } from '../../emulator/families/v3-extras';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { pdfItem, requestsOn, runDocument, servicePaths, startV3Emulator, v3State } from './setup';

/**
 * No silent stamp failures (issue #30, item 5; docs/choices/document.md): a create the service accepts with
 * `workflow.stamp.warning` says so in a `warnings` list, or, with Stamp Not Applied: Stop With an Error, is an
 * error naming the document that was created. The emulator sends a document unstamped when its stamp group
 * cannot make up the stamp value (test/emulator/choices/v3.md).
 */

let emulator: Emulator;
afterEach(async () => await emulator.close());

const SENT = { code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' };
const invitees = {
	invitee: [
		{ name: 'Asha Rao', phone: '9876543210' },
		{ name: 'Ravi Kumar', email: 'ravi@example.com' },
	],
};
/** A create stamped from the seeded group for a value of 300: three stamps of 100 from SERIES-A. */
const groupStamped = (extra: INodeParameters = {}): INodeParameters => ({
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	documentName: 'Lease.pdf',
	invitees,
	additionalFields: { irn: 'LEASE-7', seriesGroup: EXTRAS_SEED.stampGroup, stampValue: '300' },
	...extra,
});
/** Two stamps left: the group cannot make up 300, so the service sends the document unstamped. */
const startWithStamps = async (stamps: number) => {
	emulator = await startV3Emulator({ v3StampsAvailable: stamps });
};
const run = async (parameters: INodeParameters) =>
	await runDocument(emulator, parameters, { input: [await pdfItem()] });
const createRequests = () => requestsOn(emulator, servicePaths.create, 'POST');

describe('Create: a stamp not applied is a warning a flow can branch on', () => {
	it('lists the warning (code and message) on the simplified item, beside all messages', async () => {
		await startWithStamps(2);
		const result = await run(groupStamped());
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			irn: 'LEASE-7',
			messages: [SENT, STAMP_NOT_APPLIED],
			warnings: [STAMP_NOT_APPLIED],
		});
	});

	it('lists it on every item of One Item per Invitee', async () => {
		await startWithStamps(2);
		const result = await run(groupStamped({ options: { oneItemPerInvitee: true } }));
		expect(result.items.map(({ json }) => [json.name, json.warnings])).toEqual([
			['Asha Rao', [STAMP_NOT_APPLIED]],
			['Ravi Kumar', [STAMP_NOT_APPLIED]],
		]);
	});

	it("adds the list to the answer's data without Simplify", async () => {
		await startWithStamps(2);
		const result = await run(groupStamped({ simplify: false }));
		expect(result.items[0].json).toMatchObject({
			documentId: expect.any(String),
			warnings: [STAMP_NOT_APPLIED],
		});
	});

	it('gives an empty list when the stamps were applied', async () => {
		await startWithStamps(100);
		const result = await run(groupStamped());
		expect(result.items[0].json).toMatchObject({ messages: [SENT], warnings: [] });
	});
});

describe('Create: Stamp Not Applied: Stop With an Error', () => {
	const stop = { options: { stampNotApplied: 'error' } };

	it('is an error naming the document that was created, its ID and IRN, after one create only', async () => {
		await startWithStamps(2);
		const result = await run(groupStamped(stop));
		expect(createRequests()).toHaveLength(1);
		const documentId = [...v3State(emulator).documents.values()].find(
			(doc) => doc.irn === 'LEASE-7',
		)?.documentId;
		expect(documentId).toBeDefined();
		const error = result.nodeError(NODE_NAME);
		expect(error?.message).toBe(
			`The document was created, but its stamps were not applied: Document ID ${documentId}, IRN LEASE-7`,
		);
		expect(error?.description).toContain(STAMP_NOT_APPLIED.message);
		expect(error?.description).toContain('Do not run this item again as it is');
	});

	it('with Continue On Fail, the item carries the error and the other items go on; one create each', async () => {
		await startWithStamps(2);
		const item = await pdfItem();
		const result = await runDocument(emulator, groupStamped(stop), {
			input: [item, item],
			onError: 'continueRegularOutput',
		});
		expect(result.items).toHaveLength(2);
		expect(
			result.items.every(({ json }) => String(json.error).startsWith('The document was created')),
		).toBe(true);
		expect(createRequests()).toHaveLength(2);
	});

	it('outputs as usual when the stamps were applied', async () => {
		await startWithStamps(100);
		const result = await run(groupStamped(stop));
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ irn: 'LEASE-7', warnings: [] });
	});

	it('stops without Simplify too', async () => {
		await startWithStamps(2);
		const result = await run(groupStamped({ ...stop, simplify: false }));
		expect(result.nodeError(NODE_NAME)?.message).toMatch(/^The document was created/);
	});
});
