import { RoutingNode } from 'n8n-core';
import type {
	EngineRequest,
	EngineResponse,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	ITaskData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

import { runWorkflow, type RunResult } from '../../harness/engine';
import { nodeTypeName, nodeTypes } from '../../harness/types';

/**
 * The AI agent tool n8n makes of a `usableAsTool` node, built the way n8n 2.41 builds it, since the harness
 * knows only the package's own node types:
 * - packages/cli/src/node-types.ts `getByNameAndVersion`: a type name ending in `Tool` that no package
 *   declares is the base node made into a tool; a declarative node gets an `execute` that runs RoutingNode.
 * - packages/cli/src/tool-generation.ts `convertNodeToAiTool`: the description's name and display name get
 *   `Tool` / ` Tool`, no inputs, one `ai_tool` output, and the Tool Description parameters.
 */
function toolOf(base: INodeType): INodeType {
	const { description } = base;
	const toolParameters: INodeProperties[] = [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Set Automatically', value: 'auto' },
				{ name: 'Set Manually', value: 'manual' },
			],
			default: 'auto',
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: description.description,
			required: true,
			displayOptions: { show: { descriptionType: ['manual'] } },
		},
	];
	const toolDescription = Object.create(description, {
		name: { value: `${description.name}Tool` },
		displayName: { value: `${description.displayName} Tool` },
		inputs: { value: [] },
		outputs: { value: [NodeConnectionTypes.AiTool] },
		properties: { value: [...toolParameters, ...description.properties] },
	}) as INodeTypeDescription;
	return Object.create(base, {
		description: { value: toolDescription },
		execute: {
			value: async function (this: IExecuteFunctions) {
				return (await new RoutingNode(this as never, base).runNode()) ?? [];
			},
		},
	}) as INodeType;
}

export const TOOL_TYPE = nodeTypeName('documentExecutionTool');
export const TOOL_NAME = 'Document Execution Tool';
const AGENT_NAME = 'Agent';

/**
 * How the agent calls its tool, the two ways n8n 2.41 runs a tool node:
 * - `tool`: the agent reads its connected tools (`getInputConnectionData`); n8n-core wraps the node in a
 *   LangChain tool (create-node-as-tool.ts) whose call is `makeHandleToolInvocation`
 *   (get-input-connection-data.ts): it runs the node's `execute` (routing, for a declarative node; custom
 *   operations are not looked at) in a SupplyDataContext, records `{response}` as the tool's output and
 *   hands the agent the JSON of its items as a string (binary dropped).
 * - `engine`: the agent returns an EngineRequest; WorkflowExecute runs the tool node like any node (a custom
 *   operation first, as in a workflow) and calls the agent again with the node's task data
 *   (requests-response.ts).
 */
export type AgentMode = 'tool' | 'engine';

/** A stand-in for n8n's AI Agent: calls its one tool once with the arguments a model would give. */
class AgentStandIn implements INodeType {
	description = {
		displayName: 'Agent',
		name: 'agent',
		group: ['transform'],
		version: 1,
		description: 'Calls its tool once',
		defaults: { name: 'Agent' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, displayName: 'Tools' }],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Mode', name: 'mode', type: 'string', default: 'tool' },
			{ displayName: 'Tool Arguments', name: 'toolArgs', type: 'json', default: '{}' },
		],
	} as unknown as INodeTypeDescription;

	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse,
	): Promise<INodeExecutionData[][] | EngineRequest> {
		const mode = this.getNodeParameter('mode', 0) as AgentMode;
		const toolArgs = JSON.parse(this.getNodeParameter('toolArgs', 0) as string) as IDataObject;
		if (mode === 'tool') {
			const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
				invoke(args: object): Promise<unknown>;
			}>;
			return [[{ json: { answer: String(await tools[0].invoke(toolArgs)) } }]];
		}
		// The engine passes an empty response on the first call, the tool's results when it calls again.
		if (!response?.actionResponses.length) {
			return {
				actions: [
					{
						actionType: 'ExecutionNodeAction',
						nodeName: TOOL_NAME,
						input: toolArgs,
						type: NodeConnectionTypes.AiTool,
						id: 'call-1',
						metadata: {},
					},
				],
				metadata: {},
			};
		}
		return [[{ json: { answered: response.actionResponses.length } }]];
	}
}

