import { z } from 'zod';

import { isObject } from '../../../../shared/isObject';
import { INDIA_OFFSET_MS } from '../../../../shared/serviceDates';
import {
	asText,
	requiredText,
	text,
	textString,
	unsetWhenBlank,
	type FieldLabels,
} from '../../../shared/form/rules';
import { neslDataSchema } from './nesl';

/** Every rule of Create Signing Request, checked on the body about to be sent, however it was written. */

export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_NAME_LENGTH = 255;

/** The editor labels of the body's fields, by their path in the body; the JSON Body's errors use them too. */
export const CREATE_LABELS: FieldLabels = {
	profileId: 'Workflow Profile ID',
	irn: 'IRN',
	file: 'Document Source',
	'file.name': 'Document Name',
	'file.file': 'PDF (Base64)',
	binaryPropertyName: 'Input Binary Field',
	'file.fields': 'Template Fields',
	'file.fields.*.type': 'Template Fields › Type',
	'file.fields.*.checked': 'Template Fields › Checked',
	'file.fields.*.multiple': 'Template Fields › Multiple',
	'file.fields.*.width': 'Template Fields › Width (Px)',
	'file.fields.*.height': 'Template Fields › Height (Px)',
	'file.autoGroupedFieldsFill': 'Auto-Grouped Fields Fill',
	'file.additionalFiles': 'Additional Files',
	invitees: 'Invitees',
	'invitees.*.name': 'Invitees › Name',
	'invitees.*.email': 'Invitees › Email',
	'invitees.*.phone': 'Invitees › Phone',
	'invitees.*.aadhaarConfig': 'Invitees › Aadhaar Verification',
	'invitees.*.aadhaarConfig.verifyName': 'Invitees › Aadhaar Verification › Verify Name',
	'invitees.*.aadhaarConfig.verifySmartName': 'Invitees › Aadhaar Verification › Verify Smart Name',
	'invitees.*.aadhaarConfig.verifyPincode': 'Invitees › Aadhaar Verification › Pincode',
	'invitees.*.aadhaarConfig.verifyState': 'Invitees › Aadhaar Verification › State',
	'invitees.*.aadhaarConfig.verifyGender': 'Invitees › Aadhaar Verification › Gender',
	'invitees.*.aadhaarConfig.verifyYob': 'Invitees › Aadhaar Verification › Year of Birth',
	'invitees.*.aadhaarConfig.verifyTitle': 'Invitees › Aadhaar Verification › Last 4 Aadhaar Digits',
	'invitees.*.dscConfig': 'Invitees › DSC Verification',
	'invitees.*.dscConfig.verifyName': 'Invitees › DSC Verification › Verify Name',
	'invitees.*.dscConfig.verifySmartName': 'Invitees › DSC Verification › Verify Smart Name',
	'invitees.*.dscConfig.verifyPincode': 'Invitees › DSC Verification › Pincode',
	'invitees.*.dscConfig.verifyState': 'Invitees › DSC Verification › State',
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
	'stampUpload.stampFile': 'Stamp Paper Upload › Stamp Paper Binary Field',
	neslData: 'NeSL Data',
	'neslData.documentDetail': 'NeSL Data › Document Detail',
	// The detail fields whose form names are not their keys in words.
	'neslData.documentDetail.emiAmount': 'NeSL Data › Document Detail › EMI Amount',
	'neslData.documentDetail.event': 'NeSL Data › Document Detail › eBG Event',
	'neslData.documentDetail.portalId': 'NeSL Data › Document Detail › Portal ID',
	'neslData.stampData': 'NeSL Data › Stamp Data',
	'neslData.stampData.*.firstPartyOVDType': 'NeSL Data › Stamp Data › First Party OVD Type',
	'neslData.stampData.*.firstPartyOVDValue': 'NeSL Data › Stamp Data › First Party OVD Value',
	'invitees.*.offlineSignConfig': 'Invitees › Offline Sign Config (JSON)',
	'invitees.*.neslConfig': 'Invitees › NeSL Config (JSON)',
	'neslData.otherArrays': 'NeSL Data › Other Arrays (JSON)',
	jsonBody: 'JSON Body',
};

