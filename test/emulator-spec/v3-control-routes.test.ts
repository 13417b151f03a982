import { V3_SEED } from '../emulator/families/v3';
import { isPdf } from '../fixtures/pdf';
import { auth, code, http, useV3Service } from './v3-service';

/** The emulator's control routes for v3 (invitees acting, sign-all) and the faults it injects. */

const service = useV3Service();
const { url, get, post, createDocument } = service;

describe('invitees act through control routes', () => {
	const act = (documentId: string, action: string, options?: unknown) =>
		http.post(
			`${service.emulator.origin}/__emulator/v3/documents/${documentId}/${action}`,
			options,
		);
	const requests = async (documentId: string) =>
		(await get('/v3.2/sign/request', { documentId })).data.data.requests;
	const invitations = async (documentId: string, switches: Record<string, boolean> = {}) =>
		(await get('/v3.3/document/details', { documentId, ...switches })).data.data.invitations;

	it('review-approve: the reviewer has acted without signing and the next invitee is active; the last signature completes', async () => {
		const doc = await createDocument({
			invitees: [
				{ name: 'Riya Reviewer', phone: '9876500001' },
				{ name: 'Asha Rao', phone: '9876500002' },
			],
		});
		expect((await act(doc.documentId, 'review-approve')).data).toEqual({
			documentId: doc.documentId,
			status: 'SENT',
			deliveries: [],
		});
		expect(await requests(doc.documentId)).toEqual([
			expect.objectContaining({
				name: 'Riya Reviewer',
				signed: false,
				rejected: false,
				expired: false,
				active: false,
				signType: null,
			}),
			expect.objectContaining({ name: 'Asha Rao', active: true }),
		]);
		expect((await invitations(doc.documentId))[0]).toMatchObject({
			inviteeType: 'Reviewer',
			invitationStatus: { approved: true, reviewed: true, signed: false },
		});
		const resent = await post('/v3.0/sign/request/resend', { signUrls: [doc.invitees[0].signUrl] });
		expect(resent.data.data.invitations[0]).toMatchObject({
			status: 0,
			message: 'Invitee has already approved the document',
		});

		expect((await act(doc.documentId, 'sign-next')).data.status).toBe('COMPLETED');
		const status = (await get('/v3.2/sign/request', { documentId: doc.documentId })).data.data;
		expect(status.signers).toHaveLength(1);
		expect(status.requests[1]).toMatchObject({ signed: true, signType: 'AADHAAR' });
		expect(
			(
				await get('/v3.3/document/fetchDocument', {
					documentId: doc.documentId,
					documentDownloadType: 'DOCUMENT',
				})
			).data.status,
		).toBe(1);
		expect((await act(doc.documentId, 'sign-next')).status).toBe(409);
	});

	it('reject: the active invitee rejects with a reason; nobody can act afterwards', async () => {
		expect(
			(await act(V3_SEED.sentDocumentId, 'reject', { reason: 'Wrong amount' })).data.status,
		).toBe('SENT');
		expect((await requests(V3_SEED.sentDocumentId))[0]).toMatchObject({
			rejected: true,
			active: false,
		});
		const [rejected] = await invitations(V3_SEED.sentDocumentId, {
			invitations_invitationStatus_signRejectionMessage: true,
		});
		expect(rejected.invitationStatus).toMatchObject({
			rejected: true,
			signRejectionMessage: 'Wrong amount',
		});
		const refused = await act(V3_SEED.sentDocumentId, 'sign-next');
		expect([refused.status, refused.data.message]).toEqual([
			409,
			expect.stringMatching(/can act.*SENT/),
		]);
	});

	it('fail-certificate: the invitation expires (the states table) until it is reactivated', async () => {
		const doc = await createDocument();
		expect(
			(await act(doc.documentId, 'fail-certificate', { criterion: 'gender' })).data.status,
		).toBe('EXPIRED');
		expect((await requests(doc.documentId))[0]).toMatchObject({
			expired: true,
			signed: false,
			active: false,
		});
		const [failed] = await invitations(doc.documentId, {
			invitations_invitationStatus_failureReason: true,
			invitations_verificationResponse: true,
		});
		expect(failed.invitationStatus.failureReason).toBe(
			"Gender doesn't match with the Digital Signature Certificate.",
		);
		expect(failed.verificationResponse).toMatchObject({
			genderVerification: false,
			nameVerification: true,
		});

		expect(
			code(
				await post('/v3.0/sign/request/reactivate', { documentId: doc.documentId, expiryDays: 1 }),
			),
		).toBe('signinvitation.activate.success');
		expect(
			(await invitations(doc.documentId, { invitations_invitationStatus_failureReason: true }))[0]
				.invitationStatus.failureReason,
		).toBeNull();
		expect((await act(doc.documentId, 'sign-next')).data.status).toBe('COMPLETED');
	});

	it('refuses an unknown document (404), a document nobody can act on (409) and unknown options (400)', async () => {
		expect((await act('NOPE', 'sign-next')).status).toBe(404);
		expect((await act(V3_SEED.draftDocumentId, 'review-approve')).status).toBe(409);
		expect((await act(V3_SEED.completedDocumentId, 'fail-certificate')).status).toBe(409);
		expect(
			(await act(V3_SEED.sentDocumentId, 'fail-certificate', { criterion: 'eyes' })).status,
		).toBe(400);
		expect((await act(V3_SEED.sentDocumentId, 'reject', { reason: 5 })).status).toBe(400);
		expect((await requests(V3_SEED.sentDocumentId))[0]).toMatchObject({
			rejected: false,
			expired: false,
			active: true,
		});
	});
});

