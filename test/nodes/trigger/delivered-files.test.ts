import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

import { deliveredFiles } from '../../../nodes/DocumentExecutionTrigger/deliveredFiles';
import { V3_SEED, type V3State } from '../../emulator/families/v3';
import { deliverV3Event } from '../../emulator/families/webhooks';
import { makePdf } from '../../fixtures/pdf';
import { triggerTestbed } from './helpers';

/**
 * Older webhook versions may carry the document and its audit trail in base64 (`files`, `auditTrail`). The
 * output item holds them as PDF binaries, and its JSON says where they went instead of repeating them.
 */

const bed = triggerTestbed();

const bytesOf = (binary: IBinaryData) => Container.get(BinaryDataService).getAsBuffer(binary);

const completedDocument = () =>
	bed.emulator.slice<V3State>('v3').documents.get(V3_SEED.completedDocumentId)!;

describe('Document Execution Trigger: PDFs in a delivery', () => {
	it('base64 files and audit trail become binaries whose bytes are the PDFs, and leave the JSON', async () => {
		const hook = await bed.serve();
		const delivery = await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacyWithFiles',
		});
		await hook.settled();

		expect(hook.executions).toHaveLength(1);
		const [item] = hook.executions[0].items;
		const stored = completedDocument();
		expect(await bytesOf(item.binary!.data)).toEqual(stored.signedPdf);
		expect(await bytesOf(item.binary!.auditTrail)).toEqual(stored.auditTrail);
		expect(item.binary!.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: `${V3_SEED.completedDocumentId}.pdf`,
		});
		expect(item.binary!.auditTrail).toMatchObject({
			mimeType: 'application/pdf',
			fileName: `${V3_SEED.completedDocumentId}_audit_trail.pdf`,
		});
		expect(item.json).not.toHaveProperty('files');
		expect(item.json).not.toHaveProperty('auditTrail');
		expect(item.json.movedToBinary).toEqual({ files: ['data'], auditTrail: 'auditTrail' });
		expect(JSON.stringify(item.json).length).toBeLessThan(delivery.body.length / 2);
	});

	it('values that are not base64 PDFs stay in the JSON as they arrived', async () => {
		const hook = await bed.serve();
		const links = ['https://example.com/signed.pdf'];
		await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.completedDocumentId,
			version: 'legacyWithFiles',
			overrides: { files: links },
		});
		await hook.settled();
		const [item] = hook.executions[0].items;
		expect(item.json.files).toEqual(links);
		expect(Object.keys(item.binary ?? {})).toEqual(['auditTrail']);
		expect(item.json.movedToBinary).toEqual({ auditTrail: 'auditTrail' });
	});
});

describe('deliveredFiles', () => {
	const pdf = (text: string) => makePdf(text);
	const base64 = (bytes: Buffer) => bytes.toString('base64');

	it('names several files data, data_2… and the files after the document id', () => {
		const [first, second] = [pdf('one'), pdf('two')];
		const found = deliveredFiles(
			{ documentId: 'ab3Cd9Z', files: [base64(first), base64(second)] },
			'ab3Cd9Z',
		);
		expect(found.files.map(({ field, fileName }) => [field, fileName])).toEqual([
			['data', 'ab3Cd9Z_1.pdf'],
			['data_2', 'ab3Cd9Z_2.pdf'],
		]);
		expect(found.files[1].content).toEqual(second);
		expect(found.movedToBinary).toEqual({ files: ['data', 'data_2'] });
	});

	it('accepts a single string and base64 broken over lines; a file name never carries a path', () => {
		const document = pdf('single');
		const wrapped = base64(document).replace(/(.{76})/g, '$1\n');
		const found = deliveredFiles({ files: wrapped }, '../x/y');
		expect(found.files).toEqual([{ field: 'data', fileName: '___x_y.pdf', content: document }]);
	});

	it('moves a key only when every value under it is a base64 PDF', () => {
		for (const files of [
			[base64(pdf('ok')), base64(Buffer.from('not a pdf'))],
			['%%%not base64%%%'],
			[],
			[{ content: base64(pdf('object')) }],
			null,
		])
			expect(deliveredFiles({ files }, 'D-1')).toEqual({
				files: [],
				movedKeys: [],
				movedToBinary: {},
			});
	});
});
