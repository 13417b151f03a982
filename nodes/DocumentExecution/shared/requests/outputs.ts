import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { answerData, answerList } from '../../../shared/accountReads';
import { isObject } from '../../../shared/isObject';
import { locatorValue, parameter } from '../form/parameters';
import type { ItemRequest, OutputStep } from './routing';

/**
 * Output steps that make an operation's output from the service's envelope, for the operations whose output
 * needs nothing more. The sender checks the answer before them (routing.ts).
 */

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

/** The output: the envelope's `data` as the one output item, or, with Simplify on, its `summary`. */
export const outputDataOrSummary = (summary: (data: IDataObject) => IDataObject): OutputStep =>
	async function (answer) {
		const data = answerData(answer.body);
		return [{ json: simplifies(this) ? summary(data) : data }];
	};

/** The output: one item per entry of the list the envelope's `data` holds under `key` (none when absent). */
export const outputListOf = (key: string): OutputStep =>
	async function (answer) {
		return answerList(answer.body, key).map((json) => ({ json }));
	};

/**
 * The output of an operation whose answer carries only messages (`data` is `{}`): what was acted on, the
 * outcome flag, and the service's first message code and text. `acted` gives what was acted on where the
 * item's request carries it, so that the parameter is not evaluated again.
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
