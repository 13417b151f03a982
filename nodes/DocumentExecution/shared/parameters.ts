import type { IExecutePaginationFunctions, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * The readers of an item's parameters in the node's preSend, postReceive and paging steps: one per kind of
 * parameter.
 */

type ItemContext = IExecuteSingleFunctions | IExecutePaginationFunctions;

/** A parameter as the item's expressions give it (`options.pageSize` for a collection's field). */
export const parameter = <T = unknown>(context: ItemContext, name: string, fallback?: T): T =>
	context.getNodeParameter(name, fallback as never) as T;

/** The value of an ID picker (resource locator), whichever its mode; a plain string from an older workflow as it is. */
export const locatorValue = (context: ItemContext, name: string): unknown =>
	context.getNodeParameter(name, '', { extractValue: true });
