import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { expectNoToken, requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * Document → Download File under n8n's two kinds of Continue On Fail, as Get Status's (errors.test.ts): one
 * output item per input item, each paired with its input row, a failure's item saying its cause without the
 * token. Download File can also fail after the service answered, on the file link it answered.
 */

let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

const download = { operation: 'download', downloadType: 'DOCUMENT', documentId: '={{ $json.id }}' };
const NO_DOCUMENT = 'No document matches this document ID [no.document.found]';
const REFUSED = 'Document ID: is required';
/** A link that fails names the operation and the link's host, then what to do. */
const LINK_REFUSED = /^Document → Download File: 127\.0\.0\.1:\d+ refused the connection; /;

describe('Document → Download File, Continue On Fail', () => {
	it('Continue (regular output): one item per input item, the file or the error, in order', async () => {
		const ids = [
			V3_SEED.completedDocumentId,
			'NOPE',
			'',
			// Only a COMPLETED document can be downloaded.
			V3_SEED.sentDocumentId,
			V3_SEED.completedNoAttachmentsId,
		];
		const result = await runDocument(emulator, download, {
			input: ids.map((id) => ({ json: { id } })),
			onError: 'continueRegularOutput',
		});
		expect(
			result.items.map((item) => [item.json.documentId ?? item.json.error, item.pairedItem]),
		).toEqual([
			[V3_SEED.completedDocumentId, { item: 0 }],
			[NO_DOCUMENT, { item: 1 }],
			[REFUSED, { item: 2 }],
			[NO_DOCUMENT, { item: 3 }],
			[V3_SEED.completedNoAttachmentsId, { item: 4 }],
		]);
		expect(result.items.map((item) => Object.keys(item.binary ?? {}))).toEqual([
			['data'],
			[],
			[],
			[],
			['data'],
		]);
		// The blank Document ID was refused before any request.
		expect(requestsOn(emulator, servicePaths.fetch)).toHaveLength(4);
		for (const item of result.items.slice(1, 4)) expectNoToken(item);
	});

	it('Continue (using error output): each failed item goes to the error output, every item paired with its input row', async () => {
		const input = [
			{ json: { id: V3_SEED.completedDocumentId, row: 1 } },
			{ json: { id: 'NOPE', row: 2 } },
			{ json: { id: '', row: 3 } },
		];
		const result = await runDocument(emulator, download, {
			input,
			onError: 'continueErrorOutput',
		});
		const [succeeded, failed] = result.outputs(NODE_NAME);
		expect(succeeded.map((item) => [item.json.documentId, item.pairedItem])).toEqual([
			[V3_SEED.completedDocumentId, { item: 0 }],
		]);
		expect(Object.keys(succeeded[0].binary ?? {})).toEqual(['data']);
		expect(failed.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[NO_DOCUMENT, { item: 1 }],
			[REFUSED, { item: 2 }],
		]);
		for (const item of failed) expectNoToken(item);
	});

	it.each(['continueRegularOutput', 'continueErrorOutput'] as const)(
		'%s: a file link that cannot be read fails its own item, which names the link',
		async (onError) => {
			// Only the first item gets a link (the second is refused before any request), so it meets the fault.
			emulator.faults.inject({ kind: 'refused', path: '/__files/' });
			const input = [{ json: { id: V3_SEED.completedDocumentId } }, { json: { id: ' ' } }];
			const result = await runDocument(emulator, download, { input, onError });
			const outputs = result.outputs(NODE_NAME);
			// Both on the error output, where there is one: nothing left on the regular one.
			const items = outputs[outputs.length - 1];
			expect(outputs.flat()).toHaveLength(2);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(items[0].json.error).toMatch(LINK_REFUSED);
			expect(items[1].json.error).toBe(REFUSED);
			for (const item of items) expectNoToken(item);
		},
	);
});