/**
 * Specify Body → Using Input Fields (Map Automatically): the item's fields it reads, by their place in the body.
 * One invitee a row, as a CSV file of a bulk send has it, so a refusal names no position.
 */
export const INPUT_FIELDS_MODE = 'inputFields';
export const INPUT_FIELDS = {
	documentName: 'file.name',
	irn: 'irn',
	inviteeName: 'invitees.0.name',
	inviteeEmail: 'invitees.0.email',
	inviteePhone: 'invitees.0.phone',
} as const;

/** The labels of Using Input Fields: a broken rule names the item's field it was read from. */
export const INPUT_FIELDS_LABELS: FieldLabels = {
	...CREATE_LABELS,
	...Object.fromEntries(
		Object.entries(INPUT_FIELDS).map(([field, place]) => [place, `Input field ${field}`]),
	),
};

/** The IRN's characters, the spec's: alphanumerics and `+ | - : ( ) , _ . [ ] & / @` (no spaces). */
export const NAME_CHARACTERS = /^[A-Za-z0-9+|\-:(),_.[\]&/@]*$/;
/**
 * A document name's: the spec's and the space, which the live service takes (docs/choices/document.md). The
 * IRN keeps the spec's, as it is matched exactly later.
 */
export const DOCUMENT_NAME_CHARACTERS = /^[A-Za-z0-9+|\-:(),_.[\]&/@ ]*$/;

const nameRule = (characters: RegExp, described: string) =>
	asText(
		textString()
			.max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
			.regex(characters, `may only contain ${described}`),
	);
const irnRule = nameRule(
	NAME_CHARACTERS,
	'letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces)',
);
const documentNameRule = nameRule(
	DOCUMENT_NAME_CHARACTERS,
	'letters, digits, spaces and + | - : ( ) , _ . [ ] & / @',
);

/**
 * The spec's types, then `file` (the dashboard's workflow payload; public client code against the live service,
 * collected 2026-11-25) and `image` (the spec's "files/image" width and height rule).
 */
export const TEMPLATE_FIELD_TYPES = [
	'text',
	'textarea',
	'checkbox',
	'radio',
	'dropdown',
	'select',
	'files',
	'file',
	'image',
] as const;
/** The types that need a width and a height; a dashboard `file` field carries neither. */
export const SIZED_TEMPLATE_FIELD_TYPES: readonly string[] = ['files', 'image'];

const templateField = z
	.object({
		id: text().optional(),
		name: text().optional(),
		type: z
			.enum(TEMPLATE_FIELD_TYPES, {
				errorMap: () => ({ message: `must be one of ${TEMPLATE_FIELD_TYPES.join(', ')}` }),
			})
			.optional(),
		value: text().optional(),
		checked: z.boolean().optional(),
		multiple: z.boolean().optional(),
		width: text().optional(),
		height: text().optional(),
		required: z.boolean().optional(),
	})
	.passthrough()
	.superRefine((field, ctx) => {
		if ((field.type === 'checkbox' || field.type === 'radio') && field.checked === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['checked'],
				message: `is required when the type is ${field.type}`,
			});
		}
		if (field.type === 'dropdown' && field.multiple === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['multiple'],
				message: 'is required when the type is dropdown',
			});
		}
		if (field.type && SIZED_TEMPLATE_FIELD_TYPES.includes(field.type)) {
			for (const side of ['width', 'height'] as const) {
				if (!field[side]?.trim())
					ctx.addIssue({
						code: 'custom',
						path: [side],
						message: `is required (in pixels) when the type is ${field.type}`,
					});
			}
		}
	});

