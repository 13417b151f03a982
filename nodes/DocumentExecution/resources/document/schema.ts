import { z } from 'zod';

import { numberAsText } from '../../shared/numberAsText';
import { sectionListSchema } from '../../shared/sectionSwitches';

/**
 * Every rule the spec states for the document (v3) operations, in one place. Each schema checks what is
 * about to be sent (the body or query built from the parameters, or the JSON body a user typed), so a rule
 * holds whichever way the request was written, and gives back what is sent (a number given where the spec
 * wants a string becomes its text). `FIELD_LABELS` turns an issue's path into the parameter's display name, so
 * that the error names the field the user must fix.
 */

export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_NAME_LENGTH = 255;
export const MAX_PAGE_SIZE = 40;
export const MAX_SIGN_URLS = 15;
export const MAX_EXPIRY_DAYS = 365;
const DAY_MS = 24 * 3600_000;

/** Alphanumerics and `+ | - : ( ) , _ . [ ] & / @` (no spaces). */
export const NAME_CHARACTERS = /^[A-Za-z0-9+|\-:(),_.[\]&/@]*$/;
const CHARACTERS_TEXT = 'letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)';

const text = z.string({ invalid_type_error: 'must be text or a number' });
/** A string field of the spec: a number is taken as its text, anything else that is not text is refused. */
const asText = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(numberAsText, schema);
const anyText = asText(text);
const required = (what = 'is required') => asText(text.trim().min(1, what));

