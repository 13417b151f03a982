import { randomUUID } from 'node:crypto';

import { makePdf } from '../../fixtures/pdf';
import { v3Failure, v3Success } from '../envelopes';
import { json, type Reply, type RouteContext, type Router } from '../http';
import type { StoredFile } from '../links';
import type { EmulatorEnv, EmulatorFamily, SeedOptions } from '../server';
import type { V3ExtrasState } from './v3-extras';
import { ulid } from './v4';

/**
 * The v3 family: signing requests (create, status, details, list, download, reactivate, resend, delete), the
 * knowledge base's list of completed documents, document-signer signing and eBG notification review, under
 * /api/v3.0, /api/v3.2 and /api/v3.3. Invitees act (sign, approve, reject, fail certificate verification)
 * through the transitions exported here; the family in v3-invitee-actions.ts drives them and sends the webhooks
 * configured per invitee on the workflow.
 *
 * Seed keys (createState):
 * - `v3ExtraDocuments` (number, default 0): that many extra SENT documents on the main account, named
 *   `Extra document 001`…, created one minute apart before the fixed seed documents, so paging can be tested.
 * - `v3DefaultExpiryDays` (number, default 7): the workflows' default invitation expiry (expiryDays semantics).
 * - `v3StampsAvailable` (number, default 100): stamps available in series `SERIES-A`.
 * - `v3WebhookUrl`, `v3ErrorWebhookUrl` (strings): the success and error webhook URLs of every invitee of every
 *   workflow (as `PUT /__emulator/v3/profiles/:id/webhooks {all: {webhookUrl, errorWebhookUrl}}` on each).
 *
 * The fixed seed (ids in `V3_SEED`): a published PDF workflow, a template workflow, a document-signer
 * workflow, a document-signer certificate profile, all on the main account; one PDF workflow and one
 * document-signer certificate profile on the other account; documents in the states DRAFT, SENT, EXPIRED
 * (an expired invitation), rejected, COMPLETED (signed PDF, audit trail, two attachments, a supporting
 * document of the first invitee), SENT for a document signer (main and other account); stamp series; one
 * eBG notification awaiting review. Choices where the spec is silent: test/emulator/choices/v3.md.
 */

export const V3_SEED = {
	pdfProfileId: 'WF-PDF-0001',
	templateProfileId: 'WF-TEMPLATE-0001',
	docSignerWorkflowId: 'WF-DOCSIGNER-0001',
	unpublishedProfileId: 'WF-UNPUBLISHED-0001',
	otherAccountProfileId: 'WF-OTHER-0001',
	docSignerProfileId: 'DSP-0001',
	otherAccountDocSignerProfileId: 'DSP-OTHER-0001',
	draftDocumentId: 'DOCDRAFT000001',
	sentDocumentId: 'DOCSENT0000001',
	expiredDocumentId: 'DOCEXPIRED0001',
	/** Older accounts have 7-character document ids. */
	rejectedDocumentId: 'ab3Cd9Z',
	completedDocumentId: 'DOCCOMPLETED01',
	completedNoAttachmentsId: 'DOCCOMPLETED02',
	/** Newer documents have ULIDs, as every document created here. */
	docSignerDocumentId: '01JD8Z0Q3V5X9K2M4N6P8R0T2W',
	otherAccountDocumentId: 'DOCOTHERACC001',
	completedIrn: 'IRN-COMPLETED-01',
	stampSeries: 'SERIES-A',
	emptyStampSeries: 'SERIES-EMPTY',
	revenueStampSeries: 'REVENUE-A',
	ebgNotification: { notifTxnId: 'NTX-0001', requestId: 'REQ-0001', loanNumber: 'LN-0001' },
} as const;

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
const MAX_RESENDS = 5;
/** The service's India-based; days end at 23:59:59 India Standard Time (UTC+05:30, no daylight saving). */
export const IST_OFFSET_MS = 5.5 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** The spec's characters of `irn`: it is matched exactly later (list `q`, the completed list's `irn`). */
const IRN_PATTERN = /^[A-Za-z0-9+|\-:(),_.[\]&/@]*$/;
/** The spec's characters plus the space the live service takes in a document name (choices/v3.md). */
const DOCUMENT_NAME_PATTERN = /^[A-Za-z0-9+|\-:(),_.[\]&/@ ]*$/;

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

const pad = (value: number) => String(value).padStart(2, '0');

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

const newDocumentId = (now: number) => ulid(now);

// ---------------------------------------------------------------- seed

function stored(content: Buffer, fileName: string): StoredFile {
	return { content, contentType: 'application/pdf', fileName };
}

/**
 * A file a control route adds (`{fileName?, text?, contentType?}`): a PDF showing `text`, or, with another
 * `contentType` (an invitee's photo of a card: `image/jpeg`), `text` itself as the bytes, served with that type.
 */
function addedFile(input: Record<string, unknown>, text: string, fileName: string): StoredFile {
	const contentType = String(input.contentType ?? 'application/pdf');
	const shown = String(input.text ?? text);
	return {
		content: contentType === 'application/pdf' ? makePdf(shown) : Buffer.from(shown),
		contentType,
		fileName: String(input.fileName ?? fileName),
	};
}

