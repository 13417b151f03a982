import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { outputPackDownload } from '../../nodes/DocumentExecution/resources/pack/download';
import { V3_SEED } from '../emulator/families/v3';
import type { Emulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';
import { NODE_NAME } from '../harness/engine';
import { itemRequestTo, postReceiveContext } from '../support/postReceiveContext';
import { runDocument } from './document/setup';
import { completedPackDocument, runV4, startV4Emulator } from './pack/setup';

/**
 * The type of a downloaded file whose answer names none, or only a generic one, is the same in Document →
 * Download File and Pack → Download: a signed document (checked to be a PDF) is application/pdf, any other
 * file application/octet-stream, as the spec says nothing of what audit trails are.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator({ packCount: 24 })));
afterEach(async () => await emulator.close());

/** Every download link of the emulator answers with `contentType` ('' sends the header empty). */
function serveLinksAs(contentType: string) {
	const original = emulator.links.createDownload.bind(emulator.links);
	emulator.links.createDownload = (file, ttl) => original({ ...file, contentType }, ttl);
}

const downloads = {
	'Document → Download File': (downloadType: string) =>
		runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			downloadType,
		}),
	'Pack → Download': (downloadType: string) =>
		runV4(emulator, 'token', {
			resource: 'pack',
			operation: 'download',
			downloadType,
			packDocumentId: completedPackDocument(emulator),
		}),
};

describe.each(Object.keys(downloads) as Array<keyof typeof downloads>)(
	'%s: a link that names no file type, or a generic one',
	(operation) => {
		it.each([
			['', 'DOCUMENT', 'application/pdf'],
			['application/octet-stream', 'DOCUMENT', 'application/pdf'],
			['binary/octet-stream', 'DOCUMENT', 'application/pdf'],
			['', 'AUDIT_TRAIL', 'application/octet-stream'],
			['application/octet-stream', 'AUDIT_TRAIL', 'application/octet-stream'],
		])('Content-Type "%s", %s: the file is output as %s', async (served, downloadType, type) => {
			serveLinksAs(served);
			const result = await downloads[operation](downloadType);
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const [item] = result.items;
			expect(item.binary!.data.mimeType).toBe(type);
			expect(item.json.mimeType).toBe(type);
		});

		it("keeps a link's own specific type", async () => {
			serveLinksAs('application/x-audit-trail');
			const [item] = (await downloads[operation]('AUDIT_TRAIL')).items;
			expect(item.binary!.data.mimeType).toBe('application/x-audit-trail');
		});
	},
);

describe('Pack → Download: a file the service sends itself, without a Content-Type', () => {
	it.each([
		['DOCUMENT', 'application/pdf'],
		['AUDIT_TRAIL', 'application/octet-stream'],
	])('%s is output as %s', async (downloadType, type) => {
		const { context, prepareBinaryData } = postReceiveContext({
			downloadType,
			packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
			options: {},
		});
		const answer = { statusCode: 200, headers: {}, body: makePdf() } as IN8nHttpFullResponse;

		const [item] = await outputPackDownload.call(
			context,
			answer,
			itemRequestTo('/v4/packs/download'),
		);

		expect(prepareBinaryData.mock.calls[0][2]).toBe(type);
		expect(item.json).toMatchObject({ delivery: 'stream', mimeType: type });
	});
});
