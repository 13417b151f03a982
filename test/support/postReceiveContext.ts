import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { NODE_NAME } from '../harness/engine';

/**
 * A postReceive step's context for a unit test of what a hook does with an answer: the node's parameters,
 * and n8n's request and binary helpers as spies.
 */
export function postReceiveContext(parameters: Record<string, unknown>, httpRequest = jest.fn()) {
	const prepareBinaryData = jest.fn(
		async (_content: Buffer, fileName?: string, mimeType?: string) => ({
			data: '',
			fileName,
			mimeType,
		}),
	);
	const context = {
		getNode: () => ({ name: NODE_NAME, type: 'n8n-nodes-document-execution.documentExecution' }),
		getItemIndex: () => 0,
		getNodeParameter: (name: string, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
		helpers: { httpRequest, prepareBinaryData },
	} as unknown as IExecuteSingleFunctions;
	return { context, prepareBinaryData };
}
