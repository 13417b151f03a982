import type { INodeExecutionData } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME, type BinaryMode, type RunResult } from '../../harness/engine';
import { requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * Document → Download All Files against the emulator: every file of a completed document in one item, indexed
 * files read until the service's out-of-range answer, each link read as soon as it is issued.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

const downloadAll = (documentId: string = V3_SEED.completedDocumentId) => ({
	operation: 'downloadAll',
	documentId,
});

/** Adds a file to the seeded completed document, as the emulator's control routes do. */
const addFile = async (kind: 'attachment' | 'supporting-document', body: object) => {
	const response = await fetch(
		`${emulator.origin}/__emulator/v3/documents/${V3_SEED.completedDocumentId}/${kind}`,
		{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
	);
	expect(response.status).toBe(200);
};

/** The sign URLs of a document's invitees, in the order Get Status lists them. */
async function signUrlsOf(documentId: string): Promise<string[]> {
	const result = await runDocument(emulator, {
		operation: 'getStatus',
		documentId,
		simplify: false,
	});
	emulator.requests.length = 0;
	emulator.links.downloadHistory.length = 0;
	return (result.items[0].json.requests as Array<{ signUrl: string }>).map(
		(request) => request.signUrl,
	);
}

/** What each fetchDocument request asked for: the type, then the index and the sign URL where sent. */
const fetchesAskedFor = () =>
	requestsOn(emulator, servicePaths.fetch).map(({ query }) =>
		[query.documentDownloadType, query.index, query.supportDocumentUrl]
			.filter((part) => part !== undefined)
			.join(' '),
	);

/** Each output binary's bytes, by its key. */
async function binariesOf(result: RunResult, item: INodeExecutionData) {
	const entries = await Promise.all(
		Object.keys(item.binary ?? {}).map(
			async (key) => [key, await result.binary(item, key)] as const,
		),
	);
	return Object.fromEntries(entries);
}

describe.each<BinaryMode>(['filesystem', 'default'])(
	'Document → Download All Files, binary data %s',
	(binaryMode) => {
		it('outputs one item: every file as a binary, named and typed as served, and the files list', async () => {
			await addFile('supporting-document', {
				inviteeIndex: 1,
				fileName: 'pan.jpg',
				contentType: 'image/jpeg',
				text: 'a photo of a card',
			});
			const [first, second] = await signUrlsOf(V3_SEED.completedDocumentId);

			const result = await runDocument(emulator, downloadAll(), { binaryMode });

			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			expect(result.items).toHaveLength(1);
			const [item] = result.items;
			const file = (
				binaryKey: string,
				kind: string,
				fileName: string,
				mimeType = 'application/pdf',
				at: { index?: number; signUrl?: string } = {},
			) => ({
				binaryKey,
				kind,
				index: at.index ?? null,
				signUrl: at.signUrl ?? null,
				fileName,
				mimeType,
				fileSize: expect.any(Number),
			});
			expect(item.json).toEqual({
				documentId: V3_SEED.completedDocumentId,
				files: [
					file('document', 'DOCUMENT', 'Completed agreement.pdf'),
					file('auditTrail', 'AUDIT_TRAIL', 'Completed agreement_audit_trail.pdf'),
					file('attachment_0', 'ATTACHMENT', 'attachment-1.pdf', undefined, { index: 0 }),
					file('attachment_1', 'ATTACHMENT', 'attachment-2.pdf', undefined, { index: 1 }),
					file('supportingDocument_0_0', 'SUPPORTING_DOCUMENT', 'pan-card.pdf', undefined, {
						index: 0,
						signUrl: first,
					}),
					file('supportingDocument_1_0', 'SUPPORTING_DOCUMENT', 'pan.jpg', 'image/jpeg', {
						index: 0,
						signUrl: second,
					}),
				],
			});
			const bytes = await binariesOf(result, item);
			const files = item.json.files as Array<{ binaryKey: string; fileSize: number }>;
			expect(Object.keys(bytes)).toEqual(files.map((entry) => entry.binaryKey));
			for (const entry of files) expect(bytes[entry.binaryKey].length).toBe(entry.fileSize);
			expect(bytes.supportingDocument_1_0.toString()).toBe('a photo of a card');
			const pdfs = Object.entries(bytes).filter(([key]) => key !== 'supportingDocument_1_0');
			for (const [, content] of pdfs) expect(isPdf(content)).toBe(true);
			expect(bytes.document.toString('latin1')).toContain('Signed: Completed agreement');
			expect(bytes.attachment_1.toString('latin1')).toContain('Sender attachment 2');
			expect(item.binary?.supportingDocument_1_0).toMatchObject({
				fileName: 'pan.jpg',
				mimeType: 'image/jpeg',
			});
		});
	},
);

describe('Document → Download All Files: where the indexed files stop', () => {
	it("asks for each index until the service's out-of-range answer, and reads each link before asking for the next", async () => {
		const [first, second] = await signUrlsOf(V3_SEED.completedDocumentId);

		const result = await runDocument(emulator, downloadAll());

		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(requestsOn(emulator, servicePaths.status)).toHaveLength(1);
		expect(fetchesAskedFor()).toEqual([
			'DOCUMENT',
			'AUDIT_TRAIL',
			'ATTACHMENT 0',
			'ATTACHMENT 1',
			'ATTACHMENT 2', // index.out.of.bound
			`SUPPORTING_DOCUMENT 0 ${first}`,
			`SUPPORTING_DOCUMENT 1 ${first}`, // index.out.of.bound
			`SUPPORTING_DOCUMENT 0 ${second}`, // no.attachments.exists: this invitee uploaded none
		]);
		// One file at a time: each link is read as soon as it is issued, before the next one is asked for (the
		// status read issues two links of its own, which are not read).
		const pairs = [
			'Completed agreement.pdf',
			'Completed agreement_audit_trail.pdf',
			'attachment-1.pdf',
			'attachment-2.pdf',
			'pan-card.pdf',
		].flatMap((fileName) => [`issued ${fileName}`, `read ${fileName}`]);
		expect(
			emulator.links.downloadHistory.map(({ event, fileName }) => `${event} ${fileName}`),
		).toEqual([
			'issued Completed agreement.pdf',
			'issued Completed agreement_audit_trail.pdf',
			...pairs,
		]);
	});

	it('outputs only the signed PDF and the audit trail of a document without attachments or supporting documents', async () => {
		const [only] = await signUrlsOf(V3_SEED.completedNoAttachmentsId);

		const result = await runDocument(emulator, downloadAll(V3_SEED.completedNoAttachmentsId));

		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const [item] = result.items;
		expect((item.json.files as Array<{ binaryKey: string }>).map((file) => file.binaryKey)).toEqual(
			['document', 'auditTrail'],
		);
		expect(Object.keys(item.binary ?? {})).toEqual(['document', 'auditTrail']);
		expect(fetchesAskedFor()).toEqual([
			'DOCUMENT',
			'AUDIT_TRAIL',
			'ATTACHMENT 0', // no.attachments.exists
			`SUPPORTING_DOCUMENT 0 ${only}`, // no.attachments.exists
		]);
	});
});

describe('Document → Download All Files: errors', () => {
	it('names the file whose link did not give it, and outputs no item', async () => {
		await addFile('attachment', {
			fileName: 'login.html',
			contentType: 'text/html',
			text: '<!doctype html><html><body>Please log in</body></html>',
		});

		const result = await runDocument(emulator, downloadAll());

		const error = result.nodeError(NODE_NAME);
		expect(error?.message).toMatch(
			/^Document → Download All Files, attachment 2: the download link returned a web page \(text\/html\) instead of the file;/,
		);
		// It stopped there: no supporting document was asked for.
		expect(fetchesAskedFor().at(-1)).toBe('ATTACHMENT 2');
	});

	it("stops at the service's first other error: a document that is not completed has no files to fetch", async () => {
		const result = await runDocument(emulator, downloadAll(V3_SEED.sentDocumentId));

		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'No document matches this document ID [no.document.found]',
		);
		expect(fetchesAskedFor()).toEqual(['DOCUMENT']);
		expect(emulator.requests.some((request) => request.path.startsWith('/__files/'))).toBe(false);
	});

	it('gives one item per input item with Continue On Fail: the files, or the error', async () => {
		const input = [
			V3_SEED.completedDocumentId,
			V3_SEED.sentDocumentId,
			'',
			V3_SEED.completedNoAttachmentsId,
		].map((documentId) => ({ json: { documentId } }));

		const result = await runDocument(
			emulator,
			{ operation: 'downloadAll', documentId: '={{ $json.documentId }}' },
			{ input, onError: 'continueRegularOutput' },
		);

		expect(result.items).toHaveLength(4);
		const [completed, sent, blank, letter] = result.items;
		expect(Object.keys(completed.binary ?? {})).toHaveLength(5);
		expect(sent.json.error).toBe('No document matches this document ID [no.document.found]');
		expect(sent.binary).toBeUndefined();
		expect(blank.json.error).toBe('Document ID: is required');
		expect(Object.keys(letter.binary ?? {})).toEqual(['document', 'auditTrail']);
		expect(letter.json.documentId).toBe(V3_SEED.completedNoAttachmentsId);
		// The blank ID was refused before any request.
		expect(
			requestsOn(emulator, servicePaths.status).map((request) => request.query.documentId),
		).toEqual(
			expect.arrayContaining([
				V3_SEED.completedDocumentId,
				V3_SEED.sentDocumentId,
				V3_SEED.completedNoAttachmentsId,
			]),
		);
		expect(requestsOn(emulator, servicePaths.status)).toHaveLength(3);
	});
});
