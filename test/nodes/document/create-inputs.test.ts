import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import { pdfItem, requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const pdf64 = makePdf('Loan agreement').toString('base64');
/** Base64 that starts as a PDF does and then leaves the alphabet. */
const notBase64 = `${pdf64.slice(0, 40)}*${pdf64.slice(41)}`;
const invitees = [{ name: 'Asha Rao', phone: '9876543210' }];
const jsonBody = (body: Record<string, unknown>) => ({
	operation: 'create',
	specifyBody: 'json',
	jsonBody: JSON.stringify(body),
});
const pdfRequest = (extra: Record<string, unknown> = {}, file: Record<string, unknown> = {}) => ({
	profileId: V3_SEED.pdfProfileId,
	file: { name: 'Loan.pdf', file: pdf64, ...file },
	invitees,
	...extra,
});
const fields = {
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	invitees: { invitee: invitees },
};
const nonLending = (documentDetail: Record<string, unknown>) => ({
	neslData: {
		data: {
			registrationType: 'NON_LENDING',
			state: 'KA',
			documentDetail: { docRefNo: 'D-1', ...documentDetail },
		},
	},
});
const sentBody = () =>
	requestsOn(emulator, servicePaths.create, 'POST')[0]?.body as Record<string, any>;

describe('Create refuses what the service would refuse, naming the field, before anything is sent', () => {
	it.each<[string, Record<string, unknown>, string]>([
		[
			'base64 text that starts as a PDF and leaves the alphabet',
			{ documentSource: 'base64', fileBase64: notBase64 },
			'PDF (Base64): is not base64: "*" at character 41 is outside the base64 alphabet',
		],
		[
			'an additional file whose base64 has padding inside',
			jsonBody(pdfRequest({}, { additionalFiles: [`${pdf64.slice(0, 8)}=${pdf64.slice(9)}`] })),
			'Additional Files (1): is not base64: "=" is padding',
		],
		[
			'a stamp paper given as text outside the base64 alphabet',
			jsonBody(
				pdfRequest({
					stampUpload: {
						state: 'KA',
						denomination: '100',
						firstPartyName: 'A',
						secondPartyName: 'B',
						stampSerial: 'S-1',
						stampFile: notBase64,
					},
				}),
			),
			'Stamp Paper Upload › Stamp Paper Binary Field: is not base64',
		],
		[
			'a PDF cut one character into a base64 group',
			jsonBody(pdfRequest({}, { file: pdf64.replace(/=+$/, '').slice(0, 41) })),
			'PDF (Base64): is not base64: it is cut short',
		],
		[
			'Date Of Sanction 2026-13-45',
			{ additionalFields: nonLending({ dateOfSanction: '2026-13-45' }) },
			'NeSL Data › Document Detail › Date Of Sanction: is not a date: 2026-13-45 is not a day of the calendar',
		],
		[
			'Expiry Date Ebg 2026-02-30',
			{ additionalFields: nonLending({ expiryDateEbg: '2026-02-30' }) },
			'NeSL Data › Document Detail › Expiry Date Ebg: is not a date: 2026-02-30 is not a day of the calendar',
		],
		[
			'Claim Expiry Date 2025-02-29 (no leap year)',
			{ additionalFields: nonLending({ claimExpiryDate: '2025-02-29' }) },
			'NeSL Data › Document Detail › Claim Expiry Date: is not a date: 2025-02-29 is not a day of the calendar',
		],
		[
			'a quantity that is true (JSON body)',
			jsonBody(
				pdfRequest({
					multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: true }],
				}),
			),
			'Multiple Stamp Series › Quantity (1): must be text or a number',
		],
		[
			'a quantity of 2.5',
			jsonBody(
				pdfRequest({
					multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: 2.5 }],
				}),
			),
			'Multiple Stamp Series › Quantity (1): must be a whole number',
		],
		[
			'a stamp value that is an object (JSON body)',
			jsonBody(pdfRequest({ stampValue: { amount: 100 } })),
			'Stamp Value: must be text or a number',
		],
		[
			'a stamp paper field from an expression that gives an object',
			{
				additionalFields: {
					stampUpload: {
						paper: {
							state: 'KA',
							denomination: '={{ { rupees: 100 } }}',
							firstPartyName: 'A',
							secondPartyName: 'B',
							stampSerial: 'S-1',
							stampFileBinaryProperty: 'data',
						},
					},
				},
			},
			'Stamp Paper Upload › Denomination: must be text or a number',
		],
		[
			'a NeSL amount from an expression that gives NaN',
			{ additionalFields: nonLending({ sanctionAmount: '={{ Number("lakh") }}' }) },
			'NeSL Data › Document Detail › Sanction Amount: must be text or a number',
		],
	])('%s', async (_label, parameters, message) => {
		const result = await runDocument(
			emulator,
			{ ...fields, ...parameters },
			{ input: [await pdfItem()] },
		);
		expect(result.nodeError(NODE_NAME)?.message.startsWith(message)).toBe(true);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(0);
	});

	it('Reactivate: an expiry on a day the calendar does not have (2026-02-30) is refused, not rolled over to March', async () => {
		const result = await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			expiry: 'dateTime',
			expiryTime: '2026-02-30T10:00:00',
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Expiry Date and Time: is not a date: 2026-02-30 is not a day of the calendar',
		);
		expect(requestsOn(emulator, servicePaths.reactivate)).toHaveLength(0);
	});
});

