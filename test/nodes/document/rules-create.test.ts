import {
	NESL_DATE_FIELDS,
	NESL_REQUIRED_WHEN,
} from '../../../nodes/DocumentExecution/resources/document/create/nesl';
import { describeFile } from '../../../nodes/DocumentExecution/resources/document/create/fileFacts';
import {
	CREATE_LABELS,
	createBodySchema,
	MAX_FILE_BYTES,
} from '../../../nodes/DocumentExecution/resources/document/create/rules';
import { StoredFile } from '../../../nodes/DocumentExecution/shared/files/binary';
import { applyRules } from '../../../nodes/DocumentExecution/shared/form/rules';
import { base64Problem, unwrapBase64 } from '../../../nodes/shared/base64';
import { makePdf } from '../../fixtures/pdf';
import { firstViolation, itChecksEachRule, pdf, valid, type RuleRow } from './rule-rows';

/** Create's rules (its verification checks: rules-create-verification.test.ts) and the file facts they read. */

const withDetail = (detail: Record<string, unknown>) => ({
	...valid,
	neslData: { documentDetail: { state: 'KA', ...detail } },
});
const pdf64 = makePdf('x', 300).toString('base64');
/** Facts of base64 text that starts as a PDF does, then leaves the alphabet: the start is not enough. */
const pdfStartThenNotBase64 = describeFile(`${pdf64.slice(0, 40)}*${pdf64.slice(41)}`);
const stampPaper = (stampFile: unknown) => ({
	state: 'KA',
	denomination: '1',
	firstPartyName: 'A',
	secondPartyName: 'B',
	stampSerial: 'S',
	stampFile,
});

