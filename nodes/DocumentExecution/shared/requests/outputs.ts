import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { answerData, answerList } from '../../../shared/accountReads';
import { isObject } from '../../../shared/isObject';
import { locatorValue, parameter } from '../form/parameters';
import type { ItemRequest, OutputStep, ReadRequest } from './routing';

/** The output: the envelope's `data` as the output item, or one item per entry when it is a list. */
export const outputData: OutputStep = async function (answer) {
	const data = isObject(answer.body) ? answer.body.data : undefined;
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as IDataObject }));
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

/**
 * The one rule of Simplify off (Create, Get Status, Get Details, Pack → Get): the answer's `data` exactly as the
 * service sent it, with no second read; not the envelope, whose `status` and `messages` only say it succeeded
 * (docs/choices/document.md, "Outputs").
 */
export const unsimplified = (body: unknown): IDataObject => answerData(body);

/** Simplify's summary of an answer's `data`; `read` reads what the answer lacks. */
export type Summary = (
	this: IExecuteSingleFunctions,
	data: IDataObject,
	item: ItemRequest,
	read: ReadRequest,
) => IDataObject | Promise<IDataObject>;

/** The output: the answer's `data` as the one output item (`unsimplified`), or, with Simplify on, its `summary`. */
export const outputDataOrSummary = (summary: Summary): OutputStep =>
	async function (answer, item, read) {
		const data = unsimplified(answer.body);
		return [{ json: simplifies(this) ? await summary.call(this, data, item, read) : data }];
	};

/** The output: one item per entry of the list the envelope's `data` holds under `key` (none when absent). */
export const outputListOf = (key: string): OutputStep =>
	async function (answer) {
		return answerList(answer.body, key).map((json) => ({ json }));
	};

/**
 * The output of an operation whose answer carries only messages: what was acted on, the outcome flag, and the
 * first message. `acted` reads it from the item's request, so that the parameter is not evaluated again.
 */
export const outputOutcome = (
	parameter: string,
	flag: string,
	acted: (context: IExecuteSingleFunctions, item: ItemRequest) => string | undefined = (context) =>
		String(locatorValue(context, parameter)).trim(),
): OutputStep =>
	async function (answer, item) {
		const messages = isObject(answer.body) ? answer.body.messages : undefined;
		const first = (Array.isArray(messages) ? messages[0] : undefined) as IDataObject | undefined;
		return [
			{
				json: {
					[parameter]: acted(this, item),
					[flag]: true,
					code: first?.code ?? null,
					message: first?.message ?? null,
				},
			},
		];
	};
