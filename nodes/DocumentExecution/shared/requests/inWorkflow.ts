import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { isObject } from '../../../shared/isObject';
import type { RequestRoute } from '../../../shared/transport';
import { NODE_REQUEST_DEFAULTS, type OperationRequest } from './routing';

/**
 * An operation run as the resource's custom operation in a workflow: the same sender, steps and output as its
 * routing, and what routing gives a request, without routing's cost of about 1 ms an item
 * (docs/choices/requests.md, Custom operations in a workflow). Its path must be a literal: routing evaluates one.
 */
export const inWorkflow = ({ method, url, send }: OperationRequest) =>
	async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const { batching } = requestOptionsOf(this, 0);
		const batchSize =
			Number(batching?.batch?.batchSize) > 0 ? Number(batching?.batch?.batchSize) : 1;
		const batchInterval = Number(batching?.batch?.batchInterval) || 0;
		const sent: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0)
				await sleep(batchInterval);
			const item = itemFunctions(this, itemIndex);
			sent.push(
				send(item, () => ({
					...routedRequest(method, url),
					...routeOfOptions(this.getNode(), requestOptionsOf(this, itemIndex), itemIndex),
				})),
			);
		}
		const answers = await Promise.allSettled(sent);
		const output: INodeExecutionData[] = [];
		for (const answer of answers) {
			// The sender rejects only without Continue On Fail, with the item's NodeApiError or NodeOperationError.
			if (answer.status === 'rejected') throw answer.reason;
			output.push(...answer.value);
		}
		return [output];
	};

/** The Request Options n8n adds to a declarative node. */
export interface RequestOptions {
	batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	proxy?: string;
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
}

/** The Request Options the custom operations read, and no others, by their path in the collection. */
export const HANDLED_REQUEST_OPTIONS = [
	'batching.batch.batchSize',
	'batching.batch.batchInterval',
	'allowUnauthorizedCerts',
	'proxy',
	'timeout',
] as const;

/** An item's Request Options, as a custom operation reads them: those of `HANDLED_REQUEST_OPTIONS` that are set. */
export function requestOptionsOf(context: IExecuteFunctions, itemIndex: number): RequestOptions {
	const set: unknown = context.getNodeParameter('requestOptions', itemIndex, {});
	const handled: IDataObject = {};
	for (const path of HANDLED_REQUEST_OPTIONS) {
		const names = path.split('.');
		const value = names.reduce<unknown>((at, name) => (isObject(at) ? at[name] : undefined), set);
		if (value === undefined) continue;
		const parent = names
			.slice(0, -1)
			.reduce((at, name) => (at[name] ??= {}) as IDataObject, handled);
		parent[names[names.length - 1]] = value as IDataObject[string];
	}
	return handled as RequestOptions;
}

/** The route an item's Request Options give its requests, as routing sets it (timeout 300 s when unset). */
export function routeOfOptions(
	node: INode,
	{ proxy, timeout, allowUnauthorizedCerts }: RequestOptions,
	itemIndex: number,
): RequestRoute {
	return {
		timeout: timeout || 300_000,
		...(proxy ? { proxy: proxyOf(node, proxy, itemIndex) } : {}),
		...(allowUnauthorizedCerts ? { skipSslCertificateValidation: true } : {}),
	};
}

/** The request routing builds for an item before its Request Options and preSend steps. */
const routedRequest = (method: OperationRequest['method'], url: string): IHttpRequestOptions => ({
	...NODE_REQUEST_DEFAULTS,
	headers: { ...NODE_REQUEST_DEFAULTS.headers },
	qs: {},
	body: {},
	method,
	url,
});

/** Request Options → Proxy as n8n's request layer takes it; the same error as routing's for a URL that lacks a part. */
function proxyOf(node: INode, proxy: string, itemIndex: number): IHttpRequestOptions['proxy'] {
	let parsed: URL | undefined;
	try {
		parsed = new URL(proxy);
	} catch {
		parsed = undefined;
	}
	const missing = !parsed?.hostname ? 'host' : !parsed.port ? 'port' : undefined;
	if (!parsed || missing)
		throw new NodeOperationError(node, 'The proxy is not valid', {
			itemIndex,
			description: `The proxy URL does not contain a valid value for "${missing}"`,
		});
	return {
		host: parsed.hostname,
		port: Number(parsed.port),
		protocol: parsed.protocol.replace(/:$/, '') || undefined,
		...(parsed.username
			? {
					auth: {
						username: decodeURIComponent(parsed.username),
						password: decodeURIComponent(parsed.password),
					},
				}
			: {}),
	};
}

/** One item's functions, as routing hands them to an operation's steps. */
function itemFunctions(context: IExecuteFunctions, itemIndex: number): IExecuteSingleFunctions {
	const { helpers } = context;
	const item: Partial<IExecuteSingleFunctions> = {
		getItemIndex: () => itemIndex,
		getNodeParameter: ((name: string, fallback?: unknown, options?: IDataObject) =>
			context.getNodeParameter(
				name,
				itemIndex,
				fallback,
				options,
			)) as IExecuteSingleFunctions['getNodeParameter'],
		getCredentials: async (type) => await context.getCredentials(type, itemIndex),
		getInputData: (inputIndex = 0, connectionType) =>
			context.getInputData(inputIndex, connectionType)[itemIndex],
		evaluateExpression: (expression, index = itemIndex) =>
			context.evaluateExpression(expression, index),
		getWorkflowDataProxy: () => context.getWorkflowDataProxy(itemIndex),
		helpers: {
			...helpers,
			// The node has one input: the input index is always 0.
			assertBinaryData: (propertyName) => helpers.assertBinaryData(itemIndex, propertyName),
			getBinaryDataBuffer: async (propertyName) =>
				await helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	};
	return Object.assign(Object.create(context) as object, item) as IExecuteSingleFunctions;
}