function seedState(env: EmulatorEnv, seed: SeedOptions): V3State {
	const now = env.clock.now();
	const defaultExpiryDays = Number(seed.v3DefaultExpiryDays ?? 7);
	const state: V3State = {
		profiles: new Map(),
		docSignerProfiles: new Map(),
		documents: new Map(),
		stamps: new Map([
			[V3_SEED.stampSeries, Number(seed.v3StampsAvailable ?? 100)],
			[V3_SEED.emptyStampSeries, 0],
			[V3_SEED.revenueStampSeries, 100],
		]),
		ebgNotifications: new Map([
			[
				V3_SEED.ebgNotification.notifTxnId,
				{
					requestId: V3_SEED.ebgNotification.requestId,
					loanNumber: V3_SEED.ebgNotification.loanNumber,
				},
			],
		]),
	};
	const seededWebhooks = { webhookUrl: seed.v3WebhookUrl, errorWebhookUrl: seed.v3ErrorWebhookUrl };
	const inviteeWebhooks = Object.values(seededWebhooks).some((url) => url !== undefined)
		? parseInviteeWebhooks({ all: seededWebhooks })
		: undefined;
	if (typeof inviteeWebhooks === 'string')
		throw new Error(`Seed v3WebhookUrl/v3ErrorWebhookUrl: ${inviteeWebhooks}`);
	const profile = (
		id: string,
		accountId: string,
		kind: 'pdf' | 'template',
		signType: SignType,
		published = true,
	) =>
		state.profiles.set(id, {
			id,
			accountId,
			kind,
			published,
			signType,
			defaultExpiryDays,
			inviteeWebhooks,
		});
	profile(V3_SEED.pdfProfileId, 'account-main', 'pdf', 'AADHAAR');
	profile(V3_SEED.templateProfileId, 'account-main', 'template', 'VIRTUAL');
	profile(V3_SEED.docSignerWorkflowId, 'account-main', 'pdf', 'DOC_SIGNER');
	profile(V3_SEED.unpublishedProfileId, 'account-main', 'pdf', 'AADHAAR', false);
	profile(V3_SEED.otherAccountProfileId, 'account-other', 'pdf', 'DOC_SIGNER');
	state.docSignerProfiles.set(V3_SEED.docSignerProfileId, {
		id: V3_SEED.docSignerProfileId,
		accountId: 'account-main',
		name: 'Company seal',
	});
	state.docSignerProfiles.set(V3_SEED.otherAccountDocSignerProfileId, {
		id: V3_SEED.otherAccountDocSignerProfileId,
		accountId: 'account-other',
		name: 'Other company seal',
	});

	const invitee = (
		name: string,
		index: number,
		allowed: SignType,
		overrides: Partial<V3Invitee> = {},
	): V3Invitee => ({
		uuid: randomUUID(),
		name,
		email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
		phone: `98765432${pad(index)}`,
		signed: false,
		approved: false,
		rejected: false,
		forcedExpired: false,
		expiresAt: expiryFromDays(now, defaultExpiryDays),
		signType: null,
		allowedSignType: allowed,
		resends: 0,
		supportingDocuments: [],
		extra: {},
		...overrides,
	});
	const add = (doc: Partial<V3Document> & Pick<V3Document, 'documentId' | 'name' | 'invitees'>) => {
		const full: V3Document = {
			accountId: 'account-main',
			profileId: V3_SEED.pdfProfileId,
			irn: null,
			baseStatus: 'SENT',
			createdAt: now,
			folderId: 'FOLDER-1',
			folderName: 'Default',
			original: makePdf(`Original: ${doc.name}`),
			additionalFiles: [],
			attachments: [],
			cc: [],
			request: {},
			...doc,
		};
		state.documents.set(full.documentId, full);
		return full;
	};

	const signedEarlier = { signed: true, signType: 'AADHAAR', actedAt: now - 60_000 } as const;
	const extra = Number(seed.v3ExtraDocuments ?? 0);
	for (let index = 1; index <= extra; index++) {
		add({
			documentId: `DOCEXTRA${String(index).padStart(6, '0')}`,
			name: `Extra document ${String(index).padStart(3, '0')}`,
			irn: `IRN-EXTRA-${index}`,
			createdAt: now - (extra - index + 10) * 60_000,
			invitees: [invitee(`Extra Signer ${index}`, index % 100, 'AADHAAR')],
		});
	}
	add({
		documentId: V3_SEED.draftDocumentId,
		name: 'Draft agreement',
		baseStatus: 'DRAFT',
		createdAt: now - 8 * 60_000,
		invitees: [invitee('Dora Draft', 1, 'AADHAAR')],
	});
	add({
		documentId: V3_SEED.sentDocumentId,
		name: 'Sent agreement',
		irn: 'IRN-SENT-01',
		createdAt: now - 7 * 60_000,
		invitees: [invitee('Asha Rao', 2, 'AADHAAR'), invitee('Vikram Shah', 3, 'AADHAAR')],
	});
	add({
		documentId: V3_SEED.expiredDocumentId,
		name: 'Expired agreement',
		irn: 'IRN-EXPIRED-01',
		createdAt: now - 6 * 60_000,
		invitees: [invitee('Ela Expired', 4, 'AADHAAR', { expiresAt: now - DAY_MS })],
	});
	add({
		documentId: V3_SEED.rejectedDocumentId,
		name: 'Rejected agreement',
		createdAt: now - 5 * 60_000,
		invitees: [invitee('Ravi Rejected', 5, 'AADHAAR', { rejected: true, actedAt: now - 60_000 })],
	});
	const completed = add({
		documentId: V3_SEED.completedDocumentId,
		name: 'Completed agreement',
		irn: V3_SEED.completedIrn,
		createdAt: now - 4 * 60_000,
		invitees: [
			invitee('Meera Iyer', 6, 'AADHAAR', signedEarlier),
			invitee('Karan Mehta', 7, 'AADHAAR', signedEarlier),
		],
		attachments: [
			stored(makePdf('Sender attachment 1'), 'attachment-1.pdf'),
			stored(makePdf('Sender attachment 2'), 'attachment-2.pdf'),
		],
	});
	completed.invitees[0].supportingDocuments.push(
		stored(makePdf('Supporting document of Meera Iyer'), 'pan-card.pdf'),
	);
	complete(completed, now);
	complete(
		add({
			documentId: V3_SEED.completedNoAttachmentsId,
			name: 'Completed letter',
			createdAt: now - 3 * 60_000,
			invitees: [invitee('Nina Nair', 8, 'AADHAAR', signedEarlier)],
		}),
		now,
	);
	add({
		documentId: V3_SEED.docSignerDocumentId,
		name: 'Seal certificate',
		profileId: V3_SEED.docSignerWorkflowId,
		createdAt: now - 2 * 60_000,
		invitees: [invitee('Company Seal', 9, 'DOC_SIGNER')],
	});
	add({
		documentId: V3_SEED.otherAccountDocumentId,
		accountId: 'account-other',
		name: 'Other account agreement',
		profileId: V3_SEED.otherAccountProfileId,
		createdAt: now - 60_000,
		invitees: [invitee('Olga Other', 10, 'DOC_SIGNER')],
	});
	return state;
}

// ---------------------------------------------------------------- invitee transitions

/** The sign type an invitation ends up with: a document signer signs with a DSC. */
export const signTypeOf = (invitee: V3Invitee) =>
	invitee.allowedSignType === 'DOC_SIGNER' ? 'DSC' : invitee.allowedSignType;

/** The certificate an invitee signs with unless told otherwise: the invitee's name, in capitals as certificates have it. */
export const defaultCertificate = (invitee: V3Invitee): SignerCertificate => ({
	name: invitee.name.toUpperCase(),
	pincode: '560001',
	state: 'Karnataka',
	title: '1234',
	yob: '1990',
	gender: 'F',
});

/** The signer certificate data status and details show. */
const certificateOf = (invitee: V3Invitee) => {
	const { name, pincode, state, title } = invitee.signerCertificate ?? defaultCertificate(invitee);
	return { name, pincode, state, title };
};

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const withoutSpaces = (text: string) => text.replace(/\s+/g, '').toLowerCase();
/** A value check matches its certificate field; a switch's `true` in its place never does. */
const sameValue = (value: unknown, field: string) =>
	(typeof value === 'string' || typeof value === 'number') && String(value).trim() === field;

const VERIFICATION_CONFIG_KEYS: Partial<Record<SignType, string>> = {
	AADHAAR: 'aadhaarConfig',
	DSC: 'dscConfig',
	DOC_SIGNER: 'dscConfig',
};

/**
 * The first check of the invitee's verification config (aadhaarConfig for Aadhaar, dscConfig for DSC and
 * document signers, as given at create) that `certificate` does not match, or undefined when all match.
 * The name switches compare names ignoring case (smart name: ignoring spaces too); every other check
 * compares its value with the certificate's.
 */
export function certificateMismatchOf(
	invitee: V3Invitee,
	certificate: SignerCertificate,
): CertificateCriterion | undefined {
	const key = VERIFICATION_CONFIG_KEYS[invitee.allowedSignType];
	const config = key ? invitee.extra[key] : undefined;
	if (!isObject(config)) return undefined;
	const checks: Array<[unknown, CertificateCriterion, (value: unknown) => boolean]> = [
		[config.verifyName, 'name', () => normalized(invitee.name) === normalized(certificate.name)],
		[
			config.verifySmartName,
			'name',
			() => withoutSpaces(invitee.name) === withoutSpaces(certificate.name),
		],
		[config.verifyPincode, 'pincode', (value) => sameValue(value, certificate.pincode)],
		[
			config.verifyState,
			'state',
			(value) => typeof value === 'string' && normalized(value) === normalized(certificate.state),
		],
		[config.verifyTitle, 'title', (value) => sameValue(value, certificate.title)],
		[config.verifyYob, 'yob', (value) => sameValue(value, certificate.yob)],
		[config.verifyGender, 'gender', (value) => sameValue(value, certificate.gender)],
	];
	return checks.find(
		([value, , matches]) => value !== undefined && value !== false && !matches(value),
	)?.[1];
}

