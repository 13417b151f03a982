import { Readable } from 'node:stream';

import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { outputLinkedFile } from '../../../nodes/DocumentExecution/resources/document/download';
import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { makePdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { postReceiveContext } from '../../support/postReceiveContext';
import {
	requestsOn,
	runDocument,
	servicePaths,
	startRewritingProxy,
	startV3Emulator,
} from './setup';

/** What Document → Download File makes of the service's answer: the file as n8n read it, or the error of an answer without a link. */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

describe('Document → Download File passes the downloaded bytes on as n8n reads them', () => {
	it("hands n8n the link's answer as a stream to store as it arrives (the node never holds a 15 MB file)", async () => {
		const file = makePdf('Signed contract');
		const body = Readable.from([file]);
		const httpRequest = jest.fn(async (_options: IHttpRequestOptions) => ({
			statusCode: 200,
			headers: { 'content-type': 'application/pdf' },
			body,
		}));
		const { context, prepareBinaryData } = postReceiveContext(
			{ documentId: 'DOC1', downloadType: 'DOCUMENT', options: {} },
			httpRequest,
		);
		const answer = {
			statusCode: 200,
			headers: {},
			body: { status: 1, messages: [], data: { file: 'https://files.example/signed' } },
		} as IN8nHttpFullResponse;

		const sent = {
			request: { url: servicePaths.fetch, qs: { documentId: 'DOC1' } },
			documentId: 'DOC1',
		};
		const [item] = await outputLinkedFile.call(context, answer, sent);

		expect(httpRequest).toHaveBeenCalledTimes(1);
		expect(httpRequest.mock.calls[0][0]).toMatchObject({ encoding: 'stream' });
		expect(prepareBinaryData).toHaveBeenCalledTimes(1);
		expect(prepareBinaryData.mock.calls[0][0]).toBe(body);
		expect(item.json).toMatchObject({ documentId: 'DOC1', fileSize: file.length });
	});
});

describe('Document → Download File: an answer without a download link', () => {
	it('is a NodeApiError (the service answered, without data.file), as in Pack → Download', async () => {
		const proxy = await startRewritingProxy(emulator, servicePaths.fetch, (body) => ({
			...body,
			data: {},
		}));
		try {
			const result = await runDocument(
				emulator,
				{
					operation: 'download',
					documentId: V3_SEED.completedDocumentId,
					downloadType: 'DOCUMENT',
				},
				{ credentials: { documentExecutionApi: proxy.credential } },
			);
			const error = result.nodeError(NODE_NAME)!;
			// The class n8n shows the error as (the engine keeps errors as plain data, so by its name).
			expect(error.name).toBe(NodeApiError.name);
			expect(error).toMatchObject({
				message:
					'Document → Download File: the service answered without a download link (data.file)',
				description: expect.stringMatching(
					/^HTTP 200, but the answer has no data\.file, so there is no file to read\./,
				),
				httpCode: '200',
				// The service's answer, as the error's details show it.
				errorResponse: { body: expect.stringContaining('"data":{') },
			});
			expect(result.items).toHaveLength(0);
			expect(requestsOn(emulator, servicePaths.fetch)).toHaveLength(1);
		} finally {
			await proxy.close();
		}
	});
});
