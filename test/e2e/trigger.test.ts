import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { V3_SEED } from '../emulator/families/v3';
import { N8N_VERSION, paths } from '../../scripts/lib/paths';
import type { N8n } from '../../scripts/lib/n8n';
import {
	emulator,
	exampleWorkflow,
	executionsOf,
	finishedExecutions,
	n8nWithPackage,
	PACKAGE,
	tokenCredential,
	withCredentials,
	type ExampleWorkflow,
	type ExecutionSummary,
	waitForRegistration,
} from './support';

const TRIGGER_TYPE = `${PACKAGE}.documentExecutionTrigger`;
const TRIGGER_NAME = 'Document Execution Trigger';

// n8n's REST answers carry execution data serialised with `flatted`; read it with n8n's own copy.
const flatted = createRequire(paths.n8nBin(N8N_VERSION)).call(null, 'flatted') as {
	parse(text: string): unknown;
};

interface Delivery {
	acknowledged: boolean;
	/** The exact bytes sent. */
	body: string;
	attempts: Array<{ status: number; error?: string }>;
	envelope: Record<string, unknown>;
}

type Item = {
	json: Record<string, unknown>;
	binary?: Record<string, { mimeType: string; fileSize?: string }>;
};

/** A workflow holding only the trigger with no option set: every delivery of either shape starts it. */
const catchAll: ExampleWorkflow['workflow'] = {
	name: 'Every webhook (e2e)',
	nodes: [
		{
			id: randomUUID(),
			name: TRIGGER_NAME,
			type: TRIGGER_TYPE,
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { authentication: 'authToken', events: ['*'] },
			credentials: { documentExecutionApi: { id: 'placeholder', name: 'placeholder' } },
		},
	],
	connections: {},
};

/** The same trigger reading the document back before it starts the flow. */
const confirming: ExampleWorkflow['workflow'] = {
	name: 'Every webhook, confirmed with the service (e2e)',
	nodes: [
		{
			...catchAll.nodes[0],
			id: randomUUID(),
			webhookId: randomUUID(),
			parameters: { authentication: 'authToken', events: ['*'], options: { refetchStatus: true } },
		},
	],
	connections: {},
};

const WORKFLOWS = {
	reviewerApproval: { id: 'DexE2eTrigger001', workflow: exampleWorkflow('reviewer-approval.json') },
	documentSigned: { id: 'DexE2eTrigger002', workflow: exampleWorkflow('document-signed.json') },
	catchAll: { id: 'DexE2eTrigger003', workflow: catchAll },
	confirming: { id: 'DexE2eTrigger004', workflow: confirming },
};
type WorkflowKey = keyof typeof WORKFLOWS;

const webhookUrl = (n8n: N8n, key: WorkflowKey, route: 'success' | 'error') => {
	const trigger = WORKFLOWS[key].workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE,
	) as unknown as { webhookId: string };
	return `${n8n.url}/webhook/${trigger.webhookId}/${route}`;
};

/**
 * The trigger in a running n8n, with four active workflows: the two trigger examples, one trigger with no
 * options, and one that re-fetches the document. The emulator delivers the webhooks the service sends, to n8n's
 * production URLs: the v3 flat body of each invitee action and the Webhook 4.0 envelope, genuine (one execution
 * each), repeated (acknowledged, no second execution) and forged (401, none).
 */