let completions = 0;

/** Produces the signed PDF and the audit trail, and records the first completion (the completed list's order). */
function finish(doc: V3Document, now: number): void {
	doc.completion ??= { at: now, sequence: ++completions };
	if (doc.baseStatus === 'DRAFT') doc.baseStatus = 'SENT';
	doc.signedPdf = makePdf(
		`Signed: ${doc.name} (${doc.invitees.map((invitee) => invitee.name).join(', ')})`,
	);
	doc.auditTrail = makePdf(`Audit trail of ${doc.documentId} at ${formatServiceDate(now)}`);
}

const finishWhenAllActed = (doc: V3Document, now: number) => {
	if (doc.invitees.every(hasActed)) finish(doc, now);
};

const update = (invitee: V3Invitee, changes: Partial<V3Invitee>) => Object.assign(invitee, changes);

export function signInvitation(
	doc: V3Document,
	invitee: V3Invitee,
	now: number,
	certificate = invitee.signerCertificate,
): void {
	update(invitee, {
		signed: true,
		rejected: false,
		rejectionReason: undefined,
		forcedExpired: false,
		certificateMismatch: undefined,
		signType: signTypeOf(invitee),
		actedAt: now,
		signerCertificate: certificate,
	});
	finishWhenAllActed(doc, now);
}

export function approveInvitation(doc: V3Document, invitee: V3Invitee, now: number): void {
	update(invitee, { approved: true, actedAt: now });
	finishWhenAllActed(doc, now);
}

export function rejectInvitation(invitee: V3Invitee, now: number, reason?: string): void {
	update(invitee, { rejected: true, rejectionReason: reason, actedAt: now });
}

/** The spec's states table: a failed certificate verification expires the invitation. */
export function failCertificateVerification(
	invitee: V3Invitee,
	now: number,
	criterion: CertificateCriterion,
): void {
	update(invitee, { forcedExpired: true, certificateMismatch: criterion, actedAt: now });
}

const CRITERION_LABELS: Record<CertificateCriterion, string> = {
	name: 'Name',
	pincode: 'Pincode',
	state: 'State',
	title: 'Title',
	yob: 'Year of birth',
	gender: 'Gender',
};

/** The service's error text for a certificate mismatch (Leegality's older webhook documentation). */
export const certificateMismatchText = (criterion: CertificateCriterion) =>
	`${CRITERION_LABELS[criterion]} doesn't match with the Digital Signature Certificate.`;

/** Each criterion's outcome: all matched, except the one that did not. */
export const certificateChecks = (mismatch?: CertificateCriterion) =>
	Object.fromEntries(
		CERTIFICATE_CRITERIA.map((criterion) => [criterion, criterion !== mismatch]),
	) as Record<CertificateCriterion, boolean>;

/** Signs what is left and produces the signed PDF and the audit trail, without webhooks (seed, --sign-on-create). */
export function complete(doc: V3Document, now: number): void {
	for (const invitee of doc.invitees) if (!hasActed(invitee)) signInvitation(doc, invitee, now);
	finish(doc, now);
}

// ---------------------------------------------------------------- workflow webhooks

/** Checks a webhook configuration sent to the control route; answers why it is refused, if it is. */
export function parseInviteeWebhooks(body: unknown): InviteeWebhookConfig | string {
	const urls = (entry: unknown, where: string): InviteeWebhookUrls | string => {
		if (!isObject(entry)) return `${where} must be an object`;
		const parsed: InviteeWebhookUrls = {};
		for (const key of ['webhookUrl', 'errorWebhookUrl'] as const) {
			const value = entry[key];
			if (value === undefined || value === null) continue;
			if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value))
				return `${where}.${key} must be an http(s) URL`;
			parsed[key] = value;
		}
		return parsed;
	};
	if (!isObject(body) || 'all' in body === 'invitees' in body)
		return 'Body needs exactly one of {invitees: [...]} or {all: {...}}';
	if ('all' in body) {
		const all = urls(body.all, 'all');
		return typeof all === 'string' ? all : { all };
	}
	if (!Array.isArray(body.invitees)) return 'invitees must be an array';
	const invitees: InviteeWebhookUrls[] = [];
	for (const [index, entry] of body.invitees.entries()) {
		const parsed = urls(entry, `invitees[${index}]`);
		if (typeof parsed === 'string') return parsed;
		invitees.push(parsed);
	}
	return { invitees };
}

/** Sets a workflow's invitee webhooks (replacing what it had); they apply to its documents' later actions. */
export function configureInviteeWebhooks(
	env: EmulatorEnv,
	profileId: string,
	config: InviteeWebhookConfig,
): void {
	const profile = env.slice<V3State>('v3').profiles.get(profileId);
	if (!profile) throw new Error(`No workflow ${profileId}`);
	profile.inviteeWebhooks = config;
}

/** The webhook URLs of a document's invitee, read from its workflow at the time of the action. */
export function inviteeWebhookUrls(
	state: V3State,
	doc: V3Document,
	inviteeIndex: number,
): InviteeWebhookUrls {
	const config = state.profiles.get(doc.profileId)?.inviteeWebhooks;
	if (!config) return {};
	return 'all' in config ? config.all : (config.invitees[inviteeIndex] ?? {});
}

// ---------------------------------------------------------------- helpers

type Ctx = RouteContext;
type Account = { id: string };

const invalid = (message: string) => v3Failure('validator.invalid', message);

function authenticate(env: EmulatorEnv, ctx: Ctx): Account | Reply {
	const account = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
	if (!account) return v3Failure('invalid.auth.token', 'Invalid or missing X-Auth-Token');
	return account;
}

const isReply = (value: unknown): value is Reply =>
	typeof value === 'object' && value !== null && 'status' in value && !('id' in value);

function ownDocument(
	state: V3State,
	account: Account,
	documentId: unknown,
): V3Document | undefined {
	const doc = typeof documentId === 'string' ? state.documents.get(documentId) : undefined;
	return doc && doc.accountId === account.id ? doc : undefined;
}

export const signUrlOf = (env: EmulatorEnv, invitee: V3Invitee) =>
	`${env.origin()}/sign/${invitee.uuid}`;

/** A sign URL, whole or just its UUID. */
function uuidOf(value: unknown): string | undefined {
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
		value.trim(),
	);
	return match?.[1]?.toLowerCase();
}

function findInvitation(state: V3State, account: Account | undefined, signUrl: unknown) {
	const uuid = uuidOf(signUrl);
	if (!uuid) return undefined;
	for (const doc of state.documents.values()) {
		if (account && doc.accountId !== account.id) continue;
		const invitee = doc.invitees.find((candidate) => candidate.uuid === uuid);
		if (invitee) return { doc, invitee };
	}
	return undefined;
}

function inviteeStatus(env: EmulatorEnv, doc: V3Document, invitee: V3Invitee) {
	const now = env.clock.now();
	return {
		name: invitee.name,
		email: invitee.email ?? null,
		phone: invitee.phone ?? null,
		signUrl: signUrlOf(env, invitee),
		signed: invitee.signed,
		rejected: invitee.rejected,
		expired: isExpired(invitee, now),
		expiryDate: formatServiceDate(invitee.expiresAt),
		signType: invitee.signed ? invitee.signType : null,
		active: activeInvitee(doc, now) === invitee,
	};
}

const fileName = (doc: V3Document, suffix = '') =>
	`${doc.name.replace(/\.pdf$/i, '')}${suffix}.pdf`;

