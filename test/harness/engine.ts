import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Container } from '@n8n/di';
import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	IConnections,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { nodeTypeName, nodeTypes } from './types';

export type BinaryMode = 'default' | 'filesystem';

export interface RunOptions {
	/** Credential data by credential type name; every node of the run gets each of them. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Reuse a helper across runs (to see OAuth2 token updates persist, for example). */
	credentialsHelper?: TestCredentialsHelper;
	/** Items handed to the first node; default one empty item. */
	input?: INodeExecutionData[];
	/** n8n's binary storage: inline base64 ('default') or files on disk ('filesystem'). Default: 'default'. */
	binaryMode?: BinaryMode;
}

export interface RunResult {
	run: IRun;
	credentialsHelper: TestCredentialsHelper;
	/** The first output of the node's last run (what the next node would get). */
	output(nodeName: string): INodeExecutionData[];
	/** Every output branch of the node's last run. */
	outputs(nodeName: string): INodeExecutionData[][];
	/** The error the node stopped with, if it did. */
	nodeError(nodeName: string):
		| (Error & {
				description?: string | null;
				httpCode?: string | null;
				context?: Record<string, unknown>;
		  })
		| undefined;
	/** The bytes of a binary property of an output item, whatever the storage mode. */
	binary(item: INodeExecutionData, property?: string): Promise<Buffer>;
}

export interface WorkflowJson {
	name?: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowBase['settings'];
}

let binaryDataMode: BinaryMode | undefined;

/** Switches n8n-core's binary data service between inline and filesystem storage. */
async function useBinaryMode(mode: BinaryMode): Promise<void> {
	if (binaryDataMode === mode) return;
	const config = Container.get(BinaryDataConfig);
	config.mode = mode;
	if (mode === 'filesystem')
		config.localStoragePath = mkdtempSync(join(tmpdir(), 'n8n-dex-binary-'));
	const service = Container.get(BinaryDataService);
	if (mode === 'filesystem') await service.init();
	else (service as unknown as { mode: string }).mode = 'default';
	binaryDataMode = mode;
}

/** Stores bytes the way an upstream node (Read File, HTTP Request…) would, and returns them as binary data. */
export async function storeBinary(
	content: Buffer,
	meta: { fileName?: string; mimeType: string; fileExtension?: string },
	mode: BinaryMode = 'default',
): Promise<IBinaryData> {
	await useBinaryMode(mode);
	return await Container.get(BinaryDataService).store(
		{ type: 'execution', workflowId: 'test-workflow', executionId: 'upstream' },
		content,
		{
			data: '',
			mimeType: meta.mimeType,
			fileName: meta.fileName,
			fileExtension: meta.fileExtension,
		},
	);
}

/** The workflow's nodes, each given a reference to every credential the helper holds (its own refs win). */
export function withCredentialRefs(
	nodes: INode[],
	credentialsHelper: TestCredentialsHelper,
): INode[] {
	// Each helper's credentials get ids of their own, as each saved credential has in n8n.
	const credentialRefs = Object.fromEntries(
		[...credentialsHelper.store.keys()].map((type) => [
			type,
			{ id: `${type}#${credentialsHelper.serial}`, name: type },
		]),
	);
	return nodes.map((node) => ({
		...node,
		credentials: { ...credentialRefs, ...(node.credentials ?? {}) },
	}));
}

/** The stored workflow record n8n's lifecycle hooks are given. */
export function workflowRecord(
	workflow: Pick<IWorkflowBase, 'id' | 'name' | 'active' | 'nodes' | 'connections'>,
): IWorkflowBase {
	return {
		...workflow,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	};
}

/**
 * What the n8n application hands WorkflowExecute and the node contexts for one execution: the harness's
 * credentials, the execution's lifecycle hooks, and the instance URLs under `origin`. No sub-workflows.
 */
