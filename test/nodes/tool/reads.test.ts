import type { INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, servicePaths, startV3Emulator, v3State } from '../document/setup';
import { runAsTool, toolAnswer, type AgentMode } from './agent';

/**
 * Document → Get Status and Download File as an AI agent tool, the model giving the Document ID (n8n's "let the
 * model define this parameter"), whichever way the agent calls the tool.
 */

let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

const credentials = () => ({ documentExecutionApi: tokenCredential(emulator) });
const COMPLETED = V3_SEED.completedDocumentId;
/** The Document ID left to the model, as n8n's button writes it in a resource locator. */
const documentIdByModel = {
	__rl: true,
	mode: 'id',
	value: "={{ $fromAI('Document_ID', 'The ID of the document', 'string') }}",
};
const getStatus: INodeParameters = {
	authentication: 'authToken',
	resource: 'document',
	operation: 'getStatus',
	documentId: documentIdByModel,
};
const download: INodeParameters = {
	authentication: 'authToken',
	resource: 'document',
	operation: 'download',
	documentId: documentIdByModel,
	downloadType: 'DOCUMENT',
};
const linksRead = () => emulator.links.downloadHistory.filter(({ event }) => event === 'read');
const inviteesOf = (documentId: string) => v3State(emulator).documents.get(documentId)!.invitees;

describe.each<AgentMode>(['tool', 'engine'])(
	'Document reads as an AI agent tool (%s call)',
	(mode) => {
		const call = (parameters: INodeParameters, documentId: string) =>
			runAsTool(parameters, {
				mode,
				toolArgs: { Document_ID: documentId },
				credentials: credentials(),
			});

		describe('Get Status', () => {
			it("Simplify on: answers the document's status and each invitee's state", async () => {
				const run = await call(getStatus, COMPLETED);
				expect(requestsOn(emulator, servicePaths.status)[0].query).toEqual({
					documentId: COMPLETED,
				});
				expect(toolAnswer(run, mode)).toEqual([
					expect.objectContaining({
						documentId: COMPLETED,
						status: 'COMPLETED',
						invitees: inviteesOf(COMPLETED).map((invitee) =>
							expect.objectContaining({
								name: invitee.name,
								state: 'SIGNED',
								signUrl: expect.stringContaining(invitee.uuid),
							}),
						),
					}),
				]);
			});

			it("Simplify off: answers the service's whole answer, invitees as it names them", async () => {
				const run = await call({ ...getStatus, simplify: false }, V3_SEED.sentDocumentId);
				const [answer] = toolAnswer(run, mode);
				expect(answer).toMatchObject({
					documentId: V3_SEED.sentDocumentId,
					requests: inviteesOf(V3_SEED.sentDocumentId).map((invitee) =>
						expect.objectContaining({ name: invitee.name, signed: expect.any(Boolean) }),
					),
				});
				expect(answer).not.toHaveProperty('status');
				// Only the status read: the document list is read for Simplify's status only.
				expect(emulator.requests.map((request) => request.path)).toEqual([servicePaths.status]);
			});
		});

		describe('Download File', () => {
			it("Return File off (the tool's default): answers the link and what is known of the file, unread", async () => {
				const run = await call(download, COMPLETED);
				expect(requestsOn(emulator, servicePaths.fetch)[0].query).toEqual({
					documentId: COMPLETED,
					documentDownloadType: 'DOCUMENT',
				});
				expect(toolAnswer(run, mode)).toEqual([
					{
						documentId: COMPLETED,
						downloadType: 'DOCUMENT',
						url: expect.stringMatching(new RegExp(`^${emulator.origin}/__files/`)),
						fileName: `${COMPLETED}.pdf`,
						mimeType: 'application/pdf',
						fileSize: null,
						expiresInSeconds: 15,
						note: expect.stringMatching(
							/^This is a download link, not the file: .+ To get the file, run the download again with Return File on\.$/,
						),
					},
				]);
				expect(linksRead()).toEqual([]);
			});

			it('Return File on: reads the link and answers the file, its name from the link', async () => {
				const run = await call({ ...download, returnFile: true }, COMPLETED);
				const signed = v3State(emulator).documents.get(COMPLETED)!.signedPdf!;
				expect(toolAnswer(run, mode)).toEqual([
					{
						documentId: COMPLETED,
						downloadType: 'DOCUMENT',
						fileName: 'Completed agreement.pdf',
						mimeType: 'application/pdf',
						fileSize: signed.length,
					},
				]);
				expect(linksRead()).toHaveLength(1);
				// The model reads JSON only (n8n drops binary data from a tool's answer); the run still holds the file.
				if (mode === 'engine') {
					const file = await run.result.binary(run.toolItems[0]);
					expect(isPdf(file)).toBe(true);
					expect(file).toEqual(signed);
				}
			});

			it('Output Link Only, hidden on the tool, is not read there: Return File decides', async () => {
				const run = await call(
					{ ...download, returnFile: true, options: { linkOnly: true } },
					COMPLETED,
				);
				const [answer] = toolAnswer(run, mode);
				expect(answer).toMatchObject({
					fileName: 'Completed agreement.pdf',
					mimeType: 'application/pdf',
				});
				expect(answer).not.toHaveProperty('url');
				expect(linksRead()).toHaveLength(1);
			});
		});

		describe.each([
			['Get Status', getStatus],
			['Download File', download],
		])('%s refuses before any request', (_name, parameters) => {
			it.each(['', '   '])('a Document ID of %j, naming the field', async (documentId) => {
				const run = await call(parameters, documentId);
				expect(emulator.requests).toHaveLength(0);
				expect(run.result.run.data.resultData.error?.message).toContain('Document ID: is required');
			});

			it('the OAuth2 credential', async () => {
				const run = await runAsTool(
					{ ...parameters, authentication: 'oAuth2' },
					{
						mode,
						toolArgs: { Document_ID: COMPLETED },
						credentials: {
							documentExecutionOAuth2Api: { environment: 'custom', baseUrl: emulator.baseUrl },
						},
					},
				);
				expect(emulator.requests).toHaveLength(0);
				expect(run.result.run.data.resultData.error?.message).toContain(
					'Authentication: this needs the Auth Token credential',
				);
			});
		});
	},
);
