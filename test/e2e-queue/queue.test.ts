import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n, N8nItem, StoredExecution } from '../../scripts/lib/n8n';
import { PIPELINE_EXAMPLE, serviceCopy, withPollingSettings } from '../../scripts/lib/pipeline';
import { QueueCluster } from '../../scripts/lib/queue';
import { V3_SEED } from '../emulator/families/v3';
import { makePdf } from '../fixtures/pdf';
import { HoldingProxy } from './holding-proxy';
import { chain, node, pollFor, QUEUE_ENV } from './support';
import { authorizeAndExchange } from '../support/credentials';
import {
	bulkRows,
	expectBulkResults,
	expectOneCreatePerGoodRow,
	writeBulkFolder,
} from '../e2e/bulk-rows';
import {
	BULK_FOLDER_IN_EXAMPLE,
	emulator,
	exampleWorkflow,
	exampleWorkflows,
	packed,
	PACKAGE,
	tokenCredential,
	withCredentials,
	withFolder,
	type ExampleWorkflow,
} from '../e2e/support';
import { servicePaths } from '../support/servicePaths';

const NODE_TYPE = `${PACKAGE}.documentExecution`;
const TRIGGER_TYPE = `${PACKAGE}.documentExecutionTrigger`;
const MANUAL_TRIGGER = 'Manual Trigger';
const SIGN_REQUEST_PATH = servicePaths.create;

const SEARCH_PATH = '/api/v4/packs/search';

interface Recorded {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | undefined>;
	body?: Record<string, string>;
}

interface Delivery {
	acknowledged: boolean;
	attempts: Array<{ status: number }>;
}

const example = exampleWorkflows().find(({ file }) => file === PIPELINE_EXAMPLE);
if (!example) throw new Error(`examples/${PIPELINE_EXAMPLE} is missing`);
/** The polling example, polling every second: this suite's invitees sign at once, so one round finds it signed. */
const pipeline = {
	...example,
	workflow: withPollingSettings(example.workflow, { pollEverySeconds: 1, maxRounds: 3 }),
};

/** Every delivery of either shape starts it (no option set). */
const catchAll: ExampleWorkflow['workflow'] = {
	name: 'Every webhook (queue e2e)',
	nodes: [
		node(
			'Document Execution Trigger',
			TRIGGER_TYPE,
			{ authentication: 'authToken', events: ['*'] },
			[0, 0],
			{
				typeVersion: 2,
				webhookId: randomUUID(),
				credentials: { documentExecutionApi: { id: 'x', name: 'x' } },
			},
		),
	],
	connections: {},
};

/** A pack search with the OAuth2 credential (through the holding proxy, which makes two runs meet). */
const oauthSearch: ExampleWorkflow['workflow'] = {
	name: 'Pack search with OAuth2 (queue e2e)',
	nodes: [
		node(MANUAL_TRIGGER, 'n8n-nodes-base.manualTrigger', {}, [0, 0]),
		node(
			'Search Packs',
			NODE_TYPE,
			{ resource: 'pack', operation: 'search', authentication: 'oAuth2', limit: 1 },
			[200, 0],
			{
				credentials: { documentExecutionOAuth2Api: { id: 'x', name: 'x' } },
			},
		),
	],
	connections: chain(MANUAL_TRIGGER, 'Search Packs'),
};

/** The pipeline's create alone, through the holding proxy: the worker running it is killed while it hangs. */
const createOnly: ExampleWorkflow['workflow'] = {
	...pipeline.workflow,
	name: 'Create only (queue e2e)',
	nodes: pipeline.workflow.nodes.filter(
		(candidate) => candidate.name === MANUAL_TRIGGER || candidate.name === 'Create Signing Request',
	),
	connections: chain(MANUAL_TRIGGER, 'Create Signing Request'),
};

/** The poll trigger on n8n's shortest schedule, every minute, for completed documents. */
const pollCompleted: ExampleWorkflow['workflow'] = {
	name: 'Completed documents, polled (queue e2e)',
	nodes: [
		node(
			'Document Execution Poll Trigger',
			`${PACKAGE}.documentExecutionPollTrigger`,
			{ event: 'documentCompleted', pollTimes: { item: [{ mode: 'everyMinute' }] } },
			[0, 0],
			{
				credentials: { documentExecutionApi: { id: 'x', name: 'x' } },
			},
		),
	],
	connections: {},
};

