import type { StoredFile } from '../../links';
import { ulid } from '../v4';

// The v3 family's types, limits, service time and the states derived from invitations.

/**
 * The spec shows only its first words; the full text is the one public client code and the service's sandbox
 * collection use (../../../docs/choices/document.md).
 */
export const DOC_SIGNER_CONSENT =
	'By using this authenticated API and the ProfileID associated with this Document Signer Certificate, I agree that the Document Signer Certificate saved in this Account will be used to eSign documents for me. I also understand that recipients of such electronic documents will be able to see my signing details.';

export const MB = 1024 * 1024;
export const MAX_PDF_BYTES = 15 * MB;
export const MAX_ADDITIONAL_BYTES = 15 * MB;
export const DOWNLOAD_LINK_TTL_MS = 15_000;
/** Not shown: how long the status operation's file URLs live. Choice: 15 minutes. */
export const STATUS_LINK_TTL_MS = 15 * 60_000;
export const MAX_RESENDS = 5;
/** The service's India-based; days end at 23:59:59 India Standard Time (UTC+05:30, no daylight saving). */
export const IST_OFFSET_MS = 5.5 * 3600_000;
export const DAY_MS = 24 * 3600_000;

export type SignType = 'AADHAAR' | 'VIRTUAL' | 'DSC' | 'DOC_SIGNER';

/** What a signature certificate is checked against; a mismatch terminates the invitation. */
export const CERTIFICATE_CRITERIA = ['name', 'pincode', 'state', 'title', 'yob', 'gender'] as const;
export type CertificateCriterion = (typeof CERTIFICATE_CRITERIA)[number];

/**
 * The certificate an invitee signs with. `title` is the last 4 digits of the Aadhaar number; status and
 * details show name, pincode, state and title (the spec's signer certificate data).
 */
export interface SignerCertificate {
	name: string;
	pincode: string;
	state: string;
	title: string;
	yob: string;
	gender: 'M' | 'F';
}

export interface InviteeWebhookUrls {
	/** Success route: signed, reviewer approved. */
	webhookUrl?: string;
	/** Error route: rejected, certificate verification failed. */
	errorWebhookUrl?: string;
}

/** A workflow's webhook URLs: entry i for its documents' i-th invitee, or the same URLs for every invitee. */
export type InviteeWebhookConfig = { invitees: InviteeWebhookUrls[] } | { all: InviteeWebhookUrls };

export interface V3Profile {
	id: string;
	accountId: string;
	kind: 'pdf' | 'template';
	published: boolean;
	/** The sign type the workflow sets on its invitations. */
	signType: SignType;
	defaultExpiryDays: number;
	inviteeWebhooks?: InviteeWebhookConfig;
}

export interface V3Invitee {
	uuid: string;
	name: string;
	email?: string;
	phone?: string;
	signed: boolean;
	/** Approved as a reviewer: acted without signing. */
	approved: boolean;
	rejected: boolean;
	/** Set by certificate-verification failures and by the test control route; time expiry is computed. */
	forcedExpired: boolean;
	/** When the invitee signed, approved, rejected or failed verification. */
	actedAt?: number;
	rejectionReason?: string;
	certificateMismatch?: CertificateCriterion;
	expiresAt: number;
	signType: 'AADHAAR' | 'VIRTUAL' | 'DSC' | null;
	allowedSignType: SignType;
	resends: number;
	supportingDocuments: StoredFile[];
	extra: Record<string, unknown>;
	signerCertificate?: SignerCertificate;
}

export interface V3Document {
	documentId: string;
	accountId: string;
	profileId: string;
	name: string;
	irn: string | null;
	/** DRAFT or SENT as stored; COMPLETED and EXPIRED are derived from the invitations. */
	baseStatus: 'DRAFT' | 'SENT' | 'RECEIVED' | 'SIGNED';
	createdAt: number;
	folderId: string;
	folderName: string;
	original: Buffer;
	additionalFiles: Buffer[];
	signedPdf?: Buffer;
	auditTrail?: Buffer;
	attachments: StoredFile[];
	invitees: V3Invitee[];
	cc: Array<{ name?: string; email?: string }>;
	request: Record<string, unknown>;
	/** When every invitee had acted; `sequence` orders completions within one clock millisecond. */
	completion?: { at: number; sequence: number };
	/** Sent without the stamps its stamp group could not make up (choices/v3.md, "Stamp not applied"). */
	stampNotApplied?: boolean;
}

export interface V3State {
	profiles: Map<string, V3Profile>;
	docSignerProfiles: Map<string, { id: string; accountId: string; name: string }>;
	documents: Map<string, V3Document>;
	stamps: Map<string, number>;
	ebgNotifications: Map<
		string,
		{ requestId: string; loanNumber: string; review?: Record<string, unknown> }
	>;
}

// ---------------------------------------------------------------- time

function endOfDayIn(now: number, days: number): number {
	const local = new Date(now + IST_OFFSET_MS);
	return (
		Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 59) -
		IST_OFFSET_MS
	);
}

/** The spec's expiryDays: -1 is 45 minutes from now; 0 today 23:59:59; N the N-th day from now at 23:59:59. */
export function expiryFromDays(now: number, days: number): number {
	return days === -1 ? now + 45 * 60_000 : endOfDayIn(now, days);
}

export const pad = (value: number) => String(value).padStart(2, '0');

/** `dd-MM-yyyy HH:mm:ss` in India Standard Time. */
export function formatServiceDate(ms: number): string {
	const d = new Date(ms + IST_OFFSET_MS);
	return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** ISO UTC without milliseconds (`2024-11-23T18:29:59Z`): the create answer's expiryDate. */
export const formatIsoUtc = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

// ---------------------------------------------------------------- derived state

/** Signed or, as a reviewer, approved: the invitee's turn is over. */
export const hasActed = (invitee: V3Invitee) => invitee.signed || invitee.approved;

export const isExpired = (invitee: V3Invitee, now: number) =>
	!hasActed(invitee) && !invitee.rejected && (invitee.forcedExpired || invitee.expiresAt <= now);

export function documentStatus(doc: V3Document, now: number): string {
	if (doc.invitees.length && doc.invitees.every(hasActed)) return 'COMPLETED';
	if (doc.baseStatus === 'DRAFT') return 'DRAFT';
	if (doc.invitees.some((invitee) => isExpired(invitee, now))) return 'EXPIRED';
	return doc.baseStatus;
}

/** Sequential signing: the first invitee who has not acted is the active one, unless the chain is stuck. */
export function activeInvitee(doc: V3Document, now: number): V3Invitee | undefined {
	if (doc.baseStatus === 'DRAFT') return undefined;
	const next = doc.invitees.find((invitee) => !hasActed(invitee));
	if (!next || next.rejected || isExpired(next, now)) return undefined;
	return next;
}

export const newDocumentId = (now: number) => ulid(now);
