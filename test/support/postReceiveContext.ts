import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../nodes/DocumentExecution/shared/requests/routing';
import { NODE_NAME } from '../harness/engine';

/**
 * A postReceive step's context for a unit test of what a hook does with an answer: the node's parameters,
 * and n8n's request and binary helpers as spies.
 */
export function postReceiveContext(parameters: Record<string, unknown>, httpRequest = jest.fn()) {
	// Stores as n8n's in-memory mode does: the bytes, from a Buffer or read from a stream, as base64.
	const prepareBinaryData = jest.fn(
		async (content: Buffer | AsyncIterable<Buffer>, fileName?: string, mimeType?: string) => {
			const chunks: Buffer[] = [];
			if (Buffer.isBuffer(content)) chunks.push(content);
			else for await (const chunk of content) chunks.push(chunk);
			const bytes = Buffer.concat(chunks);
			return { data: bytes.toString('base64'), bytes: bytes.length, fileName, mimeType };
		},
	);
	const context = {
		getNode: () => ({ name: NODE_NAME, type: 'n8n-nodes-document-execution.documentExecution' }),
		getItemIndex: () => 0,
		// The item the step runs for, as n8n hands it: without files here.
		getInputData: () => ({ json: {} }),
		getNodeParameter: (name: string, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
		helpers: { httpRequest, prepareBinaryData },
	} as unknown as IExecuteSingleFunctions;
	return { context, prepareBinaryData };
}

/** The item's request as the sender hands it to an output step: `url`, with no Request Options set. */
export const itemRequestTo = (url: string): ItemRequest => ({ request: { url } });