/**
 * A verification check that carries the value the signer's certificate is compared with (public client code
 * against the live service, collected 2026-11-25): a switch's true/false is refused, as the service would
 * compare the certificate with it and fail the invitation at signing.
 */
const comparedValue = (what: string, pattern: RegExp) => {
	const rule = `must be ${what} the certificate must match`;
	return asText(
		z
			.string({
				errorMap: (issue, ctx) =>
					issue.code === 'invalid_type'
						? { message: issue.received === 'boolean' ? `${rule}, not true/false` : rule }
						: { message: ctx.defaultError },
			})
			.regex(pattern, rule),
	);
};

const nameCheck = unsetWhenBlank(z.boolean({ invalid_type_error: 'must be true or false' }));
const pincodeCheck = unsetWhenBlank(comparedValue('the 6-digit pincode', /^\d{6}$/));
const stateCheck = unsetWhenBlank(comparedValue('the name of the state', /\S/));
const yearOfBirthCheck = unsetWhenBlank(
	comparedValue('the 4-digit year of birth', /^\d{4}$/).refine(
		(year) => Number(year) <= new Date(Date.now() + INDIA_OFFSET_MS).getUTCFullYear(),
		{ message: 'must be a year of birth, not a year to come' },
	),
);
const configType = { invalid_type_error: 'must be an object of verification checks' };

const aadhaarConfig = z
	.object(
		{
			verifyName: nameCheck,
			verifySmartName: nameCheck,
			verifyPincode: pincodeCheck,
			verifyState: stateCheck,
			verifyGender: unsetWhenBlank(comparedValue('M or F, the gender', /^[MF]$/)),
			verifyYob: yearOfBirthCheck,
			verifyTitle: unsetWhenBlank(
				comparedValue('the last 4 digits of the Aadhaar number', /^\d{4}$/),
			),
		},
		configType,
	)
	.passthrough();

const dscConfig = z
	.object(
		{
			verifyName: nameCheck,
			verifySmartName: nameCheck,
			verifyPincode: pincodeCheck,
			verifyState: stateCheck,
		},
		configType,
	)
	.passthrough();

const invitee = z
	.object({
		name: requiredText(),
		email: unsetWhenBlank(asText(textString().email('must be an e-mail address'))),
		phone: unsetWhenBlank(
			asText(textString().regex(/^\d{10}$/, 'must be a 10-digit mobile number (no country code)')),
		),
		aadhaarConfig: aadhaarConfig.optional(),
		dscConfig: dscConfig.optional(),
	})
	.passthrough()
	.superRefine((value, ctx) => {
		if (!value.email && !value.phone)
			ctx.addIssue({
				code: 'custom',
				path: ['email'],
				message: 'or Phone is required: the service needs at least one of them',
			});
	});

/**
 * An invitee that has fields and whose every field is blank: a placeholder, as clients pad a fixed list of
 * signers. The live service takes it and answers an entry of nulls in its place (docs/choices/document.md), so
 * it is sent as written, in its place.
 */
export const isPlaceholderInvitee = (value: unknown): value is Record<string, unknown> =>
	isObject(value) &&
	Object.keys(value).length > 0 &&
	Object.values(value).every((field) => field === '' || field === null);

/** An invitee, checked by the invitee rules, or a placeholder, sent as written. */
const inviteeOrPlaceholder = z.unknown().transform((value, ctx): Record<string, unknown> => {
	if (isPlaceholderInvitee(value)) return value;
	const checked = invitee.safeParse(value);
	if (checked.success) return checked.data;
	for (const issue of checked.error.issues) ctx.addIssue(issue);
	return z.NEVER;
});

const isFacts = (value: unknown): value is { bytes: number } =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as { bytes?: unknown }).bytes === 'number';

export const STAMP_UPLOAD_FIELDS = [
	'state',
	'denomination',
	'firstPartyName',
	'secondPartyName',
	'stampSerial',
	'stampFile',
] as const;

