import { createHash } from 'node:crypto';

import type { INodeExecutionData } from 'n8n-workflow';

import type { V4State } from '../../emulator/families/v4';
import type { Emulator } from '../../emulator/server';
import { makePdf } from '../../fixtures/pdf';
import { NODE_NAME, runNode, storeBinary, type BinaryMode } from '../../harness/engine';
import { oauthCredential } from '../../support/credentials';
import { AUTH_KINDS, authOf, runV4, startV4Emulator } from '../pack/setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const uploads = () => emulator.requestsTo('/v4/media/upload');

async function fileItem(
	content: Buffer,
	meta: { fileName?: string; mimeType: string; fileExtension?: string },
	mode: BinaryMode = 'default',
	property = 'data',
): Promise<INodeExecutionData> {
	return {
		json: { from: 'upstream' },
		binary: { [property]: await storeBinary(content, meta, mode) },
	};
}

const upload = (
	auth: 'token' | 'oAuth2',
	parameters: Record<string, unknown>,
	input: INodeExecutionData[],
	binaryMode: BinaryMode = 'default',
) =>
	runV4(
		emulator,
		auth,
		{ resource: 'media', operation: 'upload', ...parameters },
		{ input, binaryMode },
	);

describe.each(AUTH_KINDS)('Media → Upload with the %s credential', (auth) => {
	it.each(['default', 'filesystem'] as const)(
		'gets a pre-signed URL and puts the bytes there intact (binary mode %s)',
		async (mode) => {
			const pdf = makePdf('Annexure for upload', 3 * 1024 * 1024 + 17);
			const result = await upload(
				auth,
				{ mediaType: 'SUB_DOCUMENT' },
				[await fileItem(pdf, { fileName: 'annexure.pdf', mimeType: 'application/pdf' }, mode)],
				mode,
			);
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			expect(uploads()).toHaveLength(1);
			expect(authOf(uploads()[0])).toBe(auth);
			expect(uploads()[0].body).toEqual({ fileName: 'annexure.pdf', mediaType: 'SUB_DOCUMENT' });

			const [item] = result.items;
			expect(item.json).toEqual({
				mediaId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
				expiresAt: expect.any(String),
				mediaRetentionExpiresAt: expect.any(String),
				fileName: 'annexure.pdf',
				mediaType: 'SUB_DOCUMENT',
				fileSize: pdf.length,
			});
			const received = emulator.links.upload(item.json.mediaId as string)!.received!;
			expect(received.content.length).toBe(pdf.length);
			expect(sha(received.content)).toBe(sha(pdf));
			expect(received.contentType).toBe('application/pdf');
			// Object stores want the length up front (a chunked PUT is refused): the file's size.
			expect(received.contentLength).toBe(String(pdf.length));
			expect(emulator.slice<V4State>('v4').media.get(item.json.mediaId as string)).toMatchObject({
				fileName: 'annexure.pdf',
				mediaType: 'SUB_DOCUMENT',
			});
		},
	);
});

