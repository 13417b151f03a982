import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { InviteesActAfter } from '../../test/emulator/inviteeSchedule';
import type { EmulatorProcess } from './emulator';
import { nodeOutput, type N8n, type N8nItem, type N8nRun } from './n8n';
import { paths } from './paths';

const NODE = 'n8n-nodes-document-execution.documentExecution';

/** The example that is the main job's pipeline: create, then wait and read the status until signed. */
export const PIPELINE_EXAMPLE = 'send-and-wait-polling.json';

/** The polling example's node that holds its interval and its bound on the rounds. */
export const POLLING_SETTINGS_NODE = 'Polling Settings';

export interface PollingSettings {
	pollEverySeconds: number;
	maxRounds: number;
}

/**
 * Against the emulator the polling example reads the status every 2 s (the example says 15 minutes, for the
 * live service), and the emulator's invitees act 4 s after their turn starts (a reviewer at position 1 approves,
 * then the signer signs): the flow waits a few rounds and ends by itself in about 10 s.
 */
export const DEMO_POLLING: PollingSettings = { pollEverySeconds: 2, maxRounds: 30 };
export const DEMO_SIGNING: InviteesActAfter = { ms: 4000, reviewerPositions: [1] };

export const CREDENTIAL = { id: 'DexDemoToken0001', name: 'Document Execution (local emulator)' };

/** The credential a user creates for the emulator (Environment: Custom), as n8n's CLI imports it. */
export function demoCredential(emulator: EmulatorProcess) {
	return {
		...CREDENTIAL,
		type: 'documentExecutionApi',
		data: {
			environment: 'custom',
			baseUrl: emulator.info.baseUrl,
			authToken: emulator.info.authToken,
			privateSalt: emulator.info.salt ?? '',
		},
	};
}

interface WorkflowNode {
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, unknown>;
	webhookId?: string;
}

export interface ImportableWorkflow extends Record<string, unknown> {
	id: string;
	name: string;
	file: string;
	nodes: WorkflowNode[];
}

/**
 * The polling example with its Polling Settings set (what a user changes in that node): `settings` replaces the
 * values of the assignments of the same names.
 */
export function withPollingSettings<Workflow extends { nodes: WorkflowNode[] }>(
	workflow: Workflow,
	settings: PollingSettings,
): Workflow {
	const node = workflow.nodes.find((candidate) => candidate.name === POLLING_SETTINGS_NODE);
	const assignments = (
		node?.parameters?.assignments as
			| { assignments?: Array<{ name: string; value: unknown }> }
			| undefined
	)?.assignments;
	if (!node || !assignments)
		throw new Error(`The polling example has no "${POLLING_SETTINGS_NODE}" node with assignments`);
	const changed = assignments.map((assignment) =>
		assignment.name in settings
			? { ...assignment, value: settings[assignment.name as keyof PollingSettings] }
			: assignment,
	);
	return {
		...workflow,
		nodes: workflow.nodes.map((candidate) =>
			candidate === node
				? { ...node, parameters: { ...node.parameters, assignments: { assignments: changed } } }
				: candidate,
		),
	};
}

/**
 * examples/*.json, ready to import: ids from their file names, credentials pointed at the demo's, the polling
 * example polling at the demo's pace (DEMO_POLLING).
 */
export function exampleWorkflows(): ImportableWorkflow[] {
	if (!existsSync(paths.examples)) return [];
	return readdirSync(paths.examples)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const stored = JSON.parse(readFileSync(join(paths.examples, file), 'utf8')) as {
				name?: string;
				nodes: WorkflowNode[];
			};
			const workflow =
				file === PIPELINE_EXAMPLE ? withPollingSettings(stored, DEMO_POLLING) : stored;
			// n8n ids are 16 characters: a prefix and 11 of the file name's hash (two files may share a prefix).
			const id = `DexEx${createHash('sha1').update(file).digest('hex').slice(0, 11)}`;
			return {
				...workflow,
				id,
				file,
				name: workflow.name ?? file,
				active: false,
				nodes: workflow.nodes.map((node) =>
					node.credentials?.documentExecutionApi
						? { ...node, credentials: { ...node.credentials, documentExecutionApi: CREDENTIAL } }
						: node,
				),
			};
		});
}

