import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { nodeOutput, type N8n, type StoredExecution } from '../../scripts/lib/n8n';
import { V3_SEED } from '../emulator/families/v3';
import { makePdf } from '../fixtures/pdf';
import {
	ARCHIVE_FOLDER_IN_EXAMPLE,
	emulator,
	exampleWorkflow,
	executionsOf,
	finishedExecutions,
	n8nWithPackage,
	PACKAGE,
	tokenCredential,
	waitForRegistration,
	withCredentials,
	withFolder,
	type ExampleWorkflow,
} from './support';
import { servicePaths } from '../support/servicePaths';

const TRIGGER = `${PACKAGE}.documentExecutionTrigger`;

interface Recorded {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
}

interface DataTable {
	id: string;
	name: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every half second until `done` holds for what it answers (or `timeoutMs`), then answers it. */
async function eventually<T>(
	read: () => Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!done(value) && Date.now() < deadline) {
		await sleep(500);
		value = await read();
	}
	return value;
}

const ran = (execution: StoredExecution, node: string) =>
	Boolean(execution.data.resultData.runData[node]?.length);

/** The execution finished with success; otherwise the error n8n recorded, to say why. */
function expectSuccess(execution: StoredExecution): void {
	const error = execution.data.resultData.error as
		| { message?: string; description?: string }
		| undefined;
	const last = execution.data.resultData.lastNodeExecuted;
	expect({
		status: execution.status,
		error: error && `${last}: ${error.message} ${error.description ?? ''}`,
	}).toEqual({
		status: 'success',
		error: undefined,
	});
}

const output = (execution: StoredExecution, node: string, index = 0) =>
	nodeOutput({ data: execution.data }, node, index);

/**
 * The ops examples (issue #36 part C) in one running n8n 2.41.1, each against an emulator of its own, with the
 * invitees acting later through the emulator's control routes, as on the live service (where signing takes
 * hours): the service's webhooks reach n8n's production URLs, and what a user checks is asserted.
 */
