import { indiaIsoOf } from '../../../nodes/shared/serviceDates';
import { V3_SEED, type V3Document } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { isPdf, makePdf } from '../../fixtures/pdf';
import {
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startRewritingProxy,
	stampPaperUpload,
	startV3Emulator,
	v3State,
	type RewritingProxy,
} from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const MB = 1024 * 1024;
/** The create answer's message (a sandbox answer kept verbatim, in public client code). */
const SENT = { code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' };
const invitees = {
	invitee: [{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }],
};
const baseParameters = {
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	binaryPropertyName: 'data',
	documentName: 'Loan-Agreement_01.pdf',
	invitees,
};
const SEEDED = new Set<unknown>(Object.values(V3_SEED));
const created = (emulator: Emulator): V3Document[] =>
	[...v3State(emulator).documents.values()].filter((doc) => !SEEDED.has(doc.documentId));
const bodyOf = (emulator: Emulator) =>
	requestsOn(emulator, servicePaths.create, 'POST')[0]?.body as Record<string, any>;

describe('Create signing request', () => {
	it.each(['default', 'filesystem'] as const)(
		"sends a PDF from a binary property (%s storage) and outputs documentId, irn and each invitee's sign URL",
		async (mode) => {
			const pdf = makePdf('Loan agreement');
			const result = await runDocument(
				emulator,
				{
					...baseParameters,
					additionalFields: { irn: 'IRN-2025/001' },
					cc: { recipient: [{ name: 'Ops', email: 'ops@example.com' }] },
				},
				{ input: [await pdfItem(pdf, {}, mode)], binaryMode: mode },
			);
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const body = bodyOf(emulator);
			expect(requestsOn(emulator, servicePaths.create, 'POST')[0].headers['x-auth-token']).toBe(
				'emulator-token',
			);
			expect(body).toEqual({
				profileId: V3_SEED.pdfProfileId,
				irn: 'IRN-2025/001',
				file: { name: 'Loan-Agreement_01.pdf', file: pdf.toString('base64') },
				invitees: [{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }],
				cc: [{ name: 'Ops', email: 'ops@example.com' }],
			});
			const [doc] = created(emulator);
			expect(doc.original.equals(pdf)).toBe(true);
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json).toEqual({
				documentId: doc.documentId,
				irn: 'IRN-2025/001',
				invitees: [
					{
						name: 'Asha Rao',
						email: 'asha@example.com',
						phone: '9876543210',
						signUrl: `${emulator.origin}/sign/${doc.invitees[0].uuid}`,
						expiryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T23:59:59\+05:30$/),
						active: true,
					},
				],
				messages: [SENT],
				warnings: [],
			});
		},
	);

	it('outputs one item per invitee on request, and the raw response without Simplify', async () => {
		const two = { invitee: [...invitees.invitee, { name: 'Vikram Shah', phone: '9876500000' }] };
		const split = await runDocument(
			emulator,
			{ ...baseParameters, invitees: two, options: { oneItemPerInvitee: true } },
			{ input: [await pdfItem()] },
		);
		expect(
			split.items.map((item) => [item.json.inviteeNumber, item.json.name, item.json.active]),
		).toEqual([
			[1, 'Asha Rao', true],
			[2, 'Vikram Shah', false],
		]);
		expect(split.items[1].json.documentId).toBe(split.items[0].json.documentId);
		const raw = await runDocument(
			emulator,
			{ ...baseParameters, simplify: false },
			{ input: [await pdfItem()] },
		);
		// Simplify off: the answer's data as sent (its ISO UTC expiry), with the warnings list.
		expect(raw.items[0].json).toEqual({
			documentId: expect.any(String),
			irn: null,
			invitees: [expect.objectContaining({ expiryDate: expect.stringMatching(/Z$/) })],
			warnings: [],
		});
	});

	it('sends a base64 PDF, additional files, invitee options, stamps and stamp paper', async () => {
		const annex = makePdf('Annexure');
		const stamp = makePdf('Stamp paper');
		const result = await runDocument(
			emulator,
			{
				...baseParameters,
				documentSource: 'base64',
				fileBase64: makePdf('Main').toString('base64'),
				invitees: {
					invitee: [
						{
							name: 'Asha Rao',
							email: 'asha@example.com',
							options: {
								groupId: 'G1',
								completionThreshold: 2,
								aadhaarConfig: { verifyName: true, verifyYob: '1990', verifyGender: 'F' },
								dscConfig: { verifyState: 'Karnataka', verifySmartName: false },
								paymentAmount: 500,
								offlineSignConfig: '{"allowed":true}',
							},
						},
					],
				},
				additionalFields: {
					additionalFiles: 'annex',
					stampSeries: V3_SEED.stampSeries,
					multipleStampSeries: {
						series: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: 99 }],
					},
					seriesGroup: 'GROUP-1',
					stampValue: '100',
					revenueStampSeries: V3_SEED.revenueStampSeries,
					revenueStampQuantity: 2,
					stampUpload: stampPaperUpload,
				},
			},
			{ input: [await pdfItem(makePdf('unused'), { annex, stamp })] },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const body = bodyOf(emulator);
		expect(body.file.additionalFiles).toEqual([annex.toString('base64')]);
		expect(body.invitees[0]).toEqual({
			name: 'Asha Rao',
			email: 'asha@example.com',
			groupId: 'G1',
			completionThreshold: 2,
			workflowPaymentCollectionConfig: { amount: 500 },
			aadhaarConfig: { verifyName: true, verifyYob: '1990', verifyGender: 'F' },
			dscConfig: { verifyState: 'Karnataka', verifySmartName: false },
			offlineSignConfig: { allowed: true },
		});
		expect(body).toMatchObject({
			stampSeries: V3_SEED.stampSeries,
			multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: '99' }],
			seriesGroup: 'GROUP-1',
			stampValue: '100',
			revenueStampSeries: V3_SEED.revenueStampSeries,
			revenueStampQuantity: '2',
			stampUpload: {
				state: 'KA',
				denomination: '100',
				firstPartyName: 'A',
				secondPartyName: 'B',
				stampSerial: 'S-1',
				stampFile: stamp.toString('base64'),
			},
		});
	});

	it('sends template fields and NeSL data', async () => {
		const result = await runDocument(emulator, {
			operation: 'create',
			profileId: V3_SEED.templateProfileId,
			documentSource: 'template',
			templateFields: {
				field: [
					{ fieldId: 'f1', fieldName: 'Agree', type: 'checkbox', checked: true, required: true },
					{ fieldId: 'f2', type: 'dropdown', multiple: false, value: 'Gold' },
					{ fieldId: 'f3', type: 'files', width: '120', height: '80' },
				],
			},
			autoGroupedFieldsFill: true,
			invitees,
			additionalFields: {
				neslData: {
					data: {
						registrationType: 'EBG',
						state: 'Karnataka',
						documentDetail: {
							loanNumber: 'L1',
							sanctionNumber: 'S1',
							typeOfDebt: 'FINANCIAL',
							accountClosedFlag: 'NO',
							fundType: 'NON_FUNDED',
							sanctionCurrency: 'INR',
							creditSubtype: 'HYBRID_EBG',
							sanctionAmount: '1000',
							expiryDateEbg: '2026-12-31',
							claimExpiryDate: '2027-01-31',
							event: 'Issuance',
						},
						stampData: {
							stamp: [
								{
									firstParty: 'A',
									secondParty: 'B',
									stampDutyAmount: '100',
									considerationPrice: '1000',
									descriptionOfDocument: 'Guarantee',
									stampDutyPaidBy: 'A',
									articleCode: 'A1',
									more: { firstPartyOVDType: 'PAN_CARD' },
								},
							],
						},
						otherArrays: '{"entities": [{"id": 1}], "participants": []}',
					},
				},
			},
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const body = bodyOf(emulator);
		expect(body.file).toEqual({
			fields: [
				{ id: 'f1', name: 'Agree', type: 'checkbox', checked: true, required: true },
				{ id: 'f2', type: 'dropdown', value: 'Gold', multiple: false },
				{ id: 'f3', type: 'files', width: '120', height: '80' },
			],
			autoGroupedFieldsFill: true,
		});
		expect(body.neslData.documentDetail).toMatchObject({
			registrationType: 'EBG',
			state: 'Karnataka',
			event: 'Issuance',
		});
		expect(body.neslData.stampData[0]).toMatchObject({
			articleCode: 'A1',
			firstPartyOVDType: 'PAN_CARD',
		});
		expect(body.neslData.entities).toEqual([{ id: 1 }]);
	});

	it('sends a JSON body as given, after checking it', async () => {
		const json = {
			profileId: V3_SEED.pdfProfileId,
			file: { name: 'x.pdf', file: makePdf('json').toString('base64') },
			invitees: [{ name: 'A', phone: '9876543210' }],
		};
		const result = await runDocument(emulator, {
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify(json),
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(bodyOf(emulator)).toEqual(json);
		const refused = await runDocument(emulator, {
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify({ ...json, irn: 'has space' }),
		});
		expect(refused.nodeError(NODE_NAME)?.message).toBe(
			'IRN: may only contain letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
		);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(1);
	});

	it('turns a service error code into a clear error (workflow.not.found, stamp.not.available)', async () => {
		const unknown = await runDocument(
			emulator,
			{ ...baseParameters, profileId: 'WF-NOPE' },
			{ input: [await pdfItem()] },
		);
		expect(unknown.nodeError(NODE_NAME)?.message).toMatch(/\[workflow\.not\.found\]/);
		const stamps = await runDocument(
			emulator,
			{ ...baseParameters, additionalFields: { stampSeries: V3_SEED.emptyStampSeries } },
			{ input: [await pdfItem()] },
		);
		expect(stamps.nodeError(NODE_NAME)?.message).toMatch(/\[stamp\.not\.available\]/);
	});

	it('accepts a PDF of exactly 15 MB', async () => {
		const result = await runDocument(emulator, baseParameters, {
			input: [await pdfItem(makePdf('big', 15 * MB))],
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(created(emulator)[0].original.length).toBe(15 * MB);
		expect(isPdf(created(emulator)[0].original)).toBe(true);
	});
});

describe('Create: the simplified output whatever the answer names the invitee list, with its messages', () => {
	const twoInvitees = {
		invitee: [...invitees.invitee, { name: 'Vikram Shah', phone: '9876500000' }],
	};
	const STAMP_WARNING = {
		code: 'workflow.stamp.warning',
		message: 'The document was sent without its stamp',
	};
	let proxy: RewritingProxy | undefined;
	afterEach(async () => {
		await proxy?.close();
		proxy = undefined;
	});

	/** Runs Create through a proxy that renames the answer's invitee list and adds a warning; returns the answer sent. */
	async function createThroughProxy(listName: string, parameters: Record<string, unknown> = {}) {
		let answered: Record<string, any> = {};
		proxy = await startRewritingProxy(
			emulator,
			servicePaths.create,
			({ data: { invitees: list, ...data }, messages, ...envelope }) => {
				answered = {
					...envelope,
					messages: [...messages, STAMP_WARNING],
					data: { ...data, [listName]: list },
				};
				return answered;
			},
		);
		const result = await runDocument(
			emulator,
			{ ...baseParameters, invitees: twoInvitees, ...parameters },
			{ input: [await pdfItem()], credentials: { documentExecutionApi: proxy.credential } },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		return { result, answered };
	}

	it.each(['invitees', 'invitations'])(
		'reads the invitee list named %s and keeps the warning of a status-1 answer',
		async (listName) => {
			const { result, answered } = await createThroughProxy(listName);
			const [doc] = created(emulator);
			expect(answered.data[listName]).toHaveLength(2);
			expect(result.items.map((item) => item.json)).toEqual([
				{
					documentId: doc.documentId,
					irn: null,
					invitees: answered.data[listName].map(
						(invitee: Record<string, unknown>, position: number) => ({
							...invitee,
							expiryDate: indiaIsoOf(doc.invitees[position].expiresAt),
						}),
					),
					messages: [SENT, STAMP_WARNING],
					warnings: [STAMP_WARNING],
				},
			]);
		},
	);

	it('keeps the messages on every item of One Item per Invitee', async () => {
		const { result } = await createThroughProxy('invitations', {
			options: { oneItemPerInvitee: true },
		});
		expect(result.items.map((item) => [item.json.name, item.json.messages])).toEqual([
			['Asha Rao', [SENT, STAMP_WARNING]],
			['Vikram Shah', [SENT, STAMP_WARNING]],
		]);
	});

	it('outputs the answer as sent, its warnings listed beside it, without Simplify', async () => {
		const { result, answered } = await createThroughProxy('invitations', { simplify: false });
		expect(result.items.map((item) => item.json)).toEqual([
			{ ...answered.data, warnings: [STAMP_WARNING] },
		]);
	});
});

describe('Create: every rule refused before any request, naming the field', () => {
	const cases: Array<[string, Record<string, unknown>, string, Record<string, Buffer>?, Buffer?]> =
		[
			[
				'irn too long',
				{ additionalFields: { irn: 'a'.repeat(256) } },
				'IRN: must be at most 255 characters',
			],
			[
				'irn with a space',
				{ additionalFields: { irn: 'IRN 1' } },
				'IRN: may only contain letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
			],
			[
				'document name with a character outside the list',
				{ documentName: 'Loan #1.pdf' },
				'Document Name: may only contain',
			],
			[
				'document name too long',
				{ documentName: `${'a'.repeat(252)}.pdf` },
				'Document Name: must be at most 255 characters',
			],
			[
				'PDF over 15 MB',
				{},
				'Input Binary Field: is larger than 15 MB',
				{},
				makePdf('big', 15 * MB + 1),
			],
			[
				'a file that is not a PDF',
				{},
				'Input Binary Field: is not a PDF',
				{},
				Buffer.from('PK\u0003\u0004 zip file'),
			],
			[
				'additional files over 15 MB in total',
				{ additionalFields: { additionalFiles: 'a, b' } },
				'Additional Files: are larger than 15 MB in total',
				{ a: makePdf('a', 8 * MB), b: makePdf('b', 7 * MB + 1) },
			],
			[
				'an additional file that is not a PDF',
				{ additionalFields: { additionalFiles: 'a' } },
				'Additional Files (1): is not a PDF',
				{ a: Buffer.from('hello') },
			],
			[
				'missing binary property',
				{ binaryPropertyName: 'nope' },
				'Input Binary Field: the input item has no binary property "nope"',
			],
			['no invitees', { invitees: {} }, 'Invitees: needs at least one invitee'],
			[
				'invitee without e-mail or phone',
				{ invitees: { invitee: [{ name: 'A' }] } },
				'Invitees › Email (1): or Phone is required',
			],
			[
				'invitee phone not 10 digits',
				{ invitees: { invitee: [{ name: 'A', phone: '+91 98765' }] } },
				'Invitees › Phone (1): must be a 10-digit mobile number',
			],
			[
				'seriesQuantity 0',
				{
					additionalFields: {
						multipleStampSeries: { series: [{ stampSeries: 'S', seriesQuantity: 0 }] },
					},
				},
				'Multiple Stamp Series › Quantity (1): must be from 1 to 99',
			],
			[
				'seriesQuantity 100',
				{
					additionalFields: {
						multipleStampSeries: { series: [{ stampSeries: 'S', seriesQuantity: 100 }] },
					},
				},
				'Multiple Stamp Series › Quantity (1): must be from 1 to 99',
			],
			[
				'stampUpload partly filled',
				{
					additionalFields: {
						stampUpload: {
							paper: {
								state: 'KA',
								denomination: '',
								firstPartyName: 'A',
								secondPartyName: 'B',
								stampSerial: 'S',
								stampFileBinaryProperty: 'data',
							},
						},
					},
				},
				'Stamp Paper Upload › Denomination: is required',
			],
			[
				'NeSL loan without its mandatory fields',
				{
					additionalFields: {
						neslData: { data: { registrationType: 'INDIVIDUAL_LOAN', state: 'KA' } },
					},
				},
				'NeSL Data › Document Detail › Loan Number: is required when the registration type is INDIVIDUAL_LOAN',
			],
			[
				'NeSL eBG without event',
				{
					additionalFields: {
						neslData: {
							data: { registrationType: 'NON_LENDING', state: 'KA', documentDetail: {} },
						},
					},
				},
				'NeSL Data › Document Detail › Doc Ref No: is required when the registration type is NON_LENDING',
			],
			[
				'NeSL date in the wrong format',
				{
					additionalFields: {
						neslData: {
							data: {
								registrationType: 'NON_LENDING',
								state: 'KA',
								documentDetail: { docRefNo: 'D', dateOfSanction: '31-12-2025' },
							},
						},
					},
				},
				'NeSL Data › Document Detail › Date Of Sanction: must be a date in the format yyyy-MM-dd',
			],
			[
				'NeSL enumeration from an expression',
				{
					additionalFields: {
						neslData: {
							data: {
								registrationType: 'NON_LENDING',
								state: 'KA',
								documentDetail: { docRefNo: 'D', fundType: '={{ "SOMETIMES" }}' },
							},
						},
					},
				},
				'NeSL Data › Document Detail › Fund Type: must be one of FUNDED, NON_FUNDED',
			],
			[
				'NeSL stamp without article code',
				{
					additionalFields: {
						neslData: {
							data: {
								registrationType: 'NON_LENDING',
								state: 'KA',
								documentDetail: { docRefNo: 'D' },
								stampData: {
									stamp: [
										{
											firstParty: 'A',
											secondParty: 'B',
											stampDutyAmount: '1',
											considerationPrice: '1',
											descriptionOfDocument: 'D',
											stampDutyPaidBy: 'A',
											articleCode: '',
										},
									],
								},
							},
						},
					},
				},
				'NeSL Data › Stamp Data › Article Code (1): is required',
			],
			[
				'template checkbox without checked (expression)',
				{
					documentSource: 'template',
					templateFields: { field: [{ type: 'checkbox', checked: '={{ undefined }}' }] },
				},
				'Template Fields › Checked (1): is required when the type is checkbox',
			],
			[
				'template files without width',
				{
					documentSource: 'template',
					templateFields: { field: [{ type: 'files', height: '10' }] },
				},
				'Template Fields › Width (Px) (1): is required (in pixels) when the type is files',
			],
			[
				'template type from an expression',
				{
					documentSource: 'template',
					templateFields: { field: [{ type: '={{ "signature" }}' }] },
				},
				'Template Fields › Type (1): must be one of text, textarea, checkbox, radio, dropdown, select, files, file, image',
			],
		];

	it.each(cases)('%s', async (_label, parameters, message, extra = {}, main = makePdf('ok')) => {
		const result = await runDocument(
			emulator,
			{ ...baseParameters, ...parameters },
			{ input: [await pdfItem(main, extra)] },
		);
		const error = result.nodeError(NODE_NAME);
		expect(error?.message.startsWith(message)).toBe(true);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(0);
	});

	it('the dropdown rule holds in a JSON body', async () => {
		const result = await runDocument(emulator, {
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify({
				profileId: V3_SEED.templateProfileId,
				file: { fields: [{ type: 'dropdown' }] },
				invitees: [{ name: 'A', phone: '9876543210' }],
			}),
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Template Fields › Multiple (1): is required when the type is dropdown',
		);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(0);
	});
});
