import type { INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { nodeTypeName } from '../../harness/types';
import { tokenCredential } from '../../support/credentials';
import { startV3Emulator } from '../document/setup';
import { parametersOf, runAsTool, TOOL_TYPE, toolAnswer, type AgentMode } from './agent';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

const credentials = () => ({ documentExecutionApi: tokenCredential(emulator) });
const downloadAll: INodeParameters = {
	authentication: 'authToken',
	resource: 'document',
	operation: 'downloadAll',
	documentId: V3_SEED.completedDocumentId,
};

const reads = () => emulator.links.downloadHistory.filter(({ event }) => event === 'read');

it('Download All Files has Return File, off, on the tool only', () => {
	const parameters = { resource: 'document', operation: 'downloadAll' };
	expect(parametersOf(TOOL_TYPE, parameters)).toHaveProperty('returnFile', false);
	expect(parametersOf(nodeTypeName('documentExecution'), parameters)).not.toHaveProperty(
		'returnFile',
	);
});

describe.each<AgentMode>(['tool', 'engine'])(
	'Document → Download All Files as an AI agent tool (%s call)',
	(mode) => {
		it('gives the agent the files list with each link, and reads none of them', async () => {
			const run = await runAsTool(downloadAll, { mode, credentials: credentials() });

			const link = expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__files\//);
			const file = (kind: string, fileName: string, index: number | null = null) => ({
				kind,
				index,
				signUrl: kind === 'SUPPORTING_DOCUMENT' ? expect.stringContaining('/sign/') : null,
				url: link,
				fileName,
				mimeType: 'application/pdf',
				fileSize: null,
			});
			const id = V3_SEED.completedDocumentId;
			expect(toolAnswer(run, mode)).toEqual([
				{
					documentId: id,
					files: [
						file('DOCUMENT', `${id}.pdf`),
						file('AUDIT_TRAIL', `${id}_audit_trail.pdf`),
						file('ATTACHMENT', `${id}_attachment_0.pdf`, 0),
						file('ATTACHMENT', `${id}_attachment_1.pdf`, 1),
						file('SUPPORTING_DOCUMENT', `${id}_supporting_document_0.pdf`, 0),
					],
					expiresInSeconds: 15,
					note: 'These are download links, not the files: each works for 15 seconds from when the service issued it, for a download by a server, not a browser. To get the files, run the download again with Return File on.',
				},
			]);
			expect(run.toolItems.some((item) => item.binary)).toBe(false);
			expect(reads()).toEqual([]);
		});

		it('returns the files with Return File on', async () => {
			const run = await runAsTool(
				{ ...downloadAll, returnFile: true },
				{ mode, credentials: credentials() },
			);

			const [answer] = toolAnswer(run, mode);
			expect((answer.files as Array<{ binaryKey: string }>).map((file) => file.binaryKey)).toEqual([
				'document',
				'auditTrail',
				'attachment_0',
				'attachment_1',
				'supportingDocument_0_0',
			]);
			expect(answer).not.toHaveProperty('note');
			expect(reads()).toHaveLength(5);
			if (mode === 'engine') {
				const [item] = run.toolItems;
				expect(isPdf(await run.result.binary(item, 'document'))).toBe(true);
			}
		});
	},
);
