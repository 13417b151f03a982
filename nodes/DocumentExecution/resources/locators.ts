import type { INodeProperties } from 'n8n-workflow';

/**
 * An ID field as an n8n resource locator: "From List" (a `listSearch` method of the node) and "By ID". No
 * "By URL": no public URL carries a document or pack ID (a sign URL carries an invitation's UUID, and the
 * dashboard's URLs are not published). n8n hands a plain string saved by an older workflow through as the
 * value, so workflows from before the pickers keep working.
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
				validation: [{ type: 'regex', properties: { regex: field.idPattern, errorMessage: field.idRule } }],
			},
		],
		...(field.routing ? { routing: field.routing } : {}),
	};
}