const rules: RuleRow[] = [
	[
		'profileId required',
		createBodySchema,
		valid,
		{ ...valid, profileId: ' ' },
		'Workflow Profile ID: is required (the published workflow to use)',
	],
	[
		'irn at most 255',
		createBodySchema,
		{ ...valid, irn: 'a'.repeat(255) },
		{ ...valid, irn: 'a'.repeat(256) },
		'IRN: must be at most 255 characters',
	],
	[
		'irn charset',
		createBodySchema,
		{ ...valid, irn: 'A+|-:(),_.[]&/@9' },
		{ ...valid, irn: 'a b' },
		'IRN: may only contain letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
	],
	[
		'document name at most 255',
		createBodySchema,
		valid,
		{ ...valid, file: { ...valid.file, name: 'n'.repeat(256) } },
		'Document Name: must be at most 255 characters',
	],
	[
		'document name charset',
		createBodySchema,
		valid,
		{ ...valid, file: { ...valid.file, name: 'é.pdf' } },
		'Document Name: may only contain',
	],
	[
		'PDF at most 15 MB',
		createBodySchema,
		{ ...valid, file: { file: { bytes: MAX_FILE_BYTES, isPdf: true } } },
		{ ...valid, file: { file: { bytes: MAX_FILE_BYTES + 1, isPdf: true } } },
		'PDF (Base64): is larger than 15 MB (before encoding)',
	],
	[
		'PDF is a PDF',
		createBodySchema,
		valid,
		{ ...valid, file: { file: { bytes: 10, isPdf: false } } },
		'PDF (Base64): is not a PDF',
	],
	[
		'additional files at most 15 MB in total',
		createBodySchema,
		{ ...valid, file: { additionalFiles: [{ bytes: MAX_FILE_BYTES, isPdf: true }] } },
		{
			...valid,
			file: {
				additionalFiles: [
					{ bytes: MAX_FILE_BYTES, isPdf: true },
					{ bytes: 1, isPdf: true },
				],
			},
		},
		'Additional Files: are larger than 15 MB in total',
	],
	[
		'additional files are PDFs',
		createBodySchema,
		valid,
		{ ...valid, file: { additionalFiles: [pdf, { bytes: 1, isPdf: false }] } },
		'Additional Files (2): is not a PDF',
	],
	[
		'PDF is base64, not only a PDF start',
		createBodySchema,
		{ ...valid, file: { file: describeFile(pdf64) } },
		{ ...valid, file: { file: pdfStartThenNotBase64 } },
		'PDF (Base64): is not base64: "*" at character 41 is outside the base64 alphabet (A-Z, a-z, 0-9, + and /, with = padding at the end)',
	],
	[
		'additional files are base64',
		createBodySchema,
		{ ...valid, file: { additionalFiles: [describeFile(pdf64)] } },
		{ ...valid, file: { additionalFiles: [pdf, pdfStartThenNotBase64] } },
		'Additional Files (2): is not base64',
	],
	[
		'stamp paper given as text is base64',
		createBodySchema,
		{ ...valid, stampUpload: stampPaper(describeFile(pdf64)) },
		{ ...valid, stampUpload: stampPaper(pdfStartThenNotBase64) },
		'Stamp Paper Upload › Stamp Paper Binary Field: is not base64',
	],
	[
		'a text field takes text or a number',
		createBodySchema,
		{ ...valid, stampValue: 100 },
		{ ...valid, stampValue: true },
		'Stamp Value: must be text or a number',
	],
	[
		'a text field refuses a number that is none (NaN)',
		createBodySchema,
		{ ...valid, revenueStampQuantity: 2 },
		{ ...valid, revenueStampQuantity: Number.NaN },
		'Revenue Stamp Quantity: must be text or a number',
	],
	[
		'seriesQuantity whole',
		createBodySchema,
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: 2 }] },
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: '2.5' }] },
		'Multiple Stamp Series › Quantity (1): must be a whole number',
	],
	[
		'invitees at least one',
		createBodySchema,
		valid,
		{ ...valid, invitees: [] },
		'Invitees: needs at least one invitee',
	],
	[
		'invitee name required',
		createBodySchema,
		valid,
		{ ...valid, invitees: [{ email: 'a@example.com' }] },
		'Invitees › Name (1): is required',
	],
	[
		'invitee e-mail or phone',
		createBodySchema,
		{ ...valid, invitees: [{ name: 'A', phone: '9876543210' }] },
		{ ...valid, invitees: [{ name: 'A' }] },
		'Invitees › Email (1): or Phone is required',
	],
	[
		'invitee phone 10 digits',
		createBodySchema,
		valid,
		{ ...valid, invitees: [{ name: 'A', phone: '98765' }] },
		'Invitees › Phone (1): must be a 10-digit mobile number',
	],
	[
		'invitee e-mail',
		createBodySchema,
		valid,
		{ ...valid, invitees: [{ name: 'A', email: 'nope' }] },
		'Invitees › Email (1): must be an e-mail address',
	],
	[
		'cc e-mail',
		createBodySchema,
		{ ...valid, cc: [{ email: 'c@example.com' }] },
		{ ...valid, cc: [{ name: 'C' }] },
		'CC › Email (1): is required',
	],
	[
		'seriesQuantity at least 1',
		createBodySchema,
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: '1' }] },
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: '0' }] },
		'Multiple Stamp Series › Quantity (1): must be from 1 to 99',
	],
	[
		'seriesQuantity at most 99',
		createBodySchema,
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: '99' }] },
		{ ...valid, multipleStampSeries: [{ stampSeries: 'S', seriesQuantity: '100' }] },
		'Multiple Stamp Series › Quantity (1): must be from 1 to 99',
	],
	[
		'stampUpload all or nothing',
		createBodySchema,
		{
			...valid,
			stampUpload: {
				state: 'KA',
				denomination: '1',
				firstPartyName: 'A',
				secondPartyName: 'B',
				stampSerial: 'S',
				stampFile: pdf,
			},
		},
		{ ...valid, stampUpload: { state: 'KA' } },
		'Stamp Paper Upload › Denomination: is required: when stamp paper is uploaded',
	],
	[
		'stamp paper is a PDF',
		createBodySchema,
		valid,
		{
			...valid,
			stampUpload: {
				state: 'KA',
				denomination: '1',
				firstPartyName: 'A',
				secondPartyName: 'B',
				stampSerial: 'S',
				stampFile: { bytes: 3, isPdf: false },
			},
		},
		'Stamp Paper Upload › Stamp Paper Binary Field: is not a PDF',
	],
	[
		'template type enumeration',
		createBodySchema,
		{ ...valid, file: { fields: [{ type: 'select' }] } },
		{ ...valid, file: { fields: [{ type: 'signature' }] } },
		'Template Fields › Type (1): must be one of',
	],
	[
		'template checked for checkbox',
		createBodySchema,
		{ ...valid, file: { fields: [{ type: 'checkbox', checked: false }] } },
		{ ...valid, file: { fields: [{ type: 'checkbox' }] } },
		'Template Fields › Checked (1): is required when the type is checkbox',
	],
	[
		'template checked for radio',
		createBodySchema,
		{ ...valid, file: { fields: [{ type: 'radio', checked: true }] } },
		{ ...valid, file: { fields: [{ type: 'radio' }] } },
		'Template Fields › Checked (1): is required when the type is radio',
	],
	[
		'template multiple for dropdown',
		createBodySchema,
		{ ...valid, file: { fields: [{ type: 'dropdown', multiple: true }] } },
		{ ...valid, file: { fields: [{ type: 'dropdown' }] } },
		'Template Fields › Multiple (1): is required when the type is dropdown',
	],
	[
		'template width for files',
		createBodySchema,
		{ ...valid, file: { fields: [{ type: 'files', width: '1', height: '1' }] } },
		{ ...valid, file: { fields: [{ type: 'files', height: '1' }] } },
		'Template Fields › Width (Px) (1): is required',
	],
	[
		'template height for files',
		createBodySchema,
		valid,
		{ ...valid, file: { fields: [{ type: 'files', width: '1' }] } },
		'Template Fields › Height (Px) (1): is required',
	],
	[
		'autoGroupedFieldsFill boolean',
		createBodySchema,
		{ ...valid, file: { autoGroupedFieldsFill: true } },
		{ ...valid, file: { autoGroupedFieldsFill: 'yes' } },
		'Auto-Grouped Fields Fill: must be true or false',
	],
	[
		'NeSL registrationType enumeration',
		createBodySchema,
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D' }),
		withDetail({ registrationType: 'LOAN' }),
		'NeSL Data › Document Detail › Registration Type: must be one of INDIVIDUAL_LOAN',
	],
	[
		'NeSL state required',
		createBodySchema,
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D' }),
		{ ...valid, neslData: { documentDetail: { registrationType: 'NON_LENDING', docRefNo: 'D' } } },
		'NeSL Data › Document Detail › State: is required',
	],
	[
		'NeSL dates yyyy-MM-dd',
		createBodySchema,
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D', dateOfSanction: '2025-01-31' }),
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D', dateOfSanction: '2025/01/31' }),
		'NeSL Data › Document Detail › Date Of Sanction: must be a date in the format yyyy-MM-dd',
	],
	...(
		[
			'typeOfDebt',
			'accountClosedFlag',
			'fundType',
			'sanctionCurrency',
			'creditSubtype',
			'event',
		] as const
	).map(
		(field): RuleRow => [
			`NeSL ${field} enumeration`,
			createBodySchema,
			withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D' }),
			withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D', [field]: 'OTHER' }),
			'must be one of',
		],
	),
	[
		'NeSL stamp required fields',
		createBodySchema,
		{
			...valid,
			neslData: {
				stampData: [
					{
						firstParty: 'A',
						secondParty: 'B',
						stampDutyAmount: '1',
						considerationPrice: '1',
						descriptionOfDocument: 'D',
						stampDutyPaidBy: 'A',
						articleCode: 'C',
					},
				],
			},
		},
		{ ...valid, neslData: { stampData: [{ firstParty: 'A' }] } },
		'NeSL Data › Stamp Data › Second Party (1): is required',
	],
	[
		'NeSL stamp OVD type enumeration',
		createBodySchema,
		valid,
		{
			...valid,
			neslData: {
				stampData: [
					{
						firstParty: 'A',
						secondParty: 'B',
						stampDutyAmount: '1',
						considerationPrice: '1',
						descriptionOfDocument: 'D',
						stampDutyPaidBy: 'A',
						articleCode: 'C',
						firstPartyOVDType: 'AADHAAR',
					},
				],
			},
		},
		'NeSL Data › Stamp Data › First Party OVD Type (1): must be one of PAN_CARD',
	],
	[
		'NeSL other arrays are arrays',
		createBodySchema,
		{ ...valid, neslData: { entities: [] } },
		{ ...valid, neslData: { entities: {} } },
		'NeSL Data › Entities: must be a JSON array',
	],
];