// ---------------------------------------------------------------- create

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
const NESL_STAMP_REQUIRED = [
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

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';

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

function checkName(
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

const SPEC_CHARACTERS = 'letters, digits and + | - : ( ) , _ . [ ] & / @';

/** An invitee whose every field is blank: a placeholder the live service answers in its place (choices/v3.md). */
const isPlaceholderInvitee = (entry: unknown) =>
	isObject(entry) &&
	Object.keys(entry).length > 0 &&
	Object.values(entry).every((value) => !present(value));

/** The answer's entry for a placeholder invitee, as a sandbox answered one (choices/v3.md). */
export const PLACEHOLDER_ANSWER = {
	name: null,
	email: null,
	phone: null,
	signUrl: null,
	active: false,
	expiryDate: null,
};

/** The warning of a create the service accepted without applying its stamps (choices/v3.md). */
export const STAMP_NOT_APPLIED = {
	code: 'workflow.stamp.warning',
	message:
		'The document was sent without stamps: the stamp group could not provide the stamp value.',
};

/**
 * Whether a stamp group's unused, unexpired stamps make up the stamp value exactly (the service chooses the
 * denominations; largest first here). A group the account does not have is not judged: it stamps as before.
 * Without a stamp value, one stamp of any denomination is enough.
 */
function groupCanStamp(
	env: EmulatorEnv,
	groupName: string,
	stampValue: unknown,
	state: V3State,
): boolean {
	const extras = env.slice<V3ExtrasState>('v3Extras');
	const group = extras.groups.find((candidate) => candidate.groupName === groupName);
	if (!group) return true;
	const now = env.clock.now();
	const usable = group.series
		.map((series) => ({ details: extras.series.get(series), stock: state.stamps.get(series) ?? 0 }))
		.filter(({ details, stock }) => details && details.expiresAt > now && stock > 0)
		.map(({ details, stock }) => ({ denomination: details!.denomination, stock }))
		.sort((a, b) => b.denomination - a.denomination);
	if (!present(stampValue)) return usable.length > 0;
	let left = Number(stampValue);
	for (const { denomination, stock } of usable)
		left -= Math.min(stock, Math.floor(left / denomination)) * denomination;
	return left === 0;
}

function create(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	if (!isObject(body)) return invalid('The request body must be a JSON object');
	if (!present(body.profileId)) return invalid('profileId is required');
	const profile = state.profiles.get(String(body.profileId));
	if (!profile || profile.accountId !== account.id || !profile.published) {
		return v3Failure('workflow.not.found', 'No published workflow with this profileId');
	}
	if (!isObject(body.file)) return invalid('file is required');
	const file = body.file;
	const irnError = checkName(body.irn, 'irn', 'invalid.irn', IRN_PATTERN, SPEC_CHARACTERS);
	if (irnError) return irnError;
	const nameError = checkName(
		file.name,
		'file.name',
		'invalid.document.name',
		DOCUMENT_NAME_PATTERN,
		`${SPEC_CHARACTERS} and spaces`,
	);
	if (nameError) return nameError;

	let original: Buffer;
	if (profile.kind === 'pdf') {
		if (!present(file.file)) return invalid('file.file is required for a PDF workflow');
		const decoded = decodePdf(file.file, 'file.file');
		if (isReply(decoded)) return decoded;
		if (decoded.length > MAX_PDF_BYTES)
			return v3Failure('file.size.exceeded', 'file.file is larger than 15 MB');
		original = decoded;
	} else {
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
		if (
			file.autoGroupedFieldsFill !== undefined &&
			typeof file.autoGroupedFieldsFill !== 'boolean'
		) {
			return invalid('file.autoGroupedFieldsFill must be a boolean');
		}
		original = makePdf(`Template document ${String(file.name ?? profile.id)}`);
	}
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
	if (body.neslData !== undefined) {
		const neslError = validateNesl(body.neslData);
		if (neslError) return neslError;
	}

	const now = env.clock.now();
	const expiresAt = expiryFromDays(now, profile.defaultExpiryDays);
	const doc: V3Document = {
		documentId: newDocumentId(now),
		accountId: account.id,
		profileId: profile.id,
		name: String(file.name ?? `Document ${formatServiceDate(now)}`),
		irn: present(body.irn) ? String(body.irn) : null,
		baseStatus: 'SENT',
		createdAt: now,
		folderId: 'FOLDER-1',
		folderName: 'Default',
		original,
		additionalFiles,
		attachments: [],
		invitees: (body.invitees as Array<Record<string, unknown>>)
			.filter((entry) => !isPlaceholderInvitee(entry))
			.map((entry) => {
				const { name: inviteeName, email: inviteeEmail, phone: inviteePhone, ...extra } = entry;
				return {
					uuid: randomUUID(),
					name: String(inviteeName),
					email: present(inviteeEmail) ? String(inviteeEmail) : undefined,
					phone: present(inviteePhone) ? String(inviteePhone) : undefined,
					signed: false,
					approved: false,
					rejected: false,
					forcedExpired: false,
					expiresAt,
					signType: null,
					allowedSignType: profile.signType,
					resends: 0,
					supportingDocuments: [],
					extra,
				};
			}),
		cc: (body.cc as V3Document['cc']) ?? [],
		stampNotApplied: present(body.seriesGroup)
			? !groupCanStamp(env, String(body.seriesGroup), body.stampValue, state)
			: undefined,
		request: {
			...body,
			file: { ...file, file: file.file ? '<base64>' : undefined, additionalFiles: undefined },
		},
	};
	state.documents.set(doc.documentId, doc);
	// Lets an in-process test act on a new document before the next request (e.g. complete it).
	env.events.emit('v3DocumentCreated', doc.documentId);
	const stored = [...doc.invitees];
	const data = {
		documentId: doc.documentId,
		irn: doc.irn,
		invitees: (body.invitees as unknown[]).map((entry) => {
			if (isPlaceholderInvitee(entry)) return { ...PLACEHOLDER_ANSWER };
			const invitee = stored.shift() as V3Invitee;
			return {
				name: invitee.name,
				email: invitee.email ?? null,
				phone: invitee.phone ?? null,
				signUrl: signUrlOf(env, invitee),
				active: activeInvitee(doc, now) === invitee,
				expiryDate: formatIsoUtc(invitee.expiresAt),
			};
		}),
	};
	return json(200, {
		status: 1,
		messages: [
			{ code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' },
			...(doc.stampNotApplied ? [STAMP_NOT_APPLIED] : []),
		],
		data,
	});
}

// ---------------------------------------------------------------- reads

function status(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.documentId))
		return v3Failure('document.id.required', 'documentId is required');
	const doc = ownDocument(state, account, query.documentId);
	if (!doc) return v3Failure('no.document.found', 'No document found');
	const signed = doc.invitees.some((invitee) => invitee.signed);
	const current = doc.signedPdf ?? doc.original;
	const data: Record<string, unknown> = {
		documentId: doc.documentId,
		irn: doc.irn,
		folderId: doc.folderId,
		status: documentStatus(doc, env.clock.now()),
		requests: doc.invitees.map((invitee) => inviteeStatus(env, doc, invitee)),
		files: [env.links.createDownload(stored(current, fileName(doc)), STATUS_LINK_TTL_MS).url],
	};
	if (signed) {
		const trail = doc.auditTrail ?? makePdf(`Audit trail (in progress) of ${doc.documentId}`);
		data.auditTrail = env.links.createDownload(
			stored(trail, fileName(doc, '_audit_trail')),
			STATUS_LINK_TTL_MS,
		).url;
		data.signers = doc.invitees.filter((invitee) => invitee.signed).map(certificateOf);
	}
	return v3Success(data);
}

/**
 * v3.3 details switches (query value `true`), in the order of the 2022 API 3.0 description of details, whose
 * `section_field` names the KB uses too (invitations_signatureOptionsUsed, deprecated there, is left out). A
 * child switch (its underscore prefix is itself a switch) takes effect only when every ancestor is on: details()
 * evaluates each child inside its parent's section.
 */
export const DETAIL_SWITCHES = [
	'file',
	'auditTrail',
	'document_scheduledDeletionDate',
	'document_customMessage',
	'document_deleteOnComplete',
	'document_requestSigningOrder',
	'document_requireSigningOrder',
	'sftp',
	'workflow',
	'workflow_name',
	'workflow_type',
	'workflow_subType',
	'template',
	'template_name',
	'account',
	'account_name',
	'account_label',
	'account_brandName',
	'sender',
	'sender_name',
	'folder',
	'folder_name',
	'stampDetails',
	'stampDetails_groupName',
	'stampDetails_groupNumber',
	'stampDetails_maximumValuePermitted',
	'stampDetails_stamps',
	'stampDetails_stamps_associatedDocumentId',
	'referenceAttachments',
	'neslDocumentDetails',
	'neslDocumentDetails_securityDetails',
	'neslDocumentDetails_stampDetails',
	'neslDocumentDetails_stampDetails_firstPartyPin',
	'neslDocumentDetails_stampDetails_secondPartyPin',
	'neslDocumentDetails_stampDetails_firstPartyOVDType',
	'neslDocumentDetails_stampDetails_firstPartyOVDValue',
	'neslDocumentDetails_stampDetails_secondPartyOVDType',
	'neslDocumentDetails_stampDetails_secondPartyOVDValue',
	'cc',
	'coordinatePicker',
	'invitations_inviteeConfigs',
	'invitations_inviteeConfigs_retry',
	'invitations_inviteeConfigs_fixedName',
	'invitations_inviteeConfigs_noName',
	'invitations_inviteeConfigs_supportingDocument',
	'invitations_inviteeConfigs_organizationConfig',
	'invitations_inviteeConfigs_security',
	'invitations_inviteeConfigs_customURL',
	'invitations_inviteeConfigs_customConsent',
	'invitations_inviteeConfigs_enableRejectDocument',
	'invitations_inviteeConfigs_enableRejectMessage',
	'invitations_recordReviewerDetails',
	'invitations_inviteeGroup',
	'invitations_inviteeGroup_name',
	'invitations_inviteeGroup_completionThreshold',
	'invitations_inviteeGroup_size',
	'invitations_inviteeGroup_completed',
	'invitations_signatureOptions',
	'invitations_neslInvitationDetails',
	'invitations_neslInvitationDetails_participantDetails',
	'invitations_InvitationOfflineSignDetails',
	'invitations_invitationStatus_failureReason',
	'invitations_invitationStatus_rejectionMessage',
	'invitations_invitationStatus_signRejectionMessage',
	'invitations_certificateData',
	'invitations_verificationRequest',
	'invitations_verificationResponse',
	'invitations_supportingDocuments',
] as const;
export type DetailSwitch = (typeof DETAIL_SWITCHES)[number];

const SIGNATURE_OPTIONS: Record<SignType, string[]> = {
	AADHAAR: ['OTP', 'BIOMETRIC', 'IRIS'],
	VIRTUAL: ['DRAW', 'COMPUTER_GENERATED'],
	DSC: [],
	DOC_SIGNER: [],
};
const NESL_STAMP_FIELDS = [
	'firstPartyPin',
	'secondPartyPin',
	'firstPartyOVDType',
	'firstPartyOVDValue',
	'secondPartyOVDType',
	'secondPartyOVDValue',
] as const;

/** The stamp series a create request asked for, with how many stamps of each. */
function requestedStamps(
	request: Record<string, unknown>,
): Array<{ series: string; quantity: number }> {
	const multiple = (
		Array.isArray(request.multipleStampSeries) ? request.multipleStampSeries : []
	) as Array<Record<string, unknown>>;
	return [
		...(present(request.stampSeries) ? [{ series: String(request.stampSeries), quantity: 1 }] : []),
		...multiple.map((entry) => ({
			series: String(entry.stampSeries),
			quantity: Number(entry.seriesQuantity),
		})),
	];
}

function details(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.documentId))
		return v3Failure('document.id.required', 'documentId is required');
	const doc = ownDocument(state, account, query.documentId);
	if (!doc) return v3Failure('no.document.found', 'No document found');
	const now = env.clock.now();
	const status = documentStatus(doc, now);
	const profile = state.profiles.get(doc.profileId);
	const request = doc.request;
	const nesl = isObject(request.neslData) ? request.neslData : undefined;
	/** The fields whose switch is on; values are computed only for those, so a child only within its parent. */
	const fields = (entries: Array<[DetailSwitch, string, () => unknown]>) =>
		Object.fromEntries(
			entries.filter(([name]) => query[name] === 'true').map(([, key, value]) => [key, value()]),
		);
	const link = (file: StoredFile) => env.links.createDownload(file, STATUS_LINK_TTL_MS).url;
	const describeFile = (file: StoredFile) => ({
		file: link(file),
		name: file.fileName,
		type: file.contentType,
	});

	const stampDetails = () => {
		const stamps = requestedStamps(request);
		if (doc.stampNotApplied || (!stamps.length && !present(request.seriesGroup))) return null;
		const group = present(request.seriesGroup) ? String(request.seriesGroup) : null;
		const amount = present(request.stampValue) ? String(request.stampValue) : '100';
		return {
			stampValue: present(request.stampValue) ? String(request.stampValue) : null,
			state: 'Karnataka',
			...fields([
				['stampDetails_groupName', 'groupName', () => group],
				['stampDetails_groupNumber', 'groupNumber', () => (group ? 1 : null)],
				[
					'stampDetails_maximumValuePermitted',
					'maximumValuePermitted',
					() => (group ? 100_000 : null),
				],
				[
					'stampDetails_stamps',
					'stamps',
					() =>
						stamps
							.flatMap(({ series, quantity }) => Array.from({ length: quantity }, () => series))
							.map((series, index) => ({
								series,
								amount,
								serialNumber: `${series}/${String(index + 1).padStart(6, '0')}`,
								...fields([
									[
										'stampDetails_stamps_associatedDocumentId',
										'associatedDocumentId',
										() => `${doc.documentId}-${index + 1}`,
									],
								]),
							})),
				],
			]),
		};
	};

	const neslDocumentDetails = () =>
		nesl && {
			transactionId: `NESL-${doc.documentId}`,
			loanDetails: nesl.documentDetail ?? null,
			...fields([
				['neslDocumentDetails_securityDetails', 'securityDetails', () => nesl.neslSecurities ?? []],
				[
					'neslDocumentDetails_stampDetails',
					'stampDetails',
					() =>
						(
							(Array.isArray(nesl.stampData) ? nesl.stampData : []) as Array<
								Record<string, unknown>
							>
						).map((stamp) => ({
							...Object.fromEntries(
								[...NESL_STAMP_REQUIRED, 'articleSubCode'].map((key) => [key, stamp[key] ?? null]),
							),
							...fields(
								NESL_STAMP_FIELDS.map((key): [DetailSwitch, string, () => unknown] => [
									`neslDocumentDetails_stampDetails_${key}`,
									key,
									() => stamp[key] ?? null,
								]),
							),
						})),
				],
			]),
		};

	const invitation = (invitee: V3Invitee, index: number) => {
		const reading = inviteeStatus(env, doc, invitee);
		const configKey = VERIFICATION_CONFIG_KEYS[invitee.allowedSignType];
		return {
			name: invitee.name,
			email: reading.email,
			phone: reading.phone,
			inviteeType: invitee.approved ? 'Reviewer' : 'Signer',
			invitationUrl: reading.signUrl,
			allowedSignatures: [invitee.allowedSignType],
			usedSignatureType: reading.signType,
			invitationStatus: {
				active: reading.active,
				signed: invitee.signed,
				reviewed: invitee.approved,
				approved: invitee.approved,
				rejected: invitee.rejected,
				expired: reading.expired,
				creationDate: doc.createdAt,
				expiryDate: invitee.expiresAt,
				signDate: invitee.signed ? (invitee.actedAt ?? null) : null,
				...fields([
					[
						'invitations_invitationStatus_failureReason',
						'failureReason',
						() =>
							invitee.certificateMismatch
								? certificateMismatchText(invitee.certificateMismatch)
								: null,
					],
					// Reviewers only approve in this emulator, so there is never an approver's rejection message.
					['invitations_invitationStatus_rejectionMessage', 'rejectionMessage', () => null],
					[
						'invitations_invitationStatus_signRejectionMessage',
						'signRejectionMessage',
						() => invitee.rejectionReason ?? null,
					],
				]),
			},
			...fields([
				[
					'invitations_inviteeConfigs',
					'inviteeConfigs',
					() =>
						fields([
							['invitations_inviteeConfigs_retry', 'retry', () => 3],
							['invitations_inviteeConfigs_fixedName', 'fixedName', () => false],
							['invitations_inviteeConfigs_noName', 'noName', () => false],
							[
								'invitations_inviteeConfigs_supportingDocument',
								'supportingDocument',
								() => invitee.supportingDocuments.length > 0,
							],
							[
								'invitations_inviteeConfigs_organizationConfig',
								'organizationConfig',
								() => ({
									nameRequired: false,
									fixedName: false,
									name: null,
									requireSeal: false,
									sealType: null,
								}),
							],
							[
								'invitations_inviteeConfigs_security',
								'security',
								() => ({
									enforceAuthentication: false,
									twoFactorAuthentication: false,
									sendDocumentRawUrl: false,
									captureLocation: false,
									capturePhoto: false,
									userLiveliness: false,
								}),
							],
							[
								'invitations_inviteeConfigs_customURL',
								'customURL',
								() => {
									const urls = inviteeWebhookUrls(state, doc, index);
									return {
										webhookURL: urls.webhookUrl ?? null,
										redirectURL: null,
										errorWebhookURL: urls.errorWebhookUrl ?? null,
										baseURL: null,
										webhookVersion: null,
									};
								},
							],
							['invitations_inviteeConfigs_customConsent', 'customConsent', () => null],
							[
								'invitations_inviteeConfigs_enableRejectDocument',
								'enableRejectDocument',
								() => true,
							],
							[
								'invitations_inviteeConfigs_enableRejectMessage',
								'enableRejectMessage',
								() => false,
							],
						]),
				],
				['invitations_recordReviewerDetails', 'recordReviewerDetails', () => false],
				// No invitee groups here, so inviteeGroup is null and its child switches have nothing to add.
				['invitations_inviteeGroup', 'inviteeGroup', () => null],
				[
					'invitations_signatureOptions',
					'signatureOptions',
					() => SIGNATURE_OPTIONS[invitee.allowedSignType],
				],
				[
					'invitations_neslInvitationDetails',
					'neslInvitationDetails',
					() =>
						nesl
							? {
									type: 'PARTICIPANT',
									...fields([
										[
											'invitations_neslInvitationDetails_participantDetails',
											'participantDetails',
											() => ({
												fullName: invitee.name,
												emailId: reading.email,
												mobileNumber: reading.phone,
											}),
										],
									]),
								}
							: null,
				],
				['invitations_InvitationOfflineSignDetails', 'offlineSignDetails', () => null],
				[
					'invitations_certificateData',
					'certificateData',
					() => (invitee.signed ? certificateOf(invitee) : null),
				],
				[
					'invitations_verificationRequest',
					'verificationRequest',
					() =>
						configKey && {
							[configKey]: {
								smartNamePercentage: 80,
								signatureVerification: true,
								...certificateVerificationFlags(() => true),
							},
						},
				],
				[
					'invitations_verificationResponse',
					'verificationResponse',
					() => {
						if (!invitee.signed && !invitee.certificateMismatch) return null;
						const checks = certificateChecks(invitee.certificateMismatch);
						return {
							smartNamePercentage: checks.name ? 100 : 0,
							signatureVerification: true,
							...certificateVerificationFlags((criterion) => checks[criterion]),
						};
					},
				],
				[
					'invitations_supportingDocuments',
					'supportingDocuments',
					() => invitee.supportingDocuments.map(describeFile),
				],
			]),
		};
	};

	const lastAction = Math.max(
		doc.createdAt,
		...doc.invitees.map((invitee) => invitee.actedAt ?? doc.createdAt),
	);
	return v3Success({
		documentId: doc.documentId,
		name: doc.name,
		irn: doc.irn,
		status,
		createdAt: formatServiceDate(doc.createdAt),
		folderId: doc.folderId,
		folderName: doc.folderName,
		document: {
			id: doc.documentId,
			name: doc.name,
			irn: doc.irn,
			status,
			profileId: doc.profileId,
			deleted: false,
			creationDate: formatServiceDate(doc.createdAt),
			completionDate: status === 'COMPLETED' ? formatServiceDate(lastAction) : null,
			...fields([
				['document_scheduledDeletionDate', 'scheduledDeletionDate', () => null],
				['document_customMessage', 'customMessage', () => request.customMessage ?? null],
				['document_deleteOnComplete', 'deleteOnComplete', () => false],
				['document_requestSigningOrder', 'requestSigningOrder', () => true],
				// The KB's reviewer article: signing order is mandatory once an invitee is a reviewer.
				[
					'document_requireSigningOrder',
					'requireSigningOrder',
					() => doc.invitees.some((invitee) => invitee.approved),
				],
				['sftp', 'sftpEnabled', () => false],
			]),
		},
		invitations: doc.invitees.map(invitation),
		...fields([
			['file', 'file', () => link(stored(doc.signedPdf ?? doc.original, fileName(doc)))],
			[
				'auditTrail',
				'auditTrail',
				() =>
					status === 'COMPLETED' && doc.auditTrail
						? link(stored(doc.auditTrail, fileName(doc, '_audit_trail')))
						: null,
			],
			[
				'workflow',
				'workflow',
				() => ({
					id: doc.profileId,
					...fields([
						[
							'workflow_name',
							'name',
							() =>
								`${profile?.kind === 'template' ? 'Template' : 'PDF'} workflow ${doc.profileId}`,
						],
						['workflow_type', 'type', () => (profile?.kind === 'template' ? 'TEMPLATE' : 'PDF')],
						['workflow_subType', 'subType', () => 'SINGLE'],
					]),
				}),
			],
			[
				'template',
				'template',
				() =>
					profile?.kind === 'template'
						? {
								id: `TPL-${doc.profileId}`,
								...fields([['template_name', 'name', () => `Template of ${doc.profileId}`]]),
							}
						: null,
			],
			[
				'account',
				'account',
				() => ({
					id: doc.accountId,
					...fields([
						['account_name', 'name', () => `Organisation of ${doc.accountId}`],
						['account_label', 'label', () => 'Operations'],
						['account_brandName', 'brandName', () => 'Emulator Brand'],
					]),
				}),
			],
			[
				'sender',
				'sender',
				() => ({
					username: 'sender@example.com',
					...fields([['sender_name', 'name', () => 'Emulator Sender']]),
				}),
			],
			[
				'folder',
				'folders',
				() => [{ id: doc.folderId, ...fields([['folder_name', 'name', () => doc.folderName]]) }],
			],
			['stampDetails', 'stampDetails', stampDetails],
			['referenceAttachments', 'referenceAttachments', () => doc.attachments.map(describeFile)],
			['neslDocumentDetails', 'neslDocumentDetails', () => neslDocumentDetails() ?? null],
			['cc', 'cc', () => doc.cc],
			['coordinatePicker', 'coordinatePicker', () => []],
		]),
	});
}