describe('control routes and faults', () => {
	it('sign-all completes a created document so that its signed PDF can be fetched', async () => {
		const doc = await createDocument();
		expect(
			code(
				await get('/v3.3/document/fetchDocument', {
					documentId: doc.documentId,
					documentDownloadType: 'DOCUMENT',
				}),
			),
		).toBe('no.document.found');
		const control = await http.post(
			`${service.emulator.origin}/__emulator/v3/documents/${doc.documentId}/sign-all`,
		);
		expect(control.data).toEqual({
			documentId: doc.documentId,
			status: 'COMPLETED',
			deliveries: [],
		});
		const link = await get('/v3.3/document/fetchDocument', {
			documentId: doc.documentId,
			documentDownloadType: 'DOCUMENT',
		});
		expect(
			isPdf(
				Buffer.from((await http.get(link.data.data.file, { responseType: 'arraybuffer' })).data),
			),
		).toBe(true);
		expect(service.emulator.requestsTo('/__emulator')).toHaveLength(0);
	});

	it('injects 500, 429, html, malformed JSON, reset and timeout, then answers normally', async () => {
		const path = '/v3.2/sign/request';
		service.emulator.faults.inject({ kind: 'http500', path });
		expect((await get(path, { documentId: V3_SEED.sentDocumentId })).status).toBe(500);
		service.emulator.faults.inject({ kind: 'http429', path });
		const limited = await get(path, { documentId: V3_SEED.sentDocumentId });
		expect([limited.status, limited.headers['retry-after']]).toEqual([429, '1']);
		service.emulator.faults.inject({ kind: 'html', path });
		expect(
			(await get(path, { documentId: V3_SEED.sentDocumentId })).headers['content-type'],
		).toContain('text/html');
		service.emulator.faults.inject({ kind: 'malformedJson', path });
		const malformed = await http.get(url(path), {
			params: { documentId: V3_SEED.sentDocumentId },
			...auth(),
			responseType: 'text',
			transformResponse: (x) => x,
		});
		expect(() => JSON.parse(malformed.data)).toThrow();
		service.emulator.faults.inject({ kind: 'reset', path });
		await expect(get(path, { documentId: V3_SEED.sentDocumentId })).rejects.toMatchObject({
			code: 'ECONNRESET',
		});
		service.emulator.faults.inject({ kind: 'timeout', path });
		await expect(
			http.get(url(path), {
				params: { documentId: V3_SEED.sentDocumentId },
				...auth(),
				timeout: 300,
			}),
		).rejects.toMatchObject({ code: 'ECONNABORTED' });
		expect((await get(path, { documentId: V3_SEED.sentDocumentId })).data.status).toBe(1);
	});
});
