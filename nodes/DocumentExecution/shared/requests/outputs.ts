import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';

import { answerData, answerList } from '../../../shared/accountReads';
import { isObject } from '../../../shared/isObject';
import { locatorValue, parameter } from '../form/parameters';

/**
 * postReceive steps that make an operation's output from the service's envelope, for the operations whose
 * output needs nothing more. The envelope's error check runs before them (routing.ts).
 */

/** postReceive: the envelope's `data` as the one output item. */
export const outputData: PostReceiveAction = {
	type: 'rootProperty',
	properties: { property: 'data' },
};

/** The objects of a list in an answer (none when it is no list); anything else in it is left out. */
export const objectsIn = (list: unknown): IDataObject[] =>
	Array.isArray(list) ? (list.filter(isObject) as IDataObject[]) : [];

/** The fields `names` of an answer's object, each `null` where the object lacks it: a summary's fields. */
export const fieldsOf = (object: IDataObject, names: string[]): IDataObject =>
	Object.fromEntries(names.map((name) => [name, object[name] ?? null]));

/** Whether an operation's Simplify is on (Create's, and each `simplifyProperty`); it is by default. */
export const simplifies = (context: IExecuteSingleFunctions): boolean =>
	parameter<boolean>(context, 'simplify', true) !== false;

/** postReceive: the envelope's `data` as the one output item, or, with Simplify on, its `summary`. */
export const outputDataOrSummary = (
	summary: (data: IDataObject) => IDataObject,
): PostReceiveAction =>
	async function (
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		const data = answerData(response.body);
		return [{ json: simplifies(this) ? summary(data) : data }];
	};

/** postReceive: one item per entry of the list the envelope's `data` holds under `key` (none when absent). */
export const outputListOf = (key: string): PostReceiveAction =>
	async function (
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		return answerList(response.body, key).map((json) => ({ json }));
	};

/**
 * postReceive of an operation whose answer carries only messages (`data` is `{}`): what was acted on, the
 * outcome flag, and the service's first message code and text. `acted` gives what was acted on where a preSend
 * kept it, so that the parameter is not evaluated again.
 */
export const outputOutcome = (
	parameter: string,
	flag: string,
	acted = (context: IExecuteSingleFunctions) => String(locatorValue(context, parameter)).trim(),
): PostReceiveAction =>
	async function (
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		const messages = isObject(response.body) ? response.body.messages : undefined;
		const first = (Array.isArray(messages) ? messages[0] : undefined) as IDataObject | undefined;
		return [
			{
				json: {
					[parameter]: acted(this),
					[flag]: true,
					code: first?.code ?? null,
					message: first?.message ?? null,
				},
			},
		];
	};
