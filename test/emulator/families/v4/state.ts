import { randomBytes } from 'node:crypto';

// The v4 family's constants, types and ULIDs.

export const PACK_STATUSES = ['DRAFT', 'SENT', 'EXPIRED', 'COMPLETED'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];
export const DOWNLOAD_TYPES = [
	'DOCUMENT',
	'AUDIT_TRAIL',
	'ATTACHMENT',
	'SUPPORTING_DOCUMENT',
] as const;
export const MEDIA_TYPES = [
	'SUB_DOCUMENT',
	'STAMP_UPLOAD',
	'REFERENCE_ATTACHMENTS',
	'FACE_MATCH_REFERENCE',
	'TEMPLATE_FILE_TYPE_FIELD',
	'CUSTOM_FIELD_UPLOAD',
] as const;
export const WORKFLOW_IDS = ['WF-LOAN-AGREEMENT', 'WF-NDA', 'WF-EMPLOYMENT'] as const;

/** The pack-details switches, in the spec's order (parents before their children). */
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

/** Sections that describe a document rather than the pack; they are written on each document. */
export const DOCUMENT_SECTIONS = new Set(['file', 'auditTrail', 'coordinates', 'subDocuments']);

/** Not shown: the life of a v4 download link ("short-lived"). */
export const DOWNLOAD_LINK_TTL_MS = 60_000;
export const UPLOAD_TTL_MS = 15 * 60_000;
export const MEDIA_RETENTION_MS = 24 * 3600_000;
export const WINDOW = 1000;

export interface PackDocument {
	documentId: string;
	name: string;
	status: 'SENT' | 'PACK_PENDING_COMPLETION' | 'COMPLETED';
	fullySigned: boolean;
	attachmentCount: number;
}

export interface PackInvitee {
	name: string;
	email: string;
	signUrl: string;
	supportingDocumentCount: number;
}

export interface Pack {
	accountId: string;
	packId: string;
	packName: string;
	packUrn: string;
	irn: string | null;
	workflowId: string | null;
	workflowRunContextId: string;
	status: PackStatus;
	createdAt: number;
	updatedAt: number;
	documents: PackDocument[];
	invitees: PackInvitee[];
}

export interface Media {
	mediaId: string;
	accountId: string;
	fileName: string;
	mediaType: string;
	expiresAt: number;
	retentionExpiresAt: number;
}

export interface V4State {
	packs: Pack[];
	media: Map<string, Media>;
	/** How each account wants downloads without `mode=stream`: a JSON link or the file itself. */
	downloadDelivery: Map<string, 'link' | 'stream'>;
	/** Files served so far, by download type, for assertions. */
	served: Array<{ downloadType: string; fileName: string; bytes: number; as: 'link' | 'stream' }>;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 48-bit millisecond time in 10 characters, then 80 random bits in 16. */
export function ulid(timeMs: number): string {
	let time = '';
	let rest = timeMs;
	for (let index = 0; index < 10; index++) {
		time = CROCKFORD[rest % 32] + time;
		rest = Math.floor(rest / 32);
	}
	const random = randomBytes(16);
	let tail = '';
	for (let index = 0; index < 16; index++) tail += CROCKFORD[random[index] % 32];
	return time + tail;
}

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const isUlid = (value: string) => ULID_PATTERN.test(value);
