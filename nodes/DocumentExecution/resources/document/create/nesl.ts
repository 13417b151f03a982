import { z } from 'zod';

import {
	asText,
	oneOf,
	requiredText,
	text,
	textString,
	unsetWhenBlank,
} from '../../../shared/form/rules';
import { isCalendarDate } from '../common';

/**
 * NeSL data of Create Signing Request (`neslData`), as the spec gives it: its enumerations, its document
 * detail fields and which of them each registration type requires, the required stamp fields, and the rules
 * of `neslData` (part of the create's body rules, rules.ts). The fields (fields.ts) follow these lists.
 */

export const REGISTRATION_TYPES = [
	'INDIVIDUAL_LOAN',
	'NON_INDIVIDUAL_LOAN',
	'NON_LENDING',
	'EBG',
] as const;
export const NESL_ENUMS = {
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
} as const;
export const NESL_TEXT_FIELDS = [
	'loanNumber',
	'sanctionNumber',
	'branchName',
	'branchAddress',
	'emiAmount',
	'rateOfInterest',
	'sanctionAmount',
	'tenure',
	'facilityName',
	'amountOverdue',
	'otherChargeAmount',
	'debtStartDate',
	'interestAmount',
	'oldDebtRefNo',
	'principalOutstanding',
	'loanRemark',
	'totalOutstandingAmount',
	'creditorBusinessUnit',
	'drawingPower',
	'daysPastDue',
	'docRefNo',
	'contractRefNo',
	'vendorCode',
	'portalId',
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

export const OVD_TYPES = [
	'PAN_CARD',
	'DRIVING_LICENSE',
	'VOTER_ID',
	'PASSPORT',
	'ANY_OTHER_OFFICIAL_ID',
] as const;
export const NESL_STAMP_REQUIRED = [
	'firstParty',
	'secondParty',
	'stampDutyAmount',
	'considerationPrice',
	'descriptionOfDocument',
	'stampDutyPaidBy',
	'articleCode',
] as const;

const isoDate = asText(
	textString()
		.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the format yyyy-MM-dd')
		.refine(isCalendarDate, (value) => ({
			message: `is not a date: ${value} is not a day of the calendar`,
		})),
);

const neslDocument = z
	.object({
		registrationType: oneOf(REGISTRATION_TYPES),
		state: requiredText('is required (the state where stamp duty is paid)'),
		...Object.fromEntries(NESL_TEXT_FIELDS.map((field) => [field, unsetWhenBlank(text())])),
		...Object.fromEntries(NESL_DATE_FIELDS.map((field) => [field, unsetWhenBlank(isoDate)])),
		...Object.fromEntries(
			Object.entries(NESL_ENUMS).map(([field, values]) => [field, unsetWhenBlank(oneOf(values))]),
		),
	})
	.passthrough()
	.superRefine((detail, ctx) => {
		const type = String(detail.registrationType);
		for (const [field, types] of Object.entries(NESL_REQUIRED_WHEN)) {
			const value = (detail as Record<string, unknown>)[field];
			if (types.includes(type) && (value === undefined || value === '')) {
				ctx.addIssue({
					code: 'custom',
					path: [field],
					message: `is required when the registration type is ${type}`,
				});
			}
		}
	});

const neslStamp = z
	.object({
		...Object.fromEntries(NESL_STAMP_REQUIRED.map((field) => [field, requiredText()])),
		articleSubCode: unsetWhenBlank(text()),
		firstPartyPin: unsetWhenBlank(text()),
		secondPartyPin: unsetWhenBlank(text()),
		firstPartyOVDType: unsetWhenBlank(oneOf(OVD_TYPES)),
		firstPartyOVDValue: unsetWhenBlank(text()),
		secondPartyOVDType: unsetWhenBlank(text()),
		secondPartyOVDValue: unsetWhenBlank(text()),
	})
	.passthrough();

export const neslDataSchema = z
	.object({
		documentDetail: neslDocument.optional(),
		stampData: z.array(neslStamp).optional(),
		entities: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		participants: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		neslParties: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		neslSecurities: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
	})
	.strict();
