import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { withDocsLink } from '../../../shared/docsLinks';
import { v4Routing } from '../../shared/requests/routing';
import { paginatePackSearch, V4_MAX_PAGE_SIZE, V4_SEARCH_WINDOW } from './searchPager';
import {
	limitProperty,
	offsetOption,
	pageSizeOption,
	returnAllProperty,
	showFor,
} from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import {
	booleanField,
	oneOf,
	refuseBrokenRules,
	wholeNumber,
	type FieldLabels,
} from '../../shared/form/rules';
import { optionalText, PACK_STATUSES } from './common';

/**
 * Pack → Search: the query of the first page, checked before any request; the pages are asked by
 * `paginatePackSearch` (searchPager.ts), which keeps to the 1000-pack window without a Status filter.
 */

export const SORT_BY = ['createdAt', 'updatedAt'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** By the name each value has in the query (`q`, `max`), or in the form (`returnAll`, `limit`). */
export const SEARCH_LABELS: FieldLabels = {
	q: 'Search Text',
	status: 'Status',
	workflowId: 'Workflow ID',
	irn: 'IRN',
	sortBy: 'Sort By',
	sortOrder: 'Sort Order',
	returnAll: 'Return All',
	limit: 'Limit',
	offset: 'Offset',
	max: 'Page Size',
};

export const packSearchSchema = z
	.object({
		q: optionalText(),
		status: oneOf(PACK_STATUSES).optional(),
		workflowId: optionalText(),
		irn: optionalText(),
		sortBy: oneOf(SORT_BY).optional(),
		sortOrder: oneOf(SORT_ORDERS).optional(),
		returnAll: booleanField(),
		limit: wholeNumber().min(1, 'must be at least 1'),
		offset: wholeNumber().min(0, 'cannot be negative'),
		max: wholeNumber()
			.min(1, 'must be at least 1')
			.max(V4_MAX_PAGE_SIZE, `cannot be more than ${V4_MAX_PAGE_SIZE}`),
	})
	.superRefine((value, ctx) => {
		if (value.status) return;
		if (value.offset >= V4_SEARCH_WINDOW) {
			ctx.addIssue({
				code: 'custom',
				path: ['offset'],
				message: `without a Status filter the service lists only the first ${V4_SEARCH_WINDOW} packs; set Status to start at ${value.offset}`,
			});
		} else if (!value.returnAll && value.offset + value.limit > V4_SEARCH_WINDOW) {
			ctx.addIssue({
				code: 'custom',
				path: ['limit'],
				message: `without a Status filter the service lists only the first ${V4_SEARCH_WINDOW} packs (Offset plus Limit is ${value.offset + value.limit}); set Status or lower Limit`,
			});
		}
	});

export async function putPackSearchQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const filters = parameter<IDataObject>(this, 'filters', {});
	const options = parameter<IDataObject>(this, 'options', {});
	const valid = refuseBrokenRules(
		this,
		packSearchSchema,
		{
			q: filters.text,
			status: filters.status || undefined,
			workflowId: filters.workflowId,
			irn: filters.irn,
			sortBy: options.sortBy || undefined,
			sortOrder: options.sortOrder || undefined,
			returnAll: parameter(this, 'returnAll', false),
			limit: parameter(this, 'limit', 50),
			offset: options.offset ?? 0,
			max: options.pageSize ?? V4_MAX_PAGE_SIZE,
		},
		SEARCH_LABELS,
	);
	const qs: IDataObject = { offset: valid.offset, max: valid.max };
	for (const key of ['q', 'status', 'workflowId', 'irn', 'sortBy', 'sortOrder'] as const) {
		if (valid[key] !== undefined) qs[key] = valid[key];
	}
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs };
	return requestOptions;
}

export const searchFields: INodeProperties[] = [
	returnAllProperty('pack', 'search'),
	{
		displayName: withDocsLink(
			'Without a Status filter the service lists only the first 1000 packs: if more match, Return All stops with an error instead of returning part of them. Set Filters > Status to read them all.',
			'packs',
		),
		name: 'windowNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('pack', ['search'], { returnAll: [true] }),
	},
	limitProperty('pack', 'search'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('pack', ['search']),
		options: [
			{
				displayName: 'IRN',
				name: 'irn',
				type: 'string',
				default: '',
				description: "Exact match on the pack's Internal Reference Number",
			},
			{
				displayName: 'Search Text',
				name: 'text',
				type: 'string',
				default: '',
				description: 'Free text to search packs for',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Completed', value: 'COMPLETED' },
					{ name: 'Draft', value: 'DRAFT' },
					{ name: 'Expired', value: 'EXPIRED' },
					{ name: 'Sent', value: 'SENT' },
				],
				default: 'COMPLETED',
				description:
					'With a status, every matching pack can be read; without one, only the first 1000',
			},
			{
				displayName: 'Workflow ID',
				name: 'workflowId',
				type: 'string',
				default: '',
				description: 'Packs created from this workflow; an unknown ID finds nothing',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: showFor('pack', ['search']),
		options: [
			offsetOption('How many matching packs to skip before the first one returned'),
			pageSizeOption(
				V4_MAX_PAGE_SIZE,
				`Packs per request (1 to ${V4_MAX_PAGE_SIZE}); fewer requests with larger pages`,
			),
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'createdAt' },
					{ name: 'Updated At', value: 'updatedAt' },
				],
				default: 'createdAt',
			},
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
			},
		],
	},
];

export const searchOperation: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	action: 'Search packs',
	description: 'Search packs by text, status, workflow or IRN',
	// Pages are requested by the runner, which reads the service's pagination object.
	routing: v4Routing('GET', '/v4/packs/search', {
		preSend: [putPackSearchQuery],
		paginate: paginatePackSearch,
	}),
};
