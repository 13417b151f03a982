import {
	DOC_SIGNER_CONSENT,
	expiryFromDays,
	formatServiceDate,
	V3_SEED,
} from '../emulator/families/v3';
import { OTHER_ACCOUNT_AUTH_TOKEN } from '../emulator/server';
import { auth, code, http, useV3Service } from './v3-service';

/**
 * The v3 family's actions on a document it sent: reactivate, resend and delete, signing with the document
 * signer, and the review of an eBG notification.
 */

const service = useV3Service();
const { url, get, post, createDocument } = service;

describe('v3.0 reactivate, resend, delete', () => {
	it('reactivates expired invitations with expiryDays, keeping the sign URL', async () => {
		const before = (await get('/v3.2/sign/request', { documentId: V3_SEED.expiredDocumentId })).data
			.data.requests[0];
		expect(before.expired).toBe(true);
		const now = service.emulator.clock.now();
		const response = await post('/v3.0/sign/request/reactivate', {
			documentId: V3_SEED.expiredDocumentId,
			expiryDays: -1,
		});
		expect(response.data.status).toBe(1);
		expect(code(response)).toBe('signinvitation.activate.success');
		const after = response.data.data.requests[0];
		expect(after).toMatchObject({ expired: false, signUrl: before.signUrl });
		expect(after.expiryDate).toBe(formatServiceDate(now + 45 * 60_000));
		expect(
			code(
				await post('/v3.0/sign/request/reactivate', {
					documentId: V3_SEED.expiredDocumentId,
					expiryDays: 3,
				}),
			),
		).toBe('no.expired.invitation.found');
	});

	it('expiryDays semantics: 0 is today 23:59:59, 1 tomorrow 23:59:59 (India time); invitations expire on the clock', async () => {
		const doc = await createDocument();
		service.emulator.clock.advance(8 * 24 * 3600_000);
		expect(
			(await get('/v3.2/sign/request', { documentId: doc.documentId })).data.data.requests[0]
				.expired,
		).toBe(true);
		const zero = await post('/v3.0/sign/request/reactivate', {
			documentId: doc.documentId,
			expiryDays: 0,
		});
		expect(zero.data.data.requests[0].expiryDate).toMatch(/ 23:59:59$/);
		expect(zero.data.data.requests[0].expiryDate).toBe(
			formatServiceDate(expiryFromDays(service.emulator.clock.now(), 0)),
		);
		const expiryTime = service.emulator.clock.now() + 3 * 24 * 3600_000;
		await post('/v3.0/sign/request/reactivate', { documentId: doc.documentId, expiryDays: 1 });
		expect(expiryFromDays(0, 1) - expiryFromDays(0, 0)).toBe(24 * 3600_000);
		await http.post(`${service.emulator.origin}/__emulator/v3/documents/${doc.documentId}/expire`);
		const timed = await post('/v3.0/sign/request/reactivate', {
			documentId: doc.documentId,
			expiryTime,
		});
		expect(timed.data.data.requests[0].expiryDate).toBe(formatServiceDate(expiryTime));
	});

	it.each([
		[{ expiryDays: 366 }, 'invalid.expiry.days.value'],
		[{ expiryDays: -2 }, 'invalid.expiry.days.value'],
		[{ expiryTime: -5 }, 'invalid.expiry.time'],
		[{ expiryTime: 'past' }, 'invalid.expiry.time'],
		[{ expiryTime: Date.now() + 366 * 24 * 3600_000 }, 'invalid.expiry.time.maxerror'],
		[{ documentId: 'NOPE', expiryDays: 1 }, 'no.document.found'],
	])('reactivate refuses %j', async (body, expected) => {
		expect(
			code(
				await post('/v3.0/sign/request/reactivate', {
					documentId: V3_SEED.expiredDocumentId,
					...body,
				}),
			),
		).toBe(expected);
	});

	it('resend: 1 to 15 URLs, whole or UUID, per-item outcome, the sixth resend of an invitee fails in its item', async () => {
		const doc = await createDocument();
		const signUrl = doc.invitees[0].signUrl;
		for (let attempt = 1; attempt <= 5; attempt++) {
			const ok = await post('/v3.0/sign/request/resend', {
				signUrls: [attempt % 2 ? signUrl : signUrl.split('/').pop()],
			});
			expect(ok.data.data.invitations[0]).toMatchObject({ status: 1, name: 'Asha Rao' });
		}
		const sixth = await post('/v3.0/sign/request/resend', {
			signUrls: [signUrl, 'https://x/sign/00000000-0000-0000-0000-000000000000'],
		});
		expect(sixth.data.status).toBe(1);
		expect(sixth.data.data.invitations[0]).toMatchObject({
			status: 0,
			message: expect.stringMatching(/limit/),
		});
		expect(sixth.data.data.invitations[1]).toMatchObject({
			status: 0,
			message: 'Invitation not found',
		});
		expect(code(await post('/v3.0/sign/request/resend', { signUrls: [] }))).toBe(
			'validator.invalid',
		);
		expect(
			code(await post('/v3.0/sign/request/resend', { signUrls: Array(16).fill(signUrl) })),
		).toBe('validator.invalid');
	});

	it('delete: removes the document, emits documentDeleted, later reads answer no.document.found', async () => {
		const deleted: string[] = [];
		service.emulator.env.events.on('documentDeleted', (id: string) => deleted.push(id));
		const response = await http.delete(url('/v3.0/sign/request'), {
			params: { documentId: V3_SEED.completedDocumentId },
			...auth(),
		});
		expect(response.data).toEqual({
			status: 1,
			messages: [{ code: 'document.delete.success', message: expect.any(String) }],
			data: {},
		});
		expect(deleted).toEqual([V3_SEED.completedDocumentId]);
		expect(code(await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId }))).toBe(
			'no.document.found',
		);
		expect(
			code(
				await get('/v3.3/document/fetchDocument', {
					documentId: V3_SEED.completedDocumentId,
					documentDownloadType: 'DOCUMENT',
				}),
			),
		).toBe('no.document.found');
		expect(
			(await get('/v3.0/sign/request/list', { q: V3_SEED.completedDocumentId })).data.data.total,
		).toBe(0);
		expect(
			code(
				await http.delete(url('/v3.0/sign/request'), {
					params: { documentId: V3_SEED.completedDocumentId },
					...auth(),
				}),
			),
		).toBe('no.document.found');
		expect(code(await http.delete(url('/v3.0/sign/request'), auth()))).toBe('document.id.required');
	});
});

