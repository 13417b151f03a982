import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { installCommunityPackage } from '../../scripts/lib/community';
import { startEmulatorProcess, type EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8nInstallSpec } from '../../scripts/lib/install';
import { N8n } from '../../scripts/lib/n8n';
import type { PipelineSummary } from '../../scripts/lib/pipeline';
import type { Packed } from '../../scripts/lib/pack';
import { CACHE, paths } from '../../scripts/lib/paths';
import { killOnExit, stopAll } from '../../scripts/lib/proc';
import { V3_SEED } from '../emulator/families/v3';
import { makePdf } from '../fixtures/pdf';

export const PACKAGE = 'n8n-nodes-document-execution';

// Whatever happens to the test process, the n8n servers and emulators it started go with it.
killOnExit();

export function packed(): Packed {
	return JSON.parse(readFileSync(join(CACHE, 'e2e', 'packed.json'), 'utf8')) as Packed;
}

/** Each test file gets its own user folder (database, installed package) and ports. */
export async function n8nWithPackage(name: string, spec?: N8nInstallSpec): Promise<N8n> {
	const n8n = await N8n.create({ name: `e2e-${name}`, fresh: true, spec });
	await installCommunityPackage(n8n.userFolder, packed().tarball);
	return n8n;
}

export async function emulator(
	name: string,
	options: Pick<
		NonNullable<Parameters<typeof startEmulatorProcess>[0]>,
		'seed' | 'signOnCreate' | 'inviteesActAfter'
	> = {},
): Promise<EmulatorProcess> {
	return await startEmulatorProcess({ name: `e2e-${name}`, ...options });
}

/** The credential a user would create for the emulator (Environment: Custom). */
export function tokenCredential(emulatorProcess: EmulatorProcess, id = 'DexE2eToken00001') {
	return {
		id,
		name: 'Document Execution (emulator)',
		type: 'documentExecutionApi',
		data: {
			environment: 'custom',
			baseUrl: emulatorProcess.info.baseUrl,
			authToken: emulatorProcess.info.authToken,
			privateSalt: emulatorProcess.info.salt ?? '',
		},
	};
}

/**
 * Sends a signing request with one signer through the service's API, as a sender's app would (not through n8n),
 * on the emulator's PDF workflow; answers its document ID. The signer acts later, through the control routes.
 */
export async function sendSigningRequest(
	emulatorProcess: EmulatorProcess,
	documentName: string,
): Promise<string> {
	const response = await fetch(`${emulatorProcess.info.baseUrl}/v3.0/sign/request`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'X-Auth-Token': emulatorProcess.info.authToken },
		body: JSON.stringify({
			profileId: V3_SEED.pdfProfileId,
			file: { name: documentName, file: makePdf(documentName).toString('base64') },
			invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
		}),
	});
	const answer = (await response.json()) as { data?: { documentId?: string } };
	if (!answer.data?.documentId)
		throw new Error(`The service created no signing request: ${JSON.stringify(answer)}`);
	return answer.data.documentId;
}

export interface ExampleWorkflow {
	file: string;
	workflow: Record<string, unknown> & {
		id?: string;
		name?: string;
		nodes: Array<
			{
				name: string;
				type: string;
				credentials?: Record<string, { id: string; name: string }>;
			} & Record<string, unknown>
		>;
		connections: Record<string, unknown>;
	};
}

export function exampleWorkflows(): ExampleWorkflow[] {
	if (!existsSync(paths.examples)) return [];
	return readdirSync(paths.examples)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({
			file,
			workflow: JSON.parse(
				readFileSync(join(paths.examples, file), 'utf8'),
			) as ExampleWorkflow['workflow'],
		}));
}

export function exampleWorkflow(file: string): ExampleWorkflow['workflow'] {
	const found = exampleWorkflows().find((candidate) => candidate.file === file);
	if (!found) throw new Error(`examples/${file} is missing`);
	return found.workflow;
}