/** An invitee as Get Status (Simplify on) reads it: its name and its `state` (SIGNED, ACTIVE, WAITING…). */
export interface InviteeState {
	name?: string;
	state: string;
}

export interface PipelineSummary {
	workflow: string;
	documentId: string;
	/** The document's status at the last round. */
	status: string;
	invitees: InviteeState[];
	/** What each round of Get Status read, oldest first. */
	rounds: Array<{ status: string; invitees: InviteeState[] }>;
	/** The node the flow ended on: the download, a notification stand-in or "Gave up". */
	endedOn: string;
	pdf: {
		fileName?: string;
		mimeType: string;
		bytes: number;
		sha256: string;
		isPdf: boolean;
		matchesService: boolean;
	};
}

/** The bytes of a binary property of an output item, whatever n8n's binary data mode. */
export function binaryBytes(n8n: N8n, item: N8nItem, property = 'data'): Buffer {
	const binary = item.binary?.[property];
	if (!binary)
		throw new Error(
			`The item has no binary property "${property}" (has: ${Object.keys(item.binary ?? {}).join(', ') || 'none'})`,
		);
	if (binary.id) {
		// "filesystem-v2:<relative path>" under <user folder>/.n8n/storage (2.x) or .n8n/binaryData (1.x)
		const relative = binary.id.slice(binary.id.indexOf(':') + 1);
		const candidates = ['storage', 'binaryData'].map((folder) =>
			join(n8n.userFolder, '.n8n', folder, relative),
		);
		const file = candidates.find((candidate) => existsSync(candidate));
		if (!file) throw new Error(`n8n's binary file is missing: ${candidates.join(' or ')}`);
		return readFileSync(file);
	}
	return Buffer.from(binary.data ?? '', 'base64');
}