describe('the Document Execution Trigger in a running n8n', () => {
	let n8n: N8n;
	let service: EmulatorProcess;

	const executions = (key: WorkflowKey) => executionsOf(n8n, WORKFLOWS[key].id);
	const finished = (key: WorkflowKey, count: number) =>
		finishedExecutions(n8n, WORKFLOWS[key].id, count);

	async function outputOf(execution: ExecutionSummary, node: string): Promise<Item[]> {
		const record = await n8n.rest<{ data: string }>('GET', `/rest/executions/${execution.id}`);
		const data = flatted.parse(record.data) as {
			resultData: { runData: Record<string, Array<{ data: { main: Item[][] } }>> };
		};
		return data.resultData.runData[node][0].data.main[0];
	}

	const deliver = async (body: Record<string, unknown>) =>
		(
			await service.control<Delivery>('POST', '/__emulator/webhooks/deliver', {
				retries: 0,
				...body,
			})
		).body;

	beforeAll(async () => {
		service = await emulator('trigger');
		n8n = await n8nWithPackage('trigger');
		const credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
		for (const { id, workflow } of Object.values(WORKFLOWS))
			await n8n.importWorkflow(withCredentials(workflow, [credential], id));
		await n8n.start();
		await n8n.setupOwner();
		for (const key of Object.keys(WORKFLOWS) as WorkflowKey[]) {
			const { id } = WORKFLOWS[key];
			const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
			await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.versionId });
			await waitForRegistration(webhookUrl(n8n, key, 'success'));
			await waitForRegistration(webhookUrl(n8n, key, 'error'));
		}
	});

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it('has every workflow active and nothing run yet', async () => {
		for (const key of Object.keys(WORKFLOWS) as WorkflowKey[]) {
			const stored = await n8n.rest<{ active: boolean }>(
				'GET',
				`/rest/workflows/${WORKFLOWS[key].id}`,
			);
			expect(stored.active).toBe(true);
			expect(await executions(key)).toEqual([]);
		}
	});

	it('runs once for each v3 invitee event and once for a Webhook 4.0 envelope, each named by event.kind', async () => {
		const sent = [
			{ shape: 'v3', event: 'signed', route: 'success', kind: 'INVITEE_SIGNED' },
			{ shape: 'v3', event: 'reviewerApproved', route: 'success', kind: 'REVIEWER_APPROVAL' },
			{ shape: 'v3', event: 'rejected', route: 'error', kind: 'INVITEE_REJECTED' },
			{
				shape: 'v3',
				event: 'certificateVerificationFailed',
				route: 'error',
				kind: 'CERTIFICATE_VERIFICATION_FAILED',
			},
			{ shape: undefined, event: undefined, route: 'success', kind: 'REVIEWER_APPROVAL' },
		] as const;
		for (const [index, { shape, event, route }] of sent.entries()) {
			const delivery = await deliver({
				url: webhookUrl(n8n, 'catchAll', route),
				shape,
				event,
				documentId: `DOC-E2E-${index}`,
			});
			expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);
			expect(delivery.envelope.mac).toMatch(/^[0-9a-f]{40}$/);
		}

		const found = await finished('catchAll', sent.length);
		expect(found).toHaveLength(sent.length);
		expect(
			found.every((execution) => execution.status === 'success' && execution.mode === 'webhook'),
		).toBe(true);
		const events = await Promise.all(
			found.map(async (execution) => (await outputOf(execution, TRIGGER_NAME))[0].json.event),
		);
		expect(events).toEqual(
			sent.map(({ shape, route, kind }, index) =>
				expect.objectContaining({
					kind,
					route,
					shape: shape ?? 'webhook4',
					documentId: `DOC-E2E-${index}`,
				}),
			),
		);
	});

	it('answers with its own short acknowledgement, and a repeated delivery starts no second execution', async () => {
		const before = (await executions('catchAll')).length;
		const delivery = await deliver({
			url: webhookUrl(n8n, 'catchAll', 'success'),
			shape: 'v3',
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);
		const answers = [];
		for (let attempt = 0; attempt < 2; attempt++) {
			const answer = await fetch(webhookUrl(n8n, 'catchAll', 'success'), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: delivery.body,
			});
			answers.push({ status: answer.status, body: await answer.json() });
		}
		expect(answers).toEqual([
			{ status: 200, body: { message: 'Delivery already received; ignored' } },
			{ status: 200, body: { message: 'Delivery already received; ignored' } },
		]);
		await finished('catchAll', before + 1);
		await new Promise((resolve) => setTimeout(resolve, 2000));
		expect(await executions('catchAll')).toHaveLength(before + 1);

		const fresh = await fetch(webhookUrl(n8n, 'catchAll', 'error'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				...JSON.parse(delivery.body),
				request: { ...JSON.parse(delivery.body).request, action: 'Rejected', rejected: true },
			}),
		});
		expect([fresh.status, await fresh.json()]).toEqual([200, { message: 'Delivery received' }]);
	});

	it('answers 503 with a short body when Re-Fetch fails, records the failure, and runs when the service sends it again', async () => {
		const url = webhookUrl(n8n, 'confirming', 'success');
		const built = await deliver({
			url: `${service.info.baseUrl}/nowhere`,
			shape: 'v3',
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		await service.control('POST', '/__emulator/faults', {
			path: '/api/v3.2/sign/request',
			kind: 'http500',
		});
		const failed = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: built.body,
		});
		expect([failed.status, await failed.text()]).toEqual([
			503,
			JSON.stringify({
				message: 'The delivery could not be confirmed with the service; send it again later',
			}),
		]);

		const [failure] = await finished('confirming', 1);
		expect(failure.status).toBe('error');
		const record = await n8n.rest<{ data: string }>('GET', `/rest/executions/${failure.id}`);
		const data = flatted.parse(record.data) as { resultData: { error?: { message?: string } } };
		expect(data.resultData.error?.message).toMatch(/500/);

		const retried = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: built.body,
		});
		expect([retried.status, await retried.json()]).toEqual([200, { message: 'Delivery received' }]);
		const found = await finished('confirming', 2);
		expect(found.map((execution) => execution.status)).toEqual(['error', 'success']);
	});

	it('takes a genuine delivery whose Content-Type n8n does not parse (the trigger reads the bytes itself)', async () => {
		const documentId = 'DOC-RAW';
		const before = (await executions('catchAll')).length;
		const delivery = await deliver({
			url: webhookUrl(n8n, 'catchAll', 'success'),
			shape: 'v3',
			event: 'signed',
			documentId,
			contentType: 'application/octet-stream',
		});
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);
		const found = await finished('catchAll', before + 1);
		expect(found).toHaveLength(before + 1);
		expect((await outputOf(found[found.length - 1], TRIGGER_NAME))[0].json.event).toEqual(
			expect.objectContaining({ documentId, kind: 'INVITEE_SIGNED' }),
		);
	});

	it('refuses a forged delivery of each shape with 401 and starts no execution', async () => {
		const before = (await executions('catchAll')).length;
		for (const shape of ['v3', undefined]) {
			const forged = await deliver({
				url: webhookUrl(n8n, 'catchAll', 'success'),
				shape,
				event: 'signed',
				documentId: 'DOC-FORGED',
				overrides: { mac: '0'.repeat(40) },
			});
			expect(forged.attempts).toEqual([expect.objectContaining({ status: 401 })]);
			expect(forged.acknowledged).toBe(false);
		}
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await executions('catchAll')).toHaveLength(before);
	});

	it('examples/reviewer-approval.json: an approval reaches its notification stand-in', async () => {
		// A reviewer usually approves before the signers sign: the example only tells the team.
		const documentId = V3_SEED.sentDocumentId;
		const delivery = await deliver({
			url: webhookUrl(n8n, 'reviewerApproval', 'success'),
			documentId,
		});
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);

		const [execution] = await finished('reviewerApproval', 1);
		expect(execution).toEqual(expect.objectContaining({ status: 'success', mode: 'webhook' }));
		const [trigger] = await outputOf(execution, TRIGGER_NAME);
		expect(trigger.json).toEqual(
			expect.objectContaining({
				eventType: 'REVIEWER_APPROVAL',
				event: expect.objectContaining({ documentId, kind: 'REVIEWER_APPROVAL' }),
				macVerification: expect.objectContaining({ verified: true }),
			}),
		);
		const approved = 'Tell the Team: Approved (stand-in: replace with Slack or e-mail)';
		expect(await outputOf(execution, approved)).toHaveLength(1);
	});

	it("examples/document-signed.json: the service notifies each signer's signature; only the completing one runs the flow", async () => {
		const documentId = V3_SEED.sentDocumentId;
		// The seeded SENT document (two signers) comes from the PDF workflow; the user pastes the URLs on its invitees.
		const configured = await service.control(
			'PUT',
			`/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`,
			{
				all: {
					webhookUrl: webhookUrl(n8n, 'documentSigned', 'success'),
					errorWebhookUrl: webhookUrl(n8n, 'documentSigned', 'error'),
				},
			},
		);
		expect(configured.status).toBe(200);
		const signed = await service.control<{ status: string; deliveries: Delivery[] }>(
			'POST',
			`/__emulator/v3/documents/${documentId}/sign-all`,
			{},
		);
		expect(signed.body.status).toBe('COMPLETED');
		expect(signed.body.deliveries.length).toBeGreaterThan(1);
		expect(signed.body.deliveries.every((delivery) => delivery.attempts[0].status === 200)).toBe(
			true,
		);

		const found = await finished('documentSigned', 1);
		await new Promise((resolve) => setTimeout(resolve, 2000));
		expect(await executions('documentSigned')).toHaveLength(1);
		expect(found[0]).toEqual(expect.objectContaining({ status: 'success', mode: 'webhook' }));
		expect((await outputOf(found[0], TRIGGER_NAME))[0].json.event).toEqual(
			expect.objectContaining({ kind: 'INVITEE_SIGNED', documentId, documentStatus: 'COMPLETED' }),
		);
		expect(
			Object.values((await outputOf(found[0], 'Download Signed PDF'))[0].binary ?? {}).map(
				(binary) => binary.mimeType,
			),
		).toEqual(['application/pdf']);
		// The audit trail is added beside the signed PDF the item already carries.
		expect(Object.keys((await outputOf(found[0], 'Download Audit Trail'))[0].binary ?? {})).toEqual(
			['data', 'auditTrail'],
		);
	});
});
