import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME, type RunResult, type SingleNodeOptions } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import { startForwardProxy } from '../../support/forward-proxy';
import { startTlsFront } from '../../support/tls-front';
import {
	createWithIrn,
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startV3Emulator,
	v3State,
} from './setup';

/**
 * What n8n's routing gives the request of a read, which the node's own sender sends as it is: the node's request
 * defaults (the Accept header) and the Request Options a user sets (Timeout, Batching, Proxy, Ignore SSL
 * Issues). For Get Status and Download File alike, whichever way n8n runs them.
 */

let emulator: Emulator;
/** Servers a test opened in front of the emulator (a proxy, an HTTPS front), closed after it. */
const opened: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => {
	await Promise.all(opened.splice(0).map(async (server) => await server.close()));
	await emulator.close();
});

const open = <Server extends { close(): Promise<void> }>(server: Server): Server => {
	opened.push(server);
	return server;
};

const COMPLETED = V3_SEED.completedDocumentId;
/** Two COMPLETED documents, so that both reads can download them, and the order of items shows. */
const THREE_ITEMS = [COMPLETED, V3_SEED.completedNoAttachmentsId, COMPLETED];

interface Read {
	name: string;
	/** The operation's parameters, but the Document ID. */
	parameters: INodeParameters;
	/** The service path of its request (Get Status's Simplify then reads the document list too). */
	path: string;
	/** How many file links a read of one document reads (Download File reads the link the service answers). */
	linksRead: number;
	/** Checks, as a user would, the output item of the read of `documentId`. */
	expectOutput(result: RunResult, item: INodeExecutionData, documentId: string): Promise<void>;
}

const READS: Read[] = [
	{
		name: 'Get Status',
		parameters: { operation: 'getStatus' },
		path: servicePaths.status,
		linksRead: 0,
		expectOutput: async (_result, item, documentId) => {
			expect(item.json).toMatchObject({ documentId, status: 'COMPLETED' });
		},
	},
	{
		name: 'Download File',
		parameters: { operation: 'download', downloadType: 'DOCUMENT' },
		path: servicePaths.fetch,
		linksRead: 1,
		expectOutput: async (result, item, documentId) => {
			expect(item.json).toMatchObject({ documentId, downloadType: 'DOCUMENT' });
			const signed = v3State(emulator).documents.get(documentId)!.signedPdf;
			expect(await result.binary(item)).toEqual(signed);
		},
	},
];

const linksRead = () =>
	emulator.links.downloadHistory.filter(({ event }) => event === 'read').length;

/** Resolves once `done` holds, checking between the event loop's turns (real ones, whatever the timers). */
async function until(done: () => boolean): Promise<void> {
	const started = Date.now();
	while (!done()) {
		if (Date.now() - started > 10_000) throw new Error('Waited 10 s in vain');
		await new Promise((resolve) => setImmediate(resolve));
	}
}

/** Gaps in ms between the arrivals of the requests on `path`. */
const arrivalGaps = (path: string) => {
	const arrivals = requestsOn(emulator, path).map((request) => request.at);
	return arrivals.slice(1).map((at, index) => at - arrivals[index]);
};

