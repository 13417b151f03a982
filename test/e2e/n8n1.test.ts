import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { ensureN8n, N8N_1_SPEC } from '../../scripts/lib/install';
import { nodeOutput, type N8n, type StoredExecution } from '../../scripts/lib/n8n';
import { paths } from '../../scripts/lib/paths';
import {
	DEMO_SIGNING,
	demoCredential,
	exampleWorkflows,
	PIPELINE_EXAMPLE,
	runPipeline,
	serviceCopy,
	type ImportableWorkflow,
	type PipelineSummary,
} from '../../scripts/lib/pipeline';
import { V3_SEED } from '../emulator/families/v3';
import { makePdf } from '../fixtures/pdf';
import {
	ARCHIVE_FOLDER_IN_EXAMPLE,
	BULK_FOLDER_IN_EXAMPLE,
	csvRecords,
	emulator,
	expectApprovalThenSignature,
	finishedExecutions,
	n8nWithPackage,
	PACKAGE,
	waitForRegistration,
	withFolder,
} from './support';

const BULK_SEND = 'bulk-send.json';
const APPROVAL = 'reviewer-approval.json';
const ARCHIVE = 'document-completed-archive.json';
/** The webhook trigger of reviewer-approval.json and document-completed-archive.json. */
const TRIGGER_NAME = 'Document Execution Trigger';
const APPROVED_STAND_IN = 'Tell the Team: Approved (stand-in: replace with Slack or e-mail)';
const REJECTED_STAND_IN = 'Tell the Sender: Rejected (stand-in: replace with Slack or e-mail)';

/** examples/<file> as pipeline.ts prepares it for import: its id from the file name, the demo's credential. */
function example(file: string): ImportableWorkflow {
	const found = exampleWorkflows().find((workflow) => workflow.file === file);
	if (!found) throw new Error(`examples/${file} is missing`);
	return found;
}

const ran = (execution: StoredExecution, node: string) =>
	Boolean(execution.data.resultData.runData[node]?.length);

/**
 * Many self-hosters still run n8n 1.x: the newest 1.x from the registry (on Node 24, as 2.x) loads the
 * packed package (its three nodes and both credentials), and the examples that need nothing of n8n 2.x run in
 * it against an emulator whose invitees act later (a reviewer approves, then the signer signs): the polling
 * example waits for them and downloads the signed PDF; bulk-send sends a CSV file's rows and writes its
 * results file; reviewer-approval and document-completed-archive, active, take the service's webhooks of those
 * later actions. Files go to a folder of the test's own, the only one n8n may use (N8N_RESTRICT_FILE_ACCESS_TO,
 * as the examples' notes tell a user to set).
 */
