import { createHash } from 'crypto';

import type { ShapedDelivery } from './delivery';
import { isObject } from '../shared/isObject';

/**
 * The events that recently started an execution, so that one event runs the flow once: the service re-sends,
 * and anyone can replay a genuine delivery (docs/choices/trigger.md, Each delivery runs the flow once).
 */
export const RECENT_DELIVERIES = {
	/** Longer than the service's retries (the last after 3 hours). */
	windowMs: 24 * 3600_000,
	maxEntries: 1000,
} as const;

export interface ServiceAnswer {
	readonly statusCode: number;
	/** True once n8n has written its answer: its status is then final. */
	readonly writableEnded: boolean;
	once(event: 'finish' | 'close', listener: () => void): unknown;
}

interface HeldEvent {
	at: number;
	/** The answer to the delivery that holds the event, while it is not known to be a 2xx. */
	awaited?: {
		answer: ServiceAnswer;
		/** False once the answer is written or the service hung up before it; `settled` then resolves. */
		open: boolean;
		settled: Promise<void>;
	};
}

const windows = new Map<string, Map<string, HeldEvent>>();

const field = (holder: unknown, key: string): string => {
	const value = isObject(holder) ? holder[key] : undefined;
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
		? String(value)
		: '';
};

const hashed = (parts: string[]) =>
	createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 32);

/** What identifies one event (docs/choices/trigger.md lists its fields), hashed short. */
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

/** One per document found completed by the service, whichever invitee's delivery arrives first. */
export const completionKey = (delivery: ShapedDelivery): string =>
	hashed(['completed', delivery.shape, String(delivery.documentId)]);

function windowOf(scope: string): Map<string, HeldEvent> {
	let recent = windows.get(scope);
	if (!recent) windows.set(scope, (recent = new Map()));
	return recent;
}

const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/** A 2xx keeps the event, any other status lets it go; an answer not yet written keeps it for now. */
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

function heldNow(recent: Map<string, HeldEvent>, key: string, now: number): HeldEvent | undefined {
	const held = recent.get(key);
	if (!held || now - held.at >= RECENT_DELIVERIES.windowMs) return undefined;
	return stillHeld(recent, key, held) ? held : undefined;
}

/** Drops what fell out of the window and the oldest beyond the count. */
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

/** `undecided`: the service hung up on an earlier copy, and n8n has not written its answer to it yet. */
export type Claim = 'claimed' | 'taken' | 'undecided';

/** Waits first for a copy whose answer is being written: a 2xx means that copy took the event. */
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

export const rememberedKeys = (scope: string): string[] => [...(windows.get(scope)?.keys() ?? [])];
