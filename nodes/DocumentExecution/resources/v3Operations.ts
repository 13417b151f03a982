import type {
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { applyRules } from './document/schema';

/**
 * Pieces the smaller v3 resources share (invitation, stamp, wallet, eBG notification, and Document → Mark as
 * Complete): the check that stops an item before any request, the outputs of the v3 envelope, and the
 * Operation selector. The envelope's status 0 is read before these steps by the family guard.
 */

type Schema = z.ZodTypeAny;

/**
 * What is sent once `value` keeps every rule of `schema`; otherwise stops the item before any request, with
 * the message of the rule module and the one "nothing was sent" description.
 */
export function refuse<T extends Schema>(
	context: IExecuteSingleFunctions | IExecutePaginationFunctions,
	schema: T,
	value: unknown,
	labels?: Record<string, string>,
): z.output<T> {
	const checked = applyRules(schema, value, labels);
	if (!checked.violation) return checked.value;
	throw new NodeOperationError(context.getNode(), checked.violation.message, {
		itemIndex: context.getItemIndex(),
		description: `Nothing was sent to the service. Fix "${checked.violation.field}" and run the node again.`,
	});
}

/** preSend: the query the routing built must keep `schema`'s rules. */
export const checkQuery = (schema: Schema, labels: Record<string, string>): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		refuse(this, schema, options.qs ?? {}, labels);
		return options;
	};

/** preSend: the body the routing built must keep `schema`'s rules. */
export const checkBody = (schema: Schema, labels: Record<string, string>): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		options.body = refuse(this, schema, options.body ?? {}, labels) as IDataObject;
		return options;
	};

/** preSend: parameters that are not part of the request (a path segment) must keep `schema`'s rules. */
export const checkParameters = (schema: Schema, labels: Record<string, string>): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		refuse(this, schema, Object.fromEntries(Object.keys(labels).map((name) => [name, this.getNodeParameter(name, '')])), labels);
		return options;
	};

/** A required text parameter: a number (from an expression) is taken as its text, blank is refused. */
export const requiredText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string({ invalid_type_error: 'must be text', required_error: 'is required' }).trim().min(1, 'is required'));

/** A whole number of at least `min`, or nothing. */
export const optionalWholeNumber = (min: number, minMessage: string) =>
	z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(min, minMessage).optional();

export const oneOf = (values: readonly string[]) =>
	z.enum(values as [string, ...string[]], { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

const bodyOf = (response: IN8nHttpFullResponse): IDataObject => (typeof response.body === 'object' && response.body !== null ? (response.body as IDataObject) : {});

/** postReceive: the envelope's `data` as the one output item. */
export const outputData: PostReceiveAction = { type: 'rootProperty', properties: { property: 'data' } };

/** postReceive: one item per entry of the list the envelope's `data` holds under `key` (none when absent). */
export const outputListOf = (key: string): PostReceiveAction =>
	async function (this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const data = bodyOf(response).data as IDataObject | undefined;
		const list = data?.[key];
		return Array.isArray(list) ? list.map((json) => ({ json: json as IDataObject })) : [];
	};

/**
 * postReceive of an operation whose answer carries only messages (`data` is `{}`): what was acted on, the
 * outcome flag, and the service's first message code and text.
 */
export const outputOutcome = (parameter: string, flag: string): PostReceiveAction =>
	async function (this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const messages = bodyOf(response).messages;
		const first = (Array.isArray(messages) ? messages[0] : undefined) as IDataObject | undefined;
		return [
			{
				json: {
					[parameter]: String(this.getNodeParameter(parameter, '', { extractValue: true })).trim(),
					[flag]: true,
					code: first?.code ?? null,
					message: first?.message ?? null,
				},
			},
		];
	};

export const showFor = (resource: string, operation: string[]) => ({ show: { resource: [resource], operation } });

/** The Operation selector of a resource. */
export const operationSelector = (resource: string, defaultOperation: string, options: INodePropertyOptions[]): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: [resource] } },
	options,
	default: defaultOperation,
});
