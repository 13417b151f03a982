import { createHash } from 'node:crypto';

import { packDownloadSchema } from '../../../nodes/DocumentExecution/resources/pack/download';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { AUTH_KINDS, authOf, mainPacks, runV4, startV4Emulator, v4State } from './setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator({ packCount: 24 })));
afterEach(async () => await emulator.close());

const nothingSent = (field: string) =>
	`Nothing was sent to the service. Fix "${field}" and run the node again.`;
const downloads = () => emulator.requestsTo('/v4/packs/download');
const download = (auth: 'token' | 'oAuth2', parameters: Record<string, unknown>) =>
	runV4(emulator, auth, { resource: 'pack', operation: 'download', ...parameters });
const completed = () =>
	mainPacks(emulator).find(
		(pack) => pack.status === 'COMPLETED' && pack.documents[0].attachmentCount > 0,
	)!;
const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe.each(AUTH_KINDS)('Pack → Download with the %s credential', (auth) => {
	it('reads the short-lived link at once when the service answers with JSON, and outputs the file as binary', async () => {
		const { documentId } = completed().documents[0];
		const result = await download(auth, { downloadType: 'DOCUMENT', packDocumentId: documentId });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(downloads()).toHaveLength(1);
		expect(authOf(downloads()[0])).toBe(auth);
		expect(downloads()[0].query).toEqual({ downloadType: 'DOCUMENT', documentId });
		const [item] = result.items;
		const content = await result.binary(item);
		expect(isPdf(content)).toBe(true);
		expect(v4State(emulator).served).toEqual([
			expect.objectContaining({ as: 'link', bytes: content.length }),
		]);
		expect(item.json).toMatchObject({
			downloadType: 'DOCUMENT',
			documentId,
			delivery: 'link',
			mimeType: 'application/pdf',
			fileSize: content.length,
		});
		expect(item.binary!.data).toMatchObject({
			fileName: expect.stringMatching(/\.pdf$/),
			mimeType: 'application/pdf',
		});
	});

	it('takes the file from the response itself with File Delivery: Stream', async () => {
		const { documentId } = completed().documents[0];
		const result = await download(auth, {
			downloadType: 'AUDIT_TRAIL',
			packDocumentId: documentId,
			binaryPropertyName: 'auditTrail',
			options: { mode: 'stream' },
		});
		expect(downloads()[0].query).toEqual({
			downloadType: 'AUDIT_TRAIL',
			documentId,
			mode: 'stream',
		});
		const [item] = result.items;
		const content = await result.binary(item, 'auditTrail');
		expect(isPdf(content)).toBe(true);
		expect(v4State(emulator).served).toEqual([
			expect.objectContaining({ as: 'stream', bytes: content.length }),
		]);
		expect(item.json).toMatchObject({
			delivery: 'stream',
			fileName: expect.stringMatching(/audit trail\.pdf$/),
		});
	});
});

