import type { INodeProperties } from 'n8n-workflow';

/**
 * Description pieces that several resources' listing operations share (document Get Many, pack Search,
 * the admin Searches). The parameter names are stored in workflows and read by the resources' hooks.
 */

const showListing = (resource: string, operation: string, extra: Record<string, boolean[]> = {}) => ({
	show: { resource: [resource], operation: [operation], ...extra },
});

/** Return All of a listing operation; `hint` and `routing` where the operation needs them. */
export const returnAllProperty = (
	resource: string,
	operation: string,
	{ hint, routing }: Pick<INodeProperties, 'hint' | 'routing'> = {},
): INodeProperties => ({
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
	...(hint !== undefined ? { hint } : {}),
	displayOptions: showListing(resource, operation),
	...(routing ? { routing } : {}),
});

/** Limit of a listing operation, shown while Return All is off. */
export const limitProperty = (resource: string, operation: string): INodeProperties => ({
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: showListing(resource, operation, { returnAll: [false] }),
});

/** The Page Size option of a listing: 1 to the service's largest page, which is also the default. */
export const pageSizeOption = (max: number, description: string): INodeProperties => ({
	displayName: 'Page Size',
	name: 'pageSize',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: max, numberPrecision: 0 },
	default: max,
	description,
});

/** Options › Offset: how many records a list skips before its first one. */
export const offsetOption = (description: string): INodeProperties => ({
	displayName: 'Offset',
	name: 'offset',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: 0,
	description,
});