const nameRule = asText(
	text.max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`).regex(NAME_CHARACTERS, `may only contain ${CHARACTERS_TEXT}`),
);

/** Whether `yyyy-MM-dd` (a prefix of `value`) names a day of the calendar: 2026-02-30 and 2026-13-45 do not. */
export function isCalendarDate(value: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDate = asText(
	text
		.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the format yyyy-MM-dd')
		.refine(isCalendarDate, (value) => ({ message: `is not a date: ${value} is not a day of the calendar` })),
);

export const TEMPLATE_FIELD_TYPES = ['text', 'textarea', 'checkbox', 'radio', 'dropdown', 'select', 'files'] as const;

const templateField = z
	.object({
		id: anyText.optional(),
		name: anyText.optional(),
		type: z.enum(TEMPLATE_FIELD_TYPES, { errorMap: () => ({ message: `must be one of ${TEMPLATE_FIELD_TYPES.join(', ')}` }) }).optional(),
		value: anyText.optional(),
		checked: z.boolean().optional(),
		multiple: z.boolean().optional(),
		width: anyText.optional(),
		height: anyText.optional(),
		required: z.boolean().optional(),
	})
	.passthrough()
	.superRefine((field, ctx) => {
		if ((field.type === 'checkbox' || field.type === 'radio') && field.checked === undefined) {
			ctx.addIssue({ code: 'custom', path: ['checked'], message: `is required when the type is ${field.type}` });
		}
		if (field.type === 'dropdown' && field.multiple === undefined) {
			ctx.addIssue({ code: 'custom', path: ['multiple'], message: 'is required when the type is dropdown' });
		}
		if (field.type === 'files') {
			for (const side of ['width', 'height'] as const) {
				if (!field[side]?.trim()) ctx.addIssue({ code: 'custom', path: [side], message: 'is required (in pixels) when the type is files/image' });
			}
		}
	});

export const REGISTRATION_TYPES = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN', 'NON_LENDING', 'EBG'] as const;
export const NESL_ENUMS = {
	typeOfDebt: ['FINANCIAL', 'OPERATIONAL'],
	accountClosedFlag: ['YES', 'NO', 'ASSIGNED'],
	fundType: ['FUNDED', 'NON_FUNDED'],
	sanctionCurrency: ['INR'],
	creditSubtype: ['CREDIT_FACILITY', 'PROPERTY_BUYER', 'HYBRID_EBG'],
	event: ['Issuance', 'Amendment', 'Partial_invocation', 'Invocation', 'Cancellation', 'Closure', 'Renewal', 'Court_injunction'],
} as const;
export const NESL_TEXT_FIELDS = [
	'loanNumber', 'sanctionNumber', 'branchName', 'branchAddress', 'emiAmount', 'rateOfInterest', 'sanctionAmount', 'tenure',
	'facilityName', 'amountOverdue', 'otherChargeAmount', 'debtStartDate', 'interestAmount', 'oldDebtRefNo', 'principalOutstanding',
	'loanRemark', 'totalOutstandingAmount', 'creditorBusinessUnit', 'drawingPower', 'daysPastDue', 'docRefNo', 'contractRefNo',
	'vendorCode', 'portalId',
] as const;
export const NESL_DATE_FIELDS = ['dateOfSanction', 'expiryDateEbg', 'claimExpiryDate'] as const;

const LOANS_AND_EBG = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN', 'EBG'];
const LOANS = ['INDIVIDUAL_LOAN', 'NON_INDIVIDUAL_LOAN'];
/** The spec's "mandatory for …" rules of NeslDocument, per registrationType. */
export const NESL_REQUIRED_WHEN: Record<string, string[]> = {
	loanNumber: LOANS_AND_EBG,
	sanctionNumber: LOANS_AND_EBG,
	typeOfDebt: LOANS_AND_EBG,
	accountClosedFlag: LOANS_AND_EBG,
	fundType: LOANS_AND_EBG,
	sanctionCurrency: LOANS_AND_EBG,
	creditSubtype: LOANS_AND_EBG,
	sanctionAmount: LOANS_AND_EBG,
	dateOfSanction: LOANS,
	emiAmount: LOANS,
	rateOfInterest: LOANS,
	tenure: LOANS,
	facilityName: LOANS,
	docRefNo: ['NON_LENDING'],
	expiryDateEbg: ['EBG'],
	claimExpiryDate: ['EBG'],
	event: ['EBG'],
};

const enumOf = (values: readonly string[]) =>
	z.enum(values as [string, ...string[]], { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

const neslDocument = z
	.object({
		registrationType: enumOf(REGISTRATION_TYPES),
		state: required('is required (the state where stamp duty is paid)'),
		...Object.fromEntries(NESL_TEXT_FIELDS.map((field) => [field, anyText.optional()])),
		...Object.fromEntries(NESL_DATE_FIELDS.map((field) => [field, isoDate.optional()])),
		...Object.fromEntries(Object.entries(NESL_ENUMS).map(([field, values]) => [field, enumOf(values).optional()])),
	})
	.passthrough()
	.superRefine((detail, ctx) => {
		const type = String(detail.registrationType);
		for (const [field, types] of Object.entries(NESL_REQUIRED_WHEN)) {
			const value = (detail as Record<string, unknown>)[field];
			if (types.includes(type) && (value === undefined || value === '')) {
				ctx.addIssue({ code: 'custom', path: [field], message: `is required when the registration type is ${type}` });
			}
		}
	});

export const OVD_TYPES = ['PAN_CARD', 'DRIVING_LICENSE', 'VOTER_ID', 'PASSPORT', 'ANY_OTHER_OFFICIAL_ID'] as const;
export const NESL_STAMP_REQUIRED = ['firstParty', 'secondParty', 'stampDutyAmount', 'considerationPrice', 'descriptionOfDocument', 'stampDutyPaidBy', 'articleCode'] as const;

const neslStamp = z
	.object({
		...Object.fromEntries(NESL_STAMP_REQUIRED.map((field) => [field, required()])),
		articleSubCode: anyText.optional(),
		firstPartyPin: anyText.optional(),
		secondPartyPin: anyText.optional(),
		firstPartyOVDType: enumOf(OVD_TYPES).optional(),
		firstPartyOVDValue: anyText.optional(),
	})
	.passthrough();

const neslData = z
	.object({
		documentDetail: neslDocument.optional(),
		stampData: z.array(neslStamp).optional(),
		entities: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		participants: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		neslParties: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		neslSecurities: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
	})
	.strict();

const invitee = z
	.object({
		name: required(),
		email: asText(text.email('must be an e-mail address')).optional(),
		phone: asText(text.regex(/^\d{10}$/, 'must be a 10-digit mobile number (no country code)')).optional(),
	})
	.passthrough()
	.superRefine((value, ctx) => {
		if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'or Phone is required: the service needs at least one of them' });
	});

const isFacts = (value: unknown): value is { bytes: number } => typeof value === 'object' && value !== null && typeof (value as { bytes?: unknown }).bytes === 'number';

export const STAMP_UPLOAD_FIELDS = ['state', 'denomination', 'firstPartyName', 'secondPartyName', 'stampSerial', 'stampFile'] as const;

const stampUpload = z
	.object({
		...Object.fromEntries(STAMP_UPLOAD_FIELDS.filter((field) => field !== 'stampFile').map((field) => [field, anyText.optional()])),
		stampFile: z.unknown(),
	})
	.passthrough()
	.superRefine((upload: Record<string, unknown>, ctx) => {
		// The stamp file arrives as facts about its bytes (see describeFile): no bytes is no file.
		const given = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : isFacts(value) && value.bytes > 0);
		const missing = STAMP_UPLOAD_FIELDS.filter((field) => !given(upload[field]));
		if (missing.length) {
			ctx.addIssue({ code: 'custom', path: [missing[0]], message: `is required: when stamp paper is uploaded, all of ${STAMP_UPLOAD_FIELDS.join(', ')} are required` });
			return;
		}
		const file = pdfFacts.safeParse(upload.stampFile);
		if (typeof upload.stampFile === 'object' && !file.success) {
			ctx.addIssue({ code: 'custom', path: ['stampFile'], message: file.error.issues[0].message });
		}
	});

const seriesQuantity = asText(
	text
		.trim()
		.regex(/^\d+$/, 'must be a whole number')
		.refine((quantity) => Number(quantity) >= 1 && Number(quantity) <= 99, 'must be from 1 to 99'),
);

/** Base64 strings are replaced by a description of their bytes before validation (see `describeFile`). */
const pdfFacts = z.object({ bytes: z.number(), isPdf: z.boolean(), notBase64: z.string().optional() }).superRefine((file, ctx) => {
	if (file.notBase64) ctx.addIssue({ code: 'custom', message: file.notBase64 });
	else if (!file.isPdf) ctx.addIssue({ code: 'custom', message: 'is not a PDF (it does not start with %PDF-)' });
});
const fileFacts = pdfFacts.refine((file) => file.bytes <= MAX_FILE_BYTES, { message: 'is larger than 15 MB (before encoding)' });

export const createBodySchema = z
	.object({
		profileId: required('is required (the published workflow to use)'),
		irn: nameRule.optional(),
		file: z
			.object({
				name: nameRule.optional(),
				file: fileFacts.optional(),
				fields: z.array(templateField).optional(),
				autoGroupedFieldsFill: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
				additionalFiles: z
					.array(pdfFacts)
					.refine((files) => files.reduce((total, file) => total + file.bytes, 0) <= MAX_FILE_BYTES, {
						message: 'are larger than 15 MB in total',
					})
					.optional(),
			})
			.passthrough(),
		stampSeries: anyText.optional(),
		multipleStampSeries: z.array(z.object({ stampSeries: required(), seriesQuantity }).passthrough()).optional(),
		seriesGroup: anyText.optional(),
		stampValue: anyText.optional(),
		stampUpload: stampUpload.optional(),
		revenueStampSeries: anyText.optional(),
		revenueStampQuantity: anyText.optional(),
		neslData: neslData.optional(),
		invitees: z.array(invitee, { required_error: 'is required' }).min(1, 'needs at least one invitee'),
		cc: z.array(z.object({ name: anyText.optional(), email: asText(text.email('must be an e-mail address')) }).passthrough()).optional(),
	})
	.passthrough();

export const documentIdSchema = z.object({ documentId: required('is required') }).passthrough();

/**
 * The v3.3 document details switches, as the 2022 public API description lists them (the spec does not name
 * them; see docs/choices/document.md). Its deprecated invitations_signatureOptionsUsed is left out.
 */
export const DETAIL_SWITCHES = [
	'file', 'auditTrail', 'document_scheduledDeletionDate', 'document_customMessage', 'document_deleteOnComplete',
	'document_requestSigningOrder', 'document_requireSigningOrder', 'sftp', 'workflow', 'workflow_name', 'workflow_type',
	'workflow_subType', 'template', 'template_name', 'account', 'account_name', 'account_label', 'account_brandName', 'sender',
	'sender_name', 'folder', 'folder_name', 'stampDetails', 'stampDetails_groupName', 'stampDetails_groupNumber',
	'stampDetails_maximumValuePermitted', 'stampDetails_stamps', 'stampDetails_stamps_associatedDocumentId', 'referenceAttachments',
	'neslDocumentDetails', 'neslDocumentDetails_securityDetails', 'neslDocumentDetails_stampDetails',
	'neslDocumentDetails_stampDetails_firstPartyPin', 'neslDocumentDetails_stampDetails_secondPartyPin',
	'neslDocumentDetails_stampDetails_firstPartyOVDType', 'neslDocumentDetails_stampDetails_firstPartyOVDValue',
	'neslDocumentDetails_stampDetails_secondPartyOVDType', 'neslDocumentDetails_stampDetails_secondPartyOVDValue', 'cc',
	'coordinatePicker', 'invitations_inviteeConfigs', 'invitations_inviteeConfigs_retry', 'invitations_inviteeConfigs_fixedName',
	'invitations_inviteeConfigs_noName', 'invitations_inviteeConfigs_supportingDocument', 'invitations_inviteeConfigs_organizationConfig',
	'invitations_inviteeConfigs_security', 'invitations_inviteeConfigs_customURL', 'invitations_inviteeConfigs_customConsent',
	'invitations_inviteeConfigs_enableRejectDocument', 'invitations_inviteeConfigs_enableRejectMessage',
	'invitations_recordReviewerDetails', 'invitations_inviteeGroup', 'invitations_inviteeGroup_name',
	'invitations_inviteeGroup_completionThreshold', 'invitations_inviteeGroup_size', 'invitations_inviteeGroup_completed',
	'invitations_signatureOptions', 'invitations_neslInvitationDetails', 'invitations_neslInvitationDetails_participantDetails',
	'invitations_InvitationOfflineSignDetails', 'invitations_invitationStatus_failureReason',
	'invitations_invitationStatus_rejectionMessage', 'invitations_invitationStatus_signRejectionMessage',
	'invitations_certificateData', 'invitations_verificationRequest', 'invitations_verificationResponse',
	'invitations_supportingDocuments',
] as const;
export type DetailSwitch = (typeof DETAIL_SWITCHES)[number];

export const detailsQuerySchema = documentIdSchema.extend({ sections: sectionListSchema(DETAIL_SWITCHES) });

export const DOWNLOAD_TYPES = ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT', 'SUPPORTING_DOCUMENT'] as const;

const index = z.coerce.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(0, 'cannot be negative (indexes start at 0)');

export const downloadQuerySchema = z
	.object({
		documentId: required(),
		documentDownloadType: enumOf(DOWNLOAD_TYPES),
		index: z.unknown().optional(),
		supportDocumentUrl: z.unknown().optional(),
	})
	.superRefine((query, ctx) => {
		const type = query.documentDownloadType;
		if (type === 'ATTACHMENT' || type === 'SUPPORTING_DOCUMENT') {
			if (query.index === undefined || query.index === '') ctx.addIssue({ code: 'custom', path: ['index'], message: `is required for ${type}` });
			else {
				const parsed = index.safeParse(query.index);
				if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['index'], message: parsed.error.issues[0].message });
			}
		}
		if (type === 'SUPPORTING_DOCUMENT' && (typeof query.supportDocumentUrl !== 'string' || !query.supportDocumentUrl.trim())) {
			ctx.addIssue({ code: 'custom', path: ['supportDocumentUrl'], message: 'is required for SUPPORTING_DOCUMENT (the invitee\'s sign URL or its UUID)' });
		}
	});

export const LIST_STATUSES = ['DRAFT', 'SENT', 'RECEIVED', 'SIGNED', 'COMPLETED', 'EXPIRED'] as const;

export const listQuerySchema = z
	.object({
		q: anyText.optional(),
		status: enumOf(LIST_STATUSES).optional(),
		max: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `cannot be more than ${MAX_PAGE_SIZE} (the service silently resets larger values to 20)`),
		offset: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
	})
	.passthrough();

export const limitSchema = z.object({ limit: z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1') });

/** `now` is the caller's clock (ms), so that the rule is testable. */
export const reactivateBodySchema = (now: number) =>
	z
		.object({
			documentId: required(),
			expiryDays: z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(-1, 'must be from -1 to 365').max(MAX_EXPIRY_DAYS, 'must be from -1 to 365').optional(),
			expiryTime: z
				.number({ invalid_type_error: 'must be a date and time' })
				.refine((time) => time > now, { message: 'must be in the future' })
				.refine((time) => time <= now + MAX_EXPIRY_DAYS * DAY_MS, { message: 'must be at most 365 days ahead' })
				.optional(),
		})
		.superRefine((body, ctx) => {
			if (body.expiryDays !== undefined && body.expiryTime !== undefined) {
				ctx.addIssue({ code: 'custom', path: ['expiryDays'], message: 'and Expiry Date and Time cannot both be set: give exactly one' });
			}
		});

export const signUrlsSchema = z
	.array(required('cannot be empty'))
	.min(1, 'needs at least one sign URL')
	.max(MAX_SIGN_URLS, `can hold at most ${MAX_SIGN_URLS} sign URLs per item (the service's limit per request)`);

/** Where an operation's parameter has another display name than the table's. */
export const DOC_SIGNER_LABELS = { profileId: 'Document Signer Profile ID' };

export const docSignerBodySchema = z.object({
	signUrl: required(),
	profileId: required('is required (a document signer profile of the invitee\'s account)'),
	consent: required('is required (the service\'s consent text, exactly)'),
});

export const EBG_REVIEW_STATUSES = ['Accepted', 'Rejected'] as const;

export const ebgReviewBodySchema = z.object({
	data: z.object({
		requestId: required(),
		loanNumber: required(),
		reviewStatus: enumOf(EBG_REVIEW_STATUSES),
		reviewRemarks: required(),
		notifTxnId: required(),
	}),
});

/**
 * Display names of the parameters, by the path of what they become in the request (indices as `*`). The
 * first matching entry (longest path first) names the field in an error message.
 */
export const FIELD_LABELS: Record<string, string> = {
	profileId: 'Workflow Profile ID',
	irn: 'IRN',
	file: 'Document',
	'file.name': 'Document Name',
	'file.file': 'PDF',
	'file.fields': 'Template Fields',
	'file.fields.*.type': 'Template Fields › Type',
	'file.fields.*.checked': 'Template Fields › Checked',
	'file.fields.*.multiple': 'Template Fields › Multiple',
	'file.fields.*.width': 'Template Fields › Width',
	'file.fields.*.height': 'Template Fields › Height',
	'file.autoGroupedFieldsFill': 'Auto-Grouped Fields Fill',
	'file.additionalFiles': 'Additional Files',
	invitees: 'Invitees',
	'invitees.*.name': 'Invitees › Name',
	'invitees.*.email': 'Invitees › Email',
	'invitees.*.phone': 'Invitees › Phone',
	cc: 'CC',
	'cc.*.email': 'CC › Email',
	stampSeries: 'Stamp Series',
	multipleStampSeries: 'Multiple Stamp Series',
	'multipleStampSeries.*.stampSeries': 'Multiple Stamp Series › Stamp Series',
	'multipleStampSeries.*.seriesQuantity': 'Multiple Stamp Series › Quantity',
	stampUpload: 'Stamp Paper Upload',
	'stampUpload.state': 'Stamp Paper Upload › State',
	'stampUpload.denomination': 'Stamp Paper Upload › Denomination',
	'stampUpload.firstPartyName': 'Stamp Paper Upload › First Party Name',
	'stampUpload.secondPartyName': 'Stamp Paper Upload › Second Party Name',
	'stampUpload.stampSerial': 'Stamp Paper Upload › Stamp Serial',
	'stampUpload.stampFile': 'Stamp Paper Upload › Stamp Paper PDF',
	neslData: 'NeSL Data',
	'neslData.documentDetail': 'NeSL Data › Document Detail',
	'neslData.stampData': 'NeSL Data › Stamp Data',
	'neslData.stampData.*.firstPartyOVDType': 'NeSL Data › Stamp Data › First Party OVD Type',
	'neslData.stampData.*.firstPartyOVDValue': 'NeSL Data › Stamp Data › First Party OVD Value',
	documentId: 'Document ID',
	sections: 'Sections',
	documentDownloadType: 'File Type',
	index: 'Index',
	supportDocumentUrl: 'Sign URL',
	q: 'Search',
	status: 'Status',
	max: 'Page Size',
	offset: 'Offset',
	limit: 'Limit',
	expiryDays: 'Expiry Days',
	expiryTime: 'Expiry Date and Time',
	signUrls: 'Sign URLs',
	signUrl: 'Sign URL',
	consent: 'Consent',
	'data.requestId': 'Request ID',
	'data.loanNumber': 'Loan Number',
	'data.reviewStatus': 'Review Status',
	'data.reviewRemarks': 'Review Remarks',
	'data.notifTxnId': 'Notification Transaction ID',
};

const humanize = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The display name for an issue path, with the 1-based position of list entries, e.g. "Invitees › Phone (2)". */
export function labelFor(path: Array<string | number>, overrides: Record<string, string> = {}): string {
	const labels = { ...FIELD_LABELS, ...overrides };
	const positions = path.filter((part): part is number => typeof part === 'number').map((n) => n + 1);
	const keys = path.map((part) => (typeof part === 'number' ? '*' : part));
	for (let length = keys.length; length > 0; length--) {
		const label = labels[keys.slice(0, length).join('.')];
		if (!label) continue;
		const rest = keys.slice(length).filter((key) => key !== '*').map(humanize);
		const name = [label, ...rest].join(' › ');
		return positions.length ? `${name} (${positions.join('.')})` : name;
	}
	return keys.filter((key) => key !== '*').map(humanize).join(' › ') || 'Request';
}

export interface RuleViolation {
	field: string;
	rule: string;
	message: string;
}

/** What is sent once `value` keeps every rule of `schema` (numbers turned into text), or its first broken rule. */
export function applyRules<T extends z.ZodTypeAny>(
	schema: T,
	value: unknown,
	labels: Record<string, string> = {},
): { value: z.output<T>; violation?: undefined } | { violation: RuleViolation } {
	const parsed = schema.safeParse(value);
	if (parsed.success) return { value: parsed.data as z.output<T> };
	const issue = parsed.error.issues[0];
	const field = labelFor(issue.path, labels);
	const rule = issue.code === 'invalid_type' && issue.received === 'undefined' ? 'is required' : issue.message;
	return { violation: { field, rule, message: `${field}: ${rule}` } };
}

/** The first broken rule of `value`, or undefined. */
export const firstViolation = (schema: z.ZodTypeAny, value: unknown, labels: Record<string, string> = {}): RuleViolation | undefined =>
	applyRules(schema, value, labels).violation;

/**
 * Base64 text as it is sent: without the line breaks and spaces that base64 tools wrap their output with
 * (`base64`, `openssl`, MIME), which carry nothing. The service decodes standard base64, unwrapped.
 */
export const unwrapBase64 = (text: string): string => (/\s/.test(text) ? text.replace(/\s+/g, '') : text);

const BASE64_ALPHABET = 'A-Z, a-z, 0-9, + and /, with = padding at the end';

/** Why `text` (unwrapped) is not standard base64, or undefined when it is. */
export function base64Problem(text: string): string | undefined {
	const outside = /[^A-Za-z0-9+/=]/.exec(text);
	if (outside) {
		return `is not base64: ${JSON.stringify(outside[0])} at character ${outside.index + 1} is outside the base64 alphabet (${BASE64_ALPHABET})`;
	}
	if (!/^[^=]*={0,2}$/.test(text)) return `is not base64: "=" is padding, at most two of them ending the text (${BASE64_ALPHABET})`;
	// Four characters carry three bytes; a last group of one character carries none, and padding completes a group.
	if (text.length % 4 === 1 || (text.endsWith('=') && text.length % 4 !== 0)) {
		return 'is not base64: it is cut short (its length does not fit base64\'s groups of four characters)';
	}
	return undefined;
}

/** What the schema needs to know about a file, without holding its base64 text (given unwrapped). */
export function describeFile(bytes: Buffer | string): { bytes: number; isPdf: boolean; notBase64?: string } {
	if (Buffer.isBuffer(bytes)) return { bytes: bytes.length, isPdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-' };
	const notBase64 = base64Problem(bytes);
	const padding = bytes.endsWith('==') ? 2 : bytes.endsWith('=') ? 1 : 0;
	const head = Buffer.from(bytes.slice(0, 8), 'base64').subarray(0, 5).toString('latin1');
	return { bytes: Math.floor((bytes.length * 3) / 4) - padding, isPdf: head === '%PDF-', ...(notBase64 ? { notBase64 } : {}) };
}