describe.each(READS)('Document → $name', (read) => {
	const run = (
		documentId: string,
		requestOptions?: INodeParameters,
		options: SingleNodeOptions = {},
	) =>
		runDocument(
			emulator,
			{ ...read.parameters, documentId, ...(requestOptions ? { requestOptions } : {}) },
			options,
		);

	it('carries the Accept header of the node', async () => {
		const result = await run(COMPLETED);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(requestsOn(emulator, read.path)[0].headers.accept).toBe('application/json');
	});

	describe('Request Options → Timeout', () => {
		it('ends a request the service never answers', async () => {
			emulator.faults.inject({ kind: 'timeout', path: read.path });
			const started = Date.now();
			const result = await run(COMPLETED, { timeout: 300 });
			expect(result.nodeError(NODE_NAME)?.message).toMatch(/timed out|timeout|aborted/i);
			// Without the option, n8n's default of 300 s would hold the request past the test's own time limit.
			expect(Date.now() - started).toBeLessThan(5_000);
		});

		it("unset, is n8n's 300 s: the request is given up at 300 s, not before", async () => {
			emulator.faults.inject({ kind: 'timeout', path: read.path });
			// Only the timers are fake, so that 300 s pass at once: sockets, clocks and the run's turns stay real.
			jest.useFakeTimers({
				doNotFake: [
					'Date',
					'hrtime',
					'performance',
					'nextTick',
					'setImmediate',
					'clearImmediate',
					'queueMicrotask',
				],
			});
			try {
				let settled = false;
				const running = run(COMPLETED).finally(() => (settled = true));
				await until(() => requestsOn(emulator, read.path).length === 1);
				await jest.advanceTimersByTimeAsync(299_000);
				expect(settled).toBe(false);
				await jest.advanceTimersByTimeAsync(1_000);
				const result = await running;
				expect(result.nodeError(NODE_NAME)?.message).toMatch(/timed out|timeout|aborted/i);
			} finally {
				jest.useRealTimers();
			}
		});
	});

	describe('Request Options → Batching', () => {
		const input = THREE_ITEMS.map((id) => ({ json: { id } }));
		const batched = (batchSize: number, batchInterval: number) =>
			run('={{ $json.id }}', { batching: { batch: { batchSize, batchInterval } } }, { input });

		it('one item per batch: the items one at a time, in their order, the interval apart', async () => {
			const started = Date.now();
			const result = await batched(1, 400);
			expect(Date.now() - started).toBeGreaterThanOrEqual(800);
			expect(result.items.map((item) => item.json.documentId)).toEqual(THREE_ITEMS);
			expect(result.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(requestsOn(emulator, read.path).map((request) => request.query.documentId)).toEqual(
				THREE_ITEMS,
			);
			// Each request waits out the interval after the one before (less what the first spent on its way).
			for (const gap of arrivalGaps(read.path)) expect(gap).toBeGreaterThanOrEqual(250);
		});

		it('two items per batch: a batch at once, then the interval before the next', async () => {
			const result = await batched(2, 400);
			expect(result.items.map((item) => item.json.documentId)).toEqual(THREE_ITEMS);
			const [withinBatch, betweenBatches] = arrivalGaps(read.path);
			expect(withinBatch).toBeLessThan(250);
			expect(betweenBatches).toBeGreaterThanOrEqual(250);
			expect(requestsOn(emulator, read.path)[2].query.documentId).toBe(THREE_ITEMS[2]);
		});
	});

	describe('Request Options → Proxy', () => {
		it("sends the service's requests, and the file link it answers, through the proxy", async () => {
			const proxy = open(await startForwardProxy());
			const result = await run(COMPLETED, { proxy: proxy.url });
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			await read.expectOutput(result, result.items[0], COMPLETED);
			// Every request the service got came through the proxy, which forwarded it as it was asked, and so
			// did the read of the file link (a network that leaves only through the proxy reaches it too).
			expect(emulator.requests.length).toBeGreaterThan(0);
			expect(linksRead()).toBe(read.linksRead);
			expect(proxy.requests).toEqual([
				...emulator.requests.map((request) => ({
					method: request.method,
					url: expect.stringMatching(`^${emulator.origin}${request.path}\\?`),
					forwarded: true,
					proxyAuthorization: undefined,
				})),
				...Array.from({ length: read.linksRead }, () => ({
					method: 'GET',
					url: expect.stringMatching(`^${emulator.origin}/__files/`),
					forwarded: true,
					proxyAuthorization: undefined,
				})),
			]);
		});

		it("authenticates to the proxy with the user and password in the proxy's URL", async () => {
			const proxy = open(await startForwardProxy());
			const withUser = proxy.url.replace('http://', 'http://agent:s3cret@');
			const result = await run(COMPLETED, { proxy: withUser });
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const basic = `Basic ${Buffer.from('agent:s3cret').toString('base64')}`;
			expect(proxy.requests.map((request) => request.proxyAuthorization)).toEqual(
				Array.from({ length: emulator.requests.length + read.linksRead }, () => basic),
			);
			// The proxy's credentials stop at the proxy.
			for (const request of emulator.requests)
				expect(request.headers['proxy-authorization']).toBeUndefined();
		});

		it.each([
			['without a port', 'http://127.0.0.1', 'port'],
			['without a host', '127.0.0.1', 'host'],
		])('%s is refused before any request', async (_case, proxyUrl, missing) => {
			const result = await run(COMPLETED, { proxy: proxyUrl });
			const error = result.nodeError(NODE_NAME);
			expect(error?.message).toBe('The proxy is not valid');
			expect(error?.description).toBe(
				`The proxy URL does not contain a valid value for "${missing}"`,
			);
			expect(error?.context?.itemIndex).toBe(0);
			expect(emulator.requests).toHaveLength(0);
		});

		it("without a port, under Continue On Fail, is each item's error, paired with it", async () => {
			const input = THREE_ITEMS.slice(0, 2).map((id) => ({ json: { id } }));
			const result = await run(
				'={{ $json.id }}',
				{ proxy: 'http://127.0.0.1' },
				{ input, onError: 'continueRegularOutput' },
			);
			expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
				['The proxy is not valid', { item: 0 }],
				['The proxy is not valid', { item: 1 }],
			]);
			expect(emulator.requests).toHaveLength(0);
		});
	});

	describe('Request Options → Ignore SSL Issues', () => {
		/** The credential of a service at `https://127.0.0.1:<port>/api` with a self-signed certificate. */
		const behindSelfSignedTls = async (): Promise<SingleNodeOptions> => {
			const front = open(await startTlsFront(Number(new URL(emulator.origin).port)));
			const credential = { ...tokenCredential(emulator), baseUrl: `${front.origin}/api` };
			return { credentials: { documentExecutionApi: credential } };
		};

		it('off (the default): the self-signed certificate fails the item, and nothing is read', async () => {
			const result = await run(COMPLETED, undefined, await behindSelfSignedTls());
			const error = result.nodeError(NODE_NAME);
			expect(error?.message).toMatch(/certificate/i);
			expect(result.items).toEqual([]);
			expect(emulator.requests).toHaveLength(0);
			expect(linksRead()).toBe(0);
			// Nothing of the document (its IRN, its invitees) is in the error.
			expect(JSON.stringify(error)).not.toMatch(/IRN-COMPLETED|Meera/);
		});

		it('on: the request goes through, and the output is the document', async () => {
			const result = await run(
				COMPLETED,
				{ allowUnauthorizedCerts: true },
				await behindSelfSignedTls(),
			);
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			await read.expectOutput(result, result.items[0], COMPLETED);
			expect(requestsOn(emulator, read.path)).toHaveLength(1);
			expect(linksRead()).toBe(read.linksRead);
		});
	});
});

