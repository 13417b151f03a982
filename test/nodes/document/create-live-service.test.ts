import { PLACEHOLDER_ANSWER, V3_SEED } from '../../emulator/families/v3';
import { NODE_NAME } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import { pdfItem, requestsOn, runDocument, servicePaths, useV3Emulator, v3State } from './setup';

/**
 * Create sends what the live service takes (issue #30, item 1; docs/choices/document.md, "What the live service
 * takes"): document names with spaces, blank optional values of a JSON Body as not given, placeholder invitees
 * in their place; and still refuses, before sending, what the service would refuse.
 */

const service = useV3Emulator();

const pdf64 = makePdf('Offer letter').toString('base64');
const asha = { name: 'Asha Rao', phone: '9876543210' };
const ravi = { name: 'Ravi Kumar', email: 'ravi@example.com' };
const placeholder = { name: '', email: '', phone: '' };
const jsonCreate = (body: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
	operation: 'create',
	specifyBody: 'json',
	jsonBody: JSON.stringify({
		profileId: V3_SEED.pdfProfileId,
		file: { name: 'Offer.pdf', file: pdf64 },
		invitees: [asha],
		...body,
	}),
	...extra,
});
const createRequests = () => requestsOn(service.emulator, servicePaths.create, 'POST');
const sentBody = () => createRequests()[0]?.body as Record<string, any>;
const createdDocuments = () =>
	[...v3State(service.emulator).documents.values()].filter(
		(doc) => !(Object.values(V3_SEED) as unknown[]).includes(doc.documentId),
	);
const nonLending = (detail: Record<string, unknown>) => ({
	neslData: {
		documentDetail: { registrationType: 'NON_LENDING', state: 'KA', docRefNo: 'D-1', ...detail },
	},
});

describe('Create: a document name may hold spaces; the IRN keeps the spec characters', () => {
	it.each([
		[
			'fields',
			{
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'binary',
				documentName: 'Offer Letter - A Rao.pdf',
				invitees: { invitee: [asha] },
			},
		],
		['a JSON Body', jsonCreate({ file: { name: 'Offer Letter - A Rao.pdf', file: pdf64 } })],
	])('sends it as written from %s', async (_way, parameters) => {
		const result = await runDocument(service.emulator, parameters, { input: [await pdfItem()] });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody().file.name).toBe('Offer Letter - A Rao.pdf');
		expect(createdDocuments().map((doc) => doc.name)).toEqual(['Offer Letter - A Rao.pdf']);
	});

	it('still refuses an IRN with a space, and a document name with a character outside the list', async () => {
		const irn = await runDocument(service.emulator, jsonCreate({ irn: 'BK 1024' }));
		expect(irn.nodeError(NODE_NAME)?.message).toBe(
			'IRN: may only contain letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
		);
		const name = await runDocument(
			service.emulator,
			jsonCreate({ file: { name: 'Offer #1.pdf', file: pdf64 } }),
		);
		expect(name.nodeError(NODE_NAME)?.message).toBe(
			'Document Name: may only contain letters, digits, spaces and + | - : ( ) , _ . [ ] & / @',
		);
		expect(createRequests()).toHaveLength(0);
	});
});

