import { inspect } from 'node:util';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { V3State } from '../../emulator/families/v3';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator, type SeedOptions } from '../../emulator/server';
import { runNode, storeBinary, type BinaryMode, type SingleNodeOptions } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import { tokenCredential } from '../../support/credentials';

export async function startV3Emulator(seed: SeedOptions = {}): Promise<Emulator> {
	return await startEmulator({ seed });
}

export const v3State = (emulator: Emulator) => emulator.slice<V3State>('v3');

/** Runs the node on the document resource with the Auth Token credential. */
export async function runDocument(emulator: Emulator, parameters: INodeParameters, options: SingleNodeOptions = {}) {
	return await runNode(
		{ authentication: 'authToken', resource: 'document', ...parameters },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) }, ...options },
	);
}

/** An input item carrying a PDF (or any bytes) as binary, stored the way an upstream node would. */
export async function pdfItem(
	content: Buffer = makePdf('Contract for signing'),
	extra: Record<string, Buffer> = {},
	mode: BinaryMode = 'default',
	json: INodeExecutionData['json'] = {},
): Promise<INodeExecutionData> {
	const binary: INodeExecutionData['binary'] = {
		data: await storeBinary(content, { fileName: 'contract.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' }, mode),
	};
	for (const [name, bytes] of Object.entries(extra)) {
		binary[name] = await storeBinary(bytes, { fileName: `${name}.pdf`, mimeType: 'application/pdf', fileExtension: 'pdf' }, mode);
	}
	return { json, binary };
}

/** Asserts that neither serialization of an error (cause and context included) holds the token. */
export function expectNoToken(error: unknown, token = DEFAULT_AUTH_TOKEN): void {
	expect(error).toBeDefined();
	const asJson = JSON.stringify(error, (_key, value: unknown) =>
		value instanceof Error ? { ...value, message: value.message, stack: value.stack, cause: (value as { cause?: unknown }).cause } : value,
	);
	expect(asJson).not.toContain(token);
	expect(inspect(error, { depth: 12, showHidden: true })).not.toContain(token);
}

export const servicePaths = {
	create: '/api/v3.0/sign/request',
	status: '/api/v3.2/sign/request',
	details: '/api/v3.3/document/details',
	list: '/api/v3.0/sign/request/list',
	fetch: '/api/v3.3/document/fetchDocument',
	reactivate: '/api/v3.0/sign/request/reactivate',
	resend: '/api/v3.0/sign/request/resend',
	docSigner: '/api/v3.0/sign/docSigner/invitation',
	ebg: '/api/v3.3/nesl/notification/review',
} as const;

/** Requests that reached the emulator on exactly this path (the create and status paths share a prefix). */
export const requestsOn = (emulator: Emulator, path: string, method?: string) =>
	emulator.requests.filter((request) => request.path === path && (!method || request.method === method));
