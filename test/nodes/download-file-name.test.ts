import { V3_SEED } from '../emulator/families/v3';
import type { Emulator } from '../emulator/server';
import { isPdf } from '../fixtures/pdf';
import { NODE_NAME } from '../harness/engine';
import { runDocument } from './document/setup';
import { completedPackDocument, runV4, startV4Emulator } from './pack/setup';

/**
 * A downloaded file is named from the answer's Content-Disposition, whatever a file store or a proxy puts
 * there: a name that cannot be decoded is kept as it was sent, a path gives its last segment, and no usable
 * name gives the operation's default name. Never an exception.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

interface Download {
	/** The path of the answer that carries the file. */
	answeredOn: string;
	run: () => ReturnType<typeof runDocument>;
	defaultName: () => string;
}

/** Pack → Download of a completed pack document, its file answered on `answeredOn`. */
const packDownload = (answeredOn: string, options: Record<string, string>): Download => ({
	answeredOn,
	run: () =>
		runV4(emulator, 'token', {
			resource: 'pack',
			operation: 'download',
			downloadType: 'DOCUMENT',
			packDocumentId: completedPackDocument(emulator),
			options,
		}),
	defaultName: () => `${completedPackDocument(emulator)}.pdf`,
});

const downloads: Record<string, Download> = {
	'Document → Download File': {
		answeredOn: '/__files/',
		run: () =>
			runDocument(emulator, {
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'DOCUMENT',
			}),
		defaultName: () => `${V3_SEED.completedDocumentId}.pdf`,
	},
	'Pack → Download, through its link': packDownload('/__files/', {}),
	'Pack → Download, streamed': packDownload('/v4/packs/download', { mode: 'stream' }),
};

const BY_DEFAULT = Symbol('the default name');

describe.each(Object.entries(downloads))('%s names the file safely', (_operation, download) => {
	it.each<[string, string, string | typeof BY_DEFAULT]>([
		['a UTF-8 name', "attachment; filename*=UTF-8''Vertrag%20%C3%BCber.pdf", 'Vertrag über.pdf'],
		['a name that cannot be decoded: as sent', "attachment; filename*=UTF-8''%E0%A4", '%E0%A4'],
		[
			'a name that cannot be decoded, beside a plain one: the plain one',
			'attachment; filename*=UTF-8\'\'%E0%A4; filename="plain.pdf"',
			'plain.pdf',
		],
		['a relative path: its last segment', 'attachment; filename="../../x.pdf"', 'x.pdf'],
		['a Windows path: its last segment', 'attachment; filename="C:\\x.pdf"', 'x.pdf'],
		[
			'an encoded path: its last segment',
			"attachment; filename*=UTF-8''..%2F..%2Fetc%2Fx.pdf",
			'x.pdf',
		],
		['control characters: left out', "attachment; filename*=UTF-8''a%0D%0Ab.pdf", 'ab.pdf'],
		['an empty name: the default', 'attachment; filename=""', BY_DEFAULT],
		['no name: the default', 'attachment', BY_DEFAULT],
		['a path without a file: the default', 'attachment; filename="../"', BY_DEFAULT],
	])('%s', async (_case, header, expected) => {
		emulator.faults.inject({
			kind: 'contentDisposition',
			path: download.answeredOn,
			value: header,
		});
		const result = await download.run();
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const [item] = result.items;
		const name = expected === BY_DEFAULT ? download.defaultName() : expected;
		expect(item.binary!.data.fileName).toBe(name);
		expect(item.json.fileName).toBe(name);
		expect(isPdf(await result.binary(item))).toBe(true);
	});
});
