import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../emulator/families/v3';
import type { Emulator } from '../emulator/server';
import { isPdf, makePdf } from '../fixtures/pdf';
import { type BinaryMode, NODE_NAME, type runNode } from '../harness/engine';
import { pdfItem, runDocument } from './document/setup';
import { completedPackDocument, runV4, startV4Emulator } from './pack/setup';

/**
 * A download keeps the input item's files and adds its own beside them, as n8n's HTTP Request and Google Drive
 * downloads do: a signed PDF in `data`, then its audit trail in `auditTrail`, is two files on one item. A field
 * of the same name is replaced; with only the link output, the input's files pass through.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

/** The bytes of the input's `data` file: a PDF an upstream node stored. */
const INPUT_PDF = makePdf('Signed copy from an earlier step');

type Run = (
	parameters: INodeParameters,
	input: INodeExecutionData[],
	mode: BinaryMode,
) => ReturnType<typeof runNode>;

const downloads: Record<string, Run> = {
	'Document → Download File': (parameters, input, binaryMode) =>
		runDocument(
			emulator,
			{ operation: 'download', documentId: V3_SEED.completedDocumentId, ...parameters },
			{ input, binaryMode },
		),
	'Pack → Download': (parameters, input, binaryMode) =>
		runV4(
			emulator,
			'token',
			{
				resource: 'pack',
				operation: 'download',
				packDocumentId: completedPackDocument(emulator),
				...parameters,
			},
			{ input, binaryMode },
		),
};

describe.each(Object.entries(downloads))('%s keeps the input item’s files', (_operation, run) => {
	describe.each<BinaryMode>(['default', 'filesystem'])('binary data %s', (binaryMode) => {
		it('an item with a `data` file, its audit trail downloaded into `auditTrail`: both files', async () => {
			const input = [await pdfItem(INPUT_PDF, {}, binaryMode)];

			const result = await run(
				{ downloadType: 'AUDIT_TRAIL', binaryPropertyName: 'auditTrail' },
				input,
				binaryMode,
			);

			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const [item] = result.items;
			expect(Object.keys(item.binary ?? {})).toEqual(['data', 'auditTrail']);
			expect((await result.binary(item, 'data')).equals(INPUT_PDF)).toBe(true);
			expect(item.binary?.data).toMatchObject({ fileName: 'contract.pdf' });
			const auditTrail = await result.binary(item, 'auditTrail');
			expect(isPdf(auditTrail)).toBe(true);
			expect(auditTrail.length).toBe(item.json.fileSize);
		});

		it('a file downloaded into the input’s own field replaces it', async () => {
			const input = [await pdfItem(INPUT_PDF, {}, binaryMode)];

			const result = await run({ downloadType: 'DOCUMENT' }, input, binaryMode);

			const [item] = result.items;
			expect(Object.keys(item.binary ?? {})).toEqual(['data']);
			const data = await result.binary(item, 'data');
			expect(data.equals(INPUT_PDF)).toBe(false);
			expect(data.length).toBe(item.json.fileSize);
		});
	});

	it('with Output Link Only, passes the input’s files through beside the link', async () => {
		const input = [await pdfItem(INPUT_PDF)];

		const result = await run(
			{ downloadType: 'DOCUMENT', options: { linkOnly: true } },
			input,
			'default',
		);

		const [item] = result.items;
		expect(item.json.url).toEqual(expect.any(String));
		expect(Object.keys(item.binary ?? {})).toEqual(['data']);
		expect((await result.binary(item, 'data')).equals(INPUT_PDF)).toBe(true);
	});
});

describe.each<BinaryMode>(['default', 'filesystem'])(
	'Document → Download All Files keeps the input item’s files, binary data %s',
	(binaryMode) => {
		it('beside its own keys, and replaces a field of the same name', async () => {
			const input = [
				await pdfItem(INPUT_PDF, { document: makePdf('An older signed copy') }, binaryMode),
			];

			const result = await runDocument(
				emulator,
				{ operation: 'downloadAll', documentId: V3_SEED.completedDocumentId },
				{ input, binaryMode },
			);

			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const [item] = result.items;
			const files = (item.json.files as Array<{ binaryKey: string }>).map((file) => file.binaryKey);
			expect(Object.keys(item.binary ?? {}).sort()).toEqual(['data', ...files].sort());
			expect((await result.binary(item, 'data')).equals(INPUT_PDF)).toBe(true);
			expect((await result.binary(item, 'document')).toString('latin1')).toContain(
				'Signed: Completed agreement',
			);
		});
	},
);
