import { randomUUID } from 'node:crypto';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n } from '../../scripts/lib/n8n';
import type { ExampleWorkflow } from '../e2e/support';
import { PACKAGE } from '../e2e/support';
import { chain, node, pollFor } from './support';

/**
 * Bursts of webhook deliveries under a fault, sent by the emulator to the Document Execution Trigger and to n8n's
 * own Webhook node (Respond Immediately, Header Auth) side by side, and what became of each event: acknowledged,
 * executions that succeeded, lost (acknowledged, never succeeded), run twice. Each flow creates a signing request
 * whose IRN names the event, with If the IRN Already Exists = Return the Existing Document.
 */

export type Target = 'ours' | 'reference';
export const TARGETS: Target[] = ['ours', 'reference'];

/** The Webhook node's path; the trigger's is `<webhookId>/success`. */
export const REFERENCE_PATH = 'chaos-reference';
const CREATE_NODE = 'Create Signing Request';

/**
 * The service's re-sends of a delivery that got no 2xx (service-facts: up to 3 more times; public client code:
 * at once, after 1 hour, after 3 hours). The emulator sends the first re-send itself, at once (its choice,
 * test/emulator/choices/webhooks.md). The two later ones, hours apart at the service, are sent here with the same
 * bytes through the same emulator route once the fault is over, the second `LATER_RESEND_GAP_MS` after the first.
 */
export const RESENDS_AT_ONCE = 1;
export const LATER_RESENDS = 2;
const LATER_RESEND_GAP_MS = 5_000;
/**
 * How long n8n must have answered ready before the later re-sends (which come an hour after at the service): once
 * PostgreSQL is back, n8n's database monitor can still fail a ping or two on a loaded machine, and n8n then
 * answers 503 for a moment.
 */
const STEADY_MS = 10_000;

interface Attempt {
	status: number;
	error?: string;
}
interface DeliveryRecord {
	acknowledged: boolean;
	attempts: Attempt[];
	body: string;
}

export interface EventOutcome {
	documentId: string;
	target: Target;
	/** Every attempt's status, the emulator's and the later re-sends' (0: no connection). */
	attempts: number[];
	acknowledged: boolean;
	/** Status of each execution of this event, oldest first. */
	executions: string[];
	/** Documents the service created under this event's IRN. */
	documents: number;
}

export interface TargetTally {
	events: number;
	acknowledged: number;
	succeeded: number;
	/** Acknowledged, and no execution of the event succeeded: the events to run again after the fault. */
	unfinished: string[];
	/**
	 * Acknowledged, no execution of the event succeeded, and the service holds no document under its IRN: the
	 * flow's work never happened. (An execution that created the document ran, even where n8n's stored data of it
	 * no longer names the event, as it keeps only the error of some executions.)
	 */
	lost: string[];
	/** Lost, and not one execution of the event was stored. */
	lostWithoutExecution: string[];
	/** More than one execution of the event succeeded. */
	twice: string[];
	/** Not acknowledged after every attempt (the service has given up, and says so on its side). */
	neverAcknowledged: string[];
	/** IRNs under which the service holds more than one document. */
	irnsWithSeveralDocuments: string[];
	/** The statuses of the executions of lost events (what n8n did with them). */
	lostAs: Record<string, number>;
}

/** The create every flow ends with: one document per event, named by its IRN, returned when it exists. */
export function createNode(irn: string, fileBase64: string, position: [number, number]) {
	return node(
		CREATE_NODE,
		`${PACKAGE}.documentExecution`,
		{
			resource: 'document',
			operation: 'create',
			profileId: 'WF-PDF-0001',
			documentSource: 'base64',
			fileBase64,
			documentName: 'Chaos.pdf',
			invitees: { invitee: [{ name: 'Asha Rao', email: 'asha@example.com' }] },
			additionalFields: { irn },
			options: { ifIrnExists: 'returnExisting' },
		},
		position,
		{ credentials: { documentExecutionApi: { id: 'x', name: 'x' } } },
	);
}

/** The trigger (Auth Token credential: it verifies the MAC) → create with IRN `O-<documentId>`. */
export function oursWorkflow(fileBase64: string): {
	workflow: ExampleWorkflow['workflow'];
	webhookId: string;
} {
	const webhookId = randomUUID();
	const workflow: ExampleWorkflow['workflow'] = {
		name: 'Chaos: Document Execution Trigger → create',
		nodes: [
			node(
				'Document Execution Trigger',
				`${PACKAGE}.documentExecutionTrigger`,
				{ authentication: 'authToken', events: ['*'], options: {} },
				[0, 0],
				{
					typeVersion: 2,
					webhookId,
					credentials: { documentExecutionApi: { id: 'x', name: 'x' } },
				},
			),
			createNode('={{ "O-" + $json.event.documentId }}', fileBase64, [220, 0]),
		],
		connections: chain('Document Execution Trigger', CREATE_NODE),
		settings: { executionOrder: 'v1' },
	};
	return { workflow, webhookId };
}

