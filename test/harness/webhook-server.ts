import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWebhookData,
	IWebhookDescription,
	ITriggerFunctions,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import {
	buildAdditionalData,
	runWorkflow,
	withCredentialRefs,
	workflowRecord,
	type RunResult,
	type WorkflowJson,
} from './engine';
import { nodeTypes } from './types';

/**
 * A test-only stand-in for the webhook part of the n8n application: a real HTTP server on 127.0.0.1 that
 * receives deliveries at the trigger's production webhook URLs and handles each as n8n's WebhookService
 * and webhook helpers do. The body is read and parsed as n8n's body parser does (an application/json
 * body that does not parse is refused with 422 before the node runs; other bodies reach the node with
 * `rawBody` set), n8n-core's own WebhookContext runs the node's `webhook()`, and the answer follows n8n
 * 2.41's rules for `onReceived` (packages/cli/src/webhooks/webhook-helpers.ts): nothing more when the node
 * answered itself (`noWebhookResponse`), the node's `webhookResponse` or `{"message":"Workflow was started"}`
 * with the description's response code otherwise, and 500 when `webhook()` throws (n8n then records a failed
 * execution). A delivery that starts an execution is answered only once n8n has stored it
 * (`shouldDeferOnReceivedResponse`: the answer follows WorkflowRunner.run); when storing fails (its database
 * down), n8n answers 500 `{"code":0,"message":"There was a problem executing the workflow"}` and no execution
 * exists (`storeExecution` makes that happen).
 *
 * Each stored `workflowData` counts as one execution. With `runDownstream`, the whole workflow then runs through
 * the engine harness (`runWorkflow`). n8n starts a webhook workflow with the trigger's output on the
 * execution stack and WorkflowExecute passes it through; the harness's manual runs start from a trigger
 * node instead, so the trigger is swapped, under its own name, for a stand-in trigger that emits exactly the
 * items `webhook()` returned. Every later node sees what it would see in n8n (`$json`, `$('<trigger>')`).
 *
 * The lifecycle hooks (`checkExists`, `create`, `delete`) run through n8n-core's HookContext on
 * `activate()` and `deactivate()`, as n8n's ActiveWorkflowManager calls them; static data persists
 * between requests as it does on an active workflow.
 */
export interface WebhookServerOptions {
	workflow: WorkflowJson;
	/** Name of the trigger node; default: the first node whose type has webhooks. */
	triggerNode?: string;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	credentialsHelper?: TestCredentialsHelper;
	/** Run the nodes after the trigger for each execution. Default false. */
	runDownstream?: boolean;
	/**
	 * Asked each time n8n stores an execution the trigger started, before the service is answered: false makes
	 * storing it fail, as it does with n8n's database down; a promise stands for a slow database. Default: every
	 * execution is stored at once.
	 */
	storeExecution?: () => boolean | Promise<boolean>;
}

export interface WebhookExecution {
	webhookName: string;
	items: INodeExecutionData[];
	/** The downstream run, when `runDownstream` is on. */
	run?: RunResult;
	/** Why the downstream run could not be made (a harness or engine fault, not a node error). */
	runError?: Error;
}

export interface WebhookFailure {
	webhookName: string;
	error: Error;
}

export interface WebhookServer {
	origin: string;
	/** The production URL of one of the trigger's webhooks ('default', 'error'...), as n8n computes it. */
	url(webhookName?: string): string;
	/** Its Test URL, under `/webhook-test`: n8n runs what arrives there in `manual` mode, as the editor's test. */
	testUrl(webhookName?: string): string;
	/** Executions started, oldest first. */
	executions: WebhookExecution[];
	/** Deliveries whose `webhook()` threw (n8n's failed executions). */
	failures: WebhookFailure[];
	/** Every request received, with the status it was answered with. */
	received: Array<{ path: string; status: number }>;
	workflow: Workflow;
	/** The credentials the trigger uses (OAuth2 token updates are counted there). */
	credentialsHelper: TestCredentialsHelper;
	/** The trigger's static data (what its lifecycle hooks stored). */
	staticData(): IDataObject;
	/** Runs checkExists, then create when it returned false, for each webhook; returns what checkExists said. */
	activate(): Promise<Record<string, boolean>>;
	/** Runs delete for each webhook. */
	deactivate(): Promise<void>;
	/** Runs one lifecycle method of one webhook. */
	runHook(webhookName: string, method: WebhookSetupMethodNames): Promise<boolean | undefined>;
	/** Resolves once every request received so far has been fully handled (downstream runs included). */
	settled(): Promise<void>;
	close(): Promise<void>;
}