/** `<criterion>Verification` flags, as the 2022 description names them in verification requests and responses. */
const certificateVerificationFlags = (flag: (criterion: CertificateCriterion) => boolean) =>
	Object.fromEntries(
		CERTIFICATE_CRITERIA.map((criterion) => [`${criterion}Verification`, flag(criterion)]),
	);

/** The spec's list paging: max 1 to 40 (anything else reads as the default 20), offset from 0. */
function pageOf(query: Record<string, string>): { max: number; offset: number } {
	let max = Number.parseInt(query.max ?? '', 10);
	if (!Number.isFinite(max) || max < 1 || max > 40) max = 20;
	let offset = Number.parseInt(query.offset ?? '', 10);
	if (!Number.isFinite(offset) || offset < 0) offset = 0;
	return { max, offset };
}

const listEntry = (doc: V3Document, now: number) => ({
	name: doc.name,
	documentId: doc.documentId,
	irn: doc.irn,
	folderId: doc.folderId,
	folderName: doc.folderName,
	status: documentStatus(doc, now),
});

function list(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	const now = env.clock.now();
	const { max, offset } = pageOf(query);
	const q = (query.q ?? '').trim().toLowerCase();
	const wanted = query.status ? query.status.toUpperCase() : undefined;
	const matching = [...state.documents.values()]
		.filter((doc) => doc.accountId === account.id)
		.filter(
			(doc) =>
				!q || [doc.name, doc.documentId, doc.irn ?? ''].some((value) => value.toLowerCase() === q),
		)
		.filter((doc) => !wanted || documentStatus(doc, now) === wanted)
		.sort((a, b) => b.createdAt - a.createdAt || (a.documentId < b.documentId ? -1 : 1));
	return v3Success({
		total: matching.length,
		documents: matching.slice(offset, offset + max).map((doc) => listEntry(doc, now)),
	});
}