/** The trigger alone with Re-Fetch Current Status: a delivery the service cannot confirm is answered 503. */
export function refetchWorkflow(): { workflow: ExampleWorkflow['workflow']; webhookId: string } {
	const webhookId = randomUUID();
	return {
		webhookId,
		workflow: {
			name: 'Chaos: Document Execution Trigger with Re-Fetch Current Status',
			nodes: [
				node(
					'Document Execution Trigger',
					`${PACKAGE}.documentExecutionTrigger`,
					{ authentication: 'authToken', events: ['*'], options: { refetchStatus: true } },
					[0, 0],
					{
						typeVersion: 2,
						webhookId,
						credentials: { documentExecutionApi: { id: 'x', name: 'x' } },
					},
				),
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
	};
}

/** n8n's Webhook node, Respond Immediately, Header Auth → create with IRN `R-<documentId>`. */
export function referenceWorkflow(fileBase64: string): ExampleWorkflow['workflow'] {
	return {
		name: 'Chaos: Webhook node (Header Auth) → create',
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				{
					httpMethod: 'POST',
					path: REFERENCE_PATH,
					authentication: 'headerAuth',
					responseMode: 'onReceived',
					options: {},
				},
				[0, 0],
				{
					typeVersion: 2,
					webhookId: randomUUID(),
					credentials: { httpHeaderAuth: { id: 'x', name: 'x' } },
				},
			),
			createNode('={{ "R-" + $json.body.documentId }}', fileBase64, [220, 0]),
		],
		connections: chain('Webhook', CREATE_NODE),
		settings: { executionOrder: 'v1' },
	};
}

export const irnOf = (target: Target, documentId: string) =>
	`${target === 'ours' ? 'O' : 'R'}-${documentId}`;

/** The event ids of one burst: `<tag>-<o|r>-<nnn>` (tag: two letters), found again in each execution's stored data. */
export const eventIds = (tag: string, target: Target, count: number) =>
	Array.from(
		{ length: count },
		(_, index) => `${tag}-${target[0]}-${String(index).padStart(3, '0')}`,
	);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BurstPlan {
	tag: string;
	/** Events per target. */
	count: number;
	/** Between one event and the next (each goes to both targets at once). */
	spacingMs: number;
	/** Executions up to this id came before the burst. */
	afterExecutionId?: number;
	/** Where each target's deliveries are posted (the front proxy). */
	urls: Record<Target, string>;
	/** Starts `faultAtMs` after the first delivery; resolves once the fault is over (service back). */
	fault?: () => Promise<unknown>;
	faultAtMs?: number;
}

export interface BurstResult {
	deliveries: Record<Target, Map<string, DeliveryRecord>>;
	/** When the fault started and when it was over (ms after the first delivery). */
	faultMs?: { from: number; to: number };
}

/**
 * Sends the burst through the emulator (v3 "signed" deliveries, one re-send at once), runs the fault meanwhile,
 * then, once both are over, the service's later re-sends of the deliveries that never got a 2xx.
 */
export async function sendBurst(
	emulator: EmulatorProcess,
	plan: BurstPlan,
	ready: () => Promise<boolean>,
): Promise<BurstResult> {
	const deliveries = { ours: new Map(), reference: new Map() } as BurstResult['deliveries'];
	const deliver = async (body: Record<string, unknown>) =>
		(await emulator.control<DeliveryRecord>('POST', '/__emulator/webhooks/deliver', body)).body;
	const begin = Date.now();
	let faultMs: BurstResult['faultMs'];
	const fault = plan.fault
		? sleep(plan.faultAtMs ?? 0).then(() => {
				const from = Date.now() - begin;
				return plan.fault!().then(() => (faultMs = { from, to: Date.now() - begin }));
			})
		: Promise.resolve();
	const sends = TARGETS.flatMap((target) =>
		eventIds(plan.tag, target, plan.count).map(async (documentId, index) => {
			await sleep(index * plan.spacingMs);
			const record = await deliver({
				url: plan.urls[target],
				shape: 'v3',
				event: 'signed',
				documentId,
				retries: RESENDS_AT_ONCE,
			});
			deliveries[target].set(documentId, record);
		}),
	);
	await Promise.all([fault, ...sends]);
	let readySince: number | undefined;
	await pollFor(
		async () => {
			if (!(await ready())) readySince = undefined;
			else readySince ??= Date.now();
			return readySince !== undefined && Date.now() - readySince >= STEADY_MS ? true : undefined;
		},
		`n8n has answered ready for ${STEADY_MS / 1000} s`,
		120_000,
		1000,
	);
	for (let resend = 0; resend < LATER_RESENDS; resend++) {
		if (resend > 0) await sleep(LATER_RESEND_GAP_MS);
		await Promise.all(
			TARGETS.flatMap((target) =>
				[...deliveries[target]].map(async ([documentId, record]) => {
					if (record.acknowledged) return;
					const again = await deliver({
						url: plan.urls[target],
						shape: 'v3',
						event: 'signed',
						documentId,
						rawBody: record.body,
						retries: 0,
					});
					record.attempts.push(...again.attempts);
					record.acknowledged = again.acknowledged;
				}),
			),
		);
	}
	return { deliveries, faultMs };
}