describe('Media → Upload', () => {
	it('uses the given file name, another binary field, and outputs the URL only when asked', async () => {
		const image = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));
		const result = await upload(
			'token',
			{
				mediaType: 'FACE_MATCH_REFERENCE',
				binaryPropertyName: 'photo',
				fileName: 'face-reference.jpg',
				options: { includePresignedUrl: true },
			},
			[
				await fileItem(
					image,
					{ fileName: 'IMG_0001.JPG', mimeType: 'image/jpeg' },
					'default',
					'photo',
				),
			],
		);
		expect(uploads()[0].body).toEqual({
			fileName: 'face-reference.jpg',
			mediaType: 'FACE_MATCH_REFERENCE',
		});
		expect(result.items[0].json.presignedUrl).toMatch(/\/__upload\/[0-9A-Z]{26}\?signature=/);
		const received = emulator.links.upload(result.items[0].json.mediaId as string)!.received!;
		expect(sha(received.content)).toBe(sha(image));
		expect(received.contentType).toBe('image/jpeg');
	});

	it("adds the binary's extension to a file name that lacks one", async () => {
		const result = await upload('token', { mediaType: 'STAMP_UPLOAD' }, [
			await fileItem(makePdf(), {
				fileName: 'stamp-paper',
				fileExtension: 'pdf',
				mimeType: 'application/pdf',
			}),
		]);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(uploads()[0].body).toEqual({ fileName: 'stamp-paper.pdf', mediaType: 'STAMP_UPLOAD' });
	});

	it('uploads one file per input item', async () => {
		const files = [makePdf('one'), makePdf('two', 2000)];
		const input = [
			await fileItem(files[0], { fileName: 'one.pdf', mimeType: 'application/pdf' }),
			await fileItem(files[1], { fileName: 'two.pdf', mimeType: 'application/pdf' }),
		];
		const result = await upload('token', { mediaType: 'REFERENCE_ATTACHMENTS' }, input);
		expect(result.items.map((item) => item.json.fileName)).toEqual(['one.pdf', 'two.pdf']);
		result.items.forEach((item, index) =>
			expect(sha(emulator.links.upload(item.json.mediaId as string)!.received!.content)).toBe(
				sha(files[index]),
			),
		);
	});

	it('reports a server error on the upload request, before any file is sent', async () => {
		emulator.faults.inject({ kind: 'http503', path: '/v4/media/upload' });
		const failed = await upload('token', { mediaType: 'SUB_DOCUMENT' }, [
			await fileItem(makePdf(), { fileName: 'a.pdf', mimeType: 'application/pdf' }),
		]);
		expect(failed.nodeError(NODE_NAME)?.message).toBe('The service had a server error (HTTP 503)');
		// The upload request reached the service and failed; no media slot was reserved, so there was no
		// pre-signed URL to put the file to.
		expect(uploads()).toHaveLength(1);
		expect(emulator.slice<V4State>('v4').media.size).toBe(0);
	});

	it('reports a connection reset on the pre-signed URL in one line: the operation, the host and what to do', async () => {
		emulator.faults.inject({ kind: 'reset', path: '/__upload/' });
		const failed = await upload('token', { mediaType: 'SUB_DOCUMENT' }, [
			await fileItem(makePdf(), { fileName: 'a.pdf', mimeType: 'application/pdf' }),
		]);
		expect(failed.nodeError(NODE_NAME)?.message).toBe(
			`Media → Upload: the connection to ${new URL(emulator.origin).host} was cut before the answer arrived; run the node again to get a fresh upload URL`,
		);
	});

	it('refreshes an expired OAuth2 token, sends the same body again, then uploads the file once', async () => {
		const credential = await oauthCredential(emulator);
		emulator.requests.length = 0;
		emulator.clock.advance(3600 * 1000 + 1000);
		const pdf = makePdf('after refresh', 50_000);
		const result = await runNode(
			{
				resource: 'media',
				operation: 'upload',
				authentication: 'oAuth2',
				mediaType: 'CUSTOM_FIELD_UPLOAD',
			},
			{
				credentials: { documentExecutionOAuth2Api: credential },
				input: [await fileItem(pdf, { fileName: 'field.pdf', mimeType: 'application/pdf' })],
			},
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(emulator.requests.map((request) => request.path)).toEqual([
			'/api/v4/media/upload',
			'/oauth/oauth2/token',
			'/api/v4/media/upload',
		]);
		expect(uploads()[1].body).toEqual(uploads()[0].body);
		expect(result.credentialsHelper.tokenUpdates.get('documentExecutionOAuth2Api')).toBe(1);
		expect(
			sha(emulator.links.upload(result.items[0].json.mediaId as string)!.received!.content),
		).toBe(sha(pdf));
	});
});

describe('Media → Upload refuses before sending, naming the field', () => {
	it.each([
		[
			'File Name without an extension',
			{ fileName: 'annexure' },
			{ fileName: 'a.pdf', mimeType: 'application/pdf' },
			'File Name: needs an extension (for example contract.pdf), so the service can tell the file type',
		],
		[
			'no file name at all',
			{},
			{ mimeType: 'application/pdf' },
			'File Name: is required: name the file or give the binary data a file name',
		],
		[
			'an unknown media type',
			{ mediaType: '={{ "PICTURE" }}' },
			{ fileName: 'a.pdf', mimeType: 'application/pdf' },
			'Media Type: must be one of SUB_DOCUMENT, STAMP_UPLOAD, REFERENCE_ATTACHMENTS, FACE_MATCH_REFERENCE, TEMPLATE_FILE_TYPE_FIELD, CUSTOM_FIELD_UPLOAD',
		],
		[
			'a missing binary field',
			{ binaryPropertyName: 'document' },
			{ fileName: 'a.pdf', mimeType: 'application/pdf' },
			'Input Binary Field: the input item has no binary property "document"',
		],
	])('%s', async (_case, parameters, meta, message) => {
		const result = await upload('token', { mediaType: 'SUB_DOCUMENT', ...parameters }, [
			await fileItem(makePdf(), meta),
		]);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(message);
		expect(error.description).toMatch(
			new RegExp(
				`^Nothing was sent to the service\\. Fix "${message.split(':')[0]}" and run the node again\\.`,
			),
		);
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
		expect(emulator.requests).toHaveLength(0);
	});

	it('an item without binary data, saying which node to connect', async () => {
		const result = await upload('token', { mediaType: 'SUB_DOCUMENT' }, [{ json: {} }]);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe('Input Binary Field: the input item has no binary property "data"');
		expect(error.description).toMatch(/Connect a node that outputs a file/);
		expect(emulator.requests).toHaveLength(0);
	});
});
