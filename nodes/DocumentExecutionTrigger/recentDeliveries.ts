import { createHash } from 'crypto';

import type { ShapedDelivery } from './delivery';
import { isObject } from '../shared/isObject';

/**
 * The events that recently started an execution, so that one event runs the flow once: the service sends a
 * delivery again when it did not see it acknowledged in time (up to three more times, the last hours later),
 * and a genuine delivery can be replayed by anyone who saw it (its MAC covers only the document id).
 *
 * An event is held from the moment `webhook()` hands it to n8n, and kept only once n8n has taken it, that is
 * answered the service with a 2xx: the trigger reads that answer on the response object n8n gives it
 * (`getResponseObject()`). Any other status lets the event go, so the service's re-send runs. A copy that arrives
 * while the answer is not yet written waits for it; one that arrives after the service hung up on the first copy,
 * while n8n has still not written its answer, is told to come back (`undecided`).
 *
 * Kept in the memory of the n8n process that receives webhooks, per trigger node and URL (the Production URL's
 * apart from the Test URL's), bounded in time and in count;
 * not in the workflow's static data, which n8n does not save from a webhook. docs/choices/trigger.md ("Each
 * delivery runs the flow once") says why, with the n8n version read, and what the window cannot cover.
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

/** What the trigger reads of n8n's answer to a delivery: the parts of express's Response it uses. */
export interface ServiceAnswer {
	readonly statusCode: number;
	/** True once n8n has written its answer (its status is then final). */
	readonly writableEnded: boolean;
	once(event: 'finish' | 'close', listener: () => void): unknown;
}

interface HeldEvent {
	/** When the delivery that holds the event arrived. */
	at: number;
	/** n8n's answer to that delivery while it is not known to be a 2xx. */
	awaited?: {
		answer: ServiceAnswer;
		/** False once the answer is written or the service hung up before it. */
		open: boolean;
		/** Resolves when `open` turns false. */
		settled: Promise<void>;
	};
}

/** Per trigger node and URL (workflow id, node name, production or test): event key → the event held, oldest first. */
const windows = new Map<string, Map<string, HeldEvent>>();

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

function windowOf(scope: string): Map<string, HeldEvent> {
	let recent = windows.get(scope);
	if (!recent) windows.set(scope, (recent = new Map()));
	return recent;
}

const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/**
 * Reads n8n's answer to the delivery that holds the event, once written: after a 2xx the event stays held, after
 * any other status it is forgotten (false). Unwritten, it stays held; a service that hung up before n8n
 * answered leaves it so until n8n writes its answer into the closed connection, which the next copy reads here.
 */
function stillHeld(recent: Map<string, HeldEvent>, key: string, held: HeldEvent): boolean {
	const answer = held.awaited?.answer;
	if (!answer?.writableEnded) return true;
	if (isSuccess(answer.statusCode)) {
		held.awaited = undefined;
		return true;
	}
	if (recent.get(key) === held) recent.delete(key);
	return false;
}

/** The event as held now: undefined once it fell out of the window or n8n's answer let it go. */
function heldNow(recent: Map<string, HeldEvent>, key: string, now: number): HeldEvent | undefined {
	const held = recent.get(key);
	if (!held || now - held.at >= RECENT_DELIVERIES.windowMs) return undefined;
	return stillHeld(recent, key, held) ? held : undefined;
}

/** Holds the event for this delivery, dropping what fell out of the window and the oldest beyond the count. */
function hold(recent: Map<string, HeldEvent>, key: string, now: number, answer: ServiceAnswer) {
	const held: HeldEvent = { at: now };
	held.awaited = {
		answer,
		open: true,
		settled: new Promise((resolve) => {
			const settle = () => {
				if (held.awaited) held.awaited.open = false;
				stillHeld(recent, key, held);
				resolve();
			};
			answer.once('finish', settle);
			answer.once('close', settle);
		}),
	};
	recent.delete(key);
	recent.set(key, held);
	for (const [oldest, { at }] of recent) {
		if (recent.size <= RECENT_DELIVERIES.maxEntries && now - at < RECENT_DELIVERIES.windowMs) break;
		recent.delete(oldest);
	}
}

/**
 * What became of a delivery's claim on its event: `claimed`, this copy runs the flow; `taken`, n8n took an earlier
 * copy (answered it with a 2xx) within the window; `undecided`, the service hung up on an earlier copy and n8n
 * has not yet written its answer to it, so whether n8n took that copy is not known.
 */
export type Claim = 'claimed' | 'taken' | 'undecided';

/**
 * Claims the event of the trigger node `scope` for the delivery n8n answers with `answer`. While another copy's
 * answer is being written, waits for it: a 2xx means that copy was taken, anything else that it was not (this
 * copy claims it). An earlier copy the service hung up on leaves no event to wait for (n8n writes its late answer
 * into the closed connection silently), so such a copy is `undecided` until a later copy reads that answer.
 */
export async function claim(
	scope: string,
	key: string,
	now: number,
	answer: ServiceAnswer,
): Promise<Claim> {
	const recent = windowOf(scope);
	for (let held = heldNow(recent, key, now); held; held = heldNow(recent, key, now)) {
		if (!held.awaited) return 'taken';
		if (!held.awaited.open) return 'undecided';
		await held.awaited.settled;
	}
	hold(recent, key, now, answer);
	return 'claimed';
}

/** The events held for a trigger node, oldest first. */
export const rememberedKeys = (scope: string): string[] => [...(windows.get(scope)?.keys() ?? [])];
