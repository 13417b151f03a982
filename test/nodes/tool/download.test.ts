import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME, runNode } from '../../harness/engine';
import { nodeTypeName, nodeTypes } from '../../harness/types';
import { tokenCredential } from '../../support/credentials';
import { completedPackDocument, startV4Emulator, v4State } from '../pack/setup';
import { parametersOf, runAsTool, TOOL_TYPE, toolAnswer, type AgentMode } from './agent';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const NODE_TYPE = nodeTypeName('documentExecution');
const credentials = () => ({ documentExecutionApi: tokenCredential(emulator) });
/**
 * The next download link points at a closed port, so that a node that tried to read it would fail: a run that
 * succeeds did not read the file.
 */
const linkNobodyCanRead = () => emulator.faults.inject({ kind: 'refused', path: '/__files/' });
const documentDownload: INodeParameters = {
	authentication: 'authToken',
	resource: 'document',
	operation: 'download',
	documentId: V3_SEED.completedDocumentId,
	downloadType: 'DOCUMENT',
};
const packDownload = (): INodeParameters => ({
	authentication: 'authToken',
	resource: 'pack',
	operation: 'download',
	downloadType: 'DOCUMENT',
	packDocumentId: completedPackDocument(emulator),
});
/** Return File left to the model, as n8n's "let the model define this parameter" button writes it. */
const RETURN_FILE_FROM_MODEL =
	"={{ $fromAI('Return_File', 'Whether to return the file itself', 'boolean') }}";

describe('Download as an AI agent tool: the form n8n builds', () => {
	const linkOnlyShown = (type: string, resource: string) => {
		const { description } = nodeTypes.getByNameAndVersion(type);
		const node: INode = {
			id: 'n',
			name: 'n',
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource, operation: 'download' },
		};
		const options = description.properties.find(
			(property) =>
				property.name === 'options' &&
				property.displayOptions?.show?.resource?.includes(resource) &&
				property.displayOptions.show.operation?.includes('download'),
		)!;
		const linkOnly = (options.options as Array<{ name: string; displayOptions?: never }>).find(
			(option) => option.name === 'linkOnly',
		)!;
		return NodeHelpers.displayParameter(
			{ resource, operation: 'download' },
			linkOnly,
			node,
			description,
		);
	};

	it.each(['document', 'pack'])(
		'%s: the tool has Return File, off, instead of Output Link Only; the regular node is unchanged',
		(resource) => {
			expect(parametersOf(TOOL_TYPE, { resource, operation: 'download' })).toHaveProperty(
				'returnFile',
				false,
			);
			expect(parametersOf(NODE_TYPE, { resource, operation: 'download' })).not.toHaveProperty(
				'returnFile',
			);
			expect(linkOnlyShown(TOOL_TYPE, resource)).toBe(false);
			expect(linkOnlyShown(NODE_TYPE, resource)).toBe(true);
		},
	);

	it('Return File is on no other operation of the tool', () => {
		expect(
			parametersOf(TOOL_TYPE, { resource: 'document', operation: 'getStatus' }),
		).not.toHaveProperty('returnFile');
	});
});

describe.each<AgentMode>(['tool', 'engine'])(
	'Document → Download File as an AI agent tool (%s call)',
	(mode) => {
		it("gives the agent the link and the file's metadata, and does not read the file", async () => {
			linkNobodyCanRead();
			const run = await runAsTool(documentDownload, { mode, credentials: credentials() });
			expect(toolAnswer(run, mode)).toEqual([
				{
					documentId: V3_SEED.completedDocumentId,
					downloadType: 'DOCUMENT',
					url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__files\//),
					fileName: `${V3_SEED.completedDocumentId}.pdf`,
					mimeType: 'application/pdf',
					fileSize: null,
					expiresInSeconds: 15,
					note: 'This is a download link, not the file: it works for 15 seconds from when the service issued it, for a download by a server, not a browser. To get the file, run the download again with Return File on.',
				},
			]);
			expect(run.toolItems.some((item) => item.binary)).toBe(false);
			expect(emulator.requestsTo('/v3.3/document/fetchDocument')[0].query).toEqual({
				documentId: V3_SEED.completedDocumentId,
				documentDownloadType: 'DOCUMENT',
			});
		});

		it('names the file as the File Name option says, and gives an attachment its index', async () => {
			const run = await runAsTool(
				{
					...documentDownload,
					downloadType: 'ATTACHMENT',
					index: 0,
					options: { fileName: 'annexure.pdf' },
				},
				{ mode, credentials: credentials() },
			);
			expect(toolAnswer(run, mode)).toEqual([
				expect.objectContaining({
					downloadType: 'ATTACHMENT',
					index: 0,
					fileName: 'annexure.pdf',
					fileSize: null,
				}),
			]);
		});

		it('returns the file when the model sets Return File', async () => {
			const run = await runAsTool(
				{ ...documentDownload, returnFile: RETURN_FILE_FROM_MODEL },
				{ mode, toolArgs: { Return_File: true }, credentials: credentials() },
			);
			const [answer] = toolAnswer(run, mode);
			// The name and the size come from reading the link (its Content-Disposition and its bytes).
			expect(answer).toEqual({
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'DOCUMENT',
				fileName: 'Completed agreement.pdf',
				mimeType: 'application/pdf',
				fileSize: expect.any(Number),
			});
			if (mode === 'engine') {
				const content = await run.result.binary(run.toolItems[0]);
				expect(isPdf(content)).toBe(true);
				expect(content.length).toBe(answer.fileSize);
			}
		});

		it('keeps to the link when the model leaves Return File off', async () => {
			linkNobodyCanRead();
			const run = await runAsTool(
				{ ...documentDownload, returnFile: RETURN_FILE_FROM_MODEL },
				{ mode, toolArgs: { Return_File: false }, credentials: credentials() },
			);
			expect(toolAnswer(run, mode)).toEqual([
				expect.objectContaining({ url: expect.stringContaining('/__files/'), fileSize: null }),
			]);
		});
	},
);

