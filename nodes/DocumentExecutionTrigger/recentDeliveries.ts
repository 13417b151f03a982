import { createHash } from 'crypto';

import type { ShapedDelivery } from './delivery';
import { isObject } from '../shared/isObject';

/**
 * The deliveries that recently started an execution, so that one event runs the flow once: the service sends a
 * delivery again when it did not see it acknowledged in time (up to three more times, the last hours later),
 * and a genuine delivery can be replayed by anyone who saw it (its MAC covers only the document id).
 *
 * Kept in the memory of the n8n process that receives webhooks (the main instance, or the webhook processor in
 * queue mode), per trigger node, bounded in time and in count. Not in the workflow's static data: n8n 2.41
 * drops static data that a webhook writes when it starts an execution (starting it wraps the same static data
 * in a new Workflow, which clears its "changed" flag before n8n saves it), so a window kept there would never
 * hold anything. docs/choices/trigger.md says what the window covers and what it cannot.
 *
 * What identifies one event is read from fields the MAC does not cover: a replay with an altered field is a new
 * event here, which Re-Fetch Current Status (the service's own word) guards against.
 */
export const RECENT_DELIVERIES = {
	/** Longer than the service's retries (the older public docs: immediately, after 1 hour, after 3 hours). */
	windowMs: 24 * 3600_000,
	/** Per trigger node. */
	maxEntries: 1000,
} as const;

/** Per trigger node (workflow id and node name): event key → when it started an execution, oldest first. */
const windows = new Map<string, Map<string, number>>();

const field = (holder: unknown, key: string): string => {
	const value = isObject(holder) ? holder[key] : undefined;
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
		? String(value)
		: '';
};

const hashed = (parts: string[]) =>
	createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 32);

/**
 * What identifies one event, hashed short. v3: the document, the invitee (sign URL, else contact), what they did
 * and the invitation's expiry (a reactivated invitation can fail again). Webhook 4.0: the document, the event
 * type, the document-combination and invitee uuids and the event's timestamp.
 */
export function eventKey(
	body: Record<string, unknown>,
	delivery: ShapedDelivery,
	kind: unknown,
): string {
	const request = body.request;
	const parts =
		delivery.shape === 'v3'
			? [
					'v3',
					field(body, 'documentId'),
					String(kind),
					field(request, 'signUrl') ||
						field(request, 'invitationUrl') ||
						field(request, 'email') ||
						field(request, 'phone') ||
						field(request, 'name'),
					field(request, 'expiryDate'),
					field(body, 'documentStatus'),
				]
			: [
					'webhook4',
					field(body.document, 'documentId'),
					field(body, 'eventType'),
					field(body.document, 'uuid'),
					field(body.invitee, 'uuid'),
					field(body, 'combinationUuid'),
					field(body, 'timestamp'),
				];
	return hashed(parts);
}

/**
 * What identifies the completion of a document whose status the trigger read from the service (the delivery
 * said none): one per document, whichever invitee's delivery found it completed.
 */
export const completionKey = (delivery: ShapedDelivery): string =>
	hashed(['completed', delivery.shape, String(delivery.documentId)]);

function windowOf(scope: string): Map<string, number> {
	let recent = windows.get(scope);
	if (!recent) windows.set(scope, (recent = new Map()));
	return recent;
}

/** Whether this event started an execution of the trigger node `scope` within the window. */
export function seenRecently(scope: string, key: string, now: number): boolean {
	const receivedAt = windows.get(scope)?.get(key);
	return receivedAt !== undefined && now - receivedAt < RECENT_DELIVERIES.windowMs;
}

/** Records the event, dropping what fell out of the window and the oldest beyond the count. */
export function remember(scope: string, key: string, now: number): void {
	const recent = windowOf(scope);
	recent.delete(key);
	recent.set(key, now);
	for (const [oldest, receivedAt] of recent) {
		if (
			recent.size <= RECENT_DELIVERIES.maxEntries &&
			now - receivedAt < RECENT_DELIVERIES.windowMs
		)
			break;
		recent.delete(oldest);
	}
}

/** The events remembered for a trigger node, oldest first. */
export const rememberedKeys = (scope: string): string[] => [...(windows.get(scope)?.keys() ?? [])];
