import {
	computeMac,
	MAC_FORMAT,
	saltOf,
	verifyMac,
} from '../../../nodes/DocumentExecutionTrigger/verifyMac';

const SALT = 'account-salt';
/** A v3 body: the MAC covers its top-level documentId (delivery.ts names the id of each shape). */
const body = (documentId: unknown, mac?: unknown, withMac = true): Record<string, unknown> => ({
	webhookType: 'Success',
	documentId,
	...(withMac ? { mac } : {}),
});
const verify = (delivery: Record<string, unknown>, salt: string | undefined) =>
	verifyMac(delivery, delivery.documentId, salt);

describe('verifyMac (pure)', () => {
	it('computes hex HMAC-SHA1 (RFC 2202 test case 2)', () => {
		expect(computeMac('what do ya want for nothing?', 'Jefe')).toBe(
			'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79',
		);
		expect(computeMac('DOC-1', SALT)).toMatch(MAC_FORMAT);
	});

	it('accepts exactly the MAC of the document id under the salt', () => {
		expect(verify(body('DOC-1', computeMac('DOC-1', SALT)), SALT)).toEqual({
			accepted: true,
			verified: true,
		});
	});

	it('refuses, with a salt: no mac key, a mac that is not 40 lowercase hex digits, no document id, a MAC over anything else', () => {
		const good = computeMac('DOC-1', SALT);
		expect(verify(body('DOC-1', undefined, false), SALT)).toEqual({
			accepted: false,
			reason: 'missingMac',
		});
		for (const mac of [
			null,
			undefined,
			42,
			[good],
			{ mac: good },
			'',
			good.slice(1),
			`${good}0`,
			` ${good}`,
			`sha1=${good}`,
			good.toUpperCase(),
			good.replace(/[a-f]/, (c) => c.toUpperCase()),
		]) {
			expect(verify(body('DOC-1', mac), SALT)).toEqual({ accepted: false, reason: 'malformedMac' });
		}
		for (const documentId of [undefined, null, '', 7, { id: 'DOC-1' }]) {
			expect(verify(body(documentId, good), SALT)).toEqual({
				accepted: false,
				reason: 'missingDocumentId',
			});
		}
		expect(verifyMac({ mac: good }, undefined, SALT)).toEqual({
			accepted: false,
			reason: 'missingDocumentId',
		});
		expect(verify(body('DOC-2', good), SALT)).toEqual({ accepted: false, reason: 'mismatch' });
		expect(verify(body('DOC-1', computeMac('DOC-1', 'other-salt')), SALT)).toEqual({
			accepted: false,
			reason: 'mismatch',
		});
		expect(verify(body('doc-1', computeMac('DOC-1', SALT)), SALT)).toEqual({
			accepted: false,
			reason: 'mismatch',
		});
	});

	it('decision: an uppercase copy of a correct MAC is refused (only the lowercase hex the service sends passes)', () => {
		const upper = computeMac('DOC-1', SALT).toUpperCase();
		expect(verify(body('DOC-1', upper), SALT)).toEqual({ accepted: false, reason: 'malformedMac' });
	});

	it('without a salt (absent or empty field), accepts anything and says it is unverified', () => {
		expect(saltOf('')).toBeUndefined();
		expect(saltOf(undefined)).toBeUndefined();
		expect(saltOf(' s ')).toBe(' s ');
		expect(verify(body('DOC-1', 'garbage'), saltOf(''))).toEqual({
			accepted: true,
			verified: false,
		});
		expect(verifyMac({}, undefined, undefined)).toEqual({ accepted: true, verified: false });
	});

	it('reads only own keys (an inherited mac does not count)', () => {
		const inherited = Object.create({ mac: computeMac('DOC-1', SALT) }) as Record<string, unknown>;
		expect(verifyMac(inherited, 'DOC-1', SALT)).toEqual({ accepted: false, reason: 'missingMac' });
	});
});