/** The signed PDF as the service hands it out (fetchDocument, then its temporary link), to compare with n8n's. */
export async function serviceCopy(emulator: EmulatorProcess, documentId: string): Promise<Buffer> {
	const url = new URL(`${emulator.info.baseUrl}/v3.3/document/fetchDocument`);
	url.searchParams.set('documentId', documentId);
	url.searchParams.set('documentDownloadType', 'DOCUMENT');
	const answer = (await (
		await fetch(url, { headers: { 'X-Auth-Token': emulator.info.authToken } })
	).json()) as { data?: { file?: string } };
	if (!answer.data?.file) throw new Error(`fetchDocument answered ${JSON.stringify(answer)}`);
	return Buffer.from(await (await fetch(answer.data.file)).arrayBuffer());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const nodeFor = (workflow: ImportableWorkflow, operation: string) => {
	const node = workflow.nodes.find(
		(candidate) => candidate.type === NODE && candidate.parameters?.operation === operation,
	);
	if (!node) throw new Error(`${workflow.file} has no Document Execution node for "${operation}"`);
	return node.name;
};

/** Get Status's Simplify output, as the summary shows it. */
const readStatus = (item: N8nItem | undefined) => ({
	status: String(item?.json.status ?? ''),
	invitees: ((item?.json.invitees as Array<Record<string, unknown>> | undefined) ?? []).map(
		(invitee) => ({ name: invitee.name as string | undefined, state: String(invitee.state ?? '') }),
	),
});

/** What Get Status read at each round of the wait, oldest first (n8n keeps one run per pass of the loop). */
export const statusRounds = (run: N8nRun, nodeName: string) =>
	(run.data.resultData.runData[nodeName] ?? []).map((pass) => readStatus(pass.data?.main[0]?.[0]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The progress line while n8n waits: each time the flow reads the status again (a Get Status request in the
 * emulator's log), the round's number and where each invitee stands (the emulator's invitee schedule). Both
 * are read on the emulator's control routes, which its request log leaves out. Answers a function that stops it.
 */
function watchTheWait(emulator: EmulatorProcess, log: (line: string) => void): () => Promise<void> {
	let stopped = false;
	let rounds = 0;
	const watching = (async () => {
		while (!stopped) {
			await sleep(300);
			const requests = (
				await emulator.control<
					Array<{ method: string; path: string; query: Record<string, string> }>
				>('GET', '/__emulator/requests')
			).body.filter(({ method, path }) => method === 'GET' && path === '/api/v3.2/sign/request');
			if (requests.length === rounds) continue;
			rounds = requests.length;
			const documentId = requests[rounds - 1].query.documentId;
			const schedule = await emulator.control<{
				invitees?: Array<{ name: string; state: string }>;
				nextActionInMs?: number | null;
			}>('GET', `/__emulator/invitee-schedule?documentId=${encodeURIComponent(documentId)}`);
			const invitees = (schedule.body.invitees ?? [])
				.map(({ name, state }) => `${name}: ${state}`)
				.join(', ');
			const next =
				typeof schedule.body.nextActionInMs === 'number'
					? `; the next invitee acts in ${Math.ceil(schedule.body.nextActionInMs / 1000)} s`
					: '';
			log(`round ${rounds}: Get Status read ${documentId}  (${invitees}${next})`);
		}
	})();
	return async () => {
		stopped = true;
		await watching;
	};
}

/**
 * The main job's pipeline: examples/send-and-wait-polling.json, already imported into n8n (polling every few
 * seconds: DEMO_POLLING), run with `n8n execute` against an emulator whose invitees act later
 * (DEMO_SIGNING): create, then wait and read the status round after round until the document is COMPLETED,
 * then download. Shows each round as it happens, and reads what came out of each step.
 */
export async function runPipeline(
	n8n: N8n,
	emulator: EmulatorProcess,
	log: (line: string) => void = () => undefined,
): Promise<PipelineSummary> {
	const workflow = exampleWorkflows().find((example) => example.file === PIPELINE_EXAMPLE);
	if (!workflow) throw new Error(`examples/${PIPELINE_EXAMPLE} is missing`);
	log(`n8n execute --id=${workflow.id}  (${workflow.name})`);
	await emulator.control('DELETE', '/__emulator/requests');
	const stopWatching = watchTheWait(emulator, log);
	const execution = await n8n.execute(workflow.id).finally(stopWatching);
	if (!execution.run)
		throw new Error(
			`n8n printed no run data:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`,
		);
	const error = execution.run.data.resultData.error;
	if (error)
		throw new Error(`${workflow.name} failed in n8n: ${error.message} ${error.description ?? ''}`);

	const [created] = nodeOutput(execution.run, nodeFor(workflow, 'create'));
	const documentId = String(created?.json.documentId ?? '');
	if (!documentId)
		throw new Error(`The create step output has no documentId: ${JSON.stringify(created?.json)}`);
	const rounds = statusRounds(execution.run, nodeFor(workflow, 'getStatus'));
	const endedOn = execution.run.data.resultData.lastNodeExecuted ?? '';
	const download = nodeFor(workflow, 'download');
	if (endedOn !== download)
		throw new Error(
			`${workflow.name} ended on "${endedOn}" after ${rounds.length} rounds, not on "${download}": ${JSON.stringify(rounds.at(-1))}`,
		);
	const [file] = nodeOutput(execution.run, download);
	const property = Object.keys(file?.binary ?? {})[0] ?? 'data';
	const bytes = binaryBytes(n8n, file, property);
	const fromService = await serviceCopy(emulator, documentId);
	return {
		workflow: workflow.name,
		documentId,
		...(rounds.at(-1) ?? readStatus(undefined)),
		rounds,
		endedOn,
		pdf: {
			fileName: file.binary?.[property]?.fileName,
			mimeType: file.binary?.[property]?.mimeType ?? '',
			bytes: bytes.length,
			sha256: sha256(bytes),
			isPdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-',
			matchesService: sha256(bytes) === sha256(fromService),
		},
	};
}
