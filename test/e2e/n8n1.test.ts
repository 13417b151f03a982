import { ensureN8n, N8N_1_SPEC } from '../../scripts/lib/install';
import { nodeOutput, type N8n } from '../../scripts/lib/n8n';
import { createWorkflow, demoCredential } from '../../scripts/lib/pipeline';
import { makePdf } from '../fixtures/pdf';
import { emulator, n8nWithPackage, PACKAGE } from './support';
import type { EmulatorProcess } from '../../scripts/lib/emulator';

/**
 * Many self-hosters still run n8n 1.x: the newest 1.x from the registry (on Node 24, as 2.x) loads the
 * packed package, and a workflow that creates a signing request and reads its status runs in it.
 */
describe(`the packed package in n8n ${N8N_1_SPEC.version}`, () => {
	let n8n: N8n;
	let service: EmulatorProcess;

	beforeAll(async () => {
		await ensureN8n(N8N_1_SPEC);
		service = await emulator('n8n1');
		n8n = await n8nWithPackage('n8n1', N8N_1_SPEC);
		await n8n.importCredentials([demoCredential(service)]);
		await n8n.start();
		await n8n.setupOwner();
	}, 1_200_000);

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it('lists both nodes and both credentials of the community package', async () => {
		const nodes = await n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json');
		expect(nodes.map((node) => node.name)).toEqual(
			expect.arrayContaining([`${PACKAGE}.documentExecution`, `${PACKAGE}.documentExecutionTrigger`]),
		);
		const credentials = await n8n.rest<Array<{ name: string; supportedNodes?: string[] }>>('GET', '/types/credentials.json');
		for (const name of ['documentExecutionApi', 'documentExecutionOAuth2Api']) {
			expect(credentials.find((credential) => credential.name === name)?.supportedNodes).toEqual(
				expect.arrayContaining([`${PACKAGE}.documentExecution`]),
			);
		}
	});

	it('runs create → status with n8n execute', async () => {
		const id = await n8n.importWorkflow(createWorkflow(makePdf('n8n 1.x check', 20_000)));
		const execution = await n8n.execute(id);
		if (!execution.run) throw new Error(`n8n printed no run:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`);
		expect(execution.run.data.resultData.error).toBeUndefined();
		const [created] = nodeOutput(execution.run, 'Create Signing Request');
		expect(created.json.documentId).toEqual(expect.any(String));
		const [status] = nodeOutput(execution.run, 'Status After Create');
		expect(status.json).toEqual(expect.objectContaining({ documentId: created.json.documentId, status: 'SENT' }));
	});
});