/**
 * The knowledge base's list of completed documents, oldest completion first
 * (https://knowledge.leegality.com/document-execution/api/list-completed-documents). Its page size and offset
 * behave as the document list's; the date filters' format is not published, so they are refused.
 */
function completedList(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (present(query.startDate) || present(query.endDate)) {
		return invalid(
			'startDate and endDate are not emulated: the service does not publish their format',
		);
	}
	const now = env.clock.now();
	const { max, offset } = pageOf(query);
	const matches = (wanted: string | undefined, value: string | null) =>
		!present(wanted) || wanted!.trim().toLowerCase() === (value ?? '').toLowerCase();
	const completed = [...state.documents.values()]
		.filter(
			(doc) =>
				doc.accountId === account.id && doc.completion && documentStatus(doc, now) === 'COMPLETED',
		)
		.filter((doc) => matches(query.name, doc.name) && matches(query.irn, doc.irn))
		.sort(
			(a, b) =>
				a.completion!.at - b.completion!.at || a.completion!.sequence - b.completion!.sequence,
		);
	return v3Success({
		total: completed.length,
		documents: completed.slice(offset, offset + max).map((doc) => listEntry(doc, now)),
	});
}

// ---------------------------------------------------------------- downloads

const DOWNLOAD_TYPES = ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT', 'SUPPORTING_DOCUMENT'];

