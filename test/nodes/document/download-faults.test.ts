import { DOWNLOAD_LINK } from '../../../nodes/DocumentExecution/shared/files/presignedUrls';
import { V3_SEED } from '../../emulator/families/v3';
import type { FaultKind } from '../../emulator/faults';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { expectNoToken, requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/** Download File follows the service's 15-second link: what comes back must be the file, or an error that says why. */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => {
	jest.restoreAllMocks();
	await emulator.close();
});

const download = (downloadType: string) =>
	runDocument(emulator, {
		operation: 'download',
		documentId: V3_SEED.completedDocumentId,
		downloadType,
	});
const linkHost = () => new URL(emulator.origin).host;
const fresh = 'run the node again to get a fresh link (download links live 15 seconds)';

describe('Document → Download File refuses what is not the file', () => {
	it.each(['DOCUMENT', 'AUDIT_TRAIL'])(
		'%s: a web page answered with HTTP 200 (a login or expiry page)',
		async (downloadType) => {
			emulator.faults.inject({ kind: 'html', path: '/__files/' });
			const result = await download(downloadType);
			const error = result.nodeError(NODE_NAME)!;
			expect(error.message).toBe(
				`Document → Download File: the download link returned a web page (text/html) instead of the file; ${fresh}`,
			);
			expect(error.description).toMatch(
				/^HTTP 200, Content-Type text\/html, \d+ bytes, starting "<!DOCTYPE html>/,
			);
			expect(result.items).toHaveLength(0);
			expect(requestsOn(emulator, servicePaths.fetch)).toHaveLength(1);
		},
	);

	it.each(['DOCUMENT', 'AUDIT_TRAIL'])('%s: an empty body', async (downloadType) => {
		emulator.faults.inject({ kind: 'empty', path: '/__files/' });
		const error = (await download(downloadType)).nodeError(NODE_NAME)!;
		expect(error.message).toBe(
			`Document → Download File: the download link returned an empty body instead of the file; ${fresh}`,
		);
		expect(error.description).toBe('HTTP 200, Content-Type none, 0 bytes.');
	});

	it('DOCUMENT: bytes that are not a PDF, since the spec calls the signed document a PDF', async () => {
		const original = emulator.links.createDownload.bind(emulator.links);
		emulator.links.createDownload = (file, ttl) =>
			original({ ...file, content: Buffer.from('PK\u0003\u0004 a zip archive') }, ttl);
		const error = (await download('DOCUMENT')).nodeError(NODE_NAME)!;
		expect(error.message).toBe(
			`Document → Download File: the download link returned application/pdf that is not a PDF (it does not start with %PDF-); ${fresh}`,
		);
		expect(error.description).toBe(
			'HTTP 200, Content-Type application/pdf, 18 bytes, starting "PK.. a zip archive".',
		);
	});

	it('ATTACHMENT: any file but a web page is the file (the spec does not say attachments are PDFs)', async () => {
		const original = emulator.links.createDownload.bind(emulator.links);
		const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
		emulator.links.createDownload = (file, ttl) =>
			original({ content: photo, contentType: 'image/jpeg', fileName: 'photo.jpg' }, ttl);
		const result = await runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'ATTACHMENT',
			index: 0,
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(await result.binary(result.items[0])).toEqual(photo);
		expect(result.items[0].binary!.data).toMatchObject({
			mimeType: 'image/jpeg',
			fileName: 'photo.jpg',
		});

		emulator.faults.inject({ kind: 'html', path: '/__files/' });
		const page = await runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'ATTACHMENT',
			index: 0,
		});
		expect(page.nodeError(NODE_NAME)?.message).toMatch(
			/the download link returned a web page \(text\/html\) instead of the file/,
		);
	});
});

describe('Document → Download File: a network failure on the link is one line with the operation, the host and what to do', () => {
	it.each<[string, FaultKind, () => string]>([
		[
			'a connection reset',
			'reset',
			() => `the connection to ${linkHost()} was cut before the answer arrived; ${fresh}`,
		],
		[
			'a refused connection',
			'refused',
			() => `refused the connection; check that n8n can reach it (firewall, proxy), then ${fresh}`,
		],
		[
			'a host name that does not resolve',
			'unresolvable',
			() =>
				`the host name files.emulator.invalid could not be resolved (DNS); check n8n's DNS settings, then ${fresh}`,
		],
	])('%s', async (_case, kind, expected) => {
		emulator.faults.inject({ kind, path: '/__files/' });
		const error = (await download('DOCUMENT')).nodeError(NODE_NAME)!;
		expect(error.message).toMatch(/^Document → Download File: /);
		expect(error.message).toContain(expected());
		expect(error.message).not.toContain('\n');
		expect(error.message).not.toContain('/__files/');
		expect(error.description).not.toContain('/__files/');
		expectNoToken(error);
	});

	it('a refused connection names the link host with its port', async () => {
		emulator.faults.inject({ kind: 'refused', path: '/__files/' });
		const error = (await download('AUDIT_TRAIL')).nodeError(NODE_NAME)!;
		expect(error.message).toMatch(
			/^Document → Download File: 127\.0\.0\.1:\d+ refused the connection; /,
		);
		expect(error.description).toMatch(
			/^Network error ECONNREFUSED on the request to 127\.0\.0\.1:\d+; no answer came back\.$/,
		);
	});

	it('a link that never answers, after the time-out', async () => {
		jest.replaceProperty(DOWNLOAD_LINK, 'timeoutMs', 300);
		emulator.faults.inject({ kind: 'timeout', path: '/__files/' });
		const started = Date.now();
		const error = (await download('DOCUMENT')).nodeError(NODE_NAME)!;
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error.message).toBe(
			`Document → Download File: ${linkHost()} did not answer within 0.3 s; ${fresh}, or turn on Retry On Fail`,
		);
	});
});

describe('Continue On Fail', () => {
	it('yields one item per input item: an error for each link that failed, the file for the one that worked', async () => {
		emulator.faults.inject({ kind: 'html', path: '/__files/' });
		emulator.faults.inject({ kind: 'reset', path: '/__files/' });
		const input = ['DOCUMENT', 'AUDIT_TRAIL', 'DOCUMENT', 'DOCUMENT'].map((downloadType) => ({
			json: { downloadType },
		}));
		input.push({ json: { downloadType: 'NOPE' } });
		const result = await runDocument(
			emulator,
			// With an expression for File Type the form cannot tell that Sign URL is not needed.
			{
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType: '={{ $json.downloadType }}',
				signUrl: 'unused',
			},
			{ input, onError: 'continueRegularOutput' },
		);
		expect(result.items).toHaveLength(5);
		expect(result.items[4].json.error).toBe(
			'File Type: must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
		);
		// The four downloads run at once, so which of them meets which fault is not fixed.
		const outcomes = result.items.slice(0, 4).map((item) => String(item.json.error ?? 'file'));
		expect(outcomes.filter((outcome) => outcome.includes('returned a web page'))).toHaveLength(1);
		expect(
			outcomes.filter((outcome) => outcome.includes('was cut before the answer arrived')),
		).toHaveLength(1);
		expect(outcomes.filter((outcome) => outcome === 'file')).toHaveLength(2);
		for (const item of result.items.filter((candidate) => !candidate.json.error)) {
			expect(isPdf(await result.binary(item))).toBe(true);
		}
		expect(requestsOn(emulator, servicePaths.fetch)).toHaveLength(4);
	});
});
