import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../shared/isObject';

/**
 * The two bodies the service posts to a webhook URL, told apart before anything else runs, and the small
 * normalised event the trigger adds to either, so that a flow branches on one field whatever the shape.
 *
 * - `v3`: the flat body of a document created with v3.0 Create, one per invitee action (knowledge base:
 *   signer-signs-document, signer-rejects-document, certificate-verification-failed): top-level `documentId`,
 *   `webhookType` `Success`/`Error`, `documentStatus` `Draft`/`Sent`/`Completed`, `irn`, `mac`, and a `request`
 *   object about the invitee. Older webhook versions, still chosen per invitee in the dashboard, send neither
 *   `webhookType` nor `documentStatus` (a capture from a live signing), and may carry base64 `files` and
 *   `auditTrail` (deliveredFiles.ts).
 * - `webhook4`: the spec's Webhook 4.0 envelope: `eventType`, and the document under `document.documentId`.
 *
 * Pure and total: it reads only own keys of a parsed JSON object and never throws.
 */
export type DeliveryShape = 'v3' | 'webhook4';

export type Route = 'success' | 'error';

export interface ShapedDelivery {
	shape: DeliveryShape;
	/** The document id the shape's MAC covers (not yet checked to be a string). */
	documentId: unknown;
}

/**
 * What the trigger calls each event (`event.kind`, and the values of its event filter). A Webhook 4.0
 * envelope's kind is its `eventType`, mapped by WEBHOOK4_KINDS where it names an action of these kinds, else
 * as sent, so kinds the spec does not list yet pass through unchanged.
 */
export const EVENT_KINDS = {
	INVITEE_SIGNED:
		'An invitee signed (success URL; Webhook 4.0 eventType SIGNED); documentStatus COMPLETED when every invitee has acted',
	REVIEWER_APPROVAL: 'A reviewer approved the document (success URL)',
	INVITEE_REJECTED:
		'An invitee rejected the document (error URL; Webhook 4.0 eventType SIGNER_REJECTED or REVIEWER_REJECTED)',
	CERTIFICATE_VERIFICATION_FAILED:
		"The signer's certificate did not match the invitee's verification criteria; the invitation is terminated (error URL)",
	INVITATION_EXPIRED:
		"An invitation timed out (error URL; described by the service's older webhook documentation)",
	SIGNING_FAILED: 'Any other failure the error URL reports',
} as const;

export type EventKind = keyof typeof EVENT_KINDS | string;

/**
 * Webhook 4.0 event types that name the same action as a v3 kind (public client code against the live service,
 * collected 2026-11-25): a user filtering "an invitee signed" catches a pack signature too. REVIEWER_APPROVAL
 * is its own kind already.
 */
export const WEBHOOK4_KINDS: Record<string, keyof typeof EVENT_KINDS> = {
	SIGNED: 'INVITEE_SIGNED',
	SIGNER_REJECTED: 'INVITEE_REJECTED',
	REVIEWER_REJECTED: 'INVITEE_REJECTED',
};

/**
 * The document statuses Only Completed Documents lets through: every invitee of the document has acted. A pack
 * document reads PACK_PENDING_COMPLETION once it is fully executed while other documents of its pack are not
 * (the spec's pack-side status table); the pack's own state is `pack.packStatus`.
 */
export const COMPLETED_DOCUMENT_STATUSES: readonly string[] = [
	'COMPLETED',
	'PACK_PENDING_COMPLETION',
];

const own = (object: Record<string, unknown>, key: string) =>
	Object.prototype.hasOwnProperty.call(object, key);

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

const lower = (value: unknown) => text(value)?.toLowerCase();

/**
 * Which shape a body is, or undefined when it is neither. A Webhook 4.0 envelope has an `eventType` and a
 * `document` object; a v3 body has a top-level `documentId` and no `document` object. A body that would be
 * both is neither: the MAC could then be checked against either id, so it is refused.
 */