describe('Create: in a JSON Body a blank optional value is not given, as in fields mode', () => {
	it("leaves out an invitee's blank e-mail beside a phone and blank phone beside an e-mail", async () => {
		const result = await runDocument(
			service.emulator,
			jsonCreate({
				invitees: [
					{ ...asha, email: '' },
					{ ...ravi, phone: '' },
				],
			}),
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody().invitees).toEqual([asha, ravi]);
		expect(result.items[0].json.invitees).toMatchObject([
			{ name: 'Asha Rao', email: null, phone: '9876543210' },
			{ name: 'Ravi Kumar', email: 'ravi@example.com', phone: null },
		]);
	});

	it("leaves out NeSL's blank optional dates, event and texts, and the stamp data's blank OVD fields", async () => {
		const stamp = {
			firstParty: 'Asha Rao',
			secondParty: 'Lender Ltd',
			stampDutyAmount: '100',
			considerationPrice: '500000',
			descriptionOfDocument: 'Loan',
			stampDutyPaidBy: 'Lender Ltd',
			articleCode: '5',
		};
		const result = await runDocument(
			service.emulator,
			jsonCreate({
				neslData: {
					...nonLending({
						dateOfSanction: '',
						expiryDateEbg: '',
						claimExpiryDate: '',
						event: '',
						debtStartDate: '',
						amountOverdue: '',
						typeOfDebt: '',
					}).neslData,
					stampData: [
						{ ...stamp, firstPartyOVDType: '', firstPartyOVDValue: '', secondPartyPin: '' },
					],
				},
			}),
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody().neslData).toEqual({
			documentDetail: { registrationType: 'NON_LENDING', state: 'KA', docRefNo: 'D-1' },
			stampData: [stamp],
		});
		expect(createdDocuments()).toHaveLength(1);
	});

	it.each<[string, Record<string, unknown>, string]>([
		[
			'an invitee with a name and neither e-mail nor phone',
			{ invitees: [{ name: 'Asha Rao', email: '', phone: '' }] },
			'Invitees › Email (1): or Phone is required: the service needs at least one of them',
		],
		[
			'an invitee with an e-mail or phone and a blank name',
			{ invitees: [{ name: '', phone: '9876543210' }] },
			'Invitees › Name (1): is required',
		],
		[
			'a blank field the registration type requires',
			nonLending({ docRefNo: '' }),
			'NeSL Data › Document Detail › Doc Ref No: is required when the registration type is NON_LENDING',
		],
		[
			'a blank eBG event, which EBG requires',
			{
				neslData: {
					documentDetail: {
						registrationType: 'EBG',
						state: 'KA',
						loanNumber: 'L-1',
						sanctionNumber: 'S-1',
						typeOfDebt: 'FINANCIAL',
						accountClosedFlag: 'NO',
						fundType: 'FUNDED',
						sanctionCurrency: 'INR',
						creditSubtype: 'HYBRID_EBG',
						sanctionAmount: '100000',
						expiryDateEbg: '2027-01-31',
						claimExpiryDate: '2027-03-31',
						event: '',
					},
				},
			},
			'NeSL Data › Document Detail › eBG Event: is required when the registration type is EBG',
		],
		[
			'an event that is not blank and not in the list',
			nonLending({ event: 'Signing' }),
			'NeSL Data › Document Detail › eBG Event: must be one of Issuance',
		],
		[
			'only placeholder invitees',
			{ invitees: [placeholder, placeholder] },
			'Invitees: needs at least one invitee who is not blank',
		],
	])('still refuses %s before sending, naming the field', async (_label, body, message) => {
		const result = await runDocument(service.emulator, jsonCreate(body));
		expect(result.nodeError(NODE_NAME)?.message.startsWith(message)).toBe(true);
		expect(createRequests()).toHaveLength(0);
	});
});

describe('Create: a placeholder invitee (every field blank) is sent as written, in its place', () => {
	const withPlaceholder = { invitees: [asha, placeholder, ravi] };

	it('sends it, and the simplified output has null in its place', async () => {
		const result = await runDocument(service.emulator, jsonCreate(withPlaceholder));
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody().invitees).toEqual([asha, placeholder, ravi]);
		const invitees = result.items[0].json.invitees as Array<Record<string, unknown> | null>;
		expect(invitees.map((invitee) => invitee?.name ?? invitee)).toEqual([
			'Asha Rao',
			null,
			'Ravi Kumar',
		]);
	});

	it('One Item per Invitee gives no item for it, and numbers the others by their place', async () => {
		const result = await runDocument(
			service.emulator,
			jsonCreate(withPlaceholder, { options: { oneItemPerInvitee: true } }),
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items.map(({ json }) => [json.inviteeNumber, json.name])).toEqual([
			[1, 'Asha Rao'],
			[3, 'Ravi Kumar'],
		]);
	});

	it('outputs the answer with its entry of nulls without Simplify', async () => {
		const result = await runDocument(
			service.emulator,
			jsonCreate(withPlaceholder, { simplify: false }),
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		// Simplify off: the answer's data, as sent (docs/document-execution.md, "Simplify").
		const data = result.items[0].json as { invitees: unknown[] };
		expect(data.invitees[1]).toEqual(PLACEHOLDER_ANSWER);
	});

	it.each([true, false])(
		'takes an answer with null in its place without an error (Simplify %s)',
		async (simplify) => {
			const throughProxy = await service.rewriteAnswers(servicePaths.create, (answer) => ({
				...answer,
				data: {
					...answer.data,
					invitees: (answer.data.invitees as unknown[]).map((invitee, position) =>
						position === 1 ? null : invitee,
					),
				},
			}));
			const result = await runDocument(
				service.emulator,
				jsonCreate(withPlaceholder, { simplify }),
				throughProxy,
			);
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const { json } = result.items[0];
			const invitees = json.invitees as unknown[];
			expect(invitees).toHaveLength(3);
			expect(invitees[1]).toBeNull();
		},
	);
});
