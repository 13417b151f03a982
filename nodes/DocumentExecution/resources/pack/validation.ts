import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { V4_MAX_PAGE_SIZE, V4_SEARCH_WINDOW } from '../../shared/v4Request';
import { sectionListSchema } from '../../shared/sectionSwitches';

/**
 * Every rule of the pack requests (v4), checked before any request. Each schema takes the values the
 * request would carry, named as the service names them; FIELD_NAMES gives the display name that an error
 * names.
 */

export const PACK_STATUSES = ['DRAFT', 'SENT', 'EXPIRED', 'COMPLETED'] as const;
export const SORT_BY = ['createdAt', 'updatedAt'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const DOWNLOAD_TYPES = ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT', 'SUPPORTING_DOCUMENT'] as const;
export const PACK_SELECTORS = ['packId', 'packUrn', 'workflowRunContextId'] as const;
export type PackSelector = (typeof PACK_SELECTORS)[number];

/** The switch that turns every section on. */
export const ALL_SECTIONS = 'payloadForPackEdit';

/** The pack-details section switches, as the spec lists them (a child is named `<parent>_<child>`). */
export const PACK_SECTIONS = [
	'workflowDetails', 'account', 'sender', 'packFolder', 'sftp', 'deleteOnComplete', 'signingOrder', 'customFields', 'cc',
	'coordinates', 'documentFolder', 'file', 'auditTrail', 'referenceAttachments', 'scheduledDeletionDate', 'stampDetails',
	'subDocuments', 'subDocuments_template', 'combinationResponse', 'combinationResponse_supportingDocuments',
	'combinationResponse_verificationResult', 'combinationResponse_verificationResult_cloudDscVerifyCertificateDetails',
	'combinationResponse_verificationResult_dscVerifyCertificateDetails', 'combinationResponse_verificationResult_faceMatch',
	'combinationResponse_verificationResult_smartUserLiveliness', 'combinationConfig', 'combinationConfig_combinationSettings',
	'combinationConfig_combinationSettings_eSignPrioritisation', 'combinationConfig_combinationSettings_signatureAppearance',
	'combinationConfig_combinationSettings_customConsent', 'combinationConfig_combinationSettings_webhooks',
	'combinationConfig_combinationSettings_paymentCollect', 'combinationConfig_combinationSettings_reviewerConfig',
	'inviteeSettings', 'inviteeSettings_securityOptions', 'inviteeSettings_securityOptions_gps',
	'inviteeSettings_securityOptions_faceCapture', 'inviteeSettings_securityOptions_docDownloadLinkWithOtp',
	'inviteeSettings_securityOptions_maskContactDetails', 'inviteeSettings_manageInviteInteractions',
	'inviteeSettings_manageInviteInteractions_supportingDocumentConfig', 'inviteeSettings_manageInviteInteractions_language',
	'inviteeSettings_certificateVerification', 'inviteeSettings_certificateVerification_cloudDscVerifyCertificateDetails',
	'inviteeSettings_certificateVerification_dscVerifyCertificateDetails',
] as const;

/**
 * v4 pack and document IDs are ULIDs: 26 characters of Crockford's base 32, in either case. Without regex
 * flags, as the editor's check of the Pack ID picker takes it as text.
 */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/;

/** Display names of the node's fields, by the name of the value they give the request. */
export const FIELD_NAMES: Record<string, string> = {
	packSelector: 'Select Pack By',
	packId: 'Pack ID',
	packUrn: 'Pack URN',
	workflowRunContextId: 'Workflow Run Context ID',
	sections: 'Sections',
	q: 'Search Text',
	status: 'Status',
	workflowId: 'Workflow ID',
	irn: 'IRN',
	sortBy: 'Sort By',
	sortOrder: 'Sort Order',
	limit: 'Limit',
	offset: 'Offset',
	max: 'Page Size',
	downloadType: 'Download Type',
	documentId: 'Document ID',
	signUrl: 'Sign URL',
	index: 'Index',
	mode: 'File Delivery',
	linkOnly: 'Output Link Only',
	binaryPropertyName: 'Put Output File in Field',
};

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
	z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

const wholeNumber = () =>
	z.number({ invalid_type_error: 'must be a number', required_error: 'is required' }).int('must be a whole number');

const optionalText = z.string().trim().optional().transform((value) => (value ? value : undefined));

export const packGetSchema = z
	.object({
		packId: optionalText,
		packUrn: optionalText,
		workflowRunContextId: optionalText,
		sections: sectionListSchema([ALL_SECTIONS, ...PACK_SECTIONS]),
	})
	.superRefine((value, ctx) => {
		const given = PACK_SELECTORS.filter((selector) => value[selector] !== undefined);
		if (given.length === 0) {
			ctx.addIssue({ code: 'custom', path: ['packSelector'], message: 'give a Pack ID, a Pack URN or a Workflow Run Context ID' });
		} else if (given.length > 1) {
			ctx.addIssue({
				code: 'custom',
				path: [given[1]],
				message: `select the pack by exactly one identifier (got ${given.map((selector) => FIELD_NAMES[selector]).join(' and ')})`,
			});
		}
	});

export const packSearchSchema = z
	.object({
		q: optionalText,
		status: oneOf(PACK_STATUSES).optional(),
		workflowId: optionalText,
		irn: optionalText,
		sortBy: oneOf(SORT_BY).optional(),
		sortOrder: oneOf(SORT_ORDERS).optional(),
		returnAll: z.boolean(),
		limit: wholeNumber().min(1, 'must be at least 1'),
		offset: wholeNumber().min(0, 'cannot be negative'),
		max: wholeNumber().min(1, 'must be at least 1').max(V4_MAX_PAGE_SIZE, `cannot be more than ${V4_MAX_PAGE_SIZE}`),
	})
	.superRefine((value, ctx) => {
		if (value.status) return;
		if (value.offset >= V4_SEARCH_WINDOW) {
			ctx.addIssue({
				code: 'custom',
				path: ['offset'],
				message: `without a Status filter the service lists only the first ${V4_SEARCH_WINDOW} packs; set Status to start at ${value.offset}`,
			});
		} else if (!value.returnAll && value.offset + value.limit > V4_SEARCH_WINDOW) {
			ctx.addIssue({
				code: 'custom',
				path: ['limit'],
				message: `without a Status filter the service lists only the first ${V4_SEARCH_WINDOW} packs (Offset plus Limit is ${value.offset + value.limit}); set Status or lower Limit`,
			});
		}
	});

export const packDownloadSchema = z
	.object({
		downloadType: oneOf(DOWNLOAD_TYPES),
		documentId: z.string().trim().optional(),
		signUrl: z.string().trim().optional(),
		index: wholeNumber().min(0, 'cannot be negative').optional(),
		mode: oneOf(['accountDefault', 'stream']),
		linkOnly: z.boolean(),
	})
	.superRefine((value, ctx) => {
		const supporting = value.downloadType === 'SUPPORTING_DOCUMENT';
		if (supporting) {
			if (!value.signUrl) ctx.addIssue({ code: 'custom', path: ['signUrl'], message: 'is required for a Supporting Document' });
			if (value.documentId !== undefined) {
				ctx.addIssue({ code: 'custom', path: ['documentId'], message: 'must not be sent with a Supporting Document (it is found by its Sign URL)' });
			}
		} else {
			if (!value.documentId) ctx.addIssue({ code: 'custom', path: ['documentId'], message: `is required for ${value.downloadType}` });
			else if (!ULID_PATTERN.test(value.documentId)) {
				ctx.addIssue({ code: 'custom', path: ['documentId'], message: 'must be a pack document ID: 26 letters and digits (a ULID)' });
			}
			if (value.signUrl !== undefined) {
				ctx.addIssue({ code: 'custom', path: ['signUrl'], message: 'is only sent with a Supporting Document' });
			}
		}
		if ((value.downloadType === 'ATTACHMENT' || supporting) && value.index === undefined) {
			ctx.addIssue({ code: 'custom', path: ['index'], message: `is required for ${value.downloadType}` });
		}
		if (value.linkOnly && value.mode === 'stream') {
			ctx.addIssue({ code: 'custom', path: ['mode'], message: 'Stream returns the file itself, so there is no link to output; turn Output Link Only off or use Account Default' });
		}
	});

/**
 * Parses `input` with `schema`; on failure throws a NodeOperationError whose message names the field (its
 * display name) and the rule, with every other problem in the description.
 */
export function validate<T extends z.ZodTypeAny>(
	context: IExecuteSingleFunctions,
	schema: T,
	input: unknown,
	fieldNames: Record<string, string> = FIELD_NAMES,
): z.output<T> {
	const result = schema.safeParse(input);
	if (result.success) return result.data as z.output<T>;
	const describe = (issue: z.ZodIssue) => {
		const key = String(issue.path[0] ?? '');
		return `${fieldNames[key] ?? key}: ${issue.message}`;
	};
	const [first, ...rest] = result.error.issues;
	throw new NodeOperationError(context.getNode(), describe(first), {
		itemIndex: context.getItemIndex(),
		description: rest.length ? `Also: ${rest.map(describe).join('; ')}` : undefined,
	});
}