export function buildAdditionalData(
	run: {
		origin: string;
		credentialsHelper: TestCredentialsHelper;
		hooks: ExecutionLifecycleHooks;
		executionId: string;
	},
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const { origin } = run;
	return {
		credentialsHelper: run.credentialsHelper,
		hooks: run.hooks,
		executionId: run.executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${origin}/rest`,
		instanceBaseUrl: `${origin}/`,
		webhookBaseUrl: `${origin}/webhook`,
		webhookWaitingBaseUrl: `${origin}/webhook-waiting`,
		webhookTestBaseUrl: `${origin}/webhook-test`,
		formBaseUrl: `${origin}/form`,
		formWaitingBaseUrl: `${origin}/form-waiting`,
		formTestBaseUrl: `${origin}/form-test`,
		mcpBaseUrl: `${origin}/mcp`,
		mcpTestBaseUrl: `${origin}/mcp-test`,
		variables: {},
		userId: 'test-user',
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not available in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
		setExecutionStatus: () => undefined,
		sendDataToUI: () => undefined,
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** Runs a workflow (for example one of `examples/`) through n8n-core's WorkflowExecute. */
export async function runWorkflow(
	workflowJson: WorkflowJson,
	options: RunOptions = {},
): Promise<RunResult> {
	await useBinaryMode(options.binaryMode ?? 'default');
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentials);
	if (options.credentialsHelper && options.credentials) {
		for (const [type, data] of Object.entries(options.credentials))
			credentialsHelper.store.set(type, data);
	}
	const nodes = withCredentialRefs(workflowJson.nodes, credentialsHelper);
	const workflowId = `test-${randomUUID()}`;
	const workflow = new Workflow({
		id: workflowId,
		name: workflowJson.name ?? 'test',
		nodes,
		connections: workflowJson.connections,
		active: false,
		nodeTypes,
		settings: workflowJson.settings,
	});
	const startNode = workflow.getStartNode();
	if (!startNode) throw new Error('The workflow has no start node');

	const executionId = randomUUID();
	const workflowData = workflowRecord({
		id: workflowId,
		name: workflow.name ?? 'test',
		active: false,
		nodes,
		connections: workflowJson.connections,
	});
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	const finished = new Promise<IRun>((resolve) =>
		hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)),
	);

	const additionalData = buildAdditionalData({
		origin: 'http://127.0.0.1:5678',
		credentialsHelper,
		hooks,
		executionId,
	});

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: startNode, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
			],
		},
	});
	await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
		workflow,
	);
	const run = await finished;

	const lastRun = (nodeName: string) => {
		const runs = run.data.resultData.runData[nodeName];
		if (!runs?.length)
			throw new Error(
				`Node "${nodeName}" did not run. Workflow error: ${run.data.resultData.error?.message ?? 'none'}`,
			);
		return runs[runs.length - 1];
	};
	return {
		run,
		credentialsHelper,
		outputs: (nodeName) => (lastRun(nodeName).data?.main ?? []).map((branch) => branch ?? []),
		output: (nodeName) => lastRun(nodeName).data?.main?.[0] ?? [],
		nodeError: (nodeName) => lastRun(nodeName).error as ReturnType<RunResult['nodeError']>,
		binary: async (item, property = 'data') => {
			const binaryData = item.binary?.[property];
			if (!binaryData) throw new Error(`The item has no binary property "${property}"`);
			return await Container.get(BinaryDataService).getAsBuffer(binaryData);
		},
	};
}

export interface SingleNodeOptions extends RunOptions {
	/** Node type short name; default `documentExecution`. */
	type?: string;
	/** n8n's "On Error" setting; 'continueRegularOutput' is "Continue On Fail". */
	onError?: INode['onError'];
}

export const NODE_NAME = 'Document Execution';

/** Runs one node of this package with the given parameters and input items. */
export async function runNode(
	parameters: INodeParameters,
	options: SingleNodeOptions = {},
): Promise<RunResult & { items: INodeExecutionData[] }> {
	const node: INode = {
		id: randomUUID(),
		name: NODE_NAME,
		type: nodeTypeName(options.type ?? 'documentExecution'),
		typeVersion: 1,
		position: [0, 0],
		parameters,
		onError: options.onError,
	};
	const result = await runWorkflow({ nodes: [node], connections: {} }, options);
	return { ...result, items: result.output(NODE_NAME) };
}