function pickIndexed(files: StoredFile[], rawIndex: string | undefined): StoredFile | Reply {
	if (!present(rawIndex)) return invalid('index is required');
	if (!/^-?\d+$/.test(String(rawIndex))) return invalid('index must be an integer');
	const index = Number(rawIndex);
	if (index < 0) return v3Failure('index.not.negative', 'index cannot be negative');
	if (files.length === 0) return v3Failure('no.attachments.exists', 'No attachments exist');
	if (index >= files.length)
		return v3Failure('index.out.of.bound', `index must be below ${files.length}`);
	return files[index];
}

function fetchDocument(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.documentId)) return invalid('documentId is required');
	const doc = ownDocument(state, account, query.documentId);
	if (!doc || documentStatus(doc, env.clock.now()) !== 'COMPLETED')
		return v3Failure('no.document.found', 'No document found');
	const type = query.documentDownloadType;
	if (!DOWNLOAD_TYPES.includes(type ?? '')) {
		return v3Failure(
			'document.download.type',
			`documentDownloadType must be one of ${DOWNLOAD_TYPES.join(', ')}`,
		);
	}
	let file: StoredFile | Reply;
	if (type === 'DOCUMENT') file = stored(doc.signedPdf!, fileName(doc));
	else if (type === 'AUDIT_TRAIL') file = stored(doc.auditTrail!, fileName(doc, '_audit_trail'));
	else if (type === 'ATTACHMENT') file = pickIndexed(doc.attachments, query.index);
	else {
		if (!present(query.supportDocumentUrl)) return invalid('supportDocumentUrl is required');
		const uuid = uuidOf(query.supportDocumentUrl);
		const invitee = doc.invitees.find((candidate) => candidate.uuid === uuid);
		if (!invitee)
			return v3Failure('invitation.not.found', 'No invitation matches supportDocumentUrl');
		file = pickIndexed(invitee.supportingDocuments, query.index);
	}
	if (isReply(file)) return file;
	return v3Success({ file: env.links.createDownload(file, DOWNLOAD_LINK_TTL_MS).url });
}

// ---------------------------------------------------------------- changes

function remove(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.documentId))
		return v3Failure('document.id.required', 'documentId is required');
	const doc = ownDocument(state, account, query.documentId);
	if (!doc) return v3Failure('no.document.found', 'No document found');
	state.documents.delete(doc.documentId);
	env.events.emit('documentDeleted', doc.documentId);
	return v3Success({}, 'document.delete.success', 'Document deleted successfully');
}

function reactivate(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const input = isObject(body) ? body : {};
	const doc = ownDocument(state, account, input.documentId);
	if (!doc) return v3Failure('no.document.found', 'No document found');
	const now = env.clock.now();
	let expiresAt: number;
	if (input.expiryDays !== undefined && input.expiryDays !== null) {
		const days = Number(input.expiryDays);
		if (!Number.isInteger(days) || days < -1 || days > 365)
			return v3Failure('invalid.expiry.days.value', 'expiryDays must be from -1 to 365');
		expiresAt = expiryFromDays(now, days);
	} else if (input.expiryTime !== undefined && input.expiryTime !== null) {
		const time = Number(input.expiryTime);
		if (!Number.isFinite(time) || time <= now)
			return v3Failure('invalid.expiry.time', 'expiryTime is in the past or negative');
		if (time > now + 365 * DAY_MS)
			return v3Failure('invalid.expiry.time.maxerror', 'expiryTime is more than 365 days ahead');
		expiresAt = time;
	} else {
		expiresAt = expiryFromDays(now, state.profiles.get(doc.profileId)?.defaultExpiryDays ?? 7);
	}
	const expired = doc.invitees.filter((invitee) => isExpired(invitee, now));
	if (!expired.length)
		return v3Failure('no.expired.invitation.found', 'No expired invitation found');
	for (const invitee of expired)
		update(invitee, {
			forcedExpired: false,
			certificateMismatch: undefined,
			expiresAt,
			resends: 0,
		});
	return v3Success(
		{
			documentId: doc.documentId,
			irn: doc.irn,
			requests: doc.invitees.map((invitee) => inviteeStatus(env, doc, invitee)),
		},
		'signinvitation.activate.success',
		'Invitations reactivated',
	);
}

