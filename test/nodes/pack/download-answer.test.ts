import { Readable } from 'node:stream';

import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { outputPackDownload } from '../../../nodes/DocumentExecution/resources/pack/download';
import type { Emulator } from '../../emulator/server';
import { makePdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { itemRequestTo, postReceiveContext } from '../../support/postReceiveContext';
import { startRewritingProxy } from '../document/setup';
import { mainPacks, runV4, startV4Emulator } from './setup';

/** What Pack → Download makes of the service's answer: the file as n8n read it, or the error of an answer without a link. */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

/** Pack → Download's parameters for a signed document. */
const packDownloadContext = (httpRequest = jest.fn()) =>
	postReceiveContext(
		{ downloadType: 'DOCUMENT', packDocumentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', options: {} },
		httpRequest,
	);

describe('Pack → Download passes the downloaded bytes on as n8n reads them (a 15 MB file is never copied)', () => {
	it('a streamed file: hands n8n the very Buffer of the answer routing received, not a copy', async () => {
		const file = makePdf('Streamed pack document');
		const { context, prepareBinaryData } = packDownloadContext();
		const answer = {
			statusCode: 200,
			headers: { 'content-type': 'application/pdf' },
			body: file,
		} as IN8nHttpFullResponse;

		const [item] = await outputPackDownload.call(
			context,
			answer,
			itemRequestTo('/v4/packs/download'),
		);

		expect(prepareBinaryData).toHaveBeenCalledTimes(1);
		expect(prepareBinaryData.mock.calls[0][0]).toBe(file);
		expect(item.json).toMatchObject({ delivery: 'stream', fileSize: file.length });
	});

	it("a link: hands n8n the link's answer as a stream to store as it arrives", async () => {
		const file = makePdf('Linked pack document');
		const body = Readable.from([file]);
		const httpRequest = jest.fn(async (_options: IHttpRequestOptions) => ({
			statusCode: 200,
			headers: { 'content-type': 'application/pdf' },
			body,
		}));
		const { context, prepareBinaryData } = packDownloadContext(httpRequest);
		// As the answer check hands it on: a JSON answer read as bytes is parsed there, once.
		const link = {
			code: 'SUCCESS',
			data: { url: 'https://files.example/pack', expiresAt: '2030-01-01T00:00:00Z' },
		};
		const answer = {
			statusCode: 200,
			headers: { 'content-type': 'application/json' },
			body: link,
		} as IN8nHttpFullResponse;

		const [item] = await outputPackDownload.call(
			context,
			answer,
			itemRequestTo('/v4/packs/download'),
		);

		expect(httpRequest).toHaveBeenCalledTimes(1);
		expect(httpRequest.mock.calls[0][0]).toMatchObject({ encoding: 'stream' });
		expect(prepareBinaryData).toHaveBeenCalledTimes(1);
		expect(prepareBinaryData.mock.calls[0][0]).toBe(body);
		expect(item.json).toMatchObject({ delivery: 'link', fileSize: file.length });
	});
});

describe('Pack → Download: an answer without a download link', () => {
	it('is a NodeApiError (the service answered, without data.url), as in Document → Download File', async () => {
		const proxy = await startRewritingProxy(emulator, '/api/v4/packs/download', (body) => ({
			...body,
			data: { expiresAt: body.data.expiresAt },
		}));
		try {
			const documentId = mainPacks(emulator).find((pack) => pack.status === 'COMPLETED')!
				.documents[0].documentId;
			const result = await runV4(
				emulator,
				'token',
				{
					resource: 'pack',
					operation: 'download',
					downloadType: 'DOCUMENT',
					packDocumentId: documentId,
				},
				{ credentials: { documentExecutionApi: proxy.credential } },
			);
			const error = result.nodeError(NODE_NAME)!;
			// The class n8n shows the error as (the engine keeps errors as plain data, so by its name).
			expect(error.name).toBe(NodeApiError.name);
			expect(error).toMatchObject({
				message: 'Pack → Download: the service answered without a download link (data.url)',
				description: expect.stringMatching(
					/^HTTP 200, but the answer has no data\.url, so there is no file to read\./,
				),
				httpCode: '200',
				// The service's answer, as the error's details show it.
				errorResponse: { body: expect.stringContaining('"data":{') },
			});
			expect(result.items).toHaveLength(0);
			expect(emulator.requestsTo('/v4/packs/download')).toHaveLength(1);
		} finally {
			await proxy.close();
		}
	});
});
