import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { limitProperty, returnAllProperty } from '../../shared/descriptions';
import { v1Routing } from '../../shared/routing';
import { adminOperations, OPERATORS, SEARCH_PAGE_SIZE, showFor, v1Path } from './common';
import { buildSearch, paginateSearch } from './hooks';

export interface SearchableResource {
	resource: string;
	/** e.g. 'certificates' for "Search certificates". */
	plural: string;
	/** Path under the v1 prefix, e.g. '/certificates/search'. */
	path: string;
	/** The item's fields (the spec's list), as options for filter and sort. */
	fields: INodePropertyOptions[];
	/** Fields holding booleans: "true"/"false" typed in a condition are sent as booleans. */
	booleanFields?: string[];
	/** Shown as the default of Filter (JSON). */
	exampleFilter: object;
}

/**
 * The operation and fields of a Search request (certificates, audit logs): a filter builder (conditions
 * joined by AND or OR, or a JSON filter for nesting), sort rules, and Return All / Limit / Page.
 */
export function searchProperties(spec: SearchableResource): INodeProperties[] {
	const { resource } = spec;
	const fieldValues = spec.fields.map((field) => String(field.value)) as [string, ...string[]];
	const search = showFor(resource, ['search']);
	const onlyWhen = (extra: Record<string, Array<string | boolean>>) => ({ show: { resource: [resource], operation: ['search'], ...extra } });
	return [
		adminOperations(resource, 'search', [
			{
				name: 'Search',
				value: 'search',
				description: `Search ${spec.plural} with filters and sorting`,
				action: `Search ${spec.plural}`,
				// Pages by the spec's 0-based page index and reads pagination.total (see hooks.ts).
				routing: v1Routing('POST', v1Path(spec.path), { preSend: [buildSearch(fieldValues, spec.booleanFields)], pagination: paginateSearch }),
			},
		]),
		{
			displayName: 'Filter',
			name: 'filterType',
			type: 'options',
			options: [
				{ name: 'No Filter', value: 'none' },
				{ name: 'Using Fields Below', value: 'conditions', description: 'Conditions joined by AND or OR' },
				{ name: 'Using JSON', value: 'json', description: 'The service\'s filter object, for nested AND/OR groups' },
			],
			default: 'none',
			displayOptions: search,
		},
		{
			displayName: 'Conditions',
			name: 'conditions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Condition',
			default: {},
			displayOptions: onlyWhen({ filterType: ['conditions'] }),
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
							options: [...OPERATORS],
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
			displayOptions: onlyWhen({ filterType: ['conditions'] }),
		},
		{
			displayName: 'Filter (JSON)',
			name: 'filterJson',
			type: 'json',
			default: JSON.stringify(spec.exampleFilter, null, 2),
			description:
				'A filter object: field, operator (EQ, NEQ, IN, NOT_IN, IS_NULL, NOT_NULL, GT, LT, GTE, LTE, BETWEEN, LIKE), value (an array), or operator AND/OR with filters (an array of filters)',
			displayOptions: onlyWhen({ filterType: ['json'] }),
		},
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Sort Rule',
			default: {},
			displayOptions: search,
			options: [
				{
					displayName: 'Rule',
					name: 'rule',
					values: [
						{ displayName: 'Field', name: 'field', type: 'options', options: spec.fields, default: 'createdAt' },
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
			displayOptions: onlyWhen({ returnAll: [false] }),
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