function resend(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const signUrls = isObject(body) ? body.signUrls : undefined;
	if (!Array.isArray(signUrls) || signUrls.length < 1 || signUrls.length > 15) {
		return invalid('signUrls must hold 1 to 15 sign URLs');
	}
	const now = env.clock.now();
	const invitations = signUrls.map((signUrl) => {
		const found = findInvitation(state, account, signUrl);
		const base = {
			signUrl: String(signUrl),
			name: null as string | null,
			email: null as string | null,
			phone: null as string | null,
		};
		if (!found) return { ...base, status: 0, message: 'Invitation not found' };
		const { doc, invitee } = found;
		const who = {
			...base,
			name: invitee.name,
			email: invitee.email ?? null,
			phone: invitee.phone ?? null,
		};
		if (invitee.signed) return { ...who, status: 0, message: 'Invitee has already signed' };
		if (invitee.approved)
			return { ...who, status: 0, message: 'Invitee has already approved the document' };
		if (invitee.rejected)
			return { ...who, status: 0, message: 'Invitee has rejected the document' };
		if (isExpired(invitee, now)) return { ...who, status: 0, message: 'Invitation has expired' };
		if (doc.baseStatus === 'DRAFT')
			return { ...who, status: 0, message: 'Document has not been sent' };
		if (invitee.resends >= MAX_RESENDS)
			return { ...who, status: 0, message: `Maximum resend limit (${MAX_RESENDS}) reached` };
		invitee.resends += 1;
		return { ...who, status: 1, message: 'Invitation resent successfully' };
	});
	return v3Success({ invitations }, 'invitation.resend.success', 'Resend processed');
}

function docSigner(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const input = isObject(body) ? body : {};
	const now = env.clock.now();
	// Searched in every account: a sign URL of another account's invitee fails the same way as an unknown one.
	const found = findInvitation(state, undefined, input.signUrl);
	const notExists = () =>
		v3Failure('invitation.not.exists', 'Invitation does not exist or cannot be signed');
	if (!found || found.doc.accountId !== account.id) return notExists();
	const { doc, invitee } = found;
	if (
		invitee.allowedSignType !== 'DOC_SIGNER' ||
		invitee.signed ||
		isExpired(invitee, now) ||
		activeInvitee(doc, now) !== invitee ||
		documentStatus(doc, now) === 'COMPLETED'
	) {
		return notExists();
	}
	if (input.consent !== DOC_SIGNER_CONSENT)
		return v3Failure('invalid.consent', 'Consent does not match');
	const profile = state.docSignerProfiles.get(String(input.profileId ?? ''));
	if (!profile || profile.accountId !== account.id)
		return v3Failure('profile.not.exists', 'Profile does not exist');
	signInvitation(doc, invitee, now, {
		...defaultCertificate(invitee),
		name: profile.name.toUpperCase(),
		title: 'Authorised Signatory',
	});
	return v3Success({}, 'signing.success', 'Document signed successfully');
}

function ebgReview(state: V3State, body: unknown): Reply {
	const data = isObject(body) && isObject(body.data) ? body.data : undefined;
	if (!data) return invalid('data is required');
	const missing = ['requestId', 'loanNumber', 'reviewStatus', 'reviewRemarks', 'notifTxnId'].find(
		(field) => typeof data[field] !== 'string' || !data[field],
	);
	if (missing) return invalid(`data.${missing} is required`);
	if (!['Accepted', 'Rejected'].includes(String(data.reviewStatus)))
		return invalid('data.reviewStatus must be Accepted or Rejected');
	const notification = state.ebgNotifications.get(String(data.notifTxnId));
	if (
		!notification ||
		notification.requestId !== data.requestId ||
		notification.loanNumber !== data.loanNumber
	) {
		return v3Failure(
			'notification.not.found',
			'No eBG notification matches notifTxnId, requestId and loanNumber',
		);
	}
	if (notification.review)
		return v3Failure(
			'notification.already.reviewed',
			'This eBG notification has already been reviewed',
		);
	notification.review = { ...data };
	return v3Success({}, 'ebg.notification.review.success', 'Notification reviewed successfully');
}

// ---------------------------------------------------------------- family

export const family: EmulatorFamily<V3State> = {
	name: 'v3',
	createState: seedState,
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<V3State>('v3');
		const route = (method: string, path: string, handler: (account: Account, ctx: Ctx) => Reply) =>
			router.add(method, path, (ctx) => {
				const account = authenticate(env, ctx);
				return isReply(account) ? account : handler(account, ctx);
			});
		route('POST', '/api/v3.0/sign/request', (account, ctx) =>
			create(env, state(), account, ctx.body),
		);
		route('DELETE', '/api/v3.0/sign/request', (account, ctx) =>
			remove(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.2/sign/request', (account, ctx) =>
			status(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/request/reactivate', (account, ctx) =>
			reactivate(env, state(), account, ctx.body),
		);
		route('GET', '/api/v3.0/sign/request/list', (account, ctx) =>
			list(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.0/document/completed', (account, ctx) =>
			completedList(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/request/resend', (account, ctx) =>
			resend(env, state(), account, ctx.body),
		);
		route('GET', '/api/v3.3/document/details', (account, ctx) =>
			details(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.3/document/fetchDocument', (account, ctx) =>
			fetchDocument(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/docSigner/invitation', (account, ctx) =>
			docSigner(env, state(), account, ctx.body),
		);
		route('POST', '/api/v3.3/nesl/notification/review', (_account, ctx) =>
			ebgReview(state(), ctx.body),
		);

		// Test-only control routes: let a process other than the test (n8n, the demo) move documents along.
		const control = (path: string, act: (doc: V3Document, ctx: Ctx) => void) =>
			router.add('POST', `/__emulator/v3/documents/:id/${path}`, (ctx) => {
				const doc = state().documents.get(ctx.params.id);
				if (!doc) return json(404, { message: `No document ${ctx.params.id}` });
				act(doc, ctx);
				return json(200, {
					documentId: doc.documentId,
					status: documentStatus(doc, env.clock.now()),
				});
			});
		control('expire', (doc) => {
			for (const invitee of doc.invitees) if (!hasActed(invitee)) invitee.forcedExpired = true;
		});
		control('supporting-document', (doc, ctx) => {
			const input = isObject(ctx.body) ? ctx.body : {};
			const invitee = doc.invitees[Number(input.inviteeIndex ?? 0)];
			invitee?.supportingDocuments.push(
				addedFile(input, `Supporting document of ${invitee.name}`, 'supporting.pdf'),
			);
		});
		control('attachment', (doc, ctx) => {
			const input = isObject(ctx.body) ? ctx.body : {};
			doc.attachments.push(
				addedFile(input, 'Attachment', `attachment-${doc.attachments.length + 1}.pdf`),
			);
		});
		router.add('PUT', '/__emulator/v3/profiles/:id/webhooks', (ctx) => {
			if (!state().profiles.has(ctx.params.id))
				return json(404, { message: `No workflow ${ctx.params.id}` });
			const config = parseInviteeWebhooks(ctx.body);
			if (typeof config === 'string') return json(400, { message: config });
			configureInviteeWebhooks(env, ctx.params.id, config);
			return json(200, { profileId: ctx.params.id, ...config });
		});
	},
};
