import type { IExecutePaginationFunctions, IExecuteSingleFunctions } from 'n8n-workflow';

import { isObject } from '../../../shared/isObject';

type ItemContext = IExecuteSingleFunctions | IExecutePaginationFunctions;

/** A parameter as the item's expressions give it (`options.pageSize` for a collection's field). */
export const parameter = <T = unknown>(context: ItemContext, name: string, fallback?: T): T =>
	context.getNodeParameter(name, fallback as never) as T;

/** The value of an ID picker (resource locator), whichever its mode; a plain string from an older workflow as it is. */
export const locatorValue = (context: ItemContext, name: string): unknown =>
	context.getNodeParameter(name, '', { extractValue: true });

/**
 * Sections as the item's expressions give it: a list, comma-separated text (`"file, auditTrail"`), or an object
 * of switches (`{file: true}`, as some workflows saved it). Anything else is handed on for the rules to refuse.
 */
export function sectionList(context: ItemContext, name: string): unknown {
	const value = parameter<unknown>(context, name, []);
	if (typeof value === 'string')
		return value
			.split(',')
			.map((section) => section.trim())
			.filter(Boolean);
	if (isObject(value) && Object.values(value).every((on) => typeof on === 'boolean'))
		return Object.keys(value).filter((section) => value[section]);
	return value;
}
