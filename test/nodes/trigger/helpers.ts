import { Agent, request } from 'node:http';

import type { INode, INodeParameters } from 'n8n-workflow';

import type { WorkflowJson } from '../../harness/engine';
import { nodeTypeName } from '../../harness/types';

export const TRIGGER_NAME = 'Document Execution Trigger';

/** A workflow holding only the trigger, with a fixed webhookId as the n8n editor gives webhook nodes. */
export function triggerWorkflow(parameters: INodeParameters = {}, extra: { nodes?: INode[]; connections?: WorkflowJson['connections'] } = {}): WorkflowJson {
	return {
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NAME,
				type: nodeTypeName('documentExecutionTrigger'),
				typeVersion: 1,
				position: [0, 0],
				webhookId: '5f1c1a64-6a39-4a4e-9d51-6f7c1f0e2a11',
				parameters: { authentication: 'authToken', ...parameters },
			},
			...(extra.nodes ?? []),
		],
		connections: extra.connections ?? {},
	};
}

export interface PostResult {
	status: number;
	body: string;
}

/** A raw HTTP POST (no client-side JSON handling), optionally over a keep-alive agent. */
export function postRaw(url: string, body: string | Buffer, contentType = 'application/json', agent?: Agent): Promise<PostResult> {
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
	return new Promise((resolve, reject) => {
		const outgoing = request(
			url,
			{ method: 'POST', agent, headers: { 'content-type': contentType, 'content-length': String(bytes.length) } },
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
				response.on('error', reject);
			},
		);
		outgoing.on('error', reject);
		outgoing.end(bytes);
	});
}