nodeTypes.data[TOOL_TYPE] = {
	type: toolOf(nodeTypes.getByNameAndVersion(nodeTypeName('documentExecution'))),
	sourcePath: '',
};
nodeTypes.data['test.agent'] = { type: new AgentStandIn(), sourcePath: '' };

export interface AgentRun {
	result: RunResult;
	/** What the agent got back, `tool` mode: the string n8n hands the model. */
	answer?: string;
	/** The tool node's run, as the execution records it. */
	toolRun: ITaskData;
	/** The items the tool node output (its `ai_tool` data). */
	toolItems: INodeExecutionData[];
}

/** Runs Manual Trigger → Agent, with the package's node connected to the agent as its tool. */
export async function runAsTool(
	parameters: INodeParameters,
	options: {
		mode: AgentMode;
		toolArgs?: Record<string, unknown>;
		credentials: Record<string, ICredentialDataDecryptedObject>;
	},
): Promise<AgentRun> {
	const node = (
		name: string,
		type: string,
		position: number,
		nodeParameters: INodeParameters,
	): INode => ({
		id: name,
		name,
		type,
		typeVersion: 1,
		position: [position, 0],
		parameters: nodeParameters,
	});
	const result = await runWorkflow(
		{
			nodes: [
				node('Manual Trigger', 'n8n-nodes-base.manualTrigger', 0, {}),
				node(AGENT_NAME, 'test.agent', 200, {
					mode: options.mode,
					toolArgs: JSON.stringify(options.toolArgs ?? {}),
				}),
				node(TOOL_NAME, TOOL_TYPE, 200, parameters),
			],
			connections: {
				'Manual Trigger': {
					main: [[{ node: AGENT_NAME, type: NodeConnectionTypes.Main, index: 0 }]],
				},
				[TOOL_NAME]: {
					ai_tool: [[{ node: AGENT_NAME, type: NodeConnectionTypes.AiTool, index: 0 }]],
				},
			},
		},
		{ credentials: options.credentials },
	);
	const toolRuns = result.run.data.resultData.runData[TOOL_NAME];
	if (!toolRuns?.length)
		throw new Error(
			`The tool did not run. Workflow error: ${result.run.data.resultData.error?.message ?? 'none'}`,
		);
	const toolRun = toolRuns[toolRuns.length - 1];
	const answer =
		options.mode === 'tool'
			? (result.output(AGENT_NAME)[0]?.json.answer as string | undefined)
			: undefined;
	return { result, answer, toolRun, toolItems: toolRun.data?.ai_tool?.[0] ?? [] };
}

/**
 * What the model reads: the string n8n-core hands the agent (the items' JSON; n8n drops binary data), or, when
 * the engine ran the tool node for the agent, the node's items.
 */
export function toolAnswer(run: AgentRun, mode: AgentMode): Array<INodeExecutionData['json']> {
	expect(run.result.run.data.resultData.error).toBeUndefined();
	expect(run.toolRun.executionStatus).toBe('success');
	return mode === 'tool'
		? (JSON.parse(run.answer!) as Array<INodeExecutionData['json']>)
		: run.toolItems.map((item) => item.json);
}

/** The parameters n8n gives a node of `type`: what is set, and the default of every parameter shown. */
export function parametersOf(type: string, parameters: INodeParameters): INodeParameters {
	const nodeType = nodeTypes.getByNameAndVersion(type);
	const node: INode = { id: 'n', name: 'n', type, typeVersion: 1, position: [0, 0], parameters };
	return (
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			parameters,
			true,
			false,
			node,
			nodeType.description,
		) ?? {}
	);
}
