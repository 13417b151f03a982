import { text } from '../../shared/rules';

/** What the pack operations (v4) share: the pack selectors, the ULID form of IDs, the statuses and sections. */

export const PACK_STATUSES = ['DRAFT', 'SENT', 'EXPIRED', 'COMPLETED'] as const;
export const PACK_SELECTORS = ['packId', 'packUrn', 'workflowRunContextId'] as const;
export type PackSelector = (typeof PACK_SELECTORS)[number];

/** The switch that turns every section on. */
export const ALL_SECTIONS = 'payloadForPackEdit';

/** The pack-details section switches, as the spec lists them (a child is named `<parent>_<child>`). */
export const PACK_SECTIONS = [
	'workflowDetails',
	'account',
	'sender',
	'packFolder',
	'sftp',
	'deleteOnComplete',
	'signingOrder',
	'customFields',
	'cc',
	'coordinates',
	'documentFolder',
	'file',
	'auditTrail',
	'referenceAttachments',
	'scheduledDeletionDate',
	'stampDetails',
	'subDocuments',
	'subDocuments_template',
	'combinationResponse',
	'combinationResponse_supportingDocuments',
	'combinationResponse_verificationResult',
	'combinationResponse_verificationResult_cloudDscVerifyCertificateDetails',
	'combinationResponse_verificationResult_dscVerifyCertificateDetails',
	'combinationResponse_verificationResult_faceMatch',
	'combinationResponse_verificationResult_smartUserLiveliness',
	'combinationConfig',
	'combinationConfig_combinationSettings',
	'combinationConfig_combinationSettings_eSignPrioritisation',
	'combinationConfig_combinationSettings_signatureAppearance',
	'combinationConfig_combinationSettings_customConsent',
	'combinationConfig_combinationSettings_webhooks',
	'combinationConfig_combinationSettings_paymentCollect',
	'combinationConfig_combinationSettings_reviewerConfig',
	'inviteeSettings',
	'inviteeSettings_securityOptions',
	'inviteeSettings_securityOptions_gps',
	'inviteeSettings_securityOptions_faceCapture',
	'inviteeSettings_securityOptions_docDownloadLinkWithOtp',
	'inviteeSettings_securityOptions_maskContactDetails',
	'inviteeSettings_manageInviteInteractions',
	'inviteeSettings_manageInviteInteractions_supportingDocumentConfig',
	'inviteeSettings_manageInviteInteractions_language',
	'inviteeSettings_certificateVerification',
	'inviteeSettings_certificateVerification_cloudDscVerifyCertificateDetails',
	'inviteeSettings_certificateVerification_dscVerifyCertificateDetails',
] as const;

/**
 * v4 pack and document IDs are ULIDs: 26 characters of Crockford's base 32, in either case. Without regex
 * flags, as the editor's check of the Pack ID picker takes it as text.
 */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/;

/**
 * An optional text value of a pack request, trimmed: blank (or only spaces) counts as not given, unlike the
 * shared `text()`, so that an emptied field is not sent.
 */
export const optionalText = () =>
	text()
		.optional()
		.transform((value) => value?.trim() || undefined);
