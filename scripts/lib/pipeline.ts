import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { makePdf } from '../../test/fixtures/pdf';
import type { EmulatorProcess } from './emulator';
import { nodeOutput, type N8n, type N8nItem, type N8nRun } from './n8n';

const NODE = 'n8n-nodes-document-execution.documentExecution';
/** The emulator's published PDF workflow (test/emulator/families/v3.ts, V3_SEED.pdfProfileId). */
export const DEMO_PROFILE_ID = 'WF-PDF-0001';

export const CREDENTIAL = { id: 'DexDemoToken0001', name: 'Document Execution (local emulator)' };

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

const manualTrigger = {
	id: 'b0b0b0b0-0000-4000-8000-000000000001',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const credentials = { documentExecutionApi: CREDENTIAL };

/** Step 1 of the pipeline: a signing request for a PDF, with one invitee, and its status right after. */
export function createWorkflow(pdf: Buffer) {
	return {
		id: 'DexDemoCreate001',
		name: 'Demo 1: create a signing request',
		nodes: [
			manualTrigger,
			{
				id: 'b0b0b0b0-0000-4000-8000-000000000002',
				name: 'Create Signing Request',
				type: NODE,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'document',
					operation: 'create',
					profileId: DEMO_PROFILE_ID,
					specifyBody: 'fields',
					documentSource: 'base64',
					fileBase64: pdf.toString('base64'),
					documentName: 'Demo_agreement.pdf',
					invitees: { invitee: [{ name: 'Asha Rao', email: 'asha.rao@example.com' }] },
				},
				credentials,
			},
			{
				id: 'b0b0b0b0-0000-4000-8000-000000000005',
				name: 'Status After Create',
				type: NODE,
				typeVersion: 1,
				position: [480, 0],
				parameters: { resource: 'document', operation: 'getStatus', documentId: '={{ $json.documentId }}' },
				credentials,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Create Signing Request', type: 'main', index: 0 }]] },
			'Create Signing Request': { main: [[{ node: 'Status After Create', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** Step 3: read the status, then download the signed PDF. */
export function statusAndDownloadWorkflow(documentId: string) {
	return {
		id: 'DexDemoDownld001',
		name: 'Demo 2: status and signed PDF',
		nodes: [
			manualTrigger,
			{
				id: 'b0b0b0b0-0000-4000-8000-000000000003',
				name: 'Get Status',
				type: NODE,
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'document', operation: 'getStatus', documentId },
				credentials,
			},
			{
				id: 'b0b0b0b0-0000-4000-8000-000000000004',
				name: 'Download Signed PDF',
				type: NODE,
				typeVersion: 1,
				position: [480, 0],
				parameters: { resource: 'document', operation: 'download', documentId, fileType: 'DOCUMENT' },
				credentials,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Get Status', type: 'main', index: 0 }]] },
			'Get Status': { main: [[{ node: 'Download Signed PDF', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

export interface PipelineSummary {
	documentId: string;
	statusAfterCreate: string;
	statusAfterSigning: string;
	invitees: Array<{ name?: string; status?: string }>;
	pdf: { fileName?: string; mimeType: string; bytes: number; sha256: string; isPdf: boolean; matchesService: boolean };
}

/** The bytes of a binary property of an output item, whatever n8n's binary data mode. */
export function binaryBytes(n8n: N8n, item: N8nItem, property = 'data'): Buffer {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`The item has no binary property "${property}" (has: ${Object.keys(item.binary ?? {}).join(', ') || 'none'})`);
	if (binary.id) {
		// "filesystem-v2:<relative path>" under <user folder>/.n8n/storage (2.x) or .n8n/binaryData (1.x)
		const relative = binary.id.slice(binary.id.indexOf(':') + 1);
		const candidates = ['storage', 'binaryData'].map((folder) => join(n8n.userFolder, '.n8n', folder, relative));
		const file = candidates.find((candidate) => existsSync(candidate));
		if (!file) throw new Error(`n8n's binary file is missing: ${candidates.join(' or ')}`);
		return readFileSync(file);
	}
	return Buffer.from(binary.data ?? '', 'base64');
}

function requireSuccess(label: string, run: N8nRun | undefined, stdout: string, stderr: string): N8nRun {
	if (!run) throw new Error(`${label}: n8n printed no run data:\n${stdout.slice(-3000)}\n${stderr.slice(-2000)}`);
	const error = run.data.resultData.error;
	if (error) throw new Error(`${label} failed in n8n: ${error.message} ${error.description ?? ''}`);
	return run;
}

/** The signed PDF as the service hands it out (fetchDocument, then its temporary link), to compare with n8n's. */
async function serviceCopy(emulator: EmulatorProcess, documentId: string): Promise<Buffer> {
	const url = new URL(`${emulator.info.baseUrl}/v3.3/document/fetchDocument`);
	url.searchParams.set('documentId', documentId);
	url.searchParams.set('documentDownloadType', 'DOCUMENT');
	const answer = (await (await fetch(url, { headers: { 'X-Auth-Token': emulator.info.authToken } })).json()) as { data?: { file?: string } };
	if (!answer.data?.file) throw new Error(`fetchDocument answered ${JSON.stringify(answer)}`);
	return Buffer.from(await (await fetch(answer.data.file)).arrayBuffer());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * create → (the invitee signs, in the emulator) → status → download, each n8n step run with `n8n execute`
 * on the imported workflows.
 */
export async function runPipeline(n8n: N8n, emulator: EmulatorProcess, log: (line: string) => void = () => undefined): Promise<PipelineSummary> {
	const created = await n8n.importWorkflow(createWorkflow(makePdf('Demo agreement between the Document Execution Service and n8n', 40_000)));
	log('n8n execute: Demo 1 (create a signing request)');
	const first = await n8n.execute(created);
	const createRun = requireSuccess('Create Signing Request', first.run, first.stdout, first.stderr);
	const [createdItem] = nodeOutput(createRun, 'Create Signing Request');
	const documentId = String(createdItem?.json.documentId ?? '');
	if (!documentId) throw new Error(`Create Signing Request output has no documentId: ${JSON.stringify(createdItem?.json)}`);

	const before = await emulator.control<{ status: string }>('POST', `/__emulator/v3/documents/${documentId}/sign-all`);
	if (before.status !== 200) throw new Error(`The emulator could not sign ${documentId}: ${JSON.stringify(before.body)}`);
	log(`emulator: every invitee of ${documentId} signed`);

	const statusId = await n8n.importWorkflow(statusAndDownloadWorkflow(documentId));
	log('n8n execute: Demo 2 (status and signed PDF)');
	const second = await n8n.execute(statusId);
	const downloadRun = requireSuccess('Status and download', second.run, second.stdout, second.stderr);
	const [status] = nodeOutput(downloadRun, 'Get Status');
	const [file] = nodeOutput(downloadRun, 'Download Signed PDF');
	const bytes = binaryBytes(n8n, file);
	const fromService = await serviceCopy(emulator, documentId);
	const [early] = nodeOutput(createRun, 'Status After Create');
	const statusAfterCreate = String(early?.json.status ?? '');
	const requests = (status.json.requests as Array<Record<string, unknown>> | undefined) ?? [];
	return {
		documentId,
		statusAfterCreate,
		statusAfterSigning: String(status.json.status ?? ''),
		invitees: requests.map((request) => ({
			name: request.name as string | undefined,
			status: request.signed ? 'signed' : request.rejected ? 'rejected' : request.expired ? 'expired' : 'pending',
		})),
		pdf: {
			fileName: file.binary?.data?.fileName,
			mimeType: file.binary?.data?.mimeType ?? '',
			bytes: bytes.length,
			sha256: sha256(bytes),
			isPdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-',
			matchesService: sha256(bytes) === sha256(fromService),
		},
	};
}
