import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Description pieces every resource builds its fields from. Parameter names are stored in workflows: keep them. */

/** `displayOptions` of a field of `resource`: for `operations` (all when omitted), and any other conditions. */
export const showFor = (
	resource: string,
	operations?: string[],
	conditions: Record<string, unknown[]> = {},
): IDisplayOptions => ({
	show: { resource: [resource], ...(operations ? { operation: operations } : {}), ...conditions },
});

/** The Operation selector of a resource, its options in the order given. */
export const operationSelector = (
	resource: string,
	defaultOperation: string,
	options: INodePropertyOptions[],
): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: showFor(resource),
	options,
	default: defaultOperation,
});

/**
 * Simplify of an operation, on by default as in n8n's own nodes: with it the output holds `summary` (the fields an
 * ops flow branches on, read from the same answer); without it, `whole`: the service's whole answer.
 */
export const simplifyProperty = (
	resource: string,
	operation: string,
	summary: string,
	whole = "the service's whole answer",
): INodeProperties => ({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: `Whether to return ${summary} instead of ${whole}`,
	displayOptions: showFor(resource, [operation]),
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
	displayOptions: showFor(resource, [operation]),
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
	displayOptions: showFor(resource, [operation], { returnAll: [false] }),
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

/**
 * An ID field as a resource locator, "From List" and "By ID". No "By URL": no public URL carries a document or
 * pack ID (a sign URL carries an invitation's UUID). A plain string saved in a workflow is read as the ID.
 */
export function idLocator(field: {
	displayName: string;
	name: string;
	description: string;
	searchListMethod: string;
	listPlaceholder: string;
	idPlaceholder: string;
	/** What an ID looks like, checked in the editor only; the node's rules check the value it sends. */
	idPattern: string;
	idRule: string;
	displayOptions: INodeProperties['displayOptions'];
	routing?: INodeProperties['routing'];
}): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: field.description,
		displayOptions: field.displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: field.listPlaceholder,
				typeOptions: { searchListMethod: field.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: field.idPlaceholder,
				validation: [
					{ type: 'regex', properties: { regex: field.idPattern, errorMessage: field.idRule } },
				],
			},
		],
		...(field.routing ? { routing: field.routing } : {}),
	};
}

/**
 * Return File, shown only on the AI agent tool (`@tool`), off by default: most agents cannot read binary output,
 * so a tool gives the link and the file's metadata unless it is on. A regular node always returns the file.
 */
export function returnFileProperty(
	show: NonNullable<IDisplayOptions['show']>,
	description = "Whether to return the file itself as binary data. Off: the download link, the file's name, type and size when known, and when the link expires (AI agents cannot read binary data).",
): INodeProperties {
	return {
		displayName: 'Return File',
		name: 'returnFile',
		type: 'boolean',
		default: false,
		description,
		displayOptions: { show: { ...show, '@tool': [true] } },
	};
}

/** The output fields both downloads share: Return File and Put Output File in Field. */
export const downloadOutputProperties = (displayOptions: IDisplayOptions): INodeProperties[] => [
	returnFileProperty(displayOptions.show ?? {}),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: "The output binary field for the file. The input item's binary fields are kept; one of this name is replaced.",
		displayOptions,
	},
];