const UNFINISHED = ['new', 'running', 'waiting', 'unknown'];

/**
 * The events each execution carries, read while it is new or running: n8n 2.41.1 keeps only the error of a job
 * that stalled (its worker died), so afterwards its stored data no longer names the event.
 */
const eventsOfExecution = new Map<string, string[]>();
const EVENT_ID = /\b[a-z]{2}-[or]-\d{3}\b/g;

export async function eventsOf(main: N8n, executionId: string): Promise<string[]> {
	const known = eventsOfExecution.get(executionId);
	if (known?.length) return known;
	const stored = await main.rest<{ data: string }>('GET', `/rest/executions/${executionId}`);
	const events = [...new Set(stored.data.match(EVENT_ID) ?? [])];
	eventsOfExecution.set(executionId, events);
	return events;
}

interface ListedExecution {
	id: string;
	status: string;
}

/** Every execution matching n8n's executions filter, page by page (n8n lists at most 100 a page). */
export async function listExecutions(
	main: N8n,
	filter: Record<string, unknown>,
): Promise<Array<ListedExecution & { workflowId: string }>> {
	const found = new Map<string, ListedExecution & { workflowId: string }>();
	let cursor: string | null | undefined;
	do {
		const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&limit=100${
			cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
		}`;
		const page = await main.rest<{
			results: Array<ListedExecution & { workflowId: string }>;
			nextCursor?: string | null;
		}>('GET', `/rest/executions?${query}`);
		for (const execution of page.results) found.set(execution.id, execution);
		cursor = page.nextCursor;
	} while (cursor);
	return [...found.values()];
}

const executionsOf = (main: N8n, workflowId: string) => listExecutions(main, { workflowId });

/**
 * Waits until a burst's executions (those after `afterExecutionId`) have settled: none unfinished, or the same
 * unfinished ones `quietMs` apart. n8n leaves some unfinished for good: a job Redis lost stays new, and an execution
 * whose worker could not store its end while PostgreSQL was down stays running; both count as n8n's losses. A
 * killed worker's executions stay running only until Bull finds their lock lapsed (QUEUE_ENV: 10 s lock, checked
 * every 5 s), well within `quietMs`, and then n8n records them as failed. Bounded by `timeoutMs`.
 */
export async function settled(
	main: N8n,
	workflowIds: string[],
	afterExecutionId: number,
	quietMs = 45_000,
	timeoutMs = 240_000,
): Promise<void> {
	let last = '';
	let since = Date.now();
	await pollFor(
		async () => {
			const all = (await Promise.all(workflowIds.map((id) => executionsOf(main, id)))).flat();
			const unfinished = all.filter(
				(execution) =>
					Number(execution.id) > afterExecutionId && UNFINISHED.includes(execution.status),
			);
			for (const execution of unfinished) await eventsOf(main, execution.id);
			const now = JSON.stringify(unfinished.map((execution) => [execution.id, execution.status]));
			if (now !== last) [last, since] = [now, Date.now()];
			if (unfinished.length === 0) return true;
			return Date.now() - since >= quietMs ? true : undefined;
		},
		'the executions have settled',
		timeoutMs,
		1000,
	);
}

/** The highest execution id n8n has given so far (0 for none): the executions of a burst come after it. */
export async function lastExecutionId(main: N8n, workflowIds: string[]): Promise<number> {
	const ids = (await Promise.all(workflowIds.map((id) => executionsOf(main, id))))
		.flat()
		.map((execution) => Number(execution.id));
	return Math.max(0, ...ids);
}

/**
 * The statuses of each event's executions, read from each execution's stored data; and the statuses of the
 * burst's executions whose data names no event (n8n keeps only the error of some failures, a worker that could
 * not reach the database among them).
 */
async function executionsByEvent(
	main: N8n,
	workflowId: string,
	plan: BurstPlan,
	target: Target,
): Promise<{ byEvent: Map<string, string[]>; unattributed: Record<string, number> }> {
	const byEvent = new Map<string, string[]>();
	const unattributed: Record<string, number> = {};
	const prefix = `${plan.tag}-${target[0]}-`;
	const listed = (await executionsOf(main, workflowId))
		.filter((execution) => Number(execution.id) > (plan.afterExecutionId ?? 0))
		.sort((a, b) => Number(a.id) - Number(b.id));
	for (const { id, status } of listed) {
		const events = await eventsOf(main, id);
		if (events.length === 0) unattributed[status] = (unattributed[status] ?? 0) + 1;
		for (const event of events)
			if (event.startsWith(prefix)) byEvent.set(event, [...(byEvent.get(event) ?? []), status]);
	}
	return { byEvent, unattributed };
}

interface RecordedRequest {
	method: string;
	path: string;
	body?: Record<string, unknown>;
}

/** What became of every event of the burst, per target. */
export async function outcomes(
	main: N8n,
	emulator: EmulatorProcess,
	burst: BurstResult,
	plan: BurstPlan,
	workflowIds: Record<Target, string>,
): Promise<{ events: EventOutcome[]; unattributed: Record<Target, Record<string, number>> }> {
	const requests = (await emulator.control<RecordedRequest[]>('GET', '/__emulator/requests')).body;
	const documentsPerIrn = new Map<string, number>();
	for (const request of requests)
		if (request.method === 'POST' && /\/v3\.0\/sign\/request$/.test(request.path)) {
			const irn = String(request.body?.irn ?? '');
			documentsPerIrn.set(irn, (documentsPerIrn.get(irn) ?? 0) + 1);
		}
	const result: EventOutcome[] = [];
	const unattributed = {} as Record<Target, Record<string, number>>;
	for (const target of TARGETS) {
		const read = await executionsByEvent(main, workflowIds[target], plan, target);
		const byEvent = read.byEvent;
		unattributed[target] = read.unattributed;
		for (const [documentId, record] of burst.deliveries[target])
			result.push({
				documentId,
				target,
				attempts: record.attempts.map((attempt) => attempt.status),
				acknowledged: record.acknowledged,
				executions: byEvent.get(documentId) ?? [],
				documents: documentsPerIrn.get(irnOf(target, documentId)) ?? 0,
			});
	}
	return { events: result, unattributed };
}

export function tally(events: EventOutcome[], target: Target): TargetTally {
	const mine = events.filter((event) => event.target === target);
	const succeeded = (event: EventOutcome) =>
		event.executions.filter((status) => status === 'success').length;
	const unfinished = mine.filter((event) => event.acknowledged && succeeded(event) === 0);
	const lostEvents = unfinished.filter((event) => event.documents === 0);
	const lostAs: Record<string, number> = {};
	for (const event of lostEvents) {
		const as = event.executions.join('+') || 'no execution';
		lostAs[as] = (lostAs[as] ?? 0) + 1;
	}
	return {
		events: mine.length,
		acknowledged: mine.filter((event) => event.acknowledged).length,
		succeeded: mine.reduce((sum, event) => sum + succeeded(event), 0),
		unfinished: unfinished.map((event) => event.documentId),
		lost: lostEvents.map((event) => event.documentId),
		lostWithoutExecution: lostEvents
			.filter((event) => event.executions.length === 0)
			.map((event) => event.documentId),
		twice: mine.filter((event) => succeeded(event) > 1).map((event) => event.documentId),
		neverAcknowledged: mine.filter((event) => !event.acknowledged).map((event) => event.documentId),
		irnsWithSeveralDocuments: mine
			.filter((event) => event.documents > 1)
			.map((event) => irnOf(target, event.documentId)),
		lostAs,
	};
}

/** One line per target for the log and the docs' table. */
export const tallyLine = (fault: string, target: Target, t: TargetTally) =>
	`${fault} | ${target} | ${t.events} | ${t.acknowledged} | ${t.succeeded} | ${t.lost.length}${
		t.lost.length
			? ` (${Object.entries(t.lostAs)
					.map(([as, n]) => `${n} ${as}`)
					.join(', ')})`
			: ''
	} | ${t.twice.length} | ${t.neverAcknowledged.length}`;
