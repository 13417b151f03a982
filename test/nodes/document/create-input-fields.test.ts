import type { INodeExecutionData } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import { NODE_NAME } from '../../harness/engine';
import { pdfItem, requestsOn, runDocument, servicePaths, useV3Emulator, v3State } from './setup';

/**
 * Create Signing Request, Specify Body → Using Input Fields (Map Automatically): each item's documentName, irn,
 * inviteeName, inviteeEmail and inviteePhone give its request, as a CSV file's rows carry them.
 */

const service = useV3Emulator();

const USING_INPUT_FIELDS = {
	operation: 'create',
	specifyBody: 'inputFields',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	options: { ifIrnExists: 'returnExisting' },
};

/** A row of a bulk send's CSV file, its PDF beside it. */
const row = async (fields: Record<string, unknown>): Promise<INodeExecutionData> =>
	await pdfItem(undefined, {}, 'default', {
		documentName: 'Loan Agreement.pdf',
		irn: 'LOAN-1',
		inviteeName: 'Asha Rao',
		inviteeEmail: 'asha@example.com',
		inviteePhone: '',
		...fields,
	});

const sentBodies = () =>
	requestsOn(service.emulator, servicePaths.create, 'POST').map(
		(request) => request.body as Record<string, any>,
	);

describe('Create, Using Input Fields', () => {
	it("sends each item's document name, IRN and invitee with the form's other fields", async () => {
		const input = [
			await row({}),
			// A number from an earlier node (a spreadsheet's phone column) is sent as its digits.
			await row({
				documentName: 'Loan Agreement 2.pdf',
				irn: 'LOAN-2',
				inviteeName: 'Vikram Iyer',
				inviteeEmail: '',
				inviteePhone: 9876543210,
				signerName: 'not read',
			}),
		];
		const result = await runDocument(
			service.emulator,
			{
				...USING_INPUT_FIELDS,
				cc: { recipient: [{ name: 'Ops', email: 'ops@example.com' }] },
				// Hidden in this mode; an IRN left in the form from Using Fields Below is not sent.
				additionalFields: { irn: 'FORM-IRN' },
			},
			{ input },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(
			sentBodies().map(({ profileId, file, irn, invitees, cc }) => ({
				profileId,
				name: file.name,
				irn,
				invitees,
				cc,
			})),
		).toEqual([
			{
				profileId: V3_SEED.pdfProfileId,
				name: 'Loan Agreement.pdf',
				irn: 'LOAN-1',
				invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
				cc: [{ name: 'Ops', email: 'ops@example.com' }],
			},
			{
				profileId: V3_SEED.pdfProfileId,
				name: 'Loan Agreement 2.pdf',
				irn: 'LOAN-2',
				invitees: [{ name: 'Vikram Iyer', phone: '9876543210' }],
				cc: [{ name: 'Ops', email: 'ops@example.com' }],
			},
		]);
		expect(result.items.map(({ json }) => json.irn)).toEqual(['LOAN-1', 'LOAN-2']);
		const documents = [...v3State(service.emulator).documents.values()];
		expect(documents.filter((document) => document.irn === 'LOAN-2')).toHaveLength(1);
	});

	it('a run again returns the documents it created, sending none twice', async () => {
		const input = [await row({}), await row({ irn: 'LOAN-2' })];
		await runDocument(service.emulator, USING_INPUT_FIELDS, { input });
		const again = await runDocument(service.emulator, USING_INPUT_FIELDS, { input });
		expect(again.items.map(({ json }) => [json.irn, json.existing])).toEqual([
			['LOAN-1', true],
			['LOAN-2', true],
		]);
		expect(sentBodies()).toHaveLength(2);
	});

	it('names the input field a row breaks, sends the others, and pairs each error with its row', async () => {
		const input = [
			await row({ inviteeEmail: 'not-an-email' }),
			await row({ irn: 'LOAN-2' }),
			await row({ irn: '' }),
			await row({ irn: 'LOAN-4', inviteeName: '' }),
		];
		const result = await runDocument(service.emulator, USING_INPUT_FIELDS, {
			input,
			onError: 'continueRegularOutput',
		});
		expect(result.items.map(({ json }) => json.error ?? json.irn)).toEqual([
			'Input field inviteeEmail: must be an e-mail address',
			'LOAN-2',
			'Input field irn: is required when If the IRN Already Exists is "Return the Existing Document" or "Stop With an Error"',
			'Input field inviteeName: is required',
		]);
		expect(result.items.map(({ pairedItem }) => pairedItem)).toEqual(
			[0, 1, 2, 3].map((item) => ({ item })),
		);
		expect(sentBodies().map((body) => body.irn)).toEqual(['LOAN-2']);
	});
});