const stampUpload = z
	.object({
		...Object.fromEntries(
			STAMP_UPLOAD_FIELDS.filter((field) => field !== 'stampFile').map((field) => [
				field,
				text().optional(),
			]),
		),
		stampFile: z.unknown(),
	})
	.passthrough()
	.superRefine((upload: Record<string, unknown>, ctx) => {
		// The stamp file arrives as facts about its bytes (see describeFile): no bytes is no file.
		const given = (value: unknown) =>
			typeof value === 'string' ? value.trim() !== '' : isFacts(value) && value.bytes > 0;
		const missing = STAMP_UPLOAD_FIELDS.filter((field) => !given(upload[field]));
		if (missing.length) {
			ctx.addIssue({
				code: 'custom',
				path: [missing[0]],
				message: `is required: when stamp paper is uploaded, all of ${STAMP_UPLOAD_FIELDS.join(', ')} are required`,
			});
			return;
		}
		const file = pdfFacts.safeParse(upload.stampFile);
		if (typeof upload.stampFile === 'object' && !file.success) {
			ctx.addIssue({ code: 'custom', path: ['stampFile'], message: file.error.issues[0].message });
		}
	});

const seriesQuantity = asText(
	textString()
		.trim()
		.regex(/^\d+$/, 'must be a whole number')
		.refine((quantity) => Number(quantity) >= 1 && Number(quantity) <= 99, 'must be from 1 to 99'),
);

/** Base64 strings are replaced by a description of their bytes before validation (see `describeFile`). */
const pdfFacts = z
	.object({ bytes: z.number(), isPdf: z.boolean(), notBase64: z.string().optional() })
	.superRefine((file, ctx) => {
		if (file.notBase64) ctx.addIssue({ code: 'custom', message: file.notBase64 });
		else if (!file.isPdf)
			ctx.addIssue({ code: 'custom', message: 'is not a PDF (it does not start with %PDF-)' });
	});
const fileFacts = pdfFacts.refine((file) => file.bytes <= MAX_FILE_BYTES, {
	message: 'is larger than 15 MB (before encoding)',
});

export const createBodySchema = z
	.object({
		profileId: requiredText('is required (the published workflow to use)'),
		irn: unsetWhenBlank(irnRule),
		file: z
			.object({
				name: unsetWhenBlank(documentNameRule),
				file: fileFacts.optional(),
				fields: z.array(templateField).optional(),
				autoGroupedFieldsFill: z
					.boolean({ invalid_type_error: 'must be true or false' })
					.optional(),
				additionalFiles: z
					.array(pdfFacts)
					.refine(
						(files) => files.reduce((total, file) => total + file.bytes, 0) <= MAX_FILE_BYTES,
						{
							message: 'are larger than 15 MB in total',
						},
					)
					.optional(),
			})
			.passthrough(),
		stampSeries: unsetWhenBlank(text()),
		multipleStampSeries: z
			.array(z.object({ stampSeries: requiredText(), seriesQuantity }).passthrough())
			.optional(),
		seriesGroup: unsetWhenBlank(text()),
		stampValue: unsetWhenBlank(text()),
		stampUpload: stampUpload.optional(),
		revenueStampSeries: unsetWhenBlank(text()),
		revenueStampQuantity: unsetWhenBlank(text()),
		neslData: neslDataSchema.optional(),
		invitees: z
			.array(inviteeOrPlaceholder, { required_error: 'is required' })
			.min(1, 'needs at least one invitee')
			.refine((list): boolean => !list.every(isPlaceholderInvitee), {
				message: 'needs at least one invitee who is not blank',
			}),
		cc: z
			.array(
				z
					.object({
						name: unsetWhenBlank(text()),
						email: asText(textString().email('must be an e-mail address')),
					})
					.passthrough(),
			)
			.optional(),
	})
	.passthrough();
