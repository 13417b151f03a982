import { Agent, request } from 'node:http';

import type { INode, INodeParameters } from 'n8n-workflow';

import {
	DEFAULT_SALT,
	startEmulator,
	type Emulator,
	type SeedOptions,
} from '../../emulator/server';
import type { WorkflowJson } from '../../harness/engine';
import { nodeTypeName } from '../../harness/types';
import {
	startWebhookServer,
	type WebhookServer,
	type WebhookServerOptions,
} from '../../harness/webhook-server';
import { REDIRECT_URI, tokenCredential } from '../../support/credentials';

export const TRIGGER_NAME = 'Document Execution Trigger';

/** The trigger's one version. */
export const TRIGGER_VERSION = 2;

/** A workflow holding only the trigger, with a fixed webhookId as the n8n editor gives webhook nodes. */
export function triggerWorkflow(
	parameters: INodeParameters = {},
	extra: { nodes?: INode[]; connections?: WorkflowJson['connections'] } = {},
): WorkflowJson {
	return {
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NAME,
				type: nodeTypeName('documentExecutionTrigger'),
				typeVersion: TRIGGER_VERSION,
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
export function postRaw(
	url: string,
	body: string | Buffer,
	contentType = 'application/json',
	agent?: Agent,
): Promise<PostResult> {
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
	return new Promise((resolve, reject) => {
		const outgoing = request(
			url,
			{
				method: 'POST',
				agent,
				headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						body: Buffer.concat(chunks).toString('utf8'),
					}),
				);
				response.on('error', reject);
			},
		);
		outgoing.on('error', reject);
		outgoing.end(bytes);
	});
}

type Credentials = Record<string, Record<string, unknown>>;

/**
 * A fresh emulator per test (no retries, the OAuth2 redirect URI registered) and the trigger served over HTTP
 * by `serve(parameters, credentials, workflow, n8n)` (`n8n`: how n8n stores executions), every server closed
 * after the test. By default the credential is the Auth Token one with the account's Private Salt, so
 * deliveries are verified.
 */
export function triggerTestbed(seed: SeedOptions = {}) {
	let emulator: Emulator | undefined;
	const servers: WebhookServer[] = [];
	beforeEach(async () => {
		emulator = await startEmulator({
			seed: { webhookRetries: 0, oauthRedirectUris: REDIRECT_URI, ...seed },
		});
	});
	afterEach(async () => {
		for (const server of servers.splice(0)) await server.close();
		await emulator?.close();
	});
	const current = () => {
		if (!emulator) throw new Error('triggerTestbed: the emulator runs only inside a test');
		return emulator;
	};
	/** The Auth Token credential with this Private Salt ('' as saved with the field left empty). */
	const withSalt = (salt = DEFAULT_SALT): Credentials => ({
		documentExecutionApi: { ...tokenCredential(current()), privateSalt: salt },
	});
	return {
		get emulator() {
			return current();
		},
		withSalt,
		async serve(
			parameters: INodeParameters = {},
			credentials: Credentials = withSalt(),
			workflow?: WorkflowJson,
			n8n: Pick<WebhookServerOptions, 'storeExecution'> = {},
		) {
			const server = await startWebhookServer({
				workflow: workflow ?? triggerWorkflow(parameters),
				credentials: credentials as never,
				runDownstream: workflow !== undefined,
				...n8n,
			});
			servers.push(server);
			return server;
		},
	};
}
