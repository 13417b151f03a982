import { createHmac } from 'node:crypto';

import type { EmulatorEnv } from '../../server';
import { formatServiceDate } from '../v3';
import { ulid, type Pack, type V4State } from '../v4';
import type { BodyChanges } from './state';

// What both body shapes share: the timestamp, the MAC and the test's changes sealed in.

/** `dd-MM-yyyy HH:mm:ss` in India Standard Time, without a zone marker (the spec's timestamp format). */
export const webhookTimestamp = formatServiceDate;

/** The service's MAC: lowercase hex HMAC-SHA1 of the document id keyed by the salt. */
export const webhookMac = (documentId: string, salt: string) =>
	createHmac('sha1', salt).update(documentId, 'utf8').digest('hex');

/** A fresh id in the service's ULID form, for an event that names no document or pack. */
export const randomUlid = ulid;

export function v4Packs(env: EmulatorEnv): Pack[] {
	try {
		return env.slice<V4State>('v4').packs;
	} catch {
		return [];
	}
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export function accountOf(env: EmulatorEnv, accountId: string) {
	const account = env.accounts.byId(accountId);
	if (!account) throw new Error(`Unknown account ${accountId}`);
	return account;
}

/**
 * Applies a test's overrides and omissions, then the MAC over `macMessage(body)` (unless an override gives
 * one). A `mac` key already in `body` keeps its place; it is removed when there is no salt.
 */
export function seal(
	body: Record<string, unknown>,
	changes: BodyChanges,
	salt: string | undefined,
	macMessage: (body: Record<string, unknown>) => unknown,
) {
	for (const [key, value] of Object.entries(changes.overrides ?? {})) {
		if (key === 'mac') continue;
		body[key] =
			isObject(value) && isObject(body[key]) ? { ...(body[key] as object), ...value } : value;
	}
	if (changes.overrides && Object.prototype.hasOwnProperty.call(changes.overrides, 'mac'))
		body.mac = changes.overrides.mac;
	else if (salt !== undefined) body.mac = webhookMac(String(macMessage(body)), salt);
	else delete body.mac;
	for (const key of changes.omitKeys ?? []) delete body[key];
	return body;
}
