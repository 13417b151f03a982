import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Verification of the `mac` of a delivery: the hex HMAC-SHA1 of the delivery's document id (top-level
 * `documentId` in a v3 body, `document.documentId` in a Webhook 4.0 envelope: see delivery.ts) keyed by the
 * account's private salt. `verifyMac` is pure and total (never throws): the trigger turns a refusal into HTTP
 * 401, and tests feed it raw bodies.
 *
 * Node's choice where the spec is silent (docs/choices/trigger.md): the service writes the MAC as
 * lowercase hex, and public client code compares it as lowercase hex. Only that canonical spelling is
 * accepted; an uppercase or mixed-case copy of a correct MAC is refused as malformed. Exactly one string
 * passes for a given document id and salt, which is the fail-closed reading.
 */
export const MAC_FORMAT = /^[0-9a-f]{40}$/;

export type MacRefusal = 'missingMac' | 'malformedMac' | 'missingDocumentId' | 'mismatch';

export type MacVerdict =
	/** A salt is configured and the MAC matches. */
	| { accepted: true; verified: true }
	/** No salt is configured: verification is off, the delivery is accepted unverified. */
	| { accepted: true; verified: false }
	| { accepted: false; reason: MacRefusal };

/** The MAC the service computes for a document id. */
export function computeMac(documentId: string, salt: string): string {
	return createHmac('sha1', salt).update(documentId, 'utf8').digest('hex');
}

/** The salt to verify with, or undefined when the credential has none (an empty field counts as none). */
export function saltOf(credentialValue: unknown): string | undefined {
	return typeof credentialValue === 'string' && credentialValue !== ''
		? credentialValue
		: undefined;
}

/**
 * Verifies a delivery (a parsed JSON object, and the document id its shape names) against the salt. With a
 * salt, everything that is not exactly the expected MAC is refused: no `mac` key, a `mac` that is not a
 * 40-digit lowercase hex string, a document id that is not a non-empty string, or a MAC over anything else.
 */
export function verifyMac(
	body: Record<string, unknown>,
	documentId: unknown,
	salt: string | undefined,
): MacVerdict {
	if (salt === undefined) return { accepted: true, verified: false };
	try {
		if (!Object.prototype.hasOwnProperty.call(body, 'mac'))
			return { accepted: false, reason: 'missingMac' };
		const actual = body.mac;
		if (typeof actual !== 'string' || !MAC_FORMAT.test(actual))
			return { accepted: false, reason: 'malformedMac' };
		if (typeof documentId !== 'string' || documentId === '')
			return { accepted: false, reason: 'missingDocumentId' };
		const expected = Buffer.from(computeMac(documentId, salt), 'hex');
		const received = Buffer.from(actual, 'hex');
		// Both are 20 bytes here (the format check guarantees it); the length test keeps the function total.
		const equal = expected.length === received.length && timingSafeEqual(expected, received);
		return equal ? { accepted: true, verified: true } : { accepted: false, reason: 'mismatch' };
	} catch {
		return { accepted: false, reason: 'mismatch' };
	}
}
