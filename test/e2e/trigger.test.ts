import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { V3_SEED } from '../emulator/families/v3';
import { N8N_VERSION, paths } from '../../scripts/lib/paths';
import type { N8n } from '../../scripts/lib/n8n';
import { emulator, exampleWorkflows, n8nWithPackage, PACKAGE, tokenCredential, withCredentials, type ExampleWorkflow } from './support';

const TRIGGER_TYPE = `${PACKAGE}.documentExecutionTrigger`;

// n8n's REST answers carry execution data serialised with `flatted`; read it with n8n's own copy.
const flatted = createRequire(paths.n8nBin(N8N_VERSION)).call(null, 'flatted') as { parse(text: string): unknown };

interface Delivery {
	acknowledged: boolean;
	attempts: Array<{ status: number; error?: string }>;
	envelope: { document: { documentId: string }; eventType: string; mac?: string };
}

/** A workflow with the trigger: examples/reviewer-approval.json when it exists, else a minimal one. */
function triggerWorkflow(): { source: string; workflow: ExampleWorkflow['workflow'] } {
	const example = exampleWorkflows().find(({ workflow }) => workflow.nodes.some((node) => node.type === TRIGGER_TYPE));
	if (example) return { source: `examples/${example.file}`, workflow: example.workflow };
	return {
		source: 'a minimal workflow',
		workflow: {
			name: 'Reviewer approval (e2e)',
			nodes: [
				{
					id: randomUUID(),
					name: 'Document Execution Trigger',
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: {},
					credentials: { documentExecutionApi: { id: 'placeholder', name: 'placeholder' } },
				},
			],
			connections: {},
		},
	};
}

/**
 * Activation registers the production webhook a moment after the REST call returns. A GET shows when it is
 * there without starting anything: n8n then answers that the path is registered for POST only.
 */
async function waitForRegistration(url: string): Promise<void> {
	for (let tries = 0; tries < 60; tries++) {
		const text = await (await fetch(url)).text();
		if (/not registered for GET/i.test(text)) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`The webhook ${url} was not registered after 30 s`);
}

/**
 * The trigger in a running n8n: an active workflow, the emulator delivering a genuine REVIEWER_APPROVAL
 * envelope to n8n's production webhook URL (one execution, holding the envelope), and a forged one
 * (refused with 401, no execution).
 */
describe('the Document Execution Trigger in a running n8n', () => {
	let n8n: N8n;
	let service: EmulatorProcess;
	const workflowId = 'DexE2eTrigger001';
	const { source, workflow } = triggerWorkflow();
	let url: string;

	const executions = async () =>
		(
			await n8n.rest<{ results: Array<{ id: string; status: string; mode: string }> }>(
				'GET',
				`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
			)
		).results;

	beforeAll(async () => {
		service = await emulator('trigger');
		n8n = await n8nWithPackage('trigger');
		const credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
		await n8n.importWorkflow(withCredentials(workflow, [credential], workflowId));
		await n8n.start();
		await n8n.setupOwner();
		const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${workflowId}`);
		await n8n.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: stored.versionId });
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE) as unknown as { webhookId: string };
		url = `${n8n.url}/webhook/${trigger.webhookId}/success`;
		await waitForRegistration(url);
	});

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it(`is active (${source})`, async () => {
		const stored = await n8n.rest<{ active: boolean }>('GET', `/rest/workflows/${workflowId}`);
		expect(stored.active).toBe(true);
		expect(await executions()).toEqual([]);
	});

	it('runs once for a genuine REVIEWER_APPROVAL delivery, with the envelope as its output', async () => {
		// About a seeded COMPLETED document, so that the example's later steps (status, download) find it.
		const documentId = V3_SEED.completedDocumentId;
		const { status, body: delivery } = await service.control<Delivery>('POST', '/__emulator/webhooks/deliver', { url, documentId, retries: 0 });
		expect(status).toBe(200);
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);
		expect(delivery.envelope.mac).toMatch(/^[0-9a-f]{40}$/);

		let found: Array<{ id: string; status: string; mode: string }> = [];
		for (let tries = 0; tries < 60 && !(found.length && found[0].status !== 'running' && found[0].status !== 'new'); tries++) {
			found = await executions();
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		expect(found).toHaveLength(1);
		expect(found[0]).toEqual(expect.objectContaining({ status: 'success', mode: 'webhook' }));

		const execution = await n8n.rest<{ data: string }>('GET', `/rest/executions/${found[0].id}`);
		const data = flatted.parse(execution.data) as {
			resultData: {
				runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown>; binary?: Record<string, { mimeType: string }> }>> } }>>;
			};
		};
		const triggerName = workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!.name;
		const [item] = data.resultData.runData[triggerName][0].data.main[0];
		expect(item.json).toEqual(
			expect.objectContaining({
				eventType: 'REVIEWER_APPROVAL',
				webhookType: 'SUCCESS',
				document: expect.objectContaining({ documentId }),
				macVerification: expect.objectContaining({ verified: true }),
			}),
		);
		// The example's next steps ran on what the delivery said: the document's status, its signed PDF.
		for (const node of workflow.nodes.filter((candidate) => candidate.type === `${PACKAGE}.documentExecution`)) {
			const [output] = data.resultData.runData[node.name][0].data.main[0];
			const operation = (node as { parameters?: { operation?: string } }).parameters?.operation;
			if (operation === 'getStatus') expect(output.json).toEqual(expect.objectContaining({ documentId, status: 'COMPLETED' }));
			if (operation === 'download') expect(Object.values(output.binary ?? {}).map((binary) => binary.mimeType)).toContain('application/pdf');
		}
	});

	it('refuses a forged delivery with 401 and starts no execution', async () => {
		const before = await executions();
		const { body: delivery } = await service.control<Delivery>('POST', '/__emulator/webhooks/deliver', {
			url,
			documentId: V3_SEED.completedDocumentId,
			retries: 0,
			overrides: { mac: '0'.repeat(40) },
		});
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 401 })]);
		expect(delivery.acknowledged).toBe(false);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await executions()).toHaveLength(before.length);
	});
});
