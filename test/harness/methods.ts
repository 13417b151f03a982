import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials-helper';
import { buildAdditionalData, NODE_NAME, withCredentialRefs, workflowRecord } from './engine';
import { nodeTypeName, nodeTypes } from './types';

export interface MethodOptions {
	/** Credential data by credential type name, as the node's credential references resolve. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Reuse a helper (to see an OAuth2 token refreshed by the method stored in the credential). */
	credentialsHelper?: TestCredentialsHelper;
}

/**
 * The context the n8n application gives a node's `methods` while the editor is open (its
 * DynamicNodeParametersService): a LoadOptionsContext over a workflow holding only the node, with the form's
 * current parameters in `currentNodeParameters`, and the path of the parameter being filled.
 */
export function editorContext(
	parameters: INodeParameters,
	path: string,
	options: MethodOptions,
): LoadOptionsContext {
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentials);
	const [node] = withCredentialRefs(
		[
			{
				id: randomUUID(),
				name: NODE_NAME,
				type: nodeTypeName('documentExecution'),
				typeVersion: 1,
				position: [0, 0],
				parameters,
			} satisfies INode,
		],
		credentialsHelper,
	);
	const workflowId = `editor-${randomUUID()}`;
	const workflow = new Workflow({
		id: workflowId,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const executionId = randomUUID();
	const hooks = new ExecutionLifecycleHooks(
		'internal',
		executionId,
		workflowRecord({
			id: workflowId,
			name: 'editor',
			active: false,
			nodes: [node],
			connections: {},
		}),
	);
	const additionalData = buildAdditionalData(
		{ origin: 'http://127.0.0.1:5678', credentialsHelper, hooks, executionId },
		{ currentNodeParameters: parameters },
	);
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

const nodeMethods = () =>
	nodeTypes.getByNameAndVersion(nodeTypeName('documentExecution'), 1).methods;

/** Calls a `listSearch` method as the editor does when a "From List" picker opens, is filtered or scrolls. */
export async function searchList(
	method: string,
	request: { parameters: INodeParameters; path: string; filter?: string; paginationToken?: string },
	options: MethodOptions = {},
): Promise<INodeListSearchResult> {
	const search = nodeMethods()?.listSearch?.[method];
	if (!search) throw new Error(`The node has no listSearch method "${method}"`);
	return await search.call(
		editorContext(request.parameters, request.path, options),
		request.filter,
		request.paginationToken,
	);
}

/** Calls a `loadOptions` method as the editor does when a dropdown opens. */
export async function loadOptions(
	method: string,
	request: { parameters: INodeParameters; path: string },
	options: MethodOptions = {},
): Promise<INodePropertyOptions[]> {
	const load = nodeMethods()?.loadOptions?.[method];
	if (!load) throw new Error(`The node has no loadOptions method "${method}"`);
	return await load.call(editorContext(request.parameters, request.path, options));
}
