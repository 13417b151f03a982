import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { expectNoToken } from '../document/setup';
import { mainPacks, runV4, startV4Emulator } from './setup';

/** Pack → Download outputs the file, whether it follows the service's short-lived link or takes the file from the answer, or an error that says why. */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const completedDocument = (position = 0) =>
	mainPacks(emulator).filter((pack) => pack.status === 'COMPLETED')[position].documents[0];
const download = (parameters: Record<string, unknown>, input?: INodeExecutionData[]) =>
	runV4(
		emulator,
		'token',
		{
			resource: 'pack',
			operation: 'download',
			packDocumentId: completedDocument().documentId,
			...parameters,
		},
		input ? { input, onError: 'continueRegularOutput' } : {},
	);
const fresh =
	/run the node again to get a fresh link \(pack download links are short-lived \(this one until \d{4}-\d\d-\d\dT[\d:.]+Z\)\)$/;
const proxyHint =
	"check the credential's Base URL (a proxy or a login page may be in the way), then run the node again";

describe('Pack → Download, link mode: what the link answers must be the file', () => {
	it.each(['DOCUMENT', 'AUDIT_TRAIL'])(
		'%s: a web page answered with HTTP 200',
		async (downloadType) => {
			emulator.faults.inject({ kind: 'html', path: '/__files/' });
			const result = await download({ downloadType });
			const error = result.nodeError(NODE_NAME)!;
			expect(error.message).toMatch(
				/^Pack → Download: the download link returned a web page \(text\/html\) instead of the file; /,
			);
			expect(error.message).toMatch(fresh);
			expect(result.items).toHaveLength(0);
		},
	);

	it.each(['DOCUMENT', 'AUDIT_TRAIL'])('%s: an empty body', async (downloadType) => {
		emulator.faults.inject({ kind: 'empty', path: '/__files/' });
		const error = (await download({ downloadType })).nodeError(NODE_NAME)!;
		expect(error.message).toMatch(
			/^Pack → Download: the download link returned an empty body instead of the file; /,
		);
		expect(error.message).toMatch(fresh);
	});

	it('a connection reset on the link is one line with the operation, the host and what to do', async () => {
		emulator.faults.inject({ kind: 'reset', path: '/__files/' });
		const error = (await download({})).nodeError(NODE_NAME)!;
		expect(error.message).toMatch(
			new RegExp(
				`^Pack → Download: the connection to ${new URL(emulator.origin).host} was cut before the answer arrived; `,
			),
		);
		expect(error.message).toMatch(fresh);
		expect(error.message).not.toContain('/__files/');
		expectNoToken(error);
	});
});

describe('Pack → Download, File Delivery: Stream: the answer itself must be the file', () => {
	it.each(['DOCUMENT', 'AUDIT_TRAIL'])(
		'%s: a web page answered with HTTP 200',
		async (downloadType) => {
			emulator.faults.inject({ kind: 'html', path: '/v4/packs/download' });
			const error = (await download({ downloadType, options: { mode: 'stream' } })).nodeError(
				NODE_NAME,
			)!;
			expect(error.message).toBe(
				`Pack → Download: the service returned a web page (text/html) instead of the file; ${proxyHint}`,
			);
			expect(error.description).toMatch(
				/^HTTP 200, Content-Type text\/html, \d+ bytes, starting "<!DOCTYPE html>/,
			);
		},
	);

	it.each(['DOCUMENT', 'AUDIT_TRAIL'])('%s: an empty body', async (downloadType) => {
		emulator.faults.inject({ kind: 'empty', path: '/v4/packs/download' });
		const error = (await download({ downloadType, options: { mode: 'stream' } })).nodeError(
			NODE_NAME,
		)!;
		expect(error.message).toBe(
			`Pack → Download: the service returned an empty body instead of the file; ${proxyHint}`,
		);
	});
});

describe('Continue On Fail', () => {
	it('yields one item per input item: an error for each answer that is not the file, the file for the one that is', async () => {
		emulator.faults.inject({ kind: 'html', path: '/v4/packs/download' });
		emulator.faults.inject({ kind: 'empty', path: '/v4/packs/download' });
		const input = [0, 1, 2].map((position) => ({
			json: { documentId: completedDocument(position).documentId },
		}));
		const result = await download(
			{ packDocumentId: '={{ $json.documentId }}', options: { mode: 'stream' } },
			input,
		);
		expect(result.items).toHaveLength(3);
		// The three requests run at once, so which of them meets which fault is not fixed.
		const outcomes = result.items.map((item) => String(item.json.error ?? 'file'));
		expect(outcomes.filter((outcome) => outcome.includes('returned a web page'))).toHaveLength(1);
		expect(outcomes.filter((outcome) => outcome.includes('returned an empty body'))).toHaveLength(
			1,
		);
		const [file] = result.items.filter((item) => !item.json.error);
		expect(isPdf(await result.binary(file))).toBe(true);
		expect(emulator.requestsTo('/v4/packs/download')).toHaveLength(3);
	});
});