describe('Create sends a number given where the spec wants a string as that string', () => {
	it('from a JSON body', async () => {
		const body = pdfRequest({
			irn: 20250042,
			stampValue: 100,
			revenueStampSeries: V3_SEED.revenueStampSeries,
			revenueStampQuantity: 3,
			multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: 2 }],
			neslData: {
				documentDetail: {
					registrationType: 'NON_LENDING',
					state: 'KA',
					docRefNo: 7,
					sanctionAmount: 500000,
					rateOfInterest: 8.75,
				},
				stampData: [
					{
						firstParty: 'A',
						secondParty: 'B',
						stampDutyAmount: 100,
						considerationPrice: 1000000,
						descriptionOfDocument: 'Loan',
						stampDutyPaidBy: 'A',
						articleCode: 5,
					},
				],
			},
			invitees: [{ name: 'Asha Rao', phone: 9876543210 }],
		});
		const result = await runDocument(emulator, jsonBody(body));
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody()).toMatchObject({
			irn: '20250042',
			stampValue: '100',
			revenueStampQuantity: '3',
			multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: '2' }],
			neslData: {
				documentDetail: { docRefNo: '7', sanctionAmount: '500000', rateOfInterest: '8.75' },
				stampData: [{ stampDutyAmount: '100', considerationPrice: '1000000', articleCode: '5' }],
			},
			invitees: [{ name: 'Asha Rao', phone: '9876543210' }],
		});
	});

	it('from template fields and from expressions in the fields', async () => {
		const result = await runDocument(emulator, {
			operation: 'create',
			profileId: V3_SEED.templateProfileId,
			documentSource: 'template',
			templateFields: {
				field: [{ fieldId: '={{ 7 }}', type: 'files', width: '={{ 120 }}', height: '={{ 80 }}' }],
			},
			invitees: { invitee: invitees },
			additionalFields: {
				seriesGroup: '={{ 4 }}',
				...nonLending({ emiAmount: '={{ 2500.5 }}' }),
			},
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(sentBody().file.fields).toEqual([
			{ id: '7', type: 'files', width: '120', height: '80' },
		]);
		expect(sentBody().seriesGroup).toBe('4');
		expect(sentBody().neslData.documentDetail.emiAmount).toBe('2500.5');
	});

	it('Review eBG: a request ID from an expression that gives a number is sent as text', async () => {
		await runDocument(emulator, {
			operation: 'reviewEbg',
			requestId: '={{ 1001 }}',
			loanNumber: 'LN-0001',
			notifTxnId: 'NTX-0001',
			reviewStatus: 'Accepted',
			reviewRemarks: 'ok',
		});
		expect(requestsOn(emulator, servicePaths.ebg)[0].body).toMatchObject({
			data: { requestId: '1001' },
		});
	});
});

it('Create sends base64 wrapped in lines (as base64 tools write it) unwrapped, and the service takes it', async () => {
	const wrapped = pdf64.replace(/.{76}/g, '$&\r\n');
	const result = await runDocument(emulator, {
		...fields,
		documentSource: 'base64',
		fileBase64: wrapped,
	});
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(sentBody().file.file).toBe(pdf64);
});
