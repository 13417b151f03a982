import { V3_SEED } from '../../emulator/families/v3';
import type { FaultKind } from '../../emulator/faults';
import { DEFAULT_AUTH_TOKEN, type Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import {
	CREATE_FOR_ONE,
	expectNoToken,
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startV3Emulator,
} from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const status = { operation: 'getStatus', documentId: V3_SEED.sentDocumentId };

describe('HTTP-level failures give clear errors without the token', () => {
	it.each<[FaultKind, RegExp]>([
		['http500', /^The service had a server error \(HTTP 500\)$/],
		['http503', /^The service had a server error \(HTTP 503\)$/],
		['http429', /^The service is limiting requests \(HTTP 429\)$/],
		['html', /^The service answered with an HTML page instead of JSON \(HTTP 200\)$/],
		['malformedJson', /^The service answered with malformed JSON \(HTTP 200\)$/],
		['reset', /closed unexpectedly|socket hang up|ECONNRESET/i],
	])('%s', async (kind, message) => {
		emulator.faults.inject({ kind, path: '/v3.2/sign/request' });
		const result = await runDocument(emulator, status);
		const error = result.nodeError(NODE_NAME);
		expect(error?.message).toMatch(message);
		expectNoToken(error);
	});

	it("a service error code: the message ends with the code, the description gives the service's words and what to do", async () => {
		const coded = (
			await runDocument(emulator, { operation: 'getStatus', documentId: 'NOPE' })
		).nodeError(NODE_NAME);
		expect(coded?.message).toBe('No document matches this document ID [no.document.found]');
		expect(coded?.description).toMatch(/^no\.document\.found: No document found\nCheck the ID\./);
		expectNoToken(coded);
	});

	it('a download link that expired before it was read', async () => {
		const original = emulator.links.createDownload.bind(emulator.links);
		emulator.links.createDownload = (file, ttl) => original(file, ttl - 60_000);
		const download = (
			await runDocument(emulator, {
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'DOCUMENT',
			})
		).nodeError(NODE_NAME);
		expect(download?.message).toBe('The download link could not be read (HTTP 403)');
		expect(download?.description).toBe(
			'Download links expire within seconds; run the node again to get a fresh one.',
		);
		expectNoToken(download);
	});

	it('Resend Invitations: a reset connection says the resend may have counted; a server error', async () => {
		const signUrls = 'https://x/sign/00000000-0000-0000-0000-000000000000';
		emulator.faults.inject({ kind: 'reset', path: '/v3.0/sign/request/resend' });
		const resend = (await runDocument(emulator, { operation: 'resend', signUrls })).nodeError(
			NODE_NAME,
		);
		expect(resend?.message).toBe(
			`Document → Resend Invitations: the connection to ${new URL(emulator.baseUrl).host} was cut before the answer arrived; check the invitees with Document → Get Status before running again (each resend counts toward the 5 an invitee can get)`,
		);
		expectNoToken(resend);
		emulator.faults.inject({ kind: 'http500', path: '/v3.0/sign/request/resend' });
		const resend500 = (await runDocument(emulator, { operation: 'resend', signUrls })).nodeError(
			NODE_NAME,
		);
		expect(resend500?.message).toBe('The service had a server error (HTTP 500)');
		expect(resend500?.description).toBe(
			'This is on the service side; try again later or turn on Retry On Fail.',
		);
		expectNoToken(resend500);
	});
});

describe('A redirect', () => {
	it('of a create is an error that says so, and the create is sent once', async () => {
		emulator.faults.inject({ kind: 'redirect', path: servicePaths.create });
		const result = await runDocument(emulator, CREATE_FOR_ONE, {
			input: [await pdfItem(makePdf('Redirected'))],
		});
		const error = result.nodeError(NODE_NAME);
		expect(error?.message).toBe(
			`The service redirected the request (HTTP 307 to ${servicePaths.create})`,
		);
		expect(error?.description).toMatch(/^A redirect is not followed .* nothing was created\./);
		expect(requestsOn(emulator, servicePaths.create, 'POST')).toHaveLength(1);
	});

	it('of a read is followed, as n8n follows redirects', async () => {
		emulator.faults.inject({ kind: 'redirect', path: servicePaths.status, method: 'GET' });
		const result = await runDocument(emulator, status);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].json.documentId).toBe(V3_SEED.sentDocumentId);
		expect(requestsOn(emulator, servicePaths.status, 'GET')).toHaveLength(2);
	});
});

describe('Continue On Fail', () => {
	it('yields one error item for each failing item and goes on with the others', async () => {
		const input = [
			{ json: { id: V3_SEED.sentDocumentId } },
			{ json: { id: 'NOPE' } },
			{ json: { id: '' } },
			{ json: { id: V3_SEED.completedDocumentId } },
		];
		const result = await runDocument(
			emulator,
			{ operation: 'getStatus', documentId: '={{ $json.id }}' },
			{ input, onError: 'continueRegularOutput' },
		);
		expect(result.items).toHaveLength(4);
		expect(result.items[0].json.documentId).toBe(V3_SEED.sentDocumentId);
		expect(result.items[1].json.error).toBe(
			'No document matches this document ID [no.document.found]',
		);
		expect(result.items[2].json.error).toBe('Document ID: is required');
		expect(result.items[3].json.documentId).toBe(V3_SEED.completedDocumentId);
		expect(requestsOn(emulator, servicePaths.status)).toHaveLength(3);
		for (const item of result.items.slice(1, 3)) expectNoToken(item);
	});

	it('Continue (using error output): each failed item goes to the error output, every item paired with its input row', async () => {
		// The pairing is what lets a later node read the row that failed (`$('…').item`); from an upstream node,
		// n8n also copies that row's fields into the error item.
		const input = [
			{ json: { id: V3_SEED.sentDocumentId, row: 1 } },
			{ json: { id: 'NOPE', row: 2 } },
			{ json: { id: '', row: 3 } },
		];
		const result = await runDocument(
			emulator,
			{ operation: 'getStatus', documentId: '={{ $json.id }}' },
			{ input, onError: 'continueErrorOutput' },
		);
		const [succeeded, failed] = result.outputs(NODE_NAME);
		expect(succeeded.map((item) => [item.json.documentId, item.pairedItem])).toEqual([
			[V3_SEED.sentDocumentId, { item: 0 }],
		]);
		expect(failed.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['No document matches this document ID [no.document.found]', { item: 1 }],
			['Document ID: is required', { item: 2 }],
		]);
	});

	it('a refused create item does not stop the valid one', async () => {
		const good = await pdfItem(makePdf('good'));
		const bad = await pdfItem(Buffer.from('not a pdf'));
		const result = await runDocument(
			emulator,
			{
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'binary',
				binaryPropertyName: 'data',
				invitees: { invitee: [{ name: 'A', phone: '9876543210' }] },
			},
			{ input: [bad, good], onError: 'continueRegularOutput' },
		);
		expect(result.items[0].json.error).toBe(
			'Input Binary Field: is not a PDF (it does not start with %PDF-)',
		);
		expect(result.items[1].json.documentId).toEqual(expect.any(String));
		expect(requestsOn(emulator, servicePaths.create, 'POST')).toHaveLength(1);
	});
});

it('the token is sent only as the X-Auth-Token header', async () => {
	await runDocument(emulator, status);
	const [request] = requestsOn(emulator, servicePaths.status);
	expect(request.headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);
	expect(request.headers.authorization).toBeUndefined();
	expect(JSON.stringify(request.query)).not.toContain(DEFAULT_AUTH_TOKEN);
});
