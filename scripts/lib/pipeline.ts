import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { EmulatorProcess } from './emulator';
import { nodeOutput, type N8n, type N8nItem } from './n8n';
import { paths } from './paths';

const NODE = 'n8n-nodes-document-execution.documentExecution';

/** The example that is the main job's pipeline. */
export const PIPELINE_EXAMPLE = 'create-status-download.json';

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

/** examples/*.json, ready to import: ids from their file names, credentials pointed at the demo's. */
export function exampleWorkflows(): ImportableWorkflow[] {
	if (!existsSync(paths.examples)) return [];
	return readdirSync(paths.examples)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(join(paths.examples, file), 'utf8')) as {
				name?: string;
				nodes: WorkflowNode[];
			};
			// n8n ids are 16 characters: a prefix and the file name's letters.
			const id = `DexEx${file.replace(/[^A-Za-z0-9]/g, '').slice(0, 11)}`.padEnd(16, '0');
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

export interface PipelineSummary {
	workflow: string;
	documentId: string;
	status: string;
	invitees: Array<{ name?: string; status: string }>;
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

/**
 * create → status → download: examples/create-status-download.json, already imported into n8n, run with
 * `n8n execute` against an emulator started with signOnCreate (its invitee signs as soon as the request
 * exists, so the download finds a COMPLETED document). Reads what came out of each step.
 */
export async function runPipeline(
	n8n: N8n,
	emulator: EmulatorProcess,
	log: (line: string) => void = () => undefined,
): Promise<PipelineSummary> {
	const workflow = exampleWorkflows().find((example) => example.file === PIPELINE_EXAMPLE);
	if (!workflow) throw new Error(`examples/${PIPELINE_EXAMPLE} is missing`);
	log(`n8n execute --id=${workflow.id}  (${workflow.name})`);
	const execution = await n8n.execute(workflow.id);
	if (!execution.run)
		throw new Error(
			`n8n printed no run data:\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-2000)}`,
		);
	const error = execution.run.data.resultData.error;
	if (error)
		throw new Error(`${workflow.name} failed in n8n: ${error.message} ${error.description ?? ''}`);

	const [created] = nodeOutput(execution.run, nodeFor(workflow, 'create'));
	const [status] = nodeOutput(execution.run, nodeFor(workflow, 'getStatus'));
	const [file] = nodeOutput(execution.run, nodeFor(workflow, 'download'));
	const documentId = String(created?.json.documentId ?? '');
	if (!documentId)
		throw new Error(`The create step output has no documentId: ${JSON.stringify(created?.json)}`);
	const property = Object.keys(file?.binary ?? {})[0] ?? 'data';
	const bytes = binaryBytes(n8n, file, property);
	const fromService = await serviceCopy(emulator, documentId);
	// Get Status with Simplify on (the example's default): each invitee with its state.
	const invitees = (status.json.invitees as Array<Record<string, unknown>> | undefined) ?? [];
	return {
		workflow: workflow.name,
		documentId,
		status: String(status.json.status ?? ''),
		invitees: invitees.map((invitee) => ({
			name: invitee.name as string | undefined,
			status: String(invitee.state ?? '').toLowerCase(),
		})),
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
