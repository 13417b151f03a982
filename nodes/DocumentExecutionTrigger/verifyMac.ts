import { createHmac, timingSafeEqual } from 'crypto';

/**
 * The `mac` of a delivery is the hex HMAC-SHA1 of its document id under the Private Salt. Only the lowercase
 * spelling the service writes passes (docs/choices/trigger.md, MAC spelling).
 */
export const MAC_FORMAT = /^[0-9a-f]{40}$/;

export type MacRefusal = 'missingMac' | 'malformedMac' | 'missingDocumentId' | 'mismatch';

export type MacVerdict =
	| { accepted: true; verified: true }
	/** No salt: verification is off. */
	| { accepted: true; verified: false }
	| { accepted: false; reason: MacRefusal };

export function computeMac(documentId: string, salt: string): string {
	return createHmac('sha1', salt).update(documentId, 'utf8').digest('hex');
}

/** An empty Private Salt field counts as no salt. */
export function saltOf(credentialValue: unknown): string | undefined {
	return typeof credentialValue === 'string' && credentialValue !== ''
		? credentialValue
		: undefined;
}

/** Pure and total: with a salt, everything that is not exactly the expected MAC is refused. */
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