describe.each<AgentMode>(['tool', 'engine'])(
	'Pack → Download as an AI agent tool (%s call)',
	(mode) => {
		it("gives the agent the link, its expiry and the file's type, and does not read the file", async () => {
			linkNobodyCanRead();
			const run = await runAsTool(packDownload(), { mode, credentials: credentials() });
			const [answer] = toolAnswer(run, mode);
			expect(answer).toEqual({
				downloadType: 'DOCUMENT',
				documentId: completedPackDocument(emulator),
				delivery: 'link',
				url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__files\//),
				fileName: null,
				mimeType: 'application/pdf',
				fileSize: null,
				expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
				note: expect.stringMatching(
					/^This is a download link, not the file: it works until \S+ \(pack download links are short-lived\).+ To get the file, run the download again with Return File on\.$/,
				),
			});
			expect(answer.note).toContain(String(answer.expiresAt));
			expect(run.toolItems.some((item) => item.binary)).toBe(false);
		});

		it('gives no file type it does not know: an audit trail is not said to be a PDF', async () => {
			const run = await runAsTool(
				{ ...packDownload(), downloadType: 'AUDIT_TRAIL' },
				{ mode, credentials: credentials() },
			);
			expect(toolAnswer(run, mode)).toEqual([
				expect.objectContaining({ downloadType: 'AUDIT_TRAIL', mimeType: null, fileSize: null }),
			]);
		});

		it('describes, without returning it, a file the account sends instead of a link', async () => {
			v4State(emulator).downloadDelivery.set('account-main', 'stream');
			try {
				const run = await runAsTool(packDownload(), { mode, credentials: credentials() });
				const [served] = v4State(emulator).served;
				expect(served.as).toBe('stream');
				expect(toolAnswer(run, mode)).toEqual([
					{
						downloadType: 'DOCUMENT',
						documentId: completedPackDocument(emulator),
						delivery: 'stream',
						url: null,
						fileName: served.fileName,
						mimeType: 'application/pdf',
						fileSize: served.bytes,
						expiresAt: null,
						note: 'The service sent the file itself, so there is no link to give. To get the file, run the download again with Return File on.',
					},
				]);
				expect(run.toolItems.some((item) => item.binary)).toBe(false);
			} finally {
				v4State(emulator).downloadDelivery.set('account-main', 'link');
			}
		});

		it('names a streamed file it describes as it would name the file, when the answer gives no name', async () => {
			v4State(emulator).downloadDelivery.set('account-main', 'stream');
			emulator.faults.inject({ kind: 'contentDisposition', value: 'attachment' });
			try {
				const run = await runAsTool(packDownload(), { mode, credentials: credentials() });
				expect(v4State(emulator).served[0].as).toBe('stream');
				expect(toolAnswer(run, mode)).toEqual([
					expect.objectContaining({
						delivery: 'stream',
						fileName: `${completedPackDocument(emulator)}.pdf`,
					}),
				]);
			} finally {
				v4State(emulator).downloadDelivery.set('account-main', 'link');
			}
		});

		it('returns the file with Return File on', async () => {
			const run = await runAsTool(
				{ ...packDownload(), returnFile: true },
				{ mode, credentials: credentials() },
			);
			const [answer] = toolAnswer(run, mode);
			expect(answer).toMatchObject({
				delivery: 'link',
				mimeType: 'application/pdf',
				fileSize: v4State(emulator).served[0].bytes,
			});
			expect(answer).not.toHaveProperty('url');
			if (mode === 'engine') expect(isPdf(await run.result.binary(run.toolItems[0]))).toBe(true);
		});
	},
);

describe('The same downloads on a regular node return the file', () => {
	it('Document → Download File', async () => {
		const result = await runNode(documentDownload, { credentials: credentials() });
		const [item] = result.items;
		expect(isPdf(await result.binary(item))).toBe(true);
		expect(item.json).toEqual({
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'DOCUMENT',
			fileName: 'Completed agreement.pdf',
			mimeType: 'application/pdf',
			fileSize: expect.any(Number),
		});
	});

	it('Pack → Download', async () => {
		const result = await runNode(packDownload(), { credentials: credentials() });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(isPdf(await result.binary(result.items[0]))).toBe(true);
		expect(result.items[0].json).not.toHaveProperty('url');
	});

	it('ignores a Return File copied into a regular node (the form shows it only on the tool)', async () => {
		const result = await runNode(
			{ ...documentDownload, returnFile: false },
			{ credentials: credentials() },
		);
		expect(isPdf(await result.binary(result.items[0]))).toBe(true);
	});
});
