import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import {
	nodeOutput,
	type N8n,
	type N8nItem,
	type N8nRun,
	type StoredExecution,
} from '../../scripts/lib/n8n';
import {
	binaryBytes,
	PIPELINE_EXAMPLE,
	statusRounds,
	withPollingSettings,
	type PollingSettings,
} from '../../scripts/lib/pipeline';
import { V3_SEED } from '../emulator/families/v3';
import {
	ARCHIVE_FOLDER_IN_EXAMPLE,
	emulator,
	expectApprovalThenSignature,
	exampleWorkflow,
	exampleWorkflows,
	executionsOf,
	finishedExecutions,
	n8nWithPackage,
	PACKAGE,
	sendSigningRequest,
	tokenCredential,
	waitForRegistration,
	withCredentials,
	withFolder,
	type ExampleWorkflow,
} from './support';
import { servicePaths } from '../support/servicePaths';

const NODE = `${PACKAGE}.documentExecution`;
const TRIGGER = `${PACKAGE}.documentExecutionTrigger`;
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';

/** Seed for the examples: enough packs that a complete pack search needs several pages. */
const SEED = { packCount: 95 };
/**
 * As on the live service, invitees act later, one by one: each 3 s after its turn starts, the first a reviewer
 * who approves (the emulator's "invitees act later" mode), so that the polling example waits for them.
 */
const SIGNING = { ms: 3000, reviewerPositions: [1] };
/** The polling example reads the status every second here (the example says every 15 minutes). */
const POLLING: PollingSettings = { pollEverySeconds: 1, maxRounds: 30 };

interface Recorded {
	method: string;
	path: string;
	query: Record<string, string>;
}

interface ExampleRun {
	run: N8nRun;
	requests: Recorded[];
	n8n: N8n;
	service: EmulatorProcess;
}

const ourNodes = (workflow: ExampleWorkflow['workflow']) =>
	workflow.nodes.filter((node) => node.type === NODE);

function outputsOf(
	result: ExampleRun,
	workflow: ExampleWorkflow['workflow'],
): Array<{ node: string; items: N8nItem[] }> {
	return ourNodes(workflow)
		.filter((node) => result.run.data.resultData.runData[node.name])
		.map((node) => ({ node: node.name, items: nodeOutput(result.run, node.name) }));
}

const pdfItems = (outputs: Array<{ items: N8nItem[] }>) =>
	outputs
		.flatMap(({ items }) => items)
		.filter((item) =>
			Object.values(item.binary ?? {}).some((binary) => binary.mimeType === 'application/pdf'),
		);

/** The file as the service hands it out, by the same request the node made (to compare sizes). */
async function serviceBytes(service: EmulatorProcess, request: Recorded): Promise<Buffer> {
	const url = new URL(`${service.info.origin}${request.path}`);
	for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
	url.searchParams.set('mode', 'stream');
	const response = await fetch(url, { headers: { 'X-Auth-Token': service.info.authToken } });
	const type = response.headers.get('content-type') ?? '';
	if (type.includes('json')) {
		const answer = (await response.json()) as { data?: { file?: string; url?: string } };
		const link = answer.data?.file ?? answer.data?.url;
		if (!link) throw new Error(`No file link in ${JSON.stringify(answer)}`);
		return Buffer.from(await (await fetch(link)).arrayBuffer());
	}
	return Buffer.from(await response.arrayBuffer());
}

/** What each example must show, beyond "every node of ours ran without an error". */
const checks: Record<
	string,
	(result: ExampleRun, workflow: ExampleWorkflow['workflow']) => Promise<void>