it("Download File: the service's file link is on its plain-HTTP file host, not behind the API's TLS", async () => {
	// The emulator's links are on its own origin, so Ignore SSL Issues never meets the link's certificate here.
	const front = open(await startTlsFront(Number(new URL(emulator.origin).port)));
	const result = await runDocument(
		emulator,
		{
			operation: 'download',
			documentId: COMPLETED,
			downloadType: 'DOCUMENT',
			options: { linkOnly: true },
			requestOptions: { allowUnauthorizedCerts: true },
		},
		{
			credentials: {
				documentExecutionApi: { ...tokenCredential(emulator), baseUrl: `${front.origin}/api` },
			},
		},
	);
	expect(result.items[0].json.url).toMatch(new RegExp(`^${emulator.origin}/__files/`));
});

describe("The requests the node sends itself for an item take the item's Request Options", () => {
	const signUrlOf = (invitee: number) =>
		`${emulator.origin}/sign/${v3State(emulator).documents.get(V3_SEED.sentDocumentId)!.invitees[invitee].uuid}`;

	it('Download All Files: its status read, each file request and each file link go through the proxy', async () => {
		const proxy = open(await startForwardProxy());
		const result = await runDocument(emulator, {
			operation: 'downloadAll',
			documentId: COMPLETED,
			requestOptions: { proxy: proxy.url },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(Object.keys(result.items[0].binary ?? {}).length).toBeGreaterThan(1);
		expect(requestsOn(emulator, servicePaths.fetch).length).toBeGreaterThan(1);
		// Every request and link read reached the emulator through the proxy, and nothing went around it.
		expect(proxy.requests).toHaveLength(emulator.requests.length + linksRead());
		expect(proxy.requests.every((request) => request.forwarded)).toBe(true);
	});

	it('Create Signing Request: its IRN lookup and the create go through the proxy', async () => {
		const proxy = open(await startForwardProxy());
		const result = await runDocument(
			emulator,
			{ ...createWithIrn('PROXY-1'), requestOptions: { proxy: proxy.url } },
			{ input: [await pdfItem()] },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ irn: 'PROXY-1', documentId: expect.any(String) });
		expect(proxy.requests.map((request) => new URL(request.url).pathname)).toEqual([
			servicePaths.list,
			servicePaths.create,
		]);
		expect(proxy.requests.every((request) => request.forwarded)).toBe(true);
	});

	it('Resend Invitations: its batch goes through the proxy', async () => {
		const proxy = open(await startForwardProxy());
		const result = await runDocument(emulator, {
			operation: 'resend',
			signUrls: signUrlOf(0),
			requestOptions: { proxy: proxy.url },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ resent: true });
		expect(proxy.requests.map((request) => request.url)).toEqual([
			`${emulator.origin}${servicePaths.resend}`,
		]);
	});

	it('Resend Invitations: Timeout ends a batch the service never answers, naming the time limit', async () => {
		emulator.faults.inject({ kind: 'timeout', path: servicePaths.resend });
		const started = Date.now();
		const result = await runDocument(emulator, {
			operation: 'resend',
			signUrls: signUrlOf(0),
			requestOptions: { timeout: 300 },
		});
		expect(result.nodeError(NODE_NAME)?.message).toMatch(
			/^Document → Resend Invitations: .* did not answer within 0.3 s;/,
		);
		expect(Date.now() - started).toBeLessThan(5_000);
	});
});
