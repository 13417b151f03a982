import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { limitProperty, returnAllProperty, showFor } from '../form/descriptions';
import { SEARCH_PAGE_SIZE } from './pager';

/** The fields of the administration (v1) Search, which Certificate and Audit Log share. */

/** The spec's Search request operators. AND and OR group other filters. */
export const OPERATORS = [
	{ name: 'Equals', value: 'EQ' },
	{ name: 'Not Equals', value: 'NEQ' },
	{ name: 'In', value: 'IN' },
	{ name: 'Not In', value: 'NOT_IN' },
	{ name: 'Is Null', value: 'IS_NULL' },
	{ name: 'Is Not Null', value: 'NOT_NULL' },
	{ name: 'Greater Than', value: 'GT' },
	{ name: 'Less Than', value: 'LT' },
	{ name: 'Greater Than or Equal', value: 'GTE' },
	{ name: 'Less Than or Equal', value: 'LTE' },
	{ name: 'Between', value: 'BETWEEN' },
	{ name: 'Like', value: 'LIKE' },
] as const;

export const GROUP_OPERATORS = ['AND', 'OR'] as const;

export type ConditionOperator = (typeof OPERATORS)[number]['value'];

export interface SearchableResource {
	resource: string;
	/** The item's fields (the spec's list), as options for filter and sort. */
	fields: INodePropertyOptions[];
	/** Shown as the default of Filter (JSON). */
	exampleFilter: object;
}

/** The fields of a Search operation: conditions joined by AND or OR, or a JSON filter for nesting. */
export function searchProperties(spec: SearchableResource): INodeProperties[] {
	const { resource } = spec;
	return [
		{
			displayName: 'Filter',
			name: 'filterType',
			type: 'options',
			options: [
				{ name: 'No Filter', value: 'none' },
				{
					name: 'Using Fields Below',
					value: 'conditions',
					description: 'Conditions joined by AND or OR',
				},
				{
					name: 'Using JSON',
					value: 'json',
					description: "The service's filter object, for nested AND/OR groups",
				},
			],
			default: 'none',
			displayOptions: showFor(resource, ['search']),
		},
		{
			displayName: 'Conditions',
			name: 'conditions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Condition',
			default: {},
			displayOptions: showFor(resource, ['search'], { filterType: ['conditions'] }),
			options: [
				{
					displayName: 'Condition',
					name: 'condition',
					values: [
						{
							displayName: 'Field',
							name: 'field',
							type: 'options',
							options: spec.fields,
							default: String(spec.fields[0].value),
						},
						{
							displayName: 'Operator',
							name: 'operator',
							type: 'options',
							// By name, as n8n's lint orders options; the rules list them in the spec's order.
							options: [...OPERATORS].sort((a, b) => a.name.localeCompare(b.name)),
							default: 'EQ',
						},
						{
							displayName: 'Values',
							name: 'values',
							type: 'string',
							default: '',
							placeholder: 'e.g. PKCS12_PFX',
							description:
								'Comma-separated. In and Not In take one or more, Between two (from, to), the others one. For a value that contains a comma, use Filter: Using JSON.',
							displayOptions: { hide: { operator: ['IS_NULL', 'NOT_NULL'] } },
						},
					],
				},
			],
		},
		{
			displayName: 'Combine Conditions',
			name: 'combineConditions',
			type: 'options',
			options: [
				{ name: 'All Must Match (AND)', value: 'AND' },
				{ name: 'Any May Match (OR)', value: 'OR' },
			],
			default: 'AND',
			displayOptions: showFor(resource, ['search'], { filterType: ['conditions'] }),
		},
		{
			displayName: 'Filter (JSON)',
			name: 'filterJson',
			type: 'json',
			default: JSON.stringify(spec.exampleFilter, null, 2),
			description:
				'A filter object: field, operator (EQ, NEQ, IN, NOT_IN, IS_NULL, NOT_NULL, GT, LT, GTE, LTE, BETWEEN, LIKE), value (an array), or operator AND/OR with filters (an array of filters)',
			displayOptions: showFor(resource, ['search'], { filterType: ['json'] }),
		},
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Sort Rule',
			default: {},
			displayOptions: showFor(resource, ['search']),
			options: [
				{
					displayName: 'Rule',
					name: 'rule',
					values: [
						{
							displayName: 'Field',
							name: 'field',
							type: 'options',
							options: spec.fields,
							default: 'createdAt',
						},
						{
							displayName: 'Direction',
							name: 'direction',
							type: 'options',
							options: [
								{ name: 'Ascending', value: 'ASC' },
								{ name: 'Descending', value: 'DESC' },
							],
							default: 'DESC',
						},
					],
				},
			],
		},
		returnAllProperty(resource, 'search', {
			hint: `Reads pages of ${SEARCH_PAGE_SIZE} until every match is read`,
		}),
		limitProperty(resource, 'search'),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: showFor(resource, ['search'], { returnAll: [false] }),
			options: [
				{
					displayName: 'Page',
					name: 'page',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					description: 'Which page of Limit results to return, counted from 0',
				},
			],
		},
	];
}