> = {
	'search-packs-download.json': async (result, workflow) => {
		const outputs = outputsOf(result, workflow);
		const searches = result.requests.filter((request) => request.path === '/api/v4/packs/search');
		expect(searches).toHaveLength(1);
		expect(searches[0].query).toEqual(expect.objectContaining({ status: 'COMPLETED', max: '3' }));
		const [found] = outputs.filter(({ node }) => node === 'Search Completed Packs');
		expect(found.items).toHaveLength(3);
		expect(result.requests.filter((request) => request.path === '/api/v4/packs')).toHaveLength(3);
		const downloads = result.requests.filter(
			(request) => request.path === '/api/v4/packs/download',
		);
		const pdfs = pdfItems(outputs);
		expect(pdfs.length).toBe(downloads.length);
		expect(pdfs.length).toBeGreaterThanOrEqual(3);
		// n8n may send the items' requests concurrently: pair each file with its request by document ID.
		for (const item of pdfs) {
			const download = downloads.find(
				(request) => request.query.documentId === item.json.documentId,
			);
			expect(download).toBeDefined();
			await expectSameFile(result, item, download!);
		}
	},
};

async function expectPdfOfServiceSize(
	result: ExampleRun,
	outputs: Array<{ items: N8nItem[] }>,
	downloadPath: string,
): Promise<void> {
	const pdfs = pdfItems(outputs);
	expect(pdfs.length).toBeGreaterThan(0);
	const downloads = result.requests.filter((request) => request.path === downloadPath);
	expect(downloads.length).toBeGreaterThan(0);
	await expectSameFile(result, pdfs[pdfs.length - 1], downloads[downloads.length - 1]);
}

/** The PDF n8n holds for an item is the file the service serves for that download request, byte for byte. */
async function expectSameFile(
	result: Pick<ExampleRun, 'n8n' | 'service'>,
	item: N8nItem,
	download: Recorded,
): Promise<void> {
	const property = Object.keys(item.binary!).find(
		(key) => item.binary![key].mimeType === 'application/pdf',
	)!;
	const bytes = binaryBytes(result.n8n, item, property);
	expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	const expected = await serviceBytes(result.service, download);
	expect(bytes.length).toBe(expected.length);
	expect(bytes.equals(expected)).toBe(true);
}

const STATUS_PATH = servicePaths.status;
const FETCH_PATH = '/api/v3.3/document/fetchDocument';
/** The polling example's stand-ins. */
const NOTIFY_STAND_IN = 'Notify the team (stand-in: replace with Slack/Email)';
const GAVE_UP_STAND_IN = 'Gave up (stand-in: alert someone to follow up)';

const BULK_SEND = 'bulk-send.json';

// bulk-send.json runs in a server of its own (bulk-send.test.ts), the polling example in each of its branches
// in tests of their own.
const runnable = exampleWorkflows().filter(
	({ file, workflow }) =>
		file !== BULK_SEND &&
		file !== PIPELINE_EXAMPLE &&
		workflow.nodes.some((node) => node.type === MANUAL_TRIGGER),
);

/**
 * Every example workflow in examples/ that starts by hand runs with `n8n execute` in a real n8n against the
 * emulator, and its output is asserted (the examples an event starts run below, or in trigger.test.ts).
 */
