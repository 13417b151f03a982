import { V3_SEED } from '../emulator/families/v3';
import { isPdf } from '../fixtures/pdf';
import { code, http, useV3Service } from './v3-service';

/** The v3 family's downloads: fetchDocument's links to each type of file, and what it refuses. */

const service = useV3Service();
const { get } = service;

describe('v3.3 fetchDocument', () => {
	const fetchDoc = (params: Record<string, unknown>) =>
		get('/v3.3/document/fetchDocument', { documentId: V3_SEED.completedDocumentId, ...params });

	it('returns a unique 15-second link for each type; the link dies after 15 s', async () => {
		const one = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		const two = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		expect(one.data.status).toBe(1);
		expect(one.data.data.file).not.toBe(two.data.data.file);
		const file = await http.get(one.data.data.file, { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		expect(file.headers['content-type']).toBe('application/pdf');
		expect(Buffer.from(file.data).toString('latin1')).toContain('Signed: Completed agreement');
		for (const params of [
			{ documentDownloadType: 'AUDIT_TRAIL' },
			{ documentDownloadType: 'ATTACHMENT', index: 1 },
			{
				documentDownloadType: 'SUPPORTING_DOCUMENT',
				index: 0,
				supportDocumentUrl: (
					await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
				).data.data.requests[0].signUrl,
			},
		]) {
			const link = await fetchDoc(params);
			expect(link.data.status).toBe(1);
			expect(
				isPdf(
					Buffer.from((await http.get(link.data.data.file, { responseType: 'arraybuffer' })).data),
				),
			).toBe(true);
		}
		service.emulator.clock.advance(15_000);
		const late = await http.get(two.data.data.file);
		expect(late.status).toBe(403);
		expect(late.data).toContain('AccessDenied');
	});

	it('keeps the history of the download links it issued and that were read, in order', async () => {
		const one = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		await fetchDoc({ documentDownloadType: 'AUDIT_TRAIL' });
		await http.get(one.data.data.file);
		service.emulator.clock.advance(15_000);
		await http.get(one.data.data.file);
		expect(service.emulator.links.downloadHistory).toEqual([
			{ event: 'issued', fileName: 'Completed agreement.pdf' },
			{ event: 'issued', fileName: 'Completed agreement_audit_trail.pdf' },
			{ event: 'read', fileName: 'Completed agreement.pdf' },
		]);
	});

	it("accepts the sign URL's UUID alone for supporting documents", async () => {
		const signUrl: string = (
			await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
		).data.data.requests[0].signUrl;
		const link = await fetchDoc({
			documentDownloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			supportDocumentUrl: signUrl.split('/').pop(),
		});
		expect(link.data.status).toBe(1);
	});

	it.each([
		[
			'a SENT document',
			{ documentId: V3_SEED.sentDocumentId, documentDownloadType: 'DOCUMENT' },
			'no.document.found',
		],
		[
			'a DRAFT document',
			{ documentId: V3_SEED.draftDocumentId, documentDownloadType: 'DOCUMENT' },
			'no.document.found',
		],
		['a lowercase type', { documentDownloadType: 'document' }, 'document.download.type'],
		[
			'no attachments',
			{
				documentId: V3_SEED.completedNoAttachmentsId,
				documentDownloadType: 'ATTACHMENT',
				index: 0,
			},
			'no.attachments.exists',
		],
		['index past the end', { documentDownloadType: 'ATTACHMENT', index: 2 }, 'index.out.of.bound'],
		['negative index', { documentDownloadType: 'ATTACHMENT', index: -1 }, 'index.not.negative'],
		['missing index', { documentDownloadType: 'ATTACHMENT' }, 'validator.invalid'],
		[
			'unknown sign URL',
			{
				documentDownloadType: 'SUPPORTING_DOCUMENT',
				index: 0,
				supportDocumentUrl: '00000000-0000-0000-0000-000000000000',
			},
			'invitation.not.found',
		],
	])('refuses %s', async (_label, params, expected) => {
		expect(code(await fetchDoc(params))).toBe(expected);
	});

	it("counts each invitee's supporting documents: none, then one past the last", async () => {
		const [uploader, other] = (
			await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
		).data.data.requests as Array<{ signUrl: string }>;
		const supporting = (signUrl: string, index: number) =>
			fetchDoc({ documentDownloadType: 'SUPPORTING_DOCUMENT', index, supportDocumentUrl: signUrl });
		expect((await supporting(uploader.signUrl, 0)).data.status).toBe(1);
		expect(code(await supporting(uploader.signUrl, 1))).toBe('index.out.of.bound');
		expect(code(await supporting(other.signUrl, 0))).toBe('no.attachments.exists');
	});

	it('serves a file a control route added under its name and type', async () => {
		const add = (kind: string, body: Record<string, unknown>) =>
			http.post(
				`${service.emulator.origin}/__emulator/v3/documents/${V3_SEED.completedDocumentId}/${kind}`,
				body,
			);
		expect(
			(
				await add('supporting-document', {
					inviteeIndex: 1,
					fileName: 'pan.jpg',
					contentType: 'image/jpeg',
					text: 'JPEG bytes',
				})
			).status,
		).toBe(200);
		expect((await add('attachment', { fileName: 'annexure.pdf', text: 'Annexure' })).status).toBe(
			200,
		);
		const signUrl = (await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId }))
			.data.data.requests[1].signUrl;
		const served = async (params: Record<string, unknown>) => {
			const link = await fetchDoc(params);
			const file = await http.get(link.data.data.file, { responseType: 'arraybuffer' });
			return {
				type: file.headers['content-type'],
				disposition: file.headers['content-disposition'],
				bytes: Buffer.from(file.data),
			};
		};
		const photo = await served({
			documentDownloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			supportDocumentUrl: signUrl,
		});
		expect(photo).toEqual({
			type: 'image/jpeg',
			disposition: 'attachment; filename="pan.jpg"',
			bytes: Buffer.from('JPEG bytes'),
		});
		const annexure = await served({ documentDownloadType: 'ATTACHMENT', index: 2 });
		expect(annexure.type).toBe('application/pdf');
		expect(annexure.disposition).toBe('attachment; filename="annexure.pdf"');
		expect(isPdf(annexure.bytes)).toBe(true);
		expect(annexure.bytes.toString('latin1')).toContain('Annexure');
	});
});