describe('document rules (one test per rule)', () => {
	itChecksEachRule(rules);

	it.each(
		Object.entries(NESL_REQUIRED_WHEN).flatMap(([field, types]) =>
			types.map((type) => [field, type]),
		),
	)('NeSL %s is required for %s', (field, type) => {
		const violation = firstViolation(createBodySchema, withDetail({ registrationType: type }));
		const all = createBodySchema.safeParse(withDetail({ registrationType: type }));
		expect(violation).toBeDefined();
		expect(all.success ? [] : all.error.issues.map((issue) => issue.path.join('.'))).toContain(
			`neslData.documentDetail.${field}`,
		);
	});

	it.each(
		NESL_DATE_FIELDS.flatMap((field) =>
			['2026-13-45', '2026-02-30', '2025-02-29'].map((date) => [field, date]),
		),
	)('NeSL %s is a day of the calendar, not %s', (field, date) => {
		const detail = { registrationType: 'NON_LENDING', docRefNo: 'D' };
		expect(
			firstViolation(createBodySchema, withDetail({ ...detail, [field]: '2024-02-29' })),
		).toBeUndefined();
		expect(firstViolation(createBodySchema, withDetail({ ...detail, [field]: date }))?.rule).toBe(
			`is not a date: ${date} is not a day of the calendar`,
		);
	});

	it('gives back what is sent: every number where the spec wants text, as its text', () => {
		const checked = applyRules(
			createBodySchema,
			{
				...valid,
				irn: 42,
				stampValue: 100,
				multipleStampSeries: [{ stampSeries: 7, seriesQuantity: 2 }],
				file: { ...valid.file, fields: [{ type: 'files', width: 120, height: 80.5 }] },
				stampUpload: stampPaper(pdf),
				neslData: {
					documentDetail: {
						registrationType: 'NON_LENDING',
						state: 'KA',
						docRefNo: 1e21,
						sanctionAmount: 0.0000001,
					},
				},
			},
			CREATE_LABELS,
		);
		expect('value' in checked && checked.value).toMatchObject({
			irn: '42',
			stampValue: '100',
			multipleStampSeries: [{ stampSeries: '7', seriesQuantity: '2' }],
			file: { fields: [{ type: 'files', width: '120', height: '80.5' }] },
			neslData: {
				documentDetail: { docRefNo: '1000000000000000000000', sanctionAmount: '0.0000001' },
			},
		});
	});

	it('base64: the alphabet, = only at the end, no group cut to one character; wrapping lines are taken out first', () => {
		expect(base64Problem(pdf64)).toBeUndefined();
		expect(base64Problem(pdf64.replace(/=+$/, ''))).toBeUndefined();
		expect(base64Problem('ab-_')).toMatch(
			/^is not base64: "-" at character 3 is outside the base64 alphabet/,
		);
		expect(base64Problem('ab=c')).toMatch(/^is not base64: "=" is padding/);
		expect(base64Problem('abcde')).toMatch(/^is not base64: it is cut short/);
		expect(base64Problem('abcde=')).toMatch(/^is not base64: it is cut short/);
		expect(base64Problem(' abcd')).toMatch(/^is not base64: " " at character 1/);
		expect(unwrapBase64(pdf64.replace(/.{76}/g, '$&\r\n'))).toBe(pdf64);
		expect(unwrapBase64(pdf64)).toBe(pdf64);
	});

	it('describes files from a binary field and from base64 without reading them whole', () => {
		const bytes = makePdf('x', 1000);
		expect(describeFile(StoredFile.of('Input Binary Field', bytes))).toEqual({
			bytes: 1000,
			isPdf: true,
		});
		expect(describeFile(bytes.toString('base64'))).toEqual({ bytes: 1000, isPdf: true });
		expect(describeFile(Buffer.from('hello!').toString('base64'))).toEqual({
			bytes: 6,
			isPdf: false,
		});
	});
});