describe('the ops examples in a running n8n, invitees acting later', () => {
	let n8n: N8n;
	let projectId: string;
	const services: EmulatorProcess[] = [];
	const files = mkdtempSync(join(tmpdir(), 'dex-e2e-pipelines-'));

	beforeAll(async () => {
		n8n = await n8nWithPackage('pipelines');
		n8n.withEnv({ N8N_RESTRICT_FILE_ACCESS_TO: files });
		await n8n.start();
		await n8n.setupOwner();
		projectId = (await n8n.rest<{ id: string }>('GET', '/rest/projects/personal')).id;
	});

	afterAll(async () => {
		await n8n?.stop();
		for (const service of services) await service.stop();
		rmSync(files, { recursive: true, force: true });
	});

	/** An emulator for one test, and the credential for it as a user creates it in n8n. */
	async function account(name: string, seed: Record<string, string | number | boolean> = {}) {
		const service = await emulator(`pipelines-${name}`, { seed });
		services.push(service);
		const { data, type } = tokenCredential(service);
		const credentialName = `Document Execution (${name})`;
		const created = await n8n.rest<{ id: string }>('POST', '/rest/credentials', {
			name: credentialName,
			type,
			data,
		});
		return { service, credential: { id: created.id, name: credentialName, type } };
	}

	async function saved(
		workflow: ExampleWorkflow['workflow'],
		credential: { id: string; name: string; type: string },
		id: string,
	): Promise<string> {
		await n8n.rest('POST', '/rest/workflows', withCredentials(workflow, [credential], id));
		return id;
	}

	async function activate(id: string): Promise<void> {
		const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
		await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.versionId });
	}

	/** A Data table as a user makes it once (Overview → Data tables → Create), with string columns. */
	async function dataTable(name: string, columns: string[]): Promise<DataTable> {
		return await n8n.rest<DataTable>('POST', `/rest/projects/${projectId}/data-tables`, {
			name,
			columns: columns.map((column) => ({ name: column, type: 'string' })),
		});
	}

	const rowsOf = async (table: DataTable) =>
		(
			await n8n.rest<{ data: Array<Record<string, unknown>> }>(
				'GET',
				`/rest/projects/${projectId}/data-tables/${table.id}/rows`,
			)
		).data;

	const triggerUrl = (workflow: ExampleWorkflow['workflow'], route: 'success' | 'error') => {
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER) as unknown as {
			webhookId: string;
		};
		return `${n8n.url}/webhook/${trigger.webhookId}/${route}`;
	};

	/** Pastes the trigger's URLs on every invitee of the emulator's PDF workflow, as the notes ask. */
	async function pasteWebhookUrls(
		service: EmulatorProcess,
		workflow: ExampleWorkflow['workflow'],
	): Promise<void> {
		const urls = {
			webhookUrl: triggerUrl(workflow, 'success'),
			errorWebhookUrl: triggerUrl(workflow, 'error'),
		};
		await waitForRegistration(urls.webhookUrl);
		await waitForRegistration(urls.errorWebhookUrl);
		const answer = await service.control(
			'PUT',
			`/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`,
			{
				all: urls,
			},
		);
		expect(answer.status).toBe(200);
	}

	/** An invitee acts (sign-next, review-approve, reject…); the service's webhook, if any, was answered 2xx. */
	async function inviteeActs(service: EmulatorProcess, documentId: string, action: string) {
		const acted = await service.control<{
			status: string;
			deliveries: Array<{ attempts: Array<{ status: number }> }>;
		}>('POST', `/__emulator/v3/documents/${documentId}/${action}`, {});
		expect(acted.status).toBe(200);
		for (const delivery of acted.body.deliveries)
			expect(delivery.attempts.at(-1)?.status).toBe(200);
		return acted.body;
	}

	const requests = async (service: EmulatorProcess) =>
		(await service.control<Recorded[]>('GET', '/__emulator/requests')).body;

	/** A read of the service, as the node makes it. */
	async function serviceRead<T>(service: EmulatorProcess, path: string): Promise<T> {
		const response = await fetch(`${service.info.baseUrl}${path}`, {
			headers: { 'X-Auth-Token': service.info.authToken },
		});
		return ((await response.json()) as { data: T }).data;
	}

	const waitingExecution = async (workflowId: string) =>
		(
			await eventually(
				() => executionsOf(n8n, workflowId),
				(found) => found.some((execution) => execution.status === 'waiting'),
			)
		).find((execution) => execution.status === 'waiting');

	describe('send-and-wait-resume.json with signed-resume-relay.json', () => {
		const send = exampleWorkflow('send-and-wait-resume.json');
		const relay = exampleWorkflow('signed-resume-relay.json');
		/** The Header Auth credential the webhook asks for, as its sticky note tells a user to create it. */
		const webhookKey = { name: 'X-Signing-Key', value: 'a-long-random-secret-of-the-sender' };
		let service: EmulatorProcess;
		let credential: { id: string; name: string; type: string };
		let waits: DataTable;
		let sendId = 'DexE2ePipeSend01';

		beforeAll(async () => {
			({ service, credential } = await account('send-and-wait'));
			waits = await dataTable('Signing waits', ['documentId', 'resumeUrl']);
			// Created before the import under the name the example gives: n8n links it by name and type.
			await n8n.rest('POST', '/rest/credentials', {
				name: 'Send for Signing webhook header',
				type: 'httpHeaderAuth',
				data: webhookKey,
			});
			await saved(send, credential, sendId);
			await saved(relay, credential, 'DexE2ePipeRelay1');
			await activate(sendId);
			await activate('DexE2ePipeRelay1');
			await pasteWebhookUrls(service, relay);
			await waitForRegistration(`${n8n.url}/webhook/send-for-signing`);
		});

		/** Only one workflow can hold the webhook path: deactivates the other, activates this one. */
		async function activeSendWorkflow(id: string): Promise<void> {
			if (sendId === id) return;
			await n8n.rest('POST', `/rest/workflows/${sendId}/deactivate`);
			sendId = id;
			await activate(id);
			await waitForRegistration(`${n8n.url}/webhook/send-for-signing`);
		}

		/** A POST to the webhook as the sticky note's curl line sends it, with `headers` beside the JSON type. */
		const callWebhook = async (documentName: string, headers: Record<string, string>) =>
			await fetch(`${n8n.url}/webhook/send-for-signing`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify({
					documentName,
					pdfBase64: makePdf(documentName).toString('base64'),
					signerName: 'Asha Rao',
					signerEmail: 'asha@example.com',
					signerPhone: '9876543210',
				}),
			});

		const createsOf = async (documentName: string) =>
			(await requests(service)).filter(
				(request) =>
					request.method === 'POST' &&
					request.path === servicePaths.create &&
					JSON.stringify(request.body).includes(documentName),
			);

		async function sendForSigning(documentName: string) {
			const response = await callWebhook(documentName, { [webhookKey.name]: webhookKey.value });
			expect(response.status).toBe(200);
			const execution = await waitingExecution(sendId);
			expect(execution).toBeDefined();
			const rows = await eventually(
				() => rowsOf(waits),
				(found) => found.some((row) => String(row.resumeUrl).includes(`/${execution!.id}?`)),
			);
			const row = rows.find((candidate) =>
				String(candidate.resumeUrl).includes(`/${execution!.id}?`),
			);
			expect(row).toBeDefined();
			return { executionId: execution!.id, documentId: String(row!.documentId), row: row! };
		}

		it('waits with its signed resume URL stored, and resumes the moment the signer signs: COMPLETED, PDF downloaded, row gone', async () => {
			await activeSendWorkflow('DexE2ePipeSend01');
			const { executionId, documentId, row } = await sendForSigning('Offer letter - A Rao.pdf');
			// n8n's resume URL for the execution, with the signature n8n 2.x checks.
			expect(String(row.resumeUrl)).toMatch(
				new RegExp(`^${n8n.url}/webhook-waiting/${executionId}\\?signature=[^&]+$`),
			);
			expect(await createsOf('Offer letter - A Rao.pdf')).toHaveLength(1);
			// Hours pass on the live service; here the execution stays waiting until the signer acts.
			await sleep(2000);
			expect((await n8n.execution(executionId)).status).toBe('waiting');

			const signed = await inviteeActs(service, documentId, 'sign-next');
			expect(signed.status).toBe('COMPLETED');

			const execution = await n8n.finishedExecution(executionId);
			expectSuccess(execution);
			expect(output(execution, 'Get Status').map(({ json }) => json)).toEqual([
				expect.objectContaining({ documentId, status: 'COMPLETED' }),
			]);
			const [pdf] = output(execution, 'Download Signed PDF');
			expect(Object.values(pdf.binary ?? {}).map((binary) => binary.mimeType)).toEqual([
				'application/pdf',
			]);
			expect(ran(execution, 'Tell the Sender (stand-in: replace with Slack or e-mail)')).toBe(
				false,
			);

			const [relayed] = await finishedExecutions(n8n, 'DexE2ePipeRelay1', 1);
			const relayRun = await n8n.execution(relayed.id);
			expect(relayRun.status).toBe('success');
			expect(output(relayRun, 'Resume It')).toHaveLength(1);
			expect(await rowsOf(waits)).toEqual([]);
		});

		it("refuses a call without the webhook's header, or with another value: 403, nothing created, nothing run", async () => {
			await activeSendWorkflow('DexE2ePipeSend01');
			const before = await executionsOf(n8n, sendId);
			const refused = [
				await callWebhook('Offer letter - no key.pdf', {}),
				await callWebhook('Offer letter - no key.pdf', { [webhookKey.name]: 'a guess' }),
			];
			expect(refused.map((response) => response.status)).toEqual([403, 403]);
			await sleep(2000);
			expect(await createsOf('Offer letter - no key.pdf')).toEqual([]);
			expect(await executionsOf(n8n, sendId)).toEqual(before);
		});

		/**
		 * The same workflow with its waits shortened to a second (the time limit, and the wait before reading again
		 * after a failed read), in place of the first (same webhook path).
		 */
		async function hurriedSendWorkflow(id: string): Promise<void> {
			const hurried = JSON.parse(JSON.stringify(send)) as typeof send;
			const parametersOf = (name: string) =>
				hurried.nodes.find((node) => node.name === name)!.parameters as Record<string, unknown>;
			Object.assign(parametersOf('Wait Until Signed'), { resumeAmount: 1, resumeUnit: 'seconds' });
			Object.assign(parametersOf('Wait Before Reading Again'), { amount: 1, unit: 'seconds' });
			await saved(hurried, credential, id);
			await activeSendWorkflow(id);
		}

		/** Get Status's runs: what each read gave on its main output, or the error on its error output. */
		const statusReads = (execution: StoredExecution) =>
			execution.data.resultData.runData['Get Status'].map((run) => {
				const [read] = run.data?.main[0] ?? [];
				const [failed] = run.data?.main[1] ?? [];
				return read ? String(read.json.status) : `failed: ${String(failed?.json.error)}`;
			});

		const STATUS_PATH = servicePaths.status;
		const TELL_THE_SENDER = 'Tell the Sender (stand-in: replace with Slack or e-mail)';

		it('with a time limit that passes before anyone signs, and a status read that fails once: it reads again, the sender is told, the row removed', async () => {
			await hurriedSendWorkflow('DexE2ePipeSend02');
			const { executionId, documentId } = await sendForSigning('Offer letter - V Iyer.pdf');
			// The service fails the first status read after the wait (a 503 of a moment).
			await service.control('POST', '/__emulator/faults', { path: STATUS_PATH, kind: 'http503' });

			const execution = await n8n.finishedExecution(executionId, 150_000);
			expectSuccess(execution);
			expect(statusReads(execution)).toEqual([expect.stringMatching(/^failed: /), 'SENT']);
			expect(execution.data.resultData.runData['Wait Before Reading Again']).toHaveLength(1);
			expect(ran(execution, 'Download Signed PDF')).toBe(false);
			expect(output(execution, TELL_THE_SENDER).map(({ json }) => json.documentId)).toEqual([
				documentId,
			]);
			expect(await createsOf('Offer letter - V Iyer.pdf')).toHaveLength(1);
			expect(await rowsOf(waits)).toEqual([]);
		});

		it('gives up after six failed status reads: the sender is told with the error, the row removed, nothing created again', async () => {
			await hurriedSendWorkflow('DexE2ePipeSend03');
			const { executionId } = await sendForSigning('Offer letter - K Nair.pdf');
			await service.control('POST', '/__emulator/faults', {
				path: STATUS_PATH,
				kind: 'http503',
				times: 6,
			});

			const execution = await n8n.finishedExecution(executionId, 150_000);
			expectSuccess(execution);
			expect(statusReads(execution)).toEqual(
				Array.from({ length: 6 }, () => expect.stringMatching(/^failed: /)),
			);
			expect(execution.data.resultData.runData['Wait Before Reading Again']).toHaveLength(5);
			expect(output(execution, TELL_THE_SENDER).map(({ json }) => json.error)).toEqual([
				expect.any(String),
			]);
			expect(ran(execution, 'Download Signed PDF')).toBe(false);
			expect(await createsOf('Offer letter - K Nair.pdf')).toHaveLength(1);
			expect(await rowsOf(waits)).toEqual([]);
		});
	});

	it('reviewer-approval.json: an approval and a later rejection each reach their stand-in; nothing is downloaded', async () => {
		const workflow = exampleWorkflow('reviewer-approval.json');
		const service = await emulator('pipelines-review');
		services.push(service);
		// The example names its credential without an id: n8n links it by name and type on import.
		const { data, type } = tokenCredential(service);
		const credential = await n8n.rest<{ id: string }>('POST', '/rest/credentials', {
			name: 'Document Execution account',
			type,
			data,
		});
		await n8n.rest('POST', '/rest/workflows', { ...workflow, id: 'DexE2ePipeReview' });
		const stored = await n8n.rest<ExampleWorkflow['workflow']>(
			'GET',
			'/rest/workflows/DexE2ePipeReview',
		);
		expect(stored.nodes.find((node) => node.type === TRIGGER)?.credentials).toEqual({
			documentExecutionApi: { id: credential.id, name: 'Document Execution account' },
		});
		await activate('DexE2ePipeReview');
		await pasteWebhookUrls(service, workflow);

		// The seeded SENT document: its first invitee reviews and approves; later the second rejects.
		const documentId = V3_SEED.sentDocumentId;
		await inviteeActs(service, documentId, 'review-approve');
		await sleep(1000);
		await inviteeActs(service, documentId, 'reject');

		const executions = await Promise.all(
			(await finishedExecutions(n8n, 'DexE2ePipeReview', 2)).map(({ id }) => n8n.execution(id)),
		);
		expect(executions.map(({ status, mode }) => ({ status, mode }))).toEqual([
			{ status: 'success', mode: 'webhook' },
			{ status: 'success', mode: 'webhook' },
		]);
		const approved = 'Tell the Team: Approved (stand-in: replace with Slack or e-mail)';
		const rejected = 'Tell the Sender: Rejected (stand-in: replace with Slack or e-mail)';
		expect(output(executions[0], approved).map(({ json }) => json.event)).toEqual([
			expect.objectContaining({ kind: 'REVIEWER_APPROVAL', documentId }),
		]);
		expect(ran(executions[0], rejected)).toBe(false);
		expect(output(executions[1], rejected).map(({ json }) => json.event)).toEqual([
			expect.objectContaining({ kind: 'INVITEE_REJECTED', route: 'error', documentId }),
		]);
		expect(ran(executions[1], approved)).toBe(false);
		expect(
			(await requests(service)).filter((request) => request.path.includes('fetchDocument')),
		).toEqual([]);
	});

	it('reminders.json: resends only to the invitees whose turn it is, and never again to one refused at the cap', async () => {
		const { service, credential } = await account('reminders', { v3ExtraDocuments: 1 });
		const refusals = await dataTable('Reminder refusals', ['signUrl', 'message']);
		await saved(exampleWorkflow('reminders.json'), credential, 'DexE2ePipeRemind');

		// What the service says: the SENT documents' invitees, by state.
		type Status = {
			requests: Array<{ name: string; signUrl: string; active?: boolean; signed?: boolean }>;
		};
		const { documents } = await serviceRead<{ documents: Array<{ documentId: string }> }>(
			service,
			'/v3.0/sign/request/list?status=SENT&max=40',
		);
		const invitees = (
			await Promise.all(
				documents.map(
					async ({ documentId }) =>
						(await serviceRead<Status>(service, `/v3.2/sign/request?documentId=${documentId}`))
							.requests,
				),
			)
		).flat();
		const active = invitees
			.filter((invitee) => invitee.active === true)
			.map((invitee) => invitee.signUrl);
		const waiting = invitees.filter((invitee) => invitee.active !== true && !invitee.signed);
		expect(active.length).toBeGreaterThan(1);
		expect(waiting.length).toBeGreaterThan(0);
		// One active invitee has had its five resends already (another run, or a person in the dashboard).
		const capped = (
			await serviceRead<Status>(service, '/v3.2/sign/request?documentId=DOCEXTRA000001')
		).requests[0].signUrl;
		for (let resend = 0; resend < 5; resend++) {
			const response = await fetch(`${service.info.baseUrl}/v3.0/sign/request/resend`, {
				method: 'POST',
				headers: { 'X-Auth-Token': service.info.authToken, 'content-type': 'application/json' },
				body: JSON.stringify({ signUrls: [capped] }),
			});
			expect(response.status).toBe(200);
		}

		const runOnce = async () => {
			await service.control('DELETE', '/__emulator/requests');
			const execution = await n8n.finishedExecution(
				await n8n.runManually('DexE2ePipeRemind', 'Every Morning'),
			);
			expectSuccess(execution);
			const resent = (await requests(service))
				.filter((request) => request.path === '/api/v3.0/sign/request/resend')
				.flatMap((request) => (request.body as { signUrls: string[] }).signUrls);
			return { execution, resent };
		};

		const first = await runOnce();
		expect([...first.resent].sort()).toEqual([...active].sort());
		const outcomes = output(first.execution, 'Resend Invitations').map(({ json }) => json);
		expect(outcomes.find((outcome) => outcome.signUrl === capped)).toEqual(
			expect.objectContaining({ resent: false }),
		);
		expect(outcomes.filter((outcome) => outcome.resent === true)).toHaveLength(active.length - 1);
		expect((await rowsOf(refusals)).map((row) => row.signUrl)).toEqual([capped]);

		const second = await runOnce();
		expect([...second.resent].sort()).toEqual(active.filter((url) => url !== capped).sort());
		expect(
			output(second.execution, 'Resend Invitations').every(({ json }) => json.resent === true),
		).toBe(true);
		expect(await rowsOf(refusals)).toHaveLength(1);
	});

	it('document-completed-archive.json: the last signature, given later, archives every file of the document', async () => {
		const { service, credential } = await account('archive');
		const folder = join(files, 'archive');
		mkdirSync(folder);
		const workflow = withFolder(
			exampleWorkflow('document-completed-archive.json'),
			ARCHIVE_FOLDER_IN_EXAMPLE,
			folder,
		);
		await saved(workflow, credential, 'DexE2ePipeArchiv');
		await activate('DexE2ePipeArchiv');
		await pasteWebhookUrls(service, workflow);

		// The seeded SENT document has two signers: the first signature starts nothing, the second completes it.
		const documentId = V3_SEED.sentDocumentId;
		await inviteeActs(service, documentId, 'sign-next');
		await sleep(2000);
		expect(await executionsOf(n8n, 'DexE2ePipeArchiv')).toEqual([]);
		await service.control('POST', `/__emulator/v3/documents/${documentId}/attachment`, {});
		expect((await inviteeActs(service, documentId, 'sign-next')).status).toBe('COMPLETED');

		const [finished] = await finishedExecutions(n8n, 'DexE2ePipeArchiv', 1);
		const execution = await n8n.execution(finished.id);
		expectSuccess(execution);
		const [archived] = output(execution, 'Download All Files');
		const listed = archived.json.files as Array<{ kind: string; fileName: string }>;
		expect(listed.map((file) => file.kind)).toEqual(
			expect.arrayContaining(['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT']),
		);
		// The item holds every file as a binary, and each is on disk.
		expect(Object.keys(archived.binary ?? {})).toHaveLength(listed.length);
		expect(readdirSync(folder).sort()).toEqual(
			listed.map((file) => `${documentId}_${file.fileName}`).sort(),
		);
		for (const file of listed)
			expect(
				readFileSync(join(folder, `${documentId}_${file.fileName}`))
					.subarray(0, 5)
					.toString(),
			).toBe('%PDF-');
	});
});