describe('Pack → Download', () => {
	it('gives the same bytes in both response modes', async () => {
		const { documentId } = completed().documents[0];
		const linked = await download('token', { packDocumentId: documentId });
		const streamed = await download('token', {
			packDocumentId: documentId,
			options: { mode: 'stream' },
		});
		expect(sha(await linked.binary(linked.items[0]))).toBe(
			sha(await streamed.binary(streamed.items[0])),
		);
	});

	it('follows an account configured to send files, without mode=stream', async () => {
		v4State(emulator).downloadDelivery.set('account-main', 'stream');
		try {
			const result = await download('token', {
				packDocumentId: completed().documents[0].documentId,
			});
			expect(downloads()[0].query.mode).toBeUndefined();
			expect(result.items[0].json.delivery).toBe('stream');
			expect(isPdf(await result.binary(result.items[0]))).toBe(true);
		} finally {
			v4State(emulator).downloadDelivery.set('account-main', 'link');
		}
	});

	it('outputs only the link and its expiry with Output Link Only', async () => {
		// The link points at a closed port: reading it would fail the node.
		emulator.faults.inject({ kind: 'refused', path: '/__files/' });
		const result = await download('oAuth2', {
			packDocumentId: completed().documents[0].documentId,
			options: { linkOnly: true },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].binary).toBeUndefined();
		const expiresAt = String(result.items[0].json.expiresAt);
		expect(expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect(result.items[0].json).toEqual({
			downloadType: 'DOCUMENT',
			documentId: completed().documents[0].documentId,
			delivery: 'link',
			url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__files\//),
			fileName: null,
			mimeType: 'application/pdf',
			fileSize: null,
			expiresAt,
			note: `This is a download link, not the file: it works until ${expiresAt} (pack download links are short-lived), for a download by a server, not a browser. To get the file, turn Options > Output Link Only off.`,
		});
	});

	it('sends index with an attachment, and signUrl and index (never documentId) with a supporting document', async () => {
		const pack = completed();
		const attachment = await download('token', {
			downloadType: 'ATTACHMENT',
			packDocumentId: pack.documents[0].documentId,
			index: 0,
		});
		expect(attachment.nodeError(NODE_NAME)).toBeUndefined();
		const supporting = await download('token', {
			downloadType: 'SUPPORTING_DOCUMENT',
			signUrl: pack.invitees[0].signUrl,
			index: 0,
			packDocumentId: pack.documents[0].documentId,
		});
		expect(supporting.nodeError(NODE_NAME)).toBeUndefined();
		expect(downloads().map((request) => request.query)).toEqual([
			{ downloadType: 'ATTACHMENT', documentId: pack.documents[0].documentId, index: '0' },
			{ downloadType: 'SUPPORTING_DOCUMENT', signUrl: pack.invitees[0].signUrl, index: '0' },
		]);
		expect(isPdf(await supporting.binary(supporting.items[0]))).toBe(true);
	});

	it.each([
		[
			'an audit trail of a document not fully signed',
			() => ({
				downloadType: 'AUDIT_TRAIL',
				packDocumentId: mainPacks(emulator).find((pack) => pack.status === 'DRAFT')!.documents[0]
					.documentId,
			}),
			'400',
			'LE_ERR_AP_024',
		],
		[
			'a document that does not exist',
			() => ({ packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
			'404',
			'LE_ERR_AP_001',
		],
		[
			'an attachment index with no file',
			() => ({
				downloadType: 'ATTACHMENT',
				packDocumentId: completed().documents[0].documentId,
				index: 7,
			}),
			'404',
			'LE_ERR_AP_047',
		],
	])(
		'reports %s with the code, the service message and the trace ID',
		async (_case, parameters, httpCode, code) => {
			const result = await download('token', parameters());
			const error = result.nodeError(NODE_NAME)!;
			expect(error.message).toMatch(new RegExp(`\\[${code}\\]$`));
			expect(error.description).toMatch(new RegExp(`^${code}: .+`));
			expect(error.description).toMatch(/Trace ID: [0-9a-f]{32}/);
			expect(error.httpCode).toBe(httpCode);
		},
	);

	it('reports a server error on a request that asked for bytes as a server error', async () => {
		const documentId = completed().documents[0].documentId;
		emulator.faults.inject({ kind: 'http503', path: '/v4/packs/download' });
		const result = await download('token', { packDocumentId: documentId });
		expect(result.nodeError(NODE_NAME)?.message).toBe('The service had a server error (HTTP 503)');
	});
});

describe('Pack → Download refuses before sending, naming the field', () => {
	it.each([
		[
			'File Type (through an expression)',
			{
				downloadType: '={{ "SIGNED" }}',
				packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
				signUrl: 'abc',
			},
			'File Type: must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
		],
		[
			'Document ID (empty)',
			{ packDocumentId: '={{ "" }}' },
			'Document ID: is required for DOCUMENT',
		],
		[
			'Document ID (not a ULID)',
			{ packDocumentId: 'doc-123' },
			'Document ID: must be a pack document ID: 26 letters and digits (a ULID)',
		],
		[
			'Sign URL',
			{ downloadType: 'SUPPORTING_DOCUMENT', signUrl: '={{ " " }}' },
			'Sign URL: is required for a Supporting Document',
		],
		[
			'Index (negative)',
			{ downloadType: 'ATTACHMENT', packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', index: -1 },
			'Index: cannot be negative',
		],
		[
			'Index (fraction)',
			{ downloadType: 'SUPPORTING_DOCUMENT', signUrl: 'abc', index: 0.5 },
			'Index: must be a whole number',
		],
		[
			'File Delivery with Output Link Only',
			{ packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', options: { mode: 'stream', linkOnly: true } },
			'File Delivery: Stream returns the file itself, so there is no link to output; turn Output Link Only off or use Account Default',
		],
	])('%s', async (_field, parameters, message) => {
		const result = await download('token', parameters);
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(message);
		expect(error.description).toBe(nothingSent(message.split(':')[0]));
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it('an unknown download type (the schema; the form offers only the four)', () => {
		const result = packDownloadSchema.safeParse({
			downloadType: 'SIGNED',
			documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
			mode: 'accountDefault',
			linkOnly: false,
		});
		expect(result.error?.issues[0]).toMatchObject({
			path: ['downloadType'],
			message: 'must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
		});
	});

	it('documentId with a supporting document, and signUrl with the other types (the schema; the form never shows both)', () => {
		const supporting = packDownloadSchema.safeParse({
			downloadType: 'SUPPORTING_DOCUMENT',
			signUrl: 'abc',
			index: 0,
			documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
			mode: 'accountDefault',
			linkOnly: false,
		});
		expect(supporting.error?.issues[0]).toMatchObject({
			path: ['documentId'],
			message: expect.stringMatching(/must not be sent with a Supporting Document/),
		});
		for (const downloadType of ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT']) {
			const other = packDownloadSchema.safeParse({
				downloadType,
				documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
				signUrl: 'abc',
				index: 0,
				mode: 'accountDefault',
				linkOnly: false,
			});
			expect(other.error?.issues[0]).toMatchObject({
				path: ['signUrl'],
				message: 'is only sent with a Supporting Document',
			});
		}
	});
});
