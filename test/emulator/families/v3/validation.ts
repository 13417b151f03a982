import { makePdf } from '../../../fixtures/pdf';
import { v3Failure } from '../../envelopes';
import type { Reply } from '../../http';
import { MAX_ADDITIONAL_BYTES, MAX_PDF_BYTES, type V3Profile, type V3State } from './state';

// The create request's checks, in the order the service applies them.

/** The spec's characters of `irn`: it is matched exactly later (list `q`, the completed list's `irn`). */
export const IRN_PATTERN = /^[A-Za-z0-9+|\-:(),_.[\]&/@]*$/;
/** The spec's characters plus the space the live service takes in a document name (choices/v3.md). */
export const DOCUMENT_NAME_PATTERN = /^[A-Za-z0-9+|\-:(),_.[\]&/@ ]*$/;

/** The spec's types, the dashboard payload's `file`, and `image` of the spec's width/height rule (choices/v3.md). */
const TEMPLATE_TYPES = [
	'text',
	'textarea',
	'checkbox',
	'radio',
	'dropdown',
	'select',
	'files',
	'file',
	'image',
];
const SIZED_TEMPLATE_TYPES = ['files', 'image'];
const REGISTRATION_TYPES = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN', 'NON_LENDING', 'EBG'];
const NESL_ENUMS: Record<string, string[]> = {
	typeOfDebt: ['FINANCIAL', 'OPERATIONAL'],
	accountClosedFlag: ['YES', 'NO', 'ASSIGNED'],
	fundType: ['FUNDED', 'NON_FUNDED'],
	sanctionCurrency: ['INR'],
	creditSubtype: ['CREDIT_FACILITY', 'PROPERTY_BUYER', 'HYBRID_EBG'],
	event: [
		'Issuance',
		'Amendment',
		'Partial_invocation',
		'Invocation',
		'Cancellation',
		'Closure',
		'Renewal',
		'Court_injunction',
	],
};
const LOANS_AND_EBG = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN', 'EBG'];
const LOANS = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN'];
const NESL_REQUIRED: Array<[string, string[]]> = [
	...[
		'loanNumber',
		'sanctionNumber',
		'typeOfDebt',
		'accountClosedFlag',
		'fundType',
		'sanctionCurrency',
		'creditSubtype',
		'sanctionAmount',
	].map((field): [string, string[]] => [field, LOANS_AND_EBG]),
	...['dateOfSanction', 'emiAmount', 'rateOfInterest', 'tenure', 'facilityName'].map(
		(field): [string, string[]] => [field, LOANS],
	),
	['docRefNo', ['NON_LENDING']],
	['expiryDateEbg', ['EBG']],
	['claimExpiryDate', ['EBG']],
	['event', ['EBG']],
];
export const NESL_STAMP_REQUIRED = [
	'firstParty',
	'secondParty',
	'stampDutyAmount',
	'considerationPrice',
	'descriptionOfDocument',
	'stampDutyPaidBy',
	'articleCode',
];
const OVD_TYPES = ['PAN_CARD', 'DRIVING_LICENSE', 'VOTER_ID', 'PASSPORT', 'ANY_OTHER_OFFICIAL_ID'];
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd date that is a day of the calendar (the spec's "date"): 2026-02-30 and 2026-13-45 are not. */
function isDate(value: string): boolean {
	const [year, month, day] = (DATE_PATTERN.exec(value) ?? []).slice(1).map(Number);
	if (year === undefined) return false;
	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
export const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Standard base64 (the spec's "Base64 PDF"): the alphabet, at most two `=` ending it, and no last group of a
 * single character. Whitespace is skipped (the spec is silent on it; see choices/v3.md).
 */
function isBase64(value: string): boolean {
	const text = /\s/.test(value) ? value.replace(/\s+/g, '') : value;
	return (
		text.length > 0 &&
		/^[A-Za-z0-9+/]*={0,2}$/.test(text) &&
		text.length % 4 !== 1 &&
		(!text.endsWith('=') || text.length % 4 === 0)
	);
}

function decodePdf(value: unknown, field: string): Buffer | Reply {
	if (typeof value !== 'string' || !isBase64(value))
		return v3Failure('invalid.file', `${field} is not a base64 PDF`);
	const content = Buffer.from(value, 'base64');
	if (content.subarray(0, 5).toString('latin1') !== '%PDF-')
		return v3Failure('file.content.type.not.allowed', `${field} is not a PDF`);
	return content;
}

function validateNesl(nesl: unknown): Reply | undefined {
	if (!isObject(nesl)) return invalid('neslData must be an object');
	const detail = nesl.documentDetail;
	if (detail !== undefined) {
		if (!isObject(detail)) return invalid('neslData.documentDetail must be an object');
		if (!REGISTRATION_TYPES.includes(String(detail.registrationType))) {
			return invalid(
				`neslData.documentDetail.registrationType must be one of ${REGISTRATION_TYPES.join(', ')}`,
			);
		}
		if (!present(detail.state)) return invalid('neslData.documentDetail.state is required');
		for (const [field, values] of Object.entries(NESL_ENUMS)) {
			if (present(detail[field]) && !values.includes(String(detail[field]))) {
				return invalid(`neslData.documentDetail.${field} must be one of ${values.join(', ')}`);
			}
		}
		for (const [field, types] of NESL_REQUIRED) {
			if (types.includes(String(detail.registrationType)) && !present(detail[field])) {
				return invalid(
					`neslData.documentDetail.${field} is required for ${String(detail.registrationType)}`,
				);
			}
		}
		for (const field of ['dateOfSanction', 'expiryDateEbg', 'claimExpiryDate']) {
			if (present(detail[field]) && !isDate(String(detail[field]))) {
				return invalid(`neslData.documentDetail.${field} must be a date in the format yyyy-MM-dd`);
			}
		}
	}
	if (nesl.stampData !== undefined) {
		if (!Array.isArray(nesl.stampData)) return invalid('neslData.stampData must be an array');
		for (const [index, stamp] of nesl.stampData.entries()) {
			if (!isObject(stamp)) return invalid(`neslData.stampData[${index}] must be an object`);
			const missing = NESL_STAMP_REQUIRED.find((field) => !present(stamp[field]));
			if (missing) return invalid(`neslData.stampData[${index}].${missing} is required`);
			if (
				present(stamp.firstPartyOVDType) &&
				!OVD_TYPES.includes(String(stamp.firstPartyOVDType))
			) {
				return invalid(
					`neslData.stampData[${index}].firstPartyOVDType must be one of ${OVD_TYPES.join(', ')}`,
				);
			}
		}
	}
	for (const field of ['entities', 'participants', 'neslParties', 'neslSecurities']) {
		if (nesl[field] !== undefined && !Array.isArray(nesl[field]))
			return invalid(`neslData.${field} must be an array`);
	}
	return undefined;
}

export function checkName(
	value: unknown,
	field: string,
	code: string,
	pattern: RegExp,
	characters: string,
): Reply | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string' || value.length > 255 || !pattern.test(value))
		return v3Failure(code, `${field} must be at most 255 characters of ${characters}`);
	return undefined;
}

export const SPEC_CHARACTERS = 'letters, digits and + | - : ( ) , _ . [ ] & / @';

/** An invitee whose every field is blank: a placeholder the live service answers in its place (choices/v3.md). */
export const isPlaceholderInvitee = (entry: unknown) =>
	isObject(entry) &&
	Object.keys(entry).length > 0 &&
	Object.values(entry).every((value) => !present(value));

export const invalid = (message: string) => v3Failure('validator.invalid', message);

export const isReply = (value: unknown): value is Reply =>
	typeof value === 'object' && value !== null && 'status' in value && !('id' in value);

/** The document to sign: the PDF sent for a PDF workflow, or the template a template workflow fills in. */
export function readOriginal(profile: V3Profile, file: Record<string, unknown>): Buffer | Reply {
	if (profile.kind === 'pdf') {
		if (!present(file.file)) return invalid('file.file is required for a PDF workflow');
		const decoded = decodePdf(file.file, 'file.file');
		if (isReply(decoded)) return decoded;
		if (decoded.length > MAX_PDF_BYTES)
			return v3Failure('file.size.exceeded', 'file.file is larger than 15 MB');
		return decoded;
	}
	if (file.fields !== undefined && !Array.isArray(file.fields))
		return invalid('file.fields must be an array');
	for (const [index, field] of ((file.fields as unknown[]) ?? []).entries()) {
		if (!isObject(field)) return invalid(`file.fields[${index}] must be an object`);
		const type = field.type;
		if (present(type) && !TEMPLATE_TYPES.includes(String(type)))
			return invalid(`file.fields[${index}].type must be one of ${TEMPLATE_TYPES.join(', ')}`);
		if ((type === 'checkbox' || type === 'radio') && typeof field.checked !== 'boolean') {
			return invalid(`file.fields[${index}].checked is required for ${String(type)} fields`);
		}
		if (type === 'dropdown' && typeof field.multiple !== 'boolean')
			return invalid(`file.fields[${index}].multiple is required for dropdown fields`);
		if (
			SIZED_TEMPLATE_TYPES.includes(String(type)) &&
			(!present(field.width) || !present(field.height))
		) {
			return invalid(
				`file.fields[${index}].width and height are required for ${String(type)} fields`,
			);
		}
	}
	if (file.autoGroupedFieldsFill !== undefined && typeof file.autoGroupedFieldsFill !== 'boolean') {
		return invalid('file.autoGroupedFieldsFill must be a boolean');
	}
	return makePdf(`Template document ${String(file.name ?? profile.id)}`);
}

/** The additional PDFs sent with the document, at most 15 MB together. */
export function readAdditionalFiles(file: Record<string, unknown>): Buffer[] | Reply {
	const additionalFiles: Buffer[] = [];
	if (file.additionalFiles !== undefined) {
		if (!Array.isArray(file.additionalFiles))
			return invalid('file.additionalFiles must be an array');
		for (const [index, entry] of file.additionalFiles.entries()) {
			const decoded = decodePdf(entry, `file.additionalFiles[${index}]`);
			if (isReply(decoded)) return decoded;
			additionalFiles.push(decoded);
		}
		if (additionalFiles.reduce((total, entry) => total + entry.length, 0) > MAX_ADDITIONAL_BYTES) {
			return v3Failure(
				'additional.files.size.exceeded',
				'file.additionalFiles are larger than 15 MB in total',
			);
		}
	}
	return additionalFiles;
}

/** Invitees (placeholders skipped) and cc: why they are refused, if they are. */
export function checkInvitees(body: Record<string, unknown>): Reply | undefined {
	if (!Array.isArray(body.invitees) || body.invitees.every(isPlaceholderInvitee))
		return invalid('invitees is required');
	for (const [index, entry] of body.invitees.entries()) {
		if (isPlaceholderInvitee(entry)) continue;
		if (!isObject(entry) || !present(entry.name))
			return invalid(`invitees[${index}].name is required`);
		if (!present(entry.email) && !present(entry.phone))
			return invalid(`invitees[${index}] needs an email or a phone`);
		if (present(entry.phone) && !/^\d{10}$/.test(String(entry.phone)))
			return invalid(`invitees[${index}].phone must be a 10-digit mobile number`);
	}
	if (
		body.cc !== undefined &&
		(!Array.isArray(body.cc) || body.cc.some((entry) => !isObject(entry) || !present(entry.email)))
	) {
		return invalid('cc items need an email');
	}
	return undefined;
}

/** The stamp series asked for (with stamps left) and a stamp upload: why they are refused, if they are. */
export function checkStamps(state: V3State, body: Record<string, unknown>): Reply | undefined {
	if (present(body.stampSeries)) {
		if ((state.stamps.get(String(body.stampSeries)) ?? 0) < 1)
			return v3Failure(
				'stamp.not.available',
				`No stamps available in series ${String(body.stampSeries)}`,
			);
	}
	if (body.multipleStampSeries !== undefined) {
		if (!Array.isArray(body.multipleStampSeries))
			return invalid('multipleStampSeries must be an array');
		for (const [index, entry] of body.multipleStampSeries.entries()) {
			const quantity = Number(isObject(entry) ? entry.seriesQuantity : NaN);
			if (!isObject(entry) || !present(entry.stampSeries))
				return invalid(`multipleStampSeries[${index}].stampSeries is required`);
			if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
				return v3Failure(
					'invalid.series.quantity',
					`multipleStampSeries[${index}].seriesQuantity must be from 1 to 99`,
				);
			}
			if ((state.stamps.get(String(entry.stampSeries)) ?? 0) < quantity) {
				return v3Failure(
					'stamp.not.available',
					`Not enough stamps available in series ${String(entry.stampSeries)}`,
				);
			}
		}
	}
	if (body.stampUpload !== undefined) {
		if (!isObject(body.stampUpload)) return invalid('stampUpload must be an object');
		const upload = body.stampUpload;
		const missing = [
			'state',
			'denomination',
			'firstPartyName',
			'secondPartyName',
			'stampSerial',
			'stampFile',
		].find((field) => !present(upload[field]));
		if (missing)
			return v3Failure(
				'stamp.upload.incomplete',
				`stampUpload.${missing} is required: every stampUpload field is required`,
			);
		const stampFile = decodePdf(upload.stampFile, 'stampUpload.stampFile');
		if (isReply(stampFile)) return stampFile;
	}
	return undefined;
}

/** NeSL data, when sent: why it is refused, if it is. */
export function checkNesl(body: Record<string, unknown>): Reply | undefined {
	if (body.neslData !== undefined) {
		const neslError = validateNesl(body.neslData);
		if (neslError) return neslError;
	}
	return undefined;
}