export function shapeOf(body: Record<string, unknown>): ShapedDelivery | undefined {
	const envelope = own(body, 'eventType') && own(body, 'document') && isObject(body.document);
	const flat = own(body, 'documentId');
	if (envelope === flat) return undefined;
	if (envelope) {
		const document = body.document as Record<string, unknown>;
		return {
			shape: 'webhook4',
			documentId: own(document, 'documentId') ? document.documentId : undefined,
		};
	}
	return { shape: 'v3', documentId: body.documentId };
}

/**
 * The kind of a v3 body. The knowledge base names four invitee actions (sign and approve to the success URL;
 * reject and failed certificate verification to the error URL); the `request` fields that tell them apart
 * come from the service's older webhook documentation and public client code (`action`, `inviteeType`,
 * `rejected`, `error`), so each kind is recognised from any of its signs, and otherwise the route decides.
 */
function v3Kind(body: Record<string, unknown>, route: Route): EventKind {
	const request = isObject(body.request) ? body.request : {};
	const action = lower(request.action);
	if (action === 'approved') return 'REVIEWER_APPROVAL';
	if (action === 'rejected' || request.rejected === true) return 'INVITEE_REJECTED';
	if (action === 'signed') return 'INVITEE_SIGNED';
	if (route === 'success' && lower(body.webhookType) !== 'error') {
		return lower(request.inviteeType) === 'reviewer' ? 'REVIEWER_APPROVAL' : 'INVITEE_SIGNED';
	}
	const error = lower(request.error) ?? '';
	const mismatched =
		isObject(body.verification) &&
		Object.values(body.verification).some((matched) => matched === false);
	if (mismatched || /match/.test(error)) return 'CERTIFICATE_VERIFICATION_FAILED';
	if (/timed out/.test(error)) return 'INVITATION_EXPIRED';
	// The knowledge base sends only rejections and certificate failures to the error URL, and the spec marks
	// an invitation whose certificate failed as expired.
	return request.expired === true ? 'CERTIFICATE_VERIFICATION_FAILED' : 'SIGNING_FAILED';
}

/** The part of the output that is the same for both shapes. */
export function normalisedEvent(
	body: Record<string, unknown>,
	delivery: ShapedDelivery,
	route: Route,
): IDataObject {
	const envelope = delivery.shape === 'webhook4';
	const document = envelope ? (body.document as Record<string, unknown>) : body;
	const person = (envelope ? body.invitee : body.request) ?? {};
	const read = (key: string) => (isObject(person) ? text(person[key]) : undefined) ?? null;
	const eventType = envelope ? (text(body.eventType) ?? null) : null;
	return {
		kind: !envelope
			? v3Kind(body, route)
			: eventType && own(WEBHOOK4_KINDS, eventType)
				? WEBHOOK4_KINDS[eventType]
				: eventType,
		eventType,
		shape: delivery.shape,
		route,
		documentId: text(delivery.documentId) ?? null,
		documentStatus: text(document.documentStatus)?.toUpperCase() ?? null,
		irn: text(document.irn) ?? null,
		invitee: envelope
			? {
					name: read('inviteeName'),
					email: read('inviteeEmail'),
					phone: read('inviteeMobile'),
					signUrl: null,
				}
			: {
					name: read('name'),
					email: read('email'),
					phone: read('phone'),
					signUrl: read('signUrl') ?? read('invitationUrl'),
				},
	};
}

/** The Events choice that takes every kind, including kinds the service adds later (as n8n's Stripe Trigger's `*`). */
export const ANY_EVENT = '*';

/**
 * Whether the trigger's Events and Other Event Types select the event: Any Event takes every kind; otherwise the
 * kinds picked or typed (comma-separated), each matched against `event.kind` or an envelope's own `eventType`,
 * so "Other Event Types" saved as SIGNED still matches. Nothing picked selects nothing: Events is required, so
 * n8n's editor flags it and n8n refuses to publish the workflow.
 */
export function isSelected(events: unknown, otherEventTypes: unknown, event: IDataObject): boolean {
	const picked = Array.isArray(events) ? events.map(String) : [];
	if (picked.includes(ANY_EVENT)) return true;
	const typed = String(otherEventTypes ?? '')
		.split(',')
		.map((value) => value.trim())
		.filter(Boolean);
	return [...picked, ...typed].some((kind) => kind === event.kind || kind === event.eventType);
}