describe(`the packed package in n8n ${N8N_1_SPEC.version}`, () => {
	let n8n: N8n;
	let service: EmulatorProcess;
	const files = mkdtempSync(join(tmpdir(), 'dex-e2e-n8n1-'));
	const bulkFolder = join(files, 'bulk-send');
	const archiveFolder = join(files, 'archive');
	let workflows: Record<'polling' | 'bulkSend' | 'approval' | 'archive', ImportableWorkflow>;

	beforeAll(async () => {
		await ensureN8n(N8N_1_SPEC);
		service = await emulator('n8n1', { inviteesActAfter: DEMO_SIGNING });
		n8n = await n8nWithPackage('n8n1', N8N_1_SPEC);
		n8n.withEnv({ N8N_RESTRICT_FILE_ACCESS_TO: files });
		mkdirSync(bulkFolder);
		mkdirSync(archiveFolder);
		workflows = {
			polling: example(PIPELINE_EXAMPLE),
			bulkSend: withFolder(example(BULK_SEND), BULK_FOLDER_IN_EXAMPLE, bulkFolder),
			approval: example(APPROVAL),
			archive: withFolder(example(ARCHIVE), ARCHIVE_FOLDER_IN_EXAMPLE, archiveFolder),
		};
		await n8n.importCredentials([demoCredential(service)]);
		await n8n.importWorkflows(
			Object.values(workflows).map(({ file: _file, ...importable }) => importable),
		);
		await n8n.start();
		await n8n.setupOwner();
	}, 1_200_000);

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
		rmSync(files, { recursive: true, force: true });
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
		const summary = await runPipeline(n8n, service);
		expect(summary.documentId).toMatch(/\S+/);
		expectApprovalThenSignature(summary.rounds);
		expect(summary.status).toBe('COMPLETED');
		expect(summary.pdf).toEqual(
			expect.objectContaining({ isPdf: true, matchesService: true, mimeType: 'application/pdf' }),
		);
	});

	it(`runs examples/${BULK_SEND} with n8n execute: its results file gives each CSV row's Document ID, or why the service refused it`, async () => {
		const shipped = readFileSync(join(paths.examples, 'bulk-send.csv'), 'utf8').trim();
		const refused = 'HR-2026/0004,Offer Letter - R Das.pdf,offer-r-das.pdf,Rohan Das,not-an-email,';
		writeFileSync(join(bulkFolder, 'bulk-send.csv'), `${shipped}\n${refused}\n`);
		const rows = csvRecords(readFileSync(join(bulkFolder, 'bulk-send.csv'), 'utf8'));
		for (const row of rows) writeFileSync(join(bulkFolder, row.pdfFile), makePdf(row.documentName));

		const execution = await n8n.execute(workflows.bulkSend.id);
		const error = execution.run?.data.resultData.error;
		if (!execution.run || error)
			throw new Error(
				`${BULK_SEND}: ${error?.message ?? `no run:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`}`,
			);

		const results = csvRecords(readFileSync(join(bulkFolder, 'bulk-send-results.csv'), 'utf8'));
		expect(results.map(({ irn, documentName }) => ({ irn, documentName }))).toEqual(
			rows.map(({ irn, documentName }) => ({ irn, documentName })),
		);
		expect(results.at(-1)).toEqual(
			expect.objectContaining({
				documentId: '',
				error: expect.stringContaining('must be an e-mail address'),
			}),
		);
		// Each sent row's document, as the service holds it: the row's IRN, sent to the row's signer.
		for (const [index, result] of results.slice(0, -1).entries()) {
			expect(result).toEqual(
				expect.objectContaining({ documentId: expect.stringMatching(/\S/), error: '' }),
			);
			const response = await fetch(
				`${service.info.baseUrl}/v3.2/sign/request?documentId=${encodeURIComponent(result.documentId)}`,
				{ headers: { 'X-Auth-Token': service.info.authToken } },
			);
			const { data } = (await response.json()) as {
				data: { irn: string; requests: Array<{ name: string }> };
			};
			expect({ irn: data.irn, signers: data.requests.map(({ name }) => name) }).toEqual({
				irn: rows[index].irn,
				signers: [rows[index].inviteeName],
			});
		}
	});

	/**
	 * The two examples an event starts, active in n8n 1.x, their trigger's production URLs pasted on the
	 * invitees of the workflow the polling example sends with, as their notes ask: the reviewer's (first
	 * invitee's) Webhook URL is reviewer-approval's /success, the signer's is the archive's /success, and both
	 * Error Webhook URLs are reviewer-approval's /error. The polling example then sends one document; its
	 * reviewer approves later and its signer signs later, and the service delivers each action's webhook.
	 */
	describe(`examples/${APPROVAL} and examples/${ARCHIVE}, active while a document is signed`, () => {
		let sent: PipelineSummary;

		const triggerUrl = (workflow: ImportableWorkflow, route: 'success' | 'error') =>
			`${n8n.url}/webhook/${workflow.nodes.find((node) => node.webhookId)?.webhookId}/${route}`;
		/** The workflow's invitee webhook URLs in the service's dashboard, one entry per invitee in signing order. */
		async function pasteWebhookUrls(
			invitees: Array<{ webhookUrl: string; errorWebhookUrl: string }>,
		) {
			const path = `/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`;
			expect((await service.control('PUT', path, { invitees })).status).toBe(200);
		}

		/** The workflow's finished executions, with their data, that the document's webhooks started. */
		async function executionsFor(workflow: ImportableWorkflow): Promise<StoredExecution[]> {
			const executions = await Promise.all(
				(await finishedExecutions(n8n, workflow.id, 1)).map(({ id }) => n8n.execution(id)),
			);
			return executions.filter(
				(execution) =>
					(nodeOutput(execution, TRIGGER_NAME)[0]?.json.event as { documentId?: string })
						?.documentId === sent.documentId,
			);
		}

		beforeAll(async () => {
			for (const workflow of [workflows.approval, workflows.archive]) {
				const stored = await n8n.rest<{ versionId: string }>(
					'GET',
					`/rest/workflows/${workflow.id}`,
				);
				await n8n.rest('POST', `/rest/workflows/${workflow.id}/activate`, {
					versionId: stored.versionId,
				});
				await waitForRegistration(triggerUrl(workflow, 'success'));
			}
			const rejections = triggerUrl(workflows.approval, 'error');
			await waitForRegistration(rejections);
			await pasteWebhookUrls([
				{ webhookUrl: triggerUrl(workflows.approval, 'success'), errorWebhookUrl: rejections },
				{ webhookUrl: triggerUrl(workflows.archive, 'success'), errorWebhookUrl: rejections },
			]);
			sent = await runPipeline(n8n, service);
		});

		// The documents the other tests send notify nobody.
		afterAll(async () => await pasteWebhookUrls([]));

		it(`${APPROVAL}: the reviewer's approval, given later, tells the team once, naming the document and the reviewer`, async () => {
			const executions = await executionsFor(workflows.approval);
			expect(executions.map(({ status, mode }) => ({ status, mode }))).toEqual([
				{ status: 'success', mode: 'webhook' },
			]);
			const [told] = nodeOutput(executions[0], APPROVED_STAND_IN);
			expect(told.json).toEqual(
				expect.objectContaining({
					event: expect.objectContaining({
						kind: 'REVIEWER_APPROVAL',
						documentId: sent.documentId,
						invitee: expect.objectContaining({ name: 'Ravi Menon' }),
					}),
					macVerification: expect.objectContaining({ verified: true }),
				}),
			);
			expect(ran(executions[0], REJECTED_STAND_IN)).toBe(false);
		});

		it(`${ARCHIVE}: the signature that completes the document, given later, writes its signed PDF and audit trail to the folder`, async () => {
			const executions = await executionsFor(workflows.archive);
			expect(executions.map(({ status, mode }) => ({ status, mode }))).toEqual([
				{ status: 'success', mode: 'webhook' },
			]);
			const [downloaded] = nodeOutput(executions[0], 'Download All Files');
			const listed = downloaded.json.files as Array<{ kind: string; fileName: string }>;
			expect(listed.map(({ kind }) => kind)).toEqual(
				expect.arrayContaining(['DOCUMENT', 'AUDIT_TRAIL']),
			);
			const archived = ({ fileName }: { fileName: string }) => `${sent.documentId}_${fileName}`;
			expect(
				readdirSync(archiveFolder)
					.filter((name) => name.startsWith(`${sent.documentId}_`))
					.sort(),
			).toEqual(listed.map(archived).sort());
			for (const file of listed)
				expect(
					readFileSync(join(archiveFolder, archived(file)))
						.subarray(0, 5)
						.toString(),
				).toBe('%PDF-');
			// The signed PDF on disk is the service's signed copy (the one the polling example downloaded).
			const signed = listed.find(({ kind }) => kind === 'DOCUMENT')!;
			expect(
				readFileSync(join(archiveFolder, archived(signed))).equals(
					await serviceCopy(service, sent.documentId),
				),
			).toBe(true);
		});
	});
});
