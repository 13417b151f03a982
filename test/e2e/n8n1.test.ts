import { ensureN8n, N8N_1_SPEC } from '../../scripts/lib/install';
import type { N8n } from '../../scripts/lib/n8n';
import {
	DEMO_SIGNING,
	demoCredential,
	exampleWorkflows,
	PIPELINE_EXAMPLE,
	runPipeline,
} from '../../scripts/lib/pipeline';
import { emulator, expectApprovalThenSignature, n8nWithPackage, PACKAGE } from './support';
import type { EmulatorProcess } from '../../scripts/lib/emulator';

/**
 * Many self-hosters still run n8n 1.x: the newest 1.x from the registry (on Node 24, as 2.x) loads the
 * packed package (its three nodes and both credentials), and the polling example runs in it: it waits while
 * the invitees act later (a reviewer approves, then the signer signs) and downloads the signed PDF.
 */
describe(`the packed package in n8n ${N8N_1_SPEC.version}`, () => {
	let n8n: N8n;
	let service: EmulatorProcess;

	beforeAll(async () => {
		await ensureN8n(N8N_1_SPEC);
		service = await emulator('n8n1', { inviteesActAfter: DEMO_SIGNING });
		n8n = await n8nWithPackage('n8n1', N8N_1_SPEC);
		await n8n.importCredentials([demoCredential(service)]);
		await n8n.start();
		await n8n.setupOwner();
	}, 1_200_000);

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it('lists the three nodes and both credentials of the community package', async () => {
		const nodes = await n8n.rest<
			Array<{
				name: string;
				displayName: string;
				polling?: boolean;
				properties: Array<{ name: string }>;
			}>
		>('GET', '/types/nodes.json');
		expect(nodes.map((node) => node.name)).toEqual(
			expect.arrayContaining([
				`${PACKAGE}.documentExecution`,
				`${PACKAGE}.documentExecutionTrigger`,
				`${PACKAGE}.documentExecutionPollTrigger`,
			]),
		);
		const pollTrigger = nodes.find(
			(node) => node.name === `${PACKAGE}.documentExecutionPollTrigger`,
		);
		// A polling node, to which n8n 1.x adds its Poll Times as 2.x does.
		expect(pollTrigger).toMatchObject({
			displayName: 'Document Execution Poll Trigger',
			polling: true,
		});
		expect(pollTrigger?.properties.map((property) => property.name)).toEqual(
			expect.arrayContaining(['pollTimes', 'event']),
		);
		expect(n8n.log()).not.toMatch(/Failed to load package|Skipping package/);
		const credentials = await n8n.rest<Array<{ name: string; supportedNodes?: string[] }>>(
			'GET',
			'/types/credentials.json',
		);
		for (const name of ['documentExecutionApi', 'documentExecutionOAuth2Api']) {
			expect(credentials.find((credential) => credential.name === name)?.supportedNodes).toEqual(
				expect.arrayContaining([
					`${PACKAGE}.documentExecution`,
					`${PACKAGE}.documentExecutionTrigger`,
				]),
			);
		}
		// The poll trigger takes the Auth Token credential.
		expect(
			credentials.find((credential) => credential.name === 'documentExecutionApi')?.supportedNodes,
		).toEqual(expect.arrayContaining([`${PACKAGE}.documentExecutionPollTrigger`]));
	});

	it(`runs examples/${PIPELINE_EXAMPLE} with n8n execute: it waits for the approval and the signature, then downloads`, async () => {
		const example = exampleWorkflows().find((workflow) => workflow.file === PIPELINE_EXAMPLE);
		expect(example).toBeDefined();
		const { file: _file, ...importable } = example!;
		await n8n.importWorkflow(importable);
		const summary = await runPipeline(n8n, service);
		expect(summary.documentId).toMatch(/\S+/);
		expectApprovalThenSignature(summary.rounds);
		expect(summary.status).toBe('COMPLETED');
		expect(summary.pdf).toEqual(
			expect.objectContaining({ isPdf: true, matchesService: true, mimeType: 'application/pdf' }),
		);
	});
});