const WORKFLOW_IDS = {
	pipeline: 'DexQueuePipeline',
	catchAll: 'DexQueueWebhooks',
	oauthSearch: 'DexQueueOAuthRun',
	createOnly: 'DexQueueCreate01',
	pollCompleted: 'DexQueuePollTrig',
	bulkSend: 'DexQueueBulkSend',
};
const COMPLETED_LIST_PATH = '/api/v3.0/document/completed';

const outputOf = (execution: StoredExecution, nodeName: string): N8nItem[] => {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs?.length) throw new Error(`Node "${nodeName}" did not run in execution ${execution.id}`);
	return runs[runs.length - 1].data?.main[0] ?? [];
};

const workerName = (worker: N8n) => basename(worker.logFile, '.log');

/** n8n answers a GET on a path registered for POST only once the activation has reached the webhook processor. */
const waitForRegistration = (url: string) =>
	pollFor(
		async () => /not registered for GET/i.test(await (await fetch(url)).text()) || undefined,
		`${url} is registered`,
	);

/**
 * The package in n8n's queue mode: Redis and PostgreSQL, a main instance, two workers and a webhook processor
 * on loopback, all holding the installed package. Each execution runs on a worker, which its log names
 * ("Worker started execution <id>"); n8n records no worker in the execution itself.
 */
