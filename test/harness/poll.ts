import { randomUUID } from 'node:crypto';

import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, PollContext, TriggersAndPollers } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { buildAdditionalData, withCredentialRefs, workflowRecord } from './engine';
import { nodeTypeName, nodeTypes } from './types';

/**
 * A test-only stand-in for what the n8n application does with a polling trigger (ActiveWorkflowManager,
 * PollTriggerExecutor and WorkflowStaticDataService of n8n 2.41): the workflow holds its static data in
 * memory while it is active; each poll runs the node's `poll()` through n8n-core's TriggersAndPollers with a
 * real PollContext; when the poll returns items (an execution starts) and on activation, the static data
 * is saved, as n8n saves it, to the stored copy. `restart()` is a new process: a new Workflow built from
 * the stored copy only, so whatever a poll changed without starting an execution is lost, as in n8n.
 */
export interface PollTriggerOptions {
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The stored static data to start from (a previous instance's `storedStaticData()`). */
	storedStaticData?: string;
}

export interface PollTrigger {
	/** The activation poll n8n runs when a workflow is activated (or n8n starts): its items, then saved. */
	activate(activation?: WorkflowActivateMode): Promise<INodeExecutionData[]>;
	/** One scheduled poll; the items of the execution it starts ([] when none). */
	poll(): Promise<INodeExecutionData[]>;
	/** "Fetch Test Event" in the editor: a poll in manual mode. */
	fetchTestEvent(): Promise<INodeExecutionData[]>;
	/** The static data as stored in n8n's database (JSON). */
	storedStaticData(): string;
	/** n8n restarts: a new trigger from the stored static data. */
	restart(parameters?: INodeParameters): PollTrigger;
}

export const POLL_NODE_NAME = 'Document Execution Poll Trigger';

export function startPollTrigger(options: PollTriggerOptions): PollTrigger {
	const credentialsHelper = new TestCredentialsHelper(options.credentials);
	const [node] = withCredentialRefs(
		[
			{
				id: 'poll-trigger-node',
				name: POLL_NODE_NAME,
				type: nodeTypeName('documentExecutionPollTrigger'),
				typeVersion: 1,
				position: [0, 0],
				parameters: options.parameters,
			},
		],
		credentialsHelper,
	);
	const workflowId = 'poll-test-workflow';
	const workflow = new Workflow({
		id: workflowId,
		name: 'poll test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: JSON.parse(options.storedStaticData ?? '{}') as IDataObject,
	});
	let stored = options.storedStaticData ?? '{}';

	// WorkflowStaticDataService.saveStaticData: only when something changed.
	const save = () => {
		if (workflow.staticData.__dataChanged !== true) return;
		workflow.staticData.__dataChanged = false;
		stored = JSON.stringify(workflow.staticData);
	};

	const run = async (
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<INodeExecutionData[]> => {
		const executionId = randomUUID();
		const hooks = new ExecutionLifecycleHooks(
			mode,
			executionId,
			workflowRecord({
				id: workflowId,
				name: 'poll test',
				active: true,
				nodes: [node],
				connections: {},
			}),
		);
		const additionalData = buildAdditionalData({
			origin: 'http://127.0.0.1:5678',
			credentialsHelper,
			hooks,
			executionId,
		});
		let emitted: INodeExecutionData[] = [];
		const context = new PollContext(
			workflow,
			node as INode,
			additionalData,
			mode,
			activation,
			(data) => {
				emitted = data[0] ?? [];
				if (mode !== 'manual') save();
			},
			(error) => {
				throw error;
			},
		);
		const response = await Container.get(TriggersAndPollers).runPollFunction(
			workflow,
			node,
			context,
		);
		if (response !== null) context.__emit(response);
		return emitted;
	};

	return {
		activate: async (activation = 'activate') => {
			const items = await run('trigger', activation);
			save();
			return items;
		},
		poll: async () => await run('trigger', 'update'),
		fetchTestEvent: async () => await run('manual', 'manual'),
		storedStaticData: () => stored,
		restart: (parameters = options.parameters) =>
			startPollTrigger({ parameters, credentials: options.credentials, storedStaticData: stored }),
	};
}
