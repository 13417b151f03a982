import type { Agent } from 'node:http';

// The webhooks family's deliveries, event types, versions and request shapes.

export interface DeliveryAttempt {
	/** HTTP status of the answer; 0 when the connection failed. */
	status: number;
	error?: string;
	at: number;
}

export interface Delivery {
	deliveryId: string;
	url: string;
	accountId: string;
	documentId: string;
	/** The body object sent (a Webhook 4.0 envelope or a v3 flat event). */
	envelope: Record<string, unknown>;
	/** The exact bytes sent. */
	body: string;
	attempts: DeliveryAttempt[];
	/** Whether an attempt got a 2xx. */
	acknowledged: boolean;
}

export interface WebhooksState {
	/** Deliveries per document id, oldest first. */
	history: Map<string, Delivery[]>;
	retries: number;
	/** Webhook versions per v3 workflow (profile id). */
	versions: Map<string, WebhookVersionConfig>;
	/** The version of an invitee no configuration names (seed `v3WebhookVersion`). */
	defaultVersion: V3WebhookVersion;
}

export interface BodyChanges {
	/**
	 * Values merged over the built body before the MAC is computed (objects one level deep: `{document:
	 * {irn: 'X'}}` changes only irn). A `mac` key here is sent as given instead of the computed one.
	 */
	overrides?: Record<string, unknown>;
	/** Top-level keys to leave out (to build deliveries that break the body's rules). */
	omitKeys?: string[];
}

/**
 * The Webhook 4.0 event types: the spec's REVIEWER_APPROVAL, and those public client code against the live
 * service shows (collected 2026-11-25).
 */
export const WEBHOOK4_EVENT_TYPES = [
	'REVIEWER_APPROVAL',
	'SIGNED',
	'SIGNER_REJECTED',
	'REVIEWER_REJECTED',
] as const;
export type Webhook4EventType = (typeof WEBHOOK4_EVENT_TYPES)[number];

/** The spec's document statuses in events. */
export const WEBHOOK4_DOCUMENT_STATUSES = ['SENT', 'PACK_PENDING_COMPLETION', 'COMPLETED'] as const;
export type Webhook4DocumentStatus = (typeof WEBHOOK4_DOCUMENT_STATUSES)[number];

export interface EnvelopeRequest extends BodyChanges {
	/** Account id (`account-main`, `account-other`); default the main account. */
	account?: string;
	documentId?: string;
	packId?: string;
	/** Default REVIEWER_APPROVAL. */
	eventType?: Webhook4EventType;
	/** `document.documentStatus`; default the pack document's status, else SENT. */
	documentStatus?: Webhook4DocumentStatus;
}

/** What each event type sets in the envelope (choices/webhooks.md). */
export const WEBHOOK4_EVENTS: Record<
	Webhook4EventType,
	{
		route: 'SUCCESS' | 'ERROR';
		action: string;
		role: 'SIGNER' | 'REVIEWER';
		invitationStatus: string;
	}
> = {
	REVIEWER_APPROVAL: {
		route: 'SUCCESS',
		action: 'APPROVED',
		role: 'REVIEWER',
		invitationStatus: 'REVIEWER_APPROVED',
	},
	SIGNED: { route: 'SUCCESS', action: 'SIGNED', role: 'SIGNER', invitationStatus: 'SIGNED' },
	SIGNER_REJECTED: {
		route: 'ERROR',
		action: 'REJECTED',
		role: 'SIGNER',
		invitationStatus: 'SIGNER_REJECTED',
	},
	REVIEWER_REJECTED: {
		route: 'ERROR',
		action: 'REJECTED',
		role: 'REVIEWER',
		invitationStatus: 'REVIEWER_REJECTED',
	},
};

/** Whether the service sends an envelope of this event type to the error URL (else to the success URL). */
export const isErrorEnvelope = (eventType: Webhook4EventType) =>
	WEBHOOK4_EVENTS[eventType].route === 'ERROR';

export const V3_EVENT_KINDS = [
	'signed',
	'reviewerApproved',
	'rejected',
	'certificateVerificationFailed',
] as const;
export type V3EventKind = (typeof V3_EVENT_KINDS)[number];

/**
 * The webhook version an invitee is set to in the dashboard, as far as the body goes: `current` (the knowledge
 * base's body), `legacy` (the 2.x body of a capture from a live signing: no webhookType, no documentStatus) and
 * `legacyWithFiles` (the same with the document and its audit trail in base64, `files` and `auditTrail`).
 */
export const V3_WEBHOOK_VERSIONS = ['current', 'legacy', 'legacyWithFiles'] as const;
export type V3WebhookVersion = (typeof V3_WEBHOOK_VERSIONS)[number];

/** A workflow's webhook versions: entry i for its documents' i-th invitee, or one for every invitee. */
export type WebhookVersionConfig = { invitees: V3WebhookVersion[] } | { all: V3WebhookVersion };

export interface V3EventRequest extends BodyChanges {
	event: V3EventKind;
	/** Default: the version configured for the document's workflow and invitee, else the seed's. */
	version?: V3WebhookVersion;
	/** A v3 document of the emulator (its data is used) or any id (plausible fresh values around it). */
	documentId?: string;
	/** Account id; default the document's account, else the main account. */
	account?: string;
	/** The invitee who acted; default the active invitee, else the first. */
	inviteeIndex?: number;
}

export interface DeliveryOptions {
	url: string;
	/** Further attempts after a failure; default the seed's `webhookRetries`. */
	retries?: number;
	/** Send this body instead of the JSON of the built body (to send broken bodies). */
	rawBody?: string | Buffer;
	contentType?: string;
	/** A keep-alive agent for many deliveries in a row. */
	agent?: Agent;
}

export interface DeliverRequest extends EnvelopeRequest, DeliveryOptions {}
export interface DeliverV3EventRequest extends V3EventRequest, DeliveryOptions {}
