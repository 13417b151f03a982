import { z } from 'zod';

import {
	documentIdSchema,
	DOCUMENT_ID_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/common';
import { describeFile } from '../../../nodes/DocumentExecution/resources/document/create/fileFacts';
import { base64Problem, unwrapBase64 } from '../../../nodes/shared/base64';
import {
	NESL_DATE_FIELDS,
	NESL_REQUIRED_WHEN,
} from '../../../nodes/DocumentExecution/resources/document/create/nesl';
import {
	CREATE_LABELS,
	createBodySchema,
	MAX_FILE_BYTES,
} from '../../../nodes/DocumentExecution/resources/document/create/rules';
import { INDIA_OFFSET_MS } from '../../../nodes/shared/serviceDates';
import { downloadQuerySchema } from '../../../nodes/DocumentExecution/resources/document/download';
import {
	detailsQuerySchema,
	GET_DETAILS_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/getDetails';
import {
	GET_MANY_LABELS,
	listQuerySchema,
} from '../../../nodes/DocumentExecution/resources/document/getMany';
import { limitSchema } from '../../../nodes/DocumentExecution/shared/requests/v3ListPager';
import {
	REACTIVATE_LABELS,
	reactivateBodySchema,
} from '../../../nodes/DocumentExecution/resources/document/reactivate';
import { resendSchema } from '../../../nodes/DocumentExecution/resources/document/resend';
import {
	ebgReviewBodySchema,
	REVIEW_EBG_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/reviewEbg';
import {
	docSignerBodySchema,
	SIGN_WITH_DOC_SIGNER_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/signWithDocSigner';
import { StoredFile } from '../../../nodes/DocumentExecution/shared/files/binary';
import { DOWNLOAD_LABELS } from '../../../nodes/DocumentExecution/shared/files/downloadRequest';
import { applyRules, type FieldLabels } from '../../../nodes/DocumentExecution/shared/form/rules';
import { makePdf } from '../../fixtures/pdf';

/** The labels of every document operation: each row below names its field as its operation's refusal does. */
const LABELS: FieldLabels = {
	...CREATE_LABELS,
	...DOCUMENT_ID_LABELS,
	...GET_DETAILS_LABELS,
	...DOWNLOAD_LABELS,
	...GET_MANY_LABELS,
	...REACTIVATE_LABELS,
	...REVIEW_EBG_LABELS,
};
const firstViolation = (schema: z.ZodTypeAny, value: unknown, labels: FieldLabels = LABELS) =>
	applyRules(schema, value, labels).violations?.[0];

/** One test per rule: the rule's schema, a valid value, and the violation with its message. */
const pdf = { bytes: 100, isPdf: true };
const valid = {
	profileId: 'WF',
	file: { name: 'a.pdf', file: pdf },
	invitees: [{ name: 'A', email: 'a@example.com' }],
};
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
/** A valid body whose invitee has `checks` in its aadhaarConfig or dscConfig. */
const withChecks = (config: 'aadhaarConfig' | 'dscConfig', checks: unknown) => ({
	...valid,
	invitees: [{ ...valid.invitees[0], [config]: checks }],
});
const nextYear = new Date(Date.now() + INDIA_OFFSET_MS).getUTCFullYear() + 1;

/** The verification checks: name switches are true/false, the others carry the value the certificate must match. */
function verificationRules(): Array<[string, z.ZodTypeAny, unknown, unknown, string]> {
	const aadhaar = 'Invitees › Aadhaar Verification';
	const dsc = 'Invitees › DSC Verification';
	const rows: Array<[string, 'aadhaarConfig' | 'dscConfig', unknown, unknown, string]> = [
		[
			'is an object',
			'aadhaarConfig',
			{},
			true,
			`${aadhaar} (1): must be an object of verification checks`,
		],
		[
			'name switch',
			'aadhaarConfig',
			{ verifyName: false },
			{ verifyName: 'yes' },
			`${aadhaar} › Verify Name (1): must be true or false`,
		],
		[
			'smart name switch',
			'aadhaarConfig',
			{ verifySmartName: true },
			{ verifySmartName: 'true' },
			`${aadhaar} › Verify Smart Name (1): must be true or false`,
		],
		[
			'pincode 6 digits',
			'aadhaarConfig',
			{ verifyPincode: 560001 },
			{ verifyPincode: '56001' },
			`${aadhaar} › Pincode (1): must be the 6-digit pincode the certificate must match`,
		],
		[
			'pincode not a switch',
			'aadhaarConfig',
			{ verifyPincode: '560001' },
			{ verifyPincode: true },
			`${aadhaar} › Pincode (1): must be the 6-digit pincode the certificate must match, not true/false`,
		],
		[
			'state not blank',
			'aadhaarConfig',
			{ verifyState: 'Karnataka' },
			{ verifyState: ' ' },
			`${aadhaar} › State (1): must be the name of the state the certificate must match`,
		],
		[
			'state not a switch',
			'aadhaarConfig',
			{ verifyState: 'Goa' },
			{ verifyState: true },
			`${aadhaar} › State (1): must be the name of the state the certificate must match, not true/false`,
		],
		[
			'gender M or F',
			'aadhaarConfig',
			{ verifyGender: 'M' },
			{ verifyGender: 'Male' },
			`${aadhaar} › Gender (1): must be M or F, the gender the certificate must match`,
		],
		[
			'gender not a switch',
			'aadhaarConfig',
			{ verifyGender: 'F' },
			{ verifyGender: false },
			`${aadhaar} › Gender (1): must be M or F, the gender the certificate must match, not true/false`,
		],
		[
			'year of birth 4 digits',
			'aadhaarConfig',
			{ verifyYob: 1990 },
			{ verifyYob: '90' },
			`${aadhaar} › Year of Birth (1): must be the 4-digit year of birth the certificate must match`,
		],
		[
			'year of birth not to come',
			'aadhaarConfig',
			{ verifyYob: '1990' },
			{ verifyYob: nextYear },
			`${aadhaar} › Year of Birth (1): must be a year of birth, not a year to come`,
		],
		[
			'year of birth not a switch',
			'aadhaarConfig',
			{ verifyYob: '2001' },
			{ verifyYob: true },
			`${aadhaar} › Year of Birth (1): must be the 4-digit year of birth the certificate must match, not true/false`,
		],
		[
			'last 4 Aadhaar digits',
			'aadhaarConfig',
			{ verifyTitle: '0123' },
			{ verifyTitle: '12345' },
			`${aadhaar} › Last 4 Aadhaar Digits (1): must be the last 4 digits of the Aadhaar number the certificate must match`,
		],
		[
			'last 4 Aadhaar digits not a switch',
			'aadhaarConfig',
			{ verifyTitle: '1234' },
			{ verifyTitle: true },
			`${aadhaar} › Last 4 Aadhaar Digits (1): must be the last 4 digits of the Aadhaar number the certificate must match, not true/false`,
		],
		[
			'DSC name switch',
			'dscConfig',
			{ verifyName: true },
			{ verifyName: 1 },
			`${dsc} › Verify Name (1): must be true or false`,
		],
		[
			'DSC smart name switch',
			'dscConfig',
			{ verifySmartName: true },
			{ verifySmartName: 'no' },
			`${dsc} › Verify Smart Name (1): must be true or false`,
		],
		[
			'DSC pincode not a switch',
			'dscConfig',
			{ verifyPincode: '110001' },
			{ verifyPincode: true },
			`${dsc} › Pincode (1): must be the 6-digit pincode the certificate must match, not true/false`,
		],
		[
			'DSC state not a switch',
			'dscConfig',
			{ verifyState: 'Delhi' },
			{ verifyState: true },
			`${dsc} › State (1): must be the name of the state the certificate must match, not true/false`,
		],
	];
	return rows.map(([rule, config, ok, broken, message]) => [
		`${config} ${rule}`,
		createBodySchema,
		withChecks(config, ok),
		withChecks(config, broken),
		message,
	]);
}

const NOW = Date.UTC(2025, 0, 1);
const DAY = 24 * 3600_000;

const rules: Array<[string, z.ZodTypeAny, unknown, unknown, string, FieldLabels?]> = [
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
	...verificationRules(),
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
	).map((field): [string, z.ZodTypeAny, unknown, unknown, string] => [
		`NeSL ${field} enumeration`,
		createBodySchema,
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D' }),
		withDetail({ registrationType: 'NON_LENDING', docRefNo: 'D', [field]: 'OTHER' }),
		'must be one of',
	]),
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
	[
		'document ID required',
		documentIdSchema,
		{ documentId: 'D' },
		{ documentId: '' },
		'Document ID: is required',
	],
	[
		'details sections are switches the service lists',
		detailsQuerySchema,
		{ documentId: 'D', sections: ['workflow_name'] },
		{ documentId: 'D', sections: ['invitees'] },
		'Sections: unknown section "invitees"; pick from the Sections list',
	],
	[
		'details sections are a list',
		detailsQuerySchema,
		{ documentId: 'D' },
		{ documentId: 'D', sections: { file: true } },
		'Sections: must be a list of sections',
	],
	[
		'download type enumeration',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'DOCUMENT' },
		{ documentId: 'D', downloadType: 'document' },
		'File Type: must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
	],
	[
		'index required for ATTACHMENT',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: 0 },
		{ documentId: 'D', downloadType: 'ATTACHMENT' },
		'Index: is required for ATTACHMENT',
	],
	[
		'index not negative',
		downloadQuerySchema,
		valid && { documentId: 'D', downloadType: 'ATTACHMENT', index: 2 },
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: -1 },
		'Index: cannot be negative',
	],
	[
		'index whole number',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: '3' },
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: 0.5 },
		'Index: must be a whole number',
	],
	[
		'sign URL for SUPPORTING_DOCUMENT',
		downloadQuerySchema,
		{
			documentId: 'D',
			downloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			signUrl: 'u',
		},
		{ documentId: 'D', downloadType: 'SUPPORTING_DOCUMENT', index: 0 },
		'Sign URL: is required for SUPPORTING_DOCUMENT',
	],
	[
		'page size at most 40',
		listQuerySchema,
		{ max: 40 },
		{ max: 41 },
		'Page Size: cannot be more than 40',
	],
	[
		'page size at least 1',
		listQuerySchema,
		{ max: 1 },
		{ max: 0 },
		'Page Size: must be at least 1',
	],
	[
		'list status enumeration',
		listQuerySchema,
		{ max: 40, status: 'SIGNED' },
		{ max: 40, status: 'signed' },
		'Status: must be one of DRAFT, SENT, RECEIVED, SIGNED, COMPLETED, EXPIRED',
	],
	['limit at least 1', limitSchema, { limit: 1 }, { limit: 0 }, 'Limit: must be at least 1'],
	[
		'expiryDays at least -1',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryDays: -1 },
		{ documentId: 'D', expiryDays: -2 },
		'Expiry Days: must be from -1 to 365',
	],
	[
		'expiryDays at most 365',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryDays: 365 },
		{ documentId: 'D', expiryDays: 366 },
		'Expiry Days: must be from -1 to 365',
	],
	[
		'expiryTime in the future',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryTime: NOW + 1 },
		{ documentId: 'D', expiryTime: NOW },
		'Expiry Date and Time: must be in the future',
	],
	[
		'expiryTime at most 365 days ahead',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryTime: NOW + 365 * DAY },
		{ documentId: 'D', expiryTime: NOW + 365 * DAY + 1 },
		'Expiry Date and Time: must be at most 365 days ahead',
	],
	[
		'one of expiryDays and expiryTime',
		reactivateBodySchema(NOW),
		{ documentId: 'D' },
		{ documentId: 'D', expiryDays: 1, expiryTime: NOW + DAY },
		'Expiry Days: and Expiry Date and Time cannot both be set',
	],
	[
		'1 sign URL at least',
		resendSchema,
		{ signUrls: ['u'] },
		{ signUrls: [] },
		'needs at least one sign URL',
	],
	[
		'15 sign URLs at most',
		resendSchema,
		{ signUrls: Array(15).fill('u') },
		{ signUrls: Array(16).fill('u') },
		'can hold at most 15 sign URLs per item',
	],
	[
		'doc signer consent required',
		docSignerBodySchema,
		{ signUrl: 'u', profileId: 'p', consent: 'c' },
		{ signUrl: 'u', profileId: 'p', consent: '' },
		"Consent: is required (the service's consent text, exactly)",
	],
	[
		'doc signer profile required',
		docSignerBodySchema,
		{ signUrl: 'u', profileId: 'p', consent: 'c' },
		{ signUrl: 'u', consent: 'c' },
		'Document Signer Profile ID: is required',
		SIGN_WITH_DOC_SIGNER_LABELS,
	],
	[
		'eBG review status enumeration',
		ebgReviewBodySchema,
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'Rejected',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'rejected',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		'Review Status: must be one of Accepted, Rejected',
	],
	[
		'eBG remarks required',
		ebgReviewBodySchema,
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'Accepted',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		{ data: { requestId: 'r', loanNumber: 'l', reviewStatus: 'Accepted', notifTxnId: 'n' } },
		'Review Remarks: is required',
	],
];

describe('document rules (one test per rule)', () => {
	// Every row gets its labels argument, so that jest does not read the sixth parameter as a done callback.
	it.each(
		rules.map(
			([rule, schema, ok, broken, message, labels]) =>
				[rule, schema, ok, broken, message, labels ?? LABELS] as const,
		),
	)('%s', (_rule, schema, ok, broken, message, labels) => {
		expect(firstViolation(schema, ok)).toBeUndefined();
		expect(firstViolation(schema, broken, labels)?.message).toContain(message);
	});

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

	it('sends verification values as text, switches as they are', () => {
		const checked = applyRules(
			createBodySchema,
			withChecks('aadhaarConfig', {
				verifyName: true,
				verifyPincode: 560001,
				verifyYob: 1990,
				verifyGender: 'F',
			}),
			CREATE_LABELS,
		);
		expect('value' in checked && checked.value.invitees[0].aadhaarConfig).toEqual({
			verifyName: true,
			verifyPincode: '560001',
			verifyYob: '1990',
			verifyGender: 'F',
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
