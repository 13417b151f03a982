import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../shared/isObject';

/** The two bodies the service posts to a webhook URL (docs/choices/trigger.md, Two shapes). */
export type DeliveryShape = 'v3' | 'webhook4';

export type Route = 'success' | 'error';

export interface ShapedDelivery {
	shape: DeliveryShape;
	/** What the shape's MAC covers; not yet checked to be a string. */
	documentId: unknown;
}

/** The kinds the Events list offers (docs/choices/trigger.md, Event kinds). */
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

/** Webhook 4.0 event types that name the action of a v3 kind; any other passes through as sent. */
export const WEBHOOK4_KINDS: Record<string, keyof typeof EVENT_KINDS> = {
	SIGNED: 'INVITEE_SIGNED',
	SIGNER_REJECTED: 'INVITEE_REJECTED',
	REVIEWER_REJECTED: 'INVITEE_REJECTED',
};

/** Every invitee has acted (docs/choices/trigger.md, Only Completed Documents). */
export const COMPLETED_DOCUMENT_STATUSES: readonly string[] = [
	'COMPLETED',
	'PACK_PENDING_COMPLETION',
];

const own = (object: Record<string, unknown>, key: string) =>
	Object.prototype.hasOwnProperty.call(object, key);

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

const lower = (value: unknown) => text(value)?.toLowerCase();

/** A body of both shapes is neither: its MAC could be checked against either id. */
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

/** Each kind is recognised from any of its signs in `request`; without one, the route decides. */
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
	// The spec marks an invitation whose certificate failed as expired.
	return request.expired === true ? 'CERTIFICATE_VERIFICATION_FAILED' : 'SIGNING_FAILED';
}

/** The output's `event`, the same for both shapes. */
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

/** Every kind, including kinds the service adds later, as the `*` of n8n's Stripe Trigger. */
export const ANY_EVENT = '*';

/**
 * Typed kinds match an envelope's own eventType too, so one saved as SIGNED still matches. Nothing picked
 * selects nothing (docs/choices/trigger.md, Event filter).
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