describe('the package in n8n queue mode (main, 2 workers, webhook processor)', () => {
	let cluster: QueueCluster;
	let service: EmulatorProcess;
	let main: N8n;
	let tokens: Awaited<ReturnType<typeof authorizeAndExchange>>;
	/** Between the workers and the emulator for the OAuth2 search and the create-only workflow. */
	let proxy: HoldingProxy;
	/** The bulk-send example's folder (its CSV, PDFs and results file), which every process may read. */
	const bulkFolder = mkdtempSync(join(tmpdir(), 'dex-queue-bulk-'));

	/** The names of the workers whose logs say they started the execution. */
	const workersOf = (executionId: string) => cluster.workersOf(executionId).map(workerName);

	const requests = async () =>
		(await service.control<Recorded[]>('GET', '/__emulator/requests')).body;
	const deliver = async (body: Record<string, unknown>) =>
		(
			await service.control<Delivery>('POST', '/__emulator/webhooks/deliver', {
				retries: 0,
				...body,
			})
		).body;
	const executionsOf = async (workflowId: string) =>
		(
			await main.rest<{ results: Array<{ id: string; status: string }> }>(
				'GET',
				`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
			)
		).results;

	beforeAll(async () => {
		[service, cluster] = await Promise.all([
			emulator('queue', { signOnCreate: true }),
			QueueCluster.create({
				name: 'e2e-queue',
				tarball: packed().tarball,
				// One job at a time per worker: two executions started together run on both workers.
				concurrency: 1,
				env: { ...QUEUE_ENV, N8N_RESTRICT_FILE_ACCESS_TO: bulkFolder },
			}),
		]);
		main = cluster.main;
		await cluster.startServices();
		const token = tokenCredential(service);
		proxy = await HoldingProxy.start(service.info.origin);
		const proxied = {
			...tokenCredential(service, 'DexQueueProxied1'),
			name: 'Document Execution (through the holding proxy)',
		};
		proxied.data.baseUrl = proxy.url + new URL(service.info.baseUrl).pathname;
		tokens = await authorizeAndExchange(service.info);
		const oauth = {
			id: 'DexQueueOAuth001',
			name: 'Document Execution OAuth2 (emulator)',
			type: 'documentExecutionOAuth2Api',
			data: {
				environment: 'custom',
				baseUrl: proxy.url + new URL(service.info.baseUrl).pathname,
				authServerUrl: service.info.authUrl,
				clientId: service.info.oauthClient.clientId,
				clientSecret: service.info.oauthClient.clientSecret,
				oauthTokenData: tokens,
			},
		};
		await main.importCredentials([token, oauth, proxied]);
		await main.importWorkflows([
			withCredentials(pipeline.workflow, [token], WORKFLOW_IDS.pipeline),
			withCredentials(catchAll, [token], WORKFLOW_IDS.catchAll),
			withCredentials(oauthSearch, [oauth], WORKFLOW_IDS.oauthSearch),
			withCredentials(createOnly, [proxied], WORKFLOW_IDS.createOnly),
			withCredentials(pollCompleted, [token], WORKFLOW_IDS.pollCompleted),
			withCredentials(
				withFolder(exampleWorkflow('bulk-send.json'), BULK_FOLDER_IN_EXAMPLE, bulkFolder),
				[token],
				WORKFLOW_IDS.bulkSend,
			),
		]);
		await cluster.start();
	});

	afterAll(async () => {
		await cluster?.stop();
		await proxy?.close();
		await service?.stop();
		rmSync(bulkFolder, { recursive: true, force: true });
	});

	it(`runs examples/${PIPELINE_EXAMPLE} on a worker and returns the signed PDF the service serves`, async () => {
		const executionId = await main.runManually(WORKFLOW_IDS.pipeline, MANUAL_TRIGGER);
		const execution = await main.finishedExecution(executionId);
		expect(execution).toEqual(expect.objectContaining({ status: 'success', mode: 'manual' }));
		expect(workersOf(executionId)).toEqual([expect.stringMatching(/^worker-\d$/)]);

		const [created] = outputOf(execution, 'Create Signing Request');
		const documentId = String(created.json.documentId);
		expect(documentId).not.toBe('');
		expect(outputOf(execution, 'Get Status')[0].json).toEqual(
			expect.objectContaining({ documentId, status: 'COMPLETED' }),
		);
		const [file] = outputOf(execution, 'Download Signed PDF');
		const binary = Object.values(file.binary ?? {})[0];
		expect(binary).toEqual(
			expect.objectContaining({
				mimeType: 'application/pdf',
				id: expect.stringMatching(/^database:/),
			}),
		);
		const bytes = await main.binaryData(binary.id!);
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(bytes.equals(await serviceCopy(service, documentId))).toBe(true);
	});

	it('takes a genuine delivery of each webhook shape on the webhook processor and runs it on a worker; a forged one gets 401', async () => {
		const stored = await main.rest<{ versionId: string }>(
			'GET',
			`/rest/workflows/${WORKFLOW_IDS.catchAll}`,
		);
		await main.rest('POST', `/rest/workflows/${WORKFLOW_IDS.catchAll}/activate`, {
			versionId: stored.versionId,
		});
		const webhookId = (catchAll.nodes[0] as unknown as { webhookId: string }).webhookId;
		const url = `${cluster.webhook.url}/webhook/${webhookId}/success`;
		await waitForRegistration(url);

		const shapes = [
			{ shape: 'v3', event: 'signed', kind: 'INVITEE_SIGNED' },
			{ shape: undefined, event: undefined, kind: 'REVIEWER_APPROVAL' },
		] as const;
		for (const [index, { shape, event }] of shapes.entries()) {
			const delivery = await deliver({ url, shape, event, documentId: `DOC-QUEUE-${index}` });
			expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200 })]);
		}
		for (const shape of ['v3', undefined]) {
			const forged = await deliver({
				url,
				shape,
				event: 'signed',
				documentId: 'DOC-FORGED',
				overrides: { mac: '0'.repeat(40) },
			});
			expect(forged.attempts).toEqual([expect.objectContaining({ status: 401 })]);
		}

		const found = await pollFor(async () => {
			const list = await executionsOf(WORKFLOW_IDS.catchAll);
			return list.length >= shapes.length &&
				list.every((execution) => !['new', 'running', 'waiting'].includes(execution.status))
				? list
				: undefined;
		}, 'both deliveries ran');
		expect(found.map((execution) => execution.status)).toEqual(['success', 'success']);
		const executions = await Promise.all(
			[...found]
				.sort((a, b) => Number(a.id) - Number(b.id))
				.map((execution) => main.execution(execution.id)),
		);
		expect(executions.map((execution) => execution.mode)).toEqual(['webhook', 'webhook']);
		expect(
			executions.map(
				(execution) => outputOf(execution, 'Document Execution Trigger')[0].json.event,
			),
		).toEqual(
			shapes.map(({ shape, kind }, index) =>
				expect.objectContaining({
					kind,
					shape: shape ?? 'webhook4',
					documentId: `DOC-QUEUE-${index}`,
				}),
			),
		);
		for (const execution of executions)
			expect(workersOf(execution.id)).toEqual([expect.stringMatching(/^worker-\d$/)]);
		// The forged deliveries were refused by the webhook processor itself: nothing was queued for them.
		expect(await executionsOf(WORKFLOW_IDS.catchAll)).toHaveLength(shapes.length);
	});

	it('the poll trigger, run by the main instance, starts exactly one execution on a worker for a document the service completes', async () => {
		const completedListReads = async () =>
			(await requests()).filter((request) => request.path === COMPLETED_LIST_PATH).length;
		const setActive = async (active: boolean) => {
			const stored = await main.rest<{ versionId: string }>(
				'GET',
				`/rest/workflows/${WORKFLOW_IDS.pollCompleted}`,
			);
			await main.rest(
				'POST',
				`/rest/workflows/${WORKFLOW_IDS.pollCompleted}/${active ? 'activate' : 'deactivate'}`,
				active ? { versionId: stored.versionId } : undefined,
			);
		};
		await service.control('DELETE', '/__emulator/requests');
		await setActive(true);
		try {
			// Activation polls at once: it records the completed documents already there and starts nothing.
			await pollFor(
				async () => ((await completedListReads()) > 0 ? true : undefined),
				'the activation has polled',
			);
			expect(await executionsOf(WORKFLOW_IDS.pollCompleted)).toEqual([]);

			const created = await fetch(`${service.info.baseUrl}/v3.0/sign/request`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'X-Auth-Token': service.info.authToken },
				body: JSON.stringify({
					profileId: V3_SEED.pdfProfileId,
					file: {
						name: 'Polled-in-queue-mode',
						file: makePdf('Polled in queue mode').toString('base64'),
					},
					invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
				}),
			});
			// This suite's emulator has every invitee sign a document as soon as it is created (signOnCreate).
			const documentId = ((await created.json()) as { data: { documentId: string } }).data
				.documentId;
			expect(documentId).toEqual(expect.any(String));

			const [ran] = await pollFor(
				async () => {
					const list = await executionsOf(WORKFLOW_IDS.pollCompleted);
					return list.some((execution) => execution.status === 'success') ? list : undefined;
				},
				'the poll has started an execution for the completed document',
				150_000,
			);
			const execution = await main.execution(ran.id);
			expect(execution).toEqual(expect.objectContaining({ status: 'success', mode: 'trigger' }));
			expect(
				outputOf(execution, 'Document Execution Poll Trigger').map((item) => item.json.documentId),
			).toEqual([documentId]);
			expect(workersOf(ran.id)).toEqual([expect.stringMatching(/^worker-\d$/)]);

			// One more scheduled poll: nothing new, no second execution.
			const readsBefore = await completedListReads();
			await pollFor(
				async () => ((await completedListReads()) > readsBefore ? true : undefined),
				'the next scheduled poll',
				90_000,
			);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			expect(await executionsOf(WORKFLOW_IDS.pollCompleted)).toHaveLength(1);
		} finally {
			// Other tests complete documents too: they must not start this workflow.
			await setActive(false);
		}
	});

	it('refreshes an expired OAuth2 access token used by both workers at once; both executions succeed', async () => {
		await service.control('POST', '/__emulator/clock/advance', { ms: 2 * 3600 * 1000 });
		await service.control('DELETE', '/__emulator/requests');
		// Both first searches go on together, once both workers have sent theirs.
		const met = proxy.gatherNext(SEARCH_PATH, 2);
		const ids = await Promise.all(
			[1, 2].map(() => main.runManually(WORKFLOW_IDS.oauthSearch, MANUAL_TRIGGER)),
		);
		await met;
		const executions = await Promise.all(ids.map((id) => main.finishedExecution(id)));
		expect(executions.map((execution) => execution.status)).toEqual(['success', 'success']);
		for (const execution of executions) expect(outputOf(execution, 'Search Packs').length).toBe(1);
		expect(ids.flatMap(workersOf).sort()).toEqual(['worker-1', 'worker-2']);

		const seen = await requests();
		const searches = seen.filter((request) => request.path === SEARCH_PATH);
		const refreshes = seen.filter(
			(request) =>
				request.path.endsWith('/oauth2/token') && request.body?.grant_type === 'refresh_token',
		);
		// Both workers met the expired token at once. n8n 2.41 refreshes under a Redis lock on the credential and,
		// holding it, re-reads the stored token, so the second worker usually takes the first one's: one refresh.
		// In one run of four the service saw two, 74 ms apart, with the same refresh token: harmless here (the
		// emulator, like the spec, does not rotate refresh tokens), and each search went again with a new token.
		const expired = `Bearer ${tokens.access_token}`;
		expect(refreshes.length === 1 || refreshes.length === 2).toBe(true);
		expect(searches.map((request) => request.headers.authorization)).toEqual([
			expired,
			expired,
			expect.stringMatching(/^Bearer /),
			expect.stringMatching(/^Bearer /),
		]);
		expect(
			searches.slice(2).filter((request) => request.headers.authorization === expired),
		).toEqual([]);
		process.stdout.write(
			`OAuth2: ${refreshes.length} refresh(es) for two workers meeting an expired token\n`,
		);
	});

	it.each([
		['before the service has seen it', 'before', 0],
		['after the service has created the document', 'after', 1],
	] as const)(
		'a worker killed while its create hangs %s: the execution ends in error and is never run again',
		async (_when, point, documentsCreated) => {
			await service.control('DELETE', '/__emulator/requests');
			const createsBefore = proxy.count('POST', SIGN_REQUEST_PATH);
			const held = proxy.holdNext(SIGN_REQUEST_PATH, point);
			const executionId = await main.runManually(WORKFLOW_IDS.createOnly, MANUAL_TRIGGER);
			const { answer } = await held;
			const [victim, ...others] = cluster.workersOf(executionId);
			expect(others).toEqual([]);
			await victim.kill();

			// The lock lapses, Bull fails the stalled job (n8n allows no stalled job to run again), main records it.
			const execution = await main.finishedExecution(executionId, 120_000);
			expect(execution.status).toBe('error');
			expect(execution.data.resultData.error?.message).toMatch(
				/failed to be processed too many times and will no longer retry/,
			);
			// The other worker did not take the job up, nor does the killed one when it comes back.
			await cluster.startProcess(victim);
			expect((await main.execution(executionId)).status).toBe('error');
			expect(workersOf(executionId)).toEqual([workerName(victim)]);
			expect(proxy.count('POST', SIGN_REQUEST_PATH) - createsBefore).toBe(1);
			const reachedService = (await requests()).filter(
				(request) => request.method === 'POST' && request.path === SIGN_REQUEST_PATH,
			);
			expect(reachedService).toHaveLength(documentsCreated);
			if (point === 'after')
				expect(JSON.parse(answer!.body)).toEqual(
					expect.objectContaining({
						data: expect.objectContaining({ documentId: expect.any(String) }),
					}),
				);
			process.stdout.write(
				`${point}: ${workerName(victim)} killed; execution ${executionId} ${execution.status} (${execution.data.resultData.error?.message}); creates sent 1, reached the service ${reachedService.length}\n`,
			);
		},
	);

	it('runs examples/bulk-send.json on a worker: each CSV row once in the results, and run again nothing is sent twice', async () => {
		await service.control('DELETE', '/__emulator/requests');
		const { rows, errors } = bulkRows(150, [10, 60, 120]);
		writeBulkFolder(bulkFolder, rows);
		for (const run of ['first', 'again']) {
			const executionId = await main.runManually(
				WORKFLOW_IDS.bulkSend,
				"When clicking 'Execute workflow'",
			);
			const execution = await main.finishedExecution(executionId, 300_000);
			expect({ run, status: execution.status }).toEqual({ run, status: 'success' });
			expect(workersOf(executionId)).toEqual([expect.stringMatching(/^worker-\d$/)]);
			await expectBulkResults(bulkFolder, service, rows, errors);
			await expectOneCreatePerGoodRow(service, rows, errors);
		}
	});
});