describe('v3.0 document signer and v3.3 eBG review', () => {
	const signUrlOf = async (documentId: string, token?: string) =>
		(await get('/v3.2/sign/request', { documentId }, token)).data.data.requests[0]
			.signUrl as string;

	it("signs with the account's document signer profile and exact consent", async () => {
		const signUrl = await signUrlOf(V3_SEED.docSignerDocumentId);
		const body = { signUrl, profileId: V3_SEED.docSignerProfileId, consent: DOC_SIGNER_CONSENT };
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					...body,
					consent: DOC_SIGNER_CONSENT.toLowerCase(),
				}),
			),
		).toBe('invalid.consent');
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					...body,
					profileId: V3_SEED.otherAccountDocSignerProfileId,
				}),
			),
		).toBe('profile.not.exists');
		const ok = await post('/v3.0/sign/docSigner/invitation', body);
		expect(ok.data).toEqual({
			status: 1,
			messages: [{ code: 'signing.success', message: expect.any(String) }],
			data: {},
		});
		const status = await get('/v3.2/sign/request', { documentId: V3_SEED.docSignerDocumentId });
		expect(status.data.data.requests[0]).toMatchObject({ signed: true, signType: 'DSC' });
		expect(code(await post('/v3.0/sign/docSigner/invitation', body))).toBe('invitation.not.exists');
	});

	it("refuses a token of another account than the invitee's, and an invitation of another sign type", async () => {
		const otherUrl = await signUrlOf(V3_SEED.otherAccountDocumentId, OTHER_ACCOUNT_AUTH_TOKEN);
		const refused = await post('/v3.0/sign/docSigner/invitation', {
			signUrl: otherUrl,
			profileId: V3_SEED.docSignerProfileId,
			consent: DOC_SIGNER_CONSENT,
		});
		expect(code(refused)).toBe('invitation.not.exists');
		const aadhaarUrl = await signUrlOf(V3_SEED.sentDocumentId);
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					signUrl: aadhaarUrl,
					profileId: V3_SEED.docSignerProfileId,
					consent: DOC_SIGNER_CONSENT,
				}),
			),
		).toBe('invitation.not.exists');
	});

	it('reviews an eBG notification once', async () => {
		const body = {
			data: { ...V3_SEED.ebgNotification, reviewStatus: 'Accepted', reviewRemarks: 'Verified' },
		};
		const ok = await post('/v3.3/nesl/notification/review', body);
		expect(ok.data).toEqual({
			status: 1,
			messages: [{ code: 'ebg.notification.review.success', message: expect.any(String) }],
			data: {},
		});
		expect(code(await post('/v3.3/nesl/notification/review', body))).toBe(
			'notification.already.reviewed',
		);
		expect(
			code(
				await post('/v3.3/nesl/notification/review', { data: { ...body.data, notifTxnId: 'X' } }),
			),
		).toBe('notification.not.found');
		expect(
			code(
				await post('/v3.3/nesl/notification/review', {
					data: { ...body.data, reviewStatus: 'accepted' },
				}),
			),
		).toBe('validator.invalid');
	});
});