/** Points every node's credentials at the imported ones (what a user does after importing a workflow). */
export function withCredentials(
	workflow: ExampleWorkflow['workflow'],
	credentials: Array<{ id: string; name: string; type: string }>,
	id: string,
): ExampleWorkflow['workflow'] & { id: string } {
	const byType = new Map(
		credentials.map((credential) => [
			credential.type,
			{ id: credential.id, name: credential.name },
		]),
	);
	return {
		...workflow,
		id,
		active: false,
		nodes: workflow.nodes.map((node) => {
			if (!node.credentials) return node;
			const next = Object.fromEntries(
				Object.entries(node.credentials).map(([type, ref]) => [type, byType.get(type) ?? ref]),
			);
			return { ...node, credentials: next };
		}),
	};
}

/** Where examples/bulk-send.json reads its CSV file and PDFs; a test points it at a folder of its own. */
export const BULK_FOLDER_IN_EXAMPLE = '/data/bulk-send';
/** Where examples/document-completed-archive.json writes; a test points it at a folder of its own. */
export const ARCHIVE_FOLDER_IN_EXAMPLE = '/data/signed-documents';

/**
 * The example with its folder replaced by the test's or the bench's (the one change its notes ask of a user);
 * throws when the example no longer names that folder.
 */
export function withFolder<Workflow>(
	workflow: Workflow,
	inExample: string,
	folder: string,
): Workflow {
	const text = JSON.stringify(workflow);
	if (!text.includes(inExample)) throw new Error(`The example no longer names ${inExample}`);
	return JSON.parse(text.split(inExample).join(folder)) as Workflow;
}

/**
 * The records of a CSV file's text by its header row, its fields quoted or not (a quoted field may hold commas
 * and doubled quotes, as n8n's Convert to File writes an error message).
 */
export function csvRecords(text: string): Array<Record<string, string>> {
	const [header, ...rows] = text
		.trim()
		.split(/\r?\n/)
		.map((line) =>
			[...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field]) =>
				field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field,
			),
		);
	return rows.map((values) =>
		Object.fromEntries(header.map((column, index) => [column, values[index] ?? ''])),
	);
}

/**
 * Activation registers the production webhook a moment after the REST call returns. A GET shows when it is
 * there without starting anything: n8n then answers that the path is registered for POST only.
 */
export async function waitForRegistration(url: string): Promise<void> {
	for (let tries = 0; tries < 60; tries++) {
		const text = await (await fetch(url)).text();
		if (/not registered for GET/i.test(text)) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`The webhook ${url} was not registered after 30 s`);
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

export const executionsOf = async (n8n: N8n, workflowId: string): Promise<ExecutionSummary[]> =>
	(
		await n8n.rest<{ results: ExecutionSummary[] }>(
			'GET',
			`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
		)
	).results;

/** Waits until the workflow has `count` executions, all finished (or 30 s), and answers them oldest first. */
export async function finishedExecutions(
	n8n: N8n,
	workflowId: string,
	count: number,
): Promise<ExecutionSummary[]> {
	let found: ExecutionSummary[] = [];
	for (let tries = 0; tries < 60; tries++) {
		found = await executionsOf(n8n, workflowId);
		if (
			found.length >= count &&
			found.every((execution) => !['running', 'new', 'waiting'].includes(execution.status))
		)
			break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	return [...found].sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The rounds of the polling example's wait, its invitees acting later with the reviewer first: the first round
 * finds the document SENT and the reviewer's turn (a send not yet signed), a later one the signer's (the
 * approval came before the signature), the last the document COMPLETED and signed.
 */
export function expectApprovalThenSignature(rounds: PipelineSummary['rounds']): void {
	expect(rounds[0]).toEqual({
		status: 'SENT',
		invitees: [
			{ name: 'Ravi Menon', state: 'ACTIVE' },
			{ name: 'Asha Rao', state: 'WAITING' },
		],
	});
	expect(
		rounds.some(({ status, invitees }) => status === 'SENT' && invitees[1]?.state === 'ACTIVE'),
	).toBe(true);
	expect(rounds.at(-1)).toEqual({
		status: 'COMPLETED',
		invitees: [
			expect.objectContaining({ name: 'Ravi Menon' }),
			{ name: 'Asha Rao', state: 'SIGNED' },
		],
	});
}

export { stopAll };