type ExpressLikeRequest = IncomingMessage & {
	body: unknown;
	rawBody?: Buffer;
	readRawBody(): Promise<void>;
	query: Record<string, string>;
	params: Record<string, string>;
	contentType?: string;
	encoding: BufferEncoding;
};

type ExpressLikeResponse = ServerResponse & {
	status(code: number): ExpressLikeResponse;
	json(body: unknown): ExpressLikeResponse;
	send(body?: unknown): ExpressLikeResponse;
};

/** n8n's isParsableContentType (webhook-helpers.ts). */
const isParsableContentType = (contentType: string | undefined) =>
	Boolean(
		contentType &&
			(contentType.startsWith('application/json') ||
				contentType.startsWith('text/plain') ||
				contentType.startsWith('application/x-www-form-urlencoded') ||
				contentType.endsWith('/xml') ||
				contentType.endsWith('+xml')),
	);

export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentials);
	const nodes = withCredentialRefs(options.workflow.nodes, credentialsHelper);
	const triggerNode: INode | undefined =
		nodes.find((node) => node.name === options.triggerNode) ??
		nodes.find(
			(node) =>
				(nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType).description
					.webhooks?.length,
		);
	if (!triggerNode) throw new Error('The workflow has no webhook trigger node');
	const trigger: INode = triggerNode;
	const nodeType = nodeTypes.getByNameAndVersion(trigger.type, trigger.typeVersion) as INodeType;
	if (!nodeType.webhook) throw new Error(`${trigger.type} has no webhook() method`);
	const descriptions: IWebhookDescription[] = nodeType.description.webhooks ?? [];

	const workflowId = `webhook-test-${randomUUID()}`;
	const workflow = new Workflow({
		id: workflowId,
		name: options.workflow.name ?? 'webhook test',
		nodes,
		connections: options.workflow.connections,
		active: true,
		nodeTypes,
		settings: options.workflow.settings,
		staticData: {},
	});

	let origin = '';
	// n8n 2.41's live-webhooks.js and test-webhooks.js: a production delivery runs in `webhook` mode, one to the
	// Test URL in `manual` mode.
	const URL_ROOTS = { webhook: 'webhook', manual: 'webhook-test' } as const;
	const additionalData = (
		extra: Partial<IWorkflowExecuteAdditionalData> = {},
		mode: keyof typeof URL_ROOTS = 'webhook',
	): IWorkflowExecuteAdditionalData => {
		const executionId = randomUUID();
		const workflowData = workflowRecord({
			id: workflowId,
			name: workflow.name ?? 'webhook test',
			active: true,
			nodes,
			connections: options.workflow.connections,
		});
		const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
		return buildAdditionalData({ origin, credentialsHelper, hooks, executionId }, extra);
	};

	// n8n's WebhookService.getNodeWebhooks: one IWebhookData per description, path as n8n builds it.
	const webhookData = (
		description: IWebhookDescription,
		data: IWorkflowExecuteAdditionalData,
	): IWebhookData => ({
		httpMethod: description.httpMethod as IWebhookData['httpMethod'],
		node: trigger.name,
		path: NodeHelpers.getNodeWebhookPath(
			workflowId,
			trigger,
			String(description.path),
			Boolean(description.isFullPath),
		),
		webhookDescription: description,
		workflowId,
		workflowExecuteAdditionalData: data,
	});
	const urlOf = (description: IWebhookDescription, mode: keyof typeof URL_ROOTS = 'webhook') =>
		NodeHelpers.getNodeWebhookUrl(
			`${origin}/${URL_ROOTS[mode]}`,
			workflowId,
			trigger,
			String(description.path),
			Boolean(description.isFullPath),
		);

	const executions: WebhookExecution[] = [];
	const failures: WebhookFailure[] = [];
	const received: Array<{ path: string; status: number }> = [];
	const pending = new Set<Promise<void>>();

	async function handle(req: ExpressLikeRequest, res: ExpressLikeResponse): Promise<void> {
		const url = new URL(req.url ?? '/', origin);
		const servedAs = (mode: keyof typeof URL_ROOTS) =>
			descriptions.find(
				(candidate) =>
					new URL(urlOf(candidate, mode)).pathname === url.pathname &&
					String(candidate.httpMethod) === req.method,
			);
		const mode = servedAs('manual') ? 'manual' : 'webhook';
		const description = servedAs(mode);
		if (!description) {
			res.status(404).json({ code: 404, message: 'The requested webhook is not registered.' });
			return;
		}
		req.query = Object.fromEntries(url.searchParams);
		req.params = {};
		// n8n's body parser (packages/cli/src/middlewares/body-parser.ts) and its use in webhook-helpers.ts
		// parseRequestBody: a node of version 2 or later gets no body read for a Content-Type n8n does not parse,
		// and reads the bytes itself with req.readRawBody().
		req.readRawBody = async () => {
			if (req.rawBody) return;
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			req.rawBody = Buffer.concat(chunks);
		};
		const contentTypeHeader = req.headers['content-type'];
		req.contentType = contentTypeHeader?.split(';')[0].trim().toLowerCase();
		const charset = /charset=([^;]+)/i
			.exec(contentTypeHeader ?? '')?.[1]
			?.trim()
			.toLowerCase();
		req.encoding = (charset === 'utf8' || !charset ? 'utf-8' : charset) as BufferEncoding;
		req.body = {};
		if (trigger.typeVersion === 1 || isParsableContentType(req.contentType))
			await req.readRawBody();
		if (req.rawBody?.length) {
			try {
				if (req.contentType === 'application/json')
					req.body = JSON.parse(req.rawBody.toString(req.encoding));
				else if (req.contentType === 'application/x-www-form-urlencoded')
					req.body = Object.fromEntries(new URLSearchParams(req.rawBody.toString(req.encoding)));
				else if (req.contentType === 'text/plain') req.body = req.rawBody.toString(req.encoding);
			} catch (error) {
				res.status(422).json({
					code: 422,
					message: 'Failed to parse request body',
					hint: (error as Error).message,
				});
				return;
			}
		}

		const data = additionalData({ httpRequest: req as never, httpResponse: res as never }, mode);
		const context = new WebhookContext(
			workflow,
			trigger,
			data,
			mode,
			webhookData(description, data),
			[],
			null,
		);
		let result: IWebhookResponseData;
		try {
			result = (await nodeType.webhook!.call(context)) as IWebhookResponseData;
		} catch (error) {
			failures.push({ webhookName: description.name, error: error as Error });
			if (!res.headersSent) res.status(500).json({ code: 0, message: 'Error in Webhook' });
			return;
		}
		const answers = result.noWebhookResponse !== true && !res.headersSent;
		const responseCode = Number(description.responseCode ?? 200);
		if (result.workflowData === undefined) {
			if (answers)
				res
					.status(responseCode)
					.json(result.webhookResponse ?? { message: 'Webhook call received' });
			return;
		}
		// WorkflowRunner.run: the execution is stored before the service gets its answer.
		if (options.storeExecution && !(await options.storeExecution())) {
			if (answers)
				res.status(500).json({ code: 0, message: 'There was a problem executing the workflow' });
			return;
		}
		const items = result.workflowData[0] ?? [];
		const execution: WebhookExecution = { webhookName: description.name, items };
		executions.push(execution);
		if (answers) {
			// n8n's onReceived answer to a started execution: the description's responseData (a literal here;
			// n8n's default is the text 'firstEntryJson'), else the node's webhookResponse.
			const responseData = description.responseData ?? 'firstEntryJson';
			if (responseData === 'noData') res.status(responseCode).end();
			else if (responseData) res.status(responseCode).send(String(responseData));
			else
				res
					.status(responseCode)
					.json(result.webhookResponse ?? { message: 'Workflow was started' });
		}
		if (options.runDownstream) {
			try {
				execution.run = await runDownstream(
					options.workflow,
					trigger.name,
					items,
					credentialsHelper,
				);
			} catch (error) {
				execution.runError = error as Error;
			}
		}
	}

	const sockets = new Set<Socket>();
	const server: Server = createServer((request, response) => {
		const res = expressLike(response);
		const job = handle(request as ExpressLikeRequest, res)
			.catch((error: Error) => {
				if (!res.headersSent) res.status(500).json({ message: `Harness fault: ${error.message}` });
			})
			.finally(() => {
				received.push({ path: request.url ?? '', status: res.statusCode });
				if (!res.writableEnded) res.end();
				pending.delete(job);
			});
		pending.add(job);
	});
	server.keepAliveTimeout = 5000;
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	const describedAs = (webhookName: string) => {
		const description = descriptions.find((candidate) => candidate.name === webhookName);
		if (!description) throw new Error(`The trigger has no webhook named ${webhookName}`);
		return description;
	};

	const runHook = async (webhookName: string, method: WebhookSetupMethodNames) => {
		const description = describedAs(webhookName);
		const hook = nodeType.webhookMethods?.[webhookName as 'default']?.[method];
		if (!hook) return undefined;
		const data = additionalData();
		const context = new HookContext(
			workflow,
			trigger,
			data,
			'webhook',
			'activate',
			webhookData(description, data),
		);
		return (await hook.call(context)) as boolean;
	};

	return {
		origin,
		url: (webhookName = 'default') => urlOf(describedAs(webhookName)),
		testUrl: (webhookName = 'default') => urlOf(describedAs(webhookName), 'manual'),
		executions,
		failures,
		received,
		workflow,
		credentialsHelper,
		staticData: () => workflow.getStaticData('node', trigger),
		runHook,
		activate: async () => {
			const existed: Record<string, boolean> = {};
			for (const description of descriptions) {
				existed[description.name] = (await runHook(description.name, 'checkExists')) === true;
				if (!existed[description.name]) await runHook(description.name, 'create');
			}
			return existed;
		},
		deactivate: async () => {
			for (const description of descriptions) await runHook(description.name, 'delete');
		},
		settled: async () => {
			while (pending.size) await Promise.all([...pending]);
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Runs the workflow with the trigger replaced by a stand-in that emits `items` (see the header). */
async function runDownstream(
	workflowJson: WorkflowJson,
	triggerName: string,
	items: INodeExecutionData[],
	credentialsHelper: TestCredentialsHelper,
): Promise<RunResult> {
	const replayType = `test.webhookReplay${randomUUID().replace(/-/g, '')}`;
	const replay: INodeType = {
		description: {
			displayName: 'Webhook replay',
			name: replayType.slice('test.'.length),
			group: ['trigger'],
			version: 1,
			description: 'Emits the items the webhook trigger returned',
			defaults: { name: triggerName },
			inputs: [],
			outputs: ['main'],
			properties: [],
		} as unknown as INodeType['description'],
		async trigger(this: ITriggerFunctions) {
			return { manualTriggerFunction: async () => this.emit([items]) };
		},
	};
	nodeTypes.data[replayType] = { type: replay, sourcePath: '' };
	try {
		const nodes = workflowJson.nodes.map((node) =>
			node.name === triggerName
				? { ...node, type: replayType, typeVersion: 1, parameters: {}, credentials: undefined }
				: node,
		);
		return await runWorkflow({ ...workflowJson, nodes }, { credentialsHelper });
	} finally {
		delete nodeTypes.data[replayType];
	}
}

/** The parts of express's Response that nodes use: status(), json(), send(). */
function expressLike(response: ServerResponse): ExpressLikeResponse {
	const res = response as ExpressLikeResponse;
	res.status = (code: number) => {
		res.statusCode = code;
		return res;
	};
	res.json = (body: unknown) => {
		if (!res.headersSent) res.setHeader('content-type', 'application/json; charset=utf-8');
		res.end(JSON.stringify(body));
		return res;
	};
	res.send = (body?: unknown) => {
		if (body === undefined) res.end();
		else if (typeof body === 'string' || Buffer.isBuffer(body)) res.end(body);
		else res.json(body);
		return res;
	};
	return res;
}
