import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, servicePaths, startV3Emulator, v3State } from '../document/setup';
import { runAsTool, type AgentMode, type AgentRun } from './agent';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

const credentials = () => ({ documentExecutionApi: tokenCredential(emulator) });
const signUrlOf = (invitee: number) =>
	`${emulator.origin}/sign/${v3State(emulator).documents.get(V3_SEED.sentDocumentId)!.invitees[invitee].uuid}`;
/** Sign URLs left to the model, as n8n's "let the model define this parameter" button writes it. */
const resendByModel: INodeParameters = {
	authentication: 'authToken',
	resource: 'document',
	operation: 'resend',
	signUrls: "={{ $fromAI('Sign_URLs', 'The sign URLs to resend, comma-separated', 'string') }}",
};
const resends = () => requestsOn(emulator, servicePaths.resend, 'POST');

/** What the model reads: the string n8n-core hands the agent, or the tool node's items the engine ran. */
function toolAnswer(run: AgentRun, mode: AgentMode): Array<INodeExecutionData['json']> {
	expect(run.result.run.data.resultData.error).toBeUndefined();
	return mode === 'tool'
		? (JSON.parse(run.answer!) as Array<INodeExecutionData['json']>)
		: run.toolItems.map((item) => item.json);
}

describe.each<AgentMode>(['tool', 'engine'])(
	'Document → Resend Invitations as an AI agent tool (%s call)',
	(mode) => {
		it('sends the sign URLs the model gives, in one request, and answers each outcome', async () => {
			const urls = [signUrlOf(0), signUrlOf(1)];
			const run = await runAsTool(resendByModel, {
				mode,
				toolArgs: { Sign_URLs: urls.join(', ') },
				credentials: credentials(),
			});
			expect(resends().map((request) => request.body)).toEqual([{ signUrls: urls }]);
			expect(toolAnswer(run, mode)).toEqual(
				urls.map((signUrl) =>
					expect.objectContaining({ signUrl, resent: true, name: expect.any(String) }),
				),
			);
		});

		it('refuses sign URLs that break a rule before any request, naming the field', async () => {
			const run = await runAsTool(resendByModel, {
				mode,
				toolArgs: { Sign_URLs: ' , ' },
				credentials: credentials(),
			});
			expect(resends()).toHaveLength(0);
			expect(run.result.run.data.resultData.error?.message).toContain(
				'Sign URLs: needs at least one sign URL',
			);
		});

		it('refuses the OAuth2 credential before any request', async () => {
			const run = await runAsTool(
				{ ...resendByModel, authentication: 'oAuth2' },
				{
					mode,
					toolArgs: { Sign_URLs: signUrlOf(0) },
					credentials: {
						documentExecutionOAuth2Api: { environment: 'custom', baseUrl: emulator.baseUrl },
					},
				},
			);
			expect(resends()).toHaveLength(0);
			expect(run.result.run.data.resultData.error?.message).toContain(
				'Authentication: this needs the Auth Token credential',
			);
		});
	},
);

it('the tool call goes through makeHandleToolInvocation: the tool run records its {response}', async () => {
	const run = await runAsTool(resendByModel, {
		mode: 'tool',
		toolArgs: { Sign_URLs: signUrlOf(0) },
		credentials: credentials(),
	});
	expect(run.toolItems.map((item) => item.json)).toEqual([
		{ response: [expect.objectContaining({ signUrl: signUrlOf(0), resent: true })] },
	]);
});