describe('the example workflows in a real n8n', () => {
	let n8n: N8n;
	let service: EmulatorProcess;
	let credential: ReturnType<typeof tokenCredential>;

	beforeAll(async () => {
		service = await emulator('examples', { seed: SEED, inviteesActAfter: SIGNING });
		n8n = await n8nWithPackage('examples');
		credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
	});

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it('has examples to run (or says that none have landed yet)', () => {
		if (runnable.length === 0)
			process.stdout.write('examples/ holds no manually started workflow yet\n');
		expect(Array.isArray(runnable)).toBe(true);
	});

	const table = runnable.map((example, index) => [example.file, example, index] as const);
	(table.length ? it.each(table) : it.skip.each([['(no example yet)', runnable[0], 0] as const]))(
		'%s runs and its output is right',
		async (file, example, index) => {
			const id = `DexE2eExample${String(index).padStart(3, '0')}`;
			await n8n.importWorkflow(withCredentials(example.workflow, [credential], id));
			await service.control('DELETE', '/__emulator/requests');
			const execution = await n8n.execute(id);
			if (!execution.run)
				throw new Error(
					`${file}: n8n printed no run:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`,
				);
			const error = execution.run.data.resultData.error;
			if (error)
				throw new Error(`${file} failed in n8n: ${error.message} ${error.description ?? ''}`);
			const requests = (await service.control<Recorded[]>('GET', '/__emulator/requests')).body;
			const result: ExampleRun = { run: execution.run, requests, n8n, service };
			const outputs = outputsOf(result, example.workflow);
			expect(outputs.length).toBeGreaterThan(0);
			await checks[file]?.(result, example.workflow);
		},
	);

	/**
	 * The polling example with `settings`, run with `n8n execute` while `meanwhile` runs (a test's stand-in for an
	 * invitee who acts on their own).
	 */
	async function runPolling(
		id: string,
		settings: PollingSettings,
		meanwhile: () => Promise<void> = async () => undefined,
	) {
		const workflow = withPollingSettings(exampleWorkflow(PIPELINE_EXAMPLE), settings);
		await n8n.importWorkflow(withCredentials(workflow, [credential], id));
		await service.control('DELETE', '/__emulator/requests');
		const [execution] = await Promise.all([n8n.execute(id), meanwhile()]);
		const error = execution.run?.data.resultData.error;
		if (!execution.run || error)
			throw new Error(
				`${PIPELINE_EXAMPLE}: ${error?.message ?? `no run:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`}`,
			);
		const requests = (await service.control<Recorded[]>('GET', '/__emulator/requests')).body;
		const result: ExampleRun = { run: execution.run, requests, n8n, service };
		const ran = (node: string) => execution.run!.data.resultData.runData[node]?.length ?? 0;
		const statusReads = requests.filter((request) => request.path === STATUS_PATH);
		const documentId = statusReads[0]?.query.documentId;
		return {
			result,
			workflow,
			rounds: statusRounds(execution.run, 'Get Status'),
			endedOn: execution.run.data.resultData.lastNodeExecuted,
			ran,
			documentId,
			statusReads,
			fetches: requests.filter((request) => request.path === FETCH_PATH),
		};
	}

	it(`${PIPELINE_EXAMPLE}: waits while the reviewer approves and the signer signs, then downloads the signed PDF`, async () => {
		const polled = await runPolling('DexE2ePollSigned', POLLING);

		expectApprovalThenSignature(polled.rounds);
		const schedule = await service.control<{ invitees: unknown[] }>(
			'GET',
			`/__emulator/invitee-schedule?documentId=${polled.documentId}`,
		);
		expect(schedule.body.invitees).toEqual([
			{ name: 'Ravi Menon', state: 'approved' },
			{ name: 'Asha Rao', state: 'signed' },
		]);

		// One status read per round, each after a wait; one download, after the last read.
		expect(polled.statusReads).toHaveLength(polled.rounds.length);
		expect(polled.ran('Wait Before Checking')).toBe(polled.rounds.length);
		expect(polled.endedOn).toBe('Download Signed PDF');
		expect(polled.ran(NOTIFY_STAND_IN)).toBe(0);
		expect(polled.ran(GAVE_UP_STAND_IN)).toBe(0);
		expect(polled.fetches).toHaveLength(1);
		expect(polled.result.requests.indexOf(polled.fetches[0])).toBeGreaterThan(
			polled.result.requests.indexOf(polled.statusReads.at(-1)!),
		);
		await expectPdfOfServiceSize(
			polled.result,
			outputsOf(polled.result, polled.workflow),
			FETCH_PATH,
		);
	});

	it(`${PIPELINE_EXAMPLE}: an invitee who rejects reaches the notification stand-in, with the document still SENT`, async () => {
		const rejectAfterFirstRound = async () => {
			// n8n execute starts n8n first (15 s or more under load); the request comes after.
			for (let tries = 0; tries < 600; tries++) {
				const reads = (
					await service.control<Recorded[]>('GET', '/__emulator/requests')
				).body.filter((request) => request.path === STATUS_PATH);
				if (reads.length) {
					const rejected = await service.control(
						'POST',
						`/__emulator/v3/documents/${reads[0].query.documentId}/reject`,
						{ reason: 'Wrong address' },
					);
					expect(rejected.status).toBe(200);
					return;
				}
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
			throw new Error('The flow read no status within 120 s');
		};
		const polled = await runPolling('DexE2ePollReject', POLLING, rejectAfterFirstRound);

		expect(polled.endedOn).toBe(NOTIFY_STAND_IN);
		const [notified] = nodeOutput(polled.result.run, NOTIFY_STAND_IN);
		expect(notified.json).toEqual(
			expect.objectContaining({
				documentId: polled.documentId,
				status: 'SENT',
				// Whoever's turn it was (the reviewer, unless the first read came late).
				invitees: expect.arrayContaining([expect.objectContaining({ state: 'REJECTED' })]),
			}),
		);
		expect(polled.ran('Download Signed PDF')).toBe(0);
		expect(polled.fetches).toEqual([]);
	});

	it(`${PIPELINE_EXAMPLE}: still pending after its last round, it gives up`, async () => {
		// One round of a second, well before the reviewer acts (3 s after the request is sent).
		const polled = await runPolling('DexE2ePollGiveUp', { pollEverySeconds: 1, maxRounds: 1 });

		expect(polled.rounds).toEqual([expect.objectContaining({ status: 'SENT' })]);
		expect(polled.endedOn).toBe(GAVE_UP_STAND_IN);
		expect(polled.ran('Wait Before Checking')).toBe(1);
		expect(polled.fetches).toEqual([]);
	});

	/** Get Status's runs in a polled execution: the status each read gave, or "failed" on its error output. */
	const statusReads = (polled: Awaited<ReturnType<typeof runPolling>>) =>
		polled.result.run.data.resultData.runData['Get Status'].map((run) =>
			run.data?.main[0]?.length ? String(run.data.main[0][0].json.status) : 'failed',
		);
	const createsIn = (polled: Awaited<ReturnType<typeof runPolling>>) =>
		polled.result.requests.filter(
			(request) => request.method === 'POST' && request.path === servicePaths.create,
		);
	/** The service fails the next `times` status reads with a 503 (a moment's outage). */
	const failStatusReads = async (times: number) =>
		await service.control('POST', '/__emulator/faults', {
			path: STATUS_PATH,
			kind: 'http503',
			times,
		});

	it(`${PIPELINE_EXAMPLE}: a status read that fails goes back into the wait, and the flow still downloads the signed PDF`, async () => {
		await failStatusReads(1);
		const polled = await runPolling('DexE2ePollFailOnce', POLLING);

		const reads = statusReads(polled);
		expect(reads[0]).toBe('failed');
		expect(reads.slice(1)).not.toContain('failed');
		expect(reads.at(-1)).toBe('COMPLETED');
		expect(polled.ran('Read Again?')).toBe(1);
		expect(polled.ran('Wait Before Checking')).toBe(reads.length);
		expect(polled.endedOn).toBe('Download Signed PDF');
		expect(polled.ran(GAVE_UP_STAND_IN)).toBe(0);
		expect(createsIn(polled)).toHaveLength(1);
		expect(polled.fetches).toHaveLength(1);
	});

	it(`${PIPELINE_EXAMPLE}: after maxFailedReads failed status reads it gives up, and never creates again`, async () => {
		const settings = exampleWorkflow(PIPELINE_EXAMPLE).nodes.find(
			(node) => node.name === 'Polling Settings',
		)!.parameters as { assignments: { assignments: Array<{ name: string; value: number }> } };
		const maxFailedReads = settings.assignments.assignments.find(
			({ name }) => name === 'maxFailedReads',
		)!.value;
		expect(maxFailedReads).toBeGreaterThan(1);
		await failStatusReads(maxFailedReads);
		const polled = await runPolling('DexE2ePollFailing', POLLING);

		expect(statusReads(polled)).toEqual(Array.from({ length: maxFailedReads }, () => 'failed'));
		expect(polled.endedOn).toBe(GAVE_UP_STAND_IN);
		expect(polled.ran('Signed Yet?')).toBe(0);
		expect(createsIn(polled)).toHaveLength(1);
		expect(polled.fetches).toEqual([]);
	});

	const packExample = runnable.find((example) => example.file === 'search-packs-download.json');
	(packExample ? it : it.skip)(
		'search-packs-download.json with Return All (pages of 10) pages through every completed pack',
		async () => {
			// The example's search node alone, switched to Return All with a small page size.
			const search = packExample!.workflow.nodes.find(
				(node) => node.name === 'Search Completed Packs',
			)!;
			const start = packExample!.workflow.nodes.find((node) => node.type === MANUAL_TRIGGER)!;
			const parameters: Record<string, unknown> = {
				...(search.parameters as Record<string, unknown>),
				returnAll: true,
			};
			delete parameters.limit;
			// Pages of 10, so that the completed packs of the seed span several pages.
			parameters.options = {
				...((parameters.options as Record<string, unknown>) ?? {}),
				pageSize: 10,
			};
			const variant = {
				...packExample!.workflow,
				nodes: [start, { ...search, parameters }],
				connections: { [start.name]: { main: [[{ node: search.name, type: 'main', index: 0 }]] } },
			};
			await n8n.importWorkflow(withCredentials(variant, [credential], 'DexE2ePackPaging'));
			await service.control('DELETE', '/__emulator/requests');
			const execution = await n8n.execute('DexE2ePackPaging');
			expect(execution.run?.data.resultData.error).toBeUndefined();
			const packs = nodeOutput(execution.run!, search.name);
			const searches = (
				await service.control<Recorded[]>('GET', '/__emulator/requests')
			).body.filter((r) => r.path === '/api/v4/packs/search');
			expect(searches.length).toBeGreaterThan(1);
			expect(searches.map((request) => Number(request.query.offset ?? 0))).toEqual(
				searches.map((_, index) => index * Number(searches[0].query.max)),
			);
			// Every completed pack, once: as many as the service reports page by page.
			let total = 0;
			for (let offset = 0; ; offset += 40) {
				const url = `${service.info.baseUrl}/v4/packs/search?status=COMPLETED&max=40&offset=${offset}`;
				const page = (await (
					await fetch(url, { headers: { 'X-Auth-Token': service.info.authToken } })
				).json()) as { data: { records: unknown[] } };
				total += page.data.records.length;
				if (page.data.records.length < 40) break;
			}
			expect(total).toBeGreaterThan(20);
			expect(packs).toHaveLength(total);
			expect(new Set(packs.map((item) => item.json.packId)).size).toBe(total);
		},
	);
});

const EVENT_STARTED = {
	approval: { id: 'DexE2eExampleEv1', file: 'reviewer-approval.json' },
	archive: { id: 'DexE2eExampleEv2', file: 'document-completed-archive.json' },
	alerts: { id: 'DexE2eExampleEv3', file: 'capacity-alerts-notify.json' },
	safetyNet: { id: 'DexE2eExampleEv4', file: 'webhook-with-poll-safety-net.json' },
};
type EventStarted = keyof typeof EVENT_STARTED;

/**
 * The examples an event starts, imported and activated in a running n8n as a user would: the service's webhooks
 * (delivered by the emulator to n8n's production URLs) start the reviewer-approval and archive flows; the
 * capacity alert fires at activation, n8n's first poll. The archive is written to a folder the test makes, the
 * only one n8n may write to (N8N_RESTRICT_FILE_ACCESS_TO, as the example's notes tell a user to set). The
 * safety net's two triggers both run: the service's webhook when a signer signs, its poll when activated.
 */
describe('the examples an event starts, active in a real n8n', () => {
	let n8n: N8n;
	let service: EmulatorProcess;
	const archiveFolder = mkdtempSync(join(tmpdir(), 'dex-e2e-archive-'));

	const webhookUrl = (key: EventStarted) => {
		const trigger = exampleWorkflow(EVENT_STARTED[key].file).nodes.find(
			(node) => node.type === TRIGGER,
		) as unknown as { webhookId: string };
		return `${n8n.url}/webhook/${trigger.webhookId}/success`;
	};

	/** The workflow's executions once `count` have finished, oldest first, with their data. */
	const executionsWithData = async (key: EventStarted, count: number) =>
		await Promise.all(
			(await finishedExecutions(n8n, EVENT_STARTED[key].id, count)).map(({ id }) =>
				n8n.execution(id),
			),
		);

	/** Delivers a webhook as the service sends it, to the example's production URL, and sees n8n take it. */
	async function deliver(key: EventStarted, body: Record<string, unknown>): Promise<void> {
		const delivery = await service.control<{ attempts: Array<{ status: number }> }>(
			'POST',
			'/__emulator/webhooks/deliver',
			{ retries: 0, url: webhookUrl(key), ...body },
		);
		expect(delivery.body.attempts).toEqual([expect.objectContaining({ status: 200 })]);
	}

	/** The v3 webhook of an invitee's signature. */
	const signature = (documentId: string) => ({ shape: 'v3', event: 'signed', documentId });

	beforeAll(async () => {
		service = await emulator('examples-active');
		n8n = await n8nWithPackage('examples-active');
		n8n.withEnv({ N8N_RESTRICT_FILE_ACCESS_TO: archiveFolder });
		const credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
		for (const [key, { id, file }] of Object.entries(EVENT_STARTED)) {
			const workflow =
				key === 'archive'
					? withFolder(exampleWorkflow(file), ARCHIVE_FOLDER_IN_EXAMPLE, archiveFolder)
					: exampleWorkflow(file);
			await n8n.importWorkflow(withCredentials(workflow, [credential], id));
		}
		await n8n.start();
		await n8n.setupOwner();
		for (const key of Object.keys(EVENT_STARTED)) await activate(key as EventStarted);
	});

	/** Activates the example's stored version; once n8n takes its webhook, if it has one. */
	async function activate(key: EventStarted): Promise<void> {
		const { id } = EVENT_STARTED[key];
		const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
		await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId: stored.versionId });
		if (key !== 'alerts') await waitForRegistration(webhookUrl(key));
	}

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
		rmSync(archiveFolder, { recursive: true, force: true });
	});

	it('reviewer-approval.json: an approval reaches the notify stand-in once; a signature starts nothing', async () => {
		const documentId = V3_SEED.sentDocumentId;
		await deliver('approval', { documentId });
		await deliver('approval', signature(documentId));

		await new Promise((resolve) => setTimeout(resolve, 2000));
		const executions = await executionsWithData('approval', 1);
		expect(executions.map(({ status, mode }) => ({ status, mode }))).toEqual([
			{ status: 'success', mode: 'webhook' },
		]);
		const [notified] = nodeOutput(
			executions[0],
			'Tell the Team: Approved (stand-in: replace with Slack or e-mail)',
		);
		expect(notified.json).toEqual(
			expect.objectContaining({
				eventType: 'REVIEWER_APPROVAL',
				event: expect.objectContaining({ documentId }),
				macVerification: expect.objectContaining({ verified: true }),
			}),
		);
	});

	it('document-completed-archive.json: the completing signature writes every file of the document to the folder, as the service serves it', async () => {
		const documentId = V3_SEED.completedDocumentId;
		await service.control('DELETE', '/__emulator/requests');
		await deliver('archive', signature(documentId));

		const [execution] = await executionsWithData('archive', 1);
		expect(execution.data.resultData.error).toBeUndefined();
		expect(execution.status).toBe('success');
		const [downloaded] = nodeOutput(execution, 'Download All Files');
		const files = downloaded.json.files as Array<{
			kind: string;
			index: number | null;
			fileName: string;
		}>;
		expect(files.map((file) => file.kind)).toEqual(
			expect.arrayContaining(['DOCUMENT', 'AUDIT_TRAIL']),
		);
		expect(nodeOutput(execution, 'Write Files to Disk')).toHaveLength(files.length);

		const archived = (file: { fileName: string }) => `${documentId}_${file.fileName}`;
		expect(readdirSync(archiveFolder).sort()).toEqual(files.map(archived).sort());
		const fetches = (await service.control<Recorded[]>('GET', '/__emulator/requests')).body.filter(
			(request) => request.path === '/api/v3.3/document/fetchDocument',
		);
		for (const file of files) {
			const request = fetches.find(
				(candidate) =>
					candidate.query.documentDownloadType === file.kind &&
					(file.index === null || candidate.query.index === String(file.index)),
			);
			expect(request).toBeDefined();
			const written = readFileSync(join(archiveFolder, archived(file)));
			expect(written.equals(await serviceBytes(service, request!))).toBe(true);
		}
	});

	it('capacity-alerts-notify.json: activation polls once and the series that runs low reaches the notify stand-in', async () => {
		const executions = await executionsWithData('alerts', 1);
		expect(executions.map(({ status, mode }) => ({ status, mode }))).toEqual([
			{ status: 'success', mode: 'trigger' },
		]);
		const notified = nodeOutput(
			executions[0],
			'Notify the ops team (stand-in: replace with Slack or e-mail)',
		);
		expect(notified.map((item) => item.json)).toEqual([
			expect.objectContaining({
				event: 'stampSeriesRunningLow',
				seriesNumber: V3_SEED.emptyStampSeries,
			}),
		]);
	});

	/** The safety net's nodes that show which trigger brought a document in, and what became of it. */
	const SAFETY_NET = {
		fromWebhook: 'Document ID from the Webhook',
		fromPoll: 'Document ID from the Poll',
		once: 'Once per Completed Document',
		download: 'Download Signed PDF',
	};

	/** A node's output items of one document in an execution (none when the node did not run). */
	const itemsOf = (execution: StoredExecution, node: string, documentId: string) =>
		execution.data.resultData.runData[node]
			? nodeOutput(execution, node).filter((item) => item.json.documentId === documentId)
			: [];

	/**
	 * The safety net's finished executions that brought the document in, by either trigger, oldest first: read
	 * 2 s after there were `count` (so that one more would show), or after 30 s.
	 */
	async function executionsOfDocument(
		documentId: string,
		count: number,
	): Promise<StoredExecution[]> {
		const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
		const read = async () => {
			const finished = (await executionsOf(n8n, EVENT_STARTED.safetyNet.id)).filter(
				({ status }) => !['new', 'running', 'waiting'].includes(status),
			);
			const executions = await Promise.all(finished.map(({ id }) => n8n.execution(id)));
			return executions
				.filter((execution) =>
					[SAFETY_NET.fromWebhook, SAFETY_NET.fromPoll].some(
						(node) => itemsOf(execution, node, documentId).length > 0,
					),
				)
				.sort((a, b) => Number(a.id) - Number(b.id));
		};
		for (let tries = 0; tries < 60 && (await read()).length < count; tries++) await sleep(500);
		await sleep(2000);
		return await read();
	}

	/** Pastes `url` as every signer's Webhook URL on the emulator's PDF workflow (the example's set-up, step 2). */
	async function pasteWebhookUrl(url: string): Promise<void> {
		const answer = await service.control(
			'PUT',
			`/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`,
			{ all: { webhookUrl: url } },
		);
		expect(answer.status).toBe(200);
	}

	/** The signer signs, which completes the document; answers where the service sent its webhook, and the answers. */
	async function signerSigns(documentId: string) {
		const signed = await service.control<{
			status: string;
			deliveries: Array<{ url: string; attempts: Array<{ status: number }> }>;
		}>('POST', `/__emulator/v3/documents/${documentId}/sign-all`, {});
		expect(signed.body.status).toBe('COMPLETED');
		return signed.body.deliveries.map(({ url, attempts }) => ({
			url,
			statuses: attempts.map(({ status }) => status),
		}));
	}

	/**
	 * Has the safety net poll now. n8n polls when it activates a workflow (that first poll is what the alerts
	 * example's test reads), so the test activates it again instead of waiting up to the example's 15 minutes.
	 * Where the poll stands in the service's list is the workflow's static data, which n8n keeps meanwhile.
	 */
	async function pollNow(): Promise<void> {
		await n8n.rest('POST', `/rest/workflows/${EVENT_STARTED.safetyNet.id}/deactivate`);
		await activate('safetyNet');
	}

	/** The requests that downloaded the document's files from the service. */
	const downloadsOf = async (documentId: string) =>
		(await service.control<Recorded[]>('GET', '/__emulator/requests')).body.filter(
			(request) => request.path === FETCH_PATH && request.query.documentId === documentId,
		);

	/**
	 * Where a webhook goes that n8n acknowledged and then lost (a worker that died mid-run, Redis restarted with
	 * the job queued): a receiver that answers 200, so that the service counts it delivered and never sends it
	 * again, and that starts nothing.
	 */
	async function acknowledgedAndLost() {
		const received: string[] = [];
		const server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				received.push(Buffer.concat(chunks).toString('utf8'));
				response.end();
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return {
			url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/lost`,
			received,
			close: () => new Promise<void>((resolve) => server.close(() => resolve())),
		};
	}

	it('webhook-with-poll-safety-net.json: the completing signature downloads the signed PDF once; the later poll of the document stops at Remove Duplicates', async () => {
		const documentId = await sendSigningRequest(service, 'Safety net - delivered.pdf');
		await pasteWebhookUrl(webhookUrl('safetyNet'));
		expect(await signerSigns(documentId)).toEqual([
			{ url: webhookUrl('safetyNet'), statuses: [200] },
		]);

		const [byWebhook, ...others] = await executionsOfDocument(documentId, 1);
		expect(others).toEqual([]);
		expect(byWebhook).toEqual(expect.objectContaining({ status: 'success', mode: 'webhook' }));
		expect(itemsOf(byWebhook, SAFETY_NET.fromWebhook, documentId)).toHaveLength(1);
		const [pdf] = itemsOf(byWebhook, SAFETY_NET.download, documentId);
		expect(pdf).toBeDefined();

		await pollNow();
		const handled = await executionsOfDocument(documentId, 2);
		expect(handled.map(({ status, mode }) => ({ status, mode }))).toEqual([
			{ status: 'success', mode: 'webhook' },
			{ status: 'success', mode: 'trigger' },
		]);
		const byPoll = handled[1];
		expect(itemsOf(byPoll, SAFETY_NET.fromPoll, documentId).map(({ json }) => json.seenBy)).toEqual(
			['poll'],
		);
		expect(byPoll.data.resultData.lastNodeExecuted).toBe(SAFETY_NET.once);
		expect(itemsOf(byPoll, SAFETY_NET.once, documentId)).toEqual([]);
		expect(
			handled.map((execution) => itemsOf(execution, SAFETY_NET.download, documentId).length),
		).toEqual([1, 0]);
		const downloads = await downloadsOf(documentId);
		expect(downloads).toHaveLength(1);
		await expectSameFile({ n8n, service }, pdf, downloads[0]);
	});

	it('webhook-with-poll-safety-net.json: a completed document whose webhook n8n acknowledged and lost is downloaded once, by the poll', async () => {
		const documentId = await sendSigningRequest(service, 'Safety net - lost.pdf');
		const lost = await acknowledgedAndLost();
		try {
			await pasteWebhookUrl(lost.url);
			expect(await signerSigns(documentId)).toEqual([{ url: lost.url, statuses: [200] }]);
		} finally {
			await lost.close();
		}
		expect(
			lost.received.map((body) => (JSON.parse(body) as { documentId?: string }).documentId),
		).toEqual([documentId]);
		expect(await executionsOfDocument(documentId, 0)).toEqual([]);

		await pollNow();
		const handled = await executionsOfDocument(documentId, 1);
		expect(handled.map(({ status, mode }) => ({ status, mode }))).toEqual([
			{ status: 'success', mode: 'trigger' },
		]);
		const [byPoll] = handled;
		expect(itemsOf(byPoll, SAFETY_NET.fromPoll, documentId).map(({ json }) => json.seenBy)).toEqual(
			['poll'],
		);
		const pdfs = itemsOf(byPoll, SAFETY_NET.download, documentId);
		expect(pdfs).toHaveLength(1);
		const downloads = await downloadsOf(documentId);
		expect(downloads).toHaveLength(1);
		await expectSameFile({ n8n, service }, pdfs[0], downloads[0]);
	});
});
