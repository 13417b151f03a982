import { randomUUID } from 'node:crypto';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n } from '../../scripts/lib/n8n';
import {
	emulator,
	n8nWithPackage,
	PACKAGE,
	sendSigningRequest,
	tokenCredential,
	withCredentials,
	type ExampleWorkflow,
} from './support';

const WORKFLOW_ID = 'DexE2ePollTrig01';

/** The poll trigger on n8n's shortest schedule, every minute, for completed documents. */
const everyMinute: ExampleWorkflow['workflow'] = {
	name: 'Completed documents, polled (e2e)',
	nodes: [
		{
			id: randomUUID(),
			name: 'Document Execution Poll Trigger',
			type: `${PACKAGE}.documentExecutionPollTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { event: 'documentCompleted', pollTimes: { item: [{ mode: 'everyMinute' }] } },
			credentials: { documentExecutionApi: { id: 'placeholder', name: 'placeholder' } },
		},
	],
	connections: {},
};

interface Execution {
	id: string;
	status: string;
	mode: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The poll trigger in a running n8n: an active workflow polls the emulator every minute (n8n's shortest
 * interval). Activation records the completed documents already there; a document the emulator completes
 * afterwards starts exactly one execution, and the next poll starts none.
 */
describe('the Document Execution Poll Trigger in a running n8n', () => {
	let n8n: N8n;
	let service: EmulatorProcess;

	const executions = async () =>
		(
			await n8n.rest<{ results: Execution[] }>(
				'GET',
				`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }))}`,
			)
		).results;

	const completedListReads = async () =>
		(await service.control<Array<{ path: string }>>('GET', '/__emulator/requests')).body.filter(
			(request) => request.path === '/api/v3.0/document/completed',
		).length;

	beforeAll(async () => {
		service = await emulator('poll-trigger');
		n8n = await n8nWithPackage('poll-trigger');
		const credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
		await n8n.importWorkflow(withCredentials(everyMinute, [credential], WORKFLOW_ID));
		await n8n.start();
		await n8n.setupOwner();
		const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${WORKFLOW_ID}`);
		await n8n.rest('POST', `/rest/workflows/${WORKFLOW_ID}/activate`, {
			versionId: stored.versionId,
		});
	});

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	/** Creates a signing request through the service's API and has every invitee sign it. */
	async function completeNewDocument(name: string): Promise<string> {
		const documentId = await sendSigningRequest(service, name);
		expect(
			(
				await service.control<{ status: string }>(
					'POST',
					`/__emulator/v3/documents/${documentId}/sign-all`,
				)
			).body.status,
		).toBe('COMPLETED');
		return documentId;
	}

	/** Waits (up to 150 s: more than two polls) until `count` executions have succeeded; answers them oldest first. */
	async function succeeded(count: number): Promise<Execution[]> {
		let found: Execution[] = [];
		for (let tries = 0; tries < 150; tries++) {
			found = await executions();
			if (found.filter((execution) => execution.status === 'success').length >= count) break;
			await sleep(1000);
		}
		return [...found].sort((a, b) => Number(a.id) - Number(b.id));
	}

	const executionData = async (execution: Execution) =>
		(await n8n.rest<{ data: string }>('GET', `/rest/executions/${execution.id}`)).data;

	it('is listed in the editor as a polling trigger, with the Poll Times n8n adds', async () => {
		const types = await n8n.rest<
			Array<{
				name: string;
				displayName: string;
				polling?: boolean;
				properties: Array<{ name: string }>;
			}>
		>('GET', '/types/nodes.json');
		const pollTrigger = types.find(
			(type) => type.name === `${PACKAGE}.documentExecutionPollTrigger`,
		);
		expect(pollTrigger).toMatchObject({
			displayName: 'Document Execution Poll Trigger',
			polling: true,
		});
		expect(pollTrigger?.properties.map((property) => property.name)).toEqual(
			expect.arrayContaining(['pollTimes', 'event', 'statuses', 'documentsToWatch']),
		);
	});

	let firstDocumentId = '';

	it('picks up a document the service completes, exactly once', async () => {
		// Activation polls once at once: it records the two seeded completed documents and starts nothing.
		for (let tries = 0; tries < 60 && (await completedListReads()) === 0; tries++) await sleep(500);
		expect(await completedListReads()).toBeGreaterThan(0);
		expect(await executions()).toEqual([]);

		firstDocumentId = await completeNewDocument('Polled-agreement');
		const found = await succeeded(1);
		expect(found).toEqual([expect.objectContaining({ status: 'success', mode: 'trigger' })]);
		expect(await executionData(found[0])).toContain(firstDocumentId);

		// One more scheduled poll: nothing new, no second execution.
		const readsBefore = await completedListReads();
		for (let tries = 0; tries < 90 && (await completedListReads()) === readsBefore; tries++)
			await sleep(1000);
		expect(await completedListReads()).toBeGreaterThan(readsBefore);
		await sleep(2000);
		expect(await executions()).toHaveLength(1);
	});

	it('after a restart, runs once for a document completed while n8n was down and repeats nothing', async () => {
		await n8n.stop();
		const whileDown = await completeNewDocument('Completed-while-down');
		await n8n.start();
		await n8n.login();
		const found = await succeeded(2);
		expect(found).toHaveLength(2);
		const data = await executionData(found[1]);
		expect(data).toContain(whileDown);
		expect(data).not.toContain(firstDocumentId);
	});
});
