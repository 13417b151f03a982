import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v3Routing } from '../../shared/requests/routing';
import { limitSchema, paginateV3List, V3_MAX_PAGE_SIZE } from '../../shared/requests/v3ListPager';
import { DOCUMENT_STATUS_OPTIONS, DOCUMENT_STATUSES } from '../../../shared/documentStatuses';
import {
	limitProperty,
	pageSizeOption,
	returnAllProperty,
	showFor,
} from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf, refuseBrokenRules, text, type FieldLabels } from '../../shared/form/rules';

/** Document → Get Many: the account's documents, page by page. */

export const MAX_PAGE_SIZE = V3_MAX_PAGE_SIZE;

export const listQuerySchema = z
	.object({
		q: text().optional(),
		status: oneOf(DOCUMENT_STATUSES).optional(),
		max: z
			.number()
			.int('must be a whole number')
			.min(1, 'must be at least 1')
			.max(
				MAX_PAGE_SIZE,
				`cannot be more than ${MAX_PAGE_SIZE} (the service silently resets larger values to 20)`,
			),
		offset: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
	})
	.passthrough();

export const GET_MANY_LABELS: FieldLabels = {
	q: 'Search',
	status: 'Status',
	max: 'Page Size',
	offset: 'Offset',
	limit: 'Limit',
};

export async function checkDocumentListQuery(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const pageSize = parameter<number>(this, 'options.pageSize', MAX_PAGE_SIZE);
	refuseBrokenRules(
		this,
		listQuerySchema,
		{ ...(options.qs as IDataObject), max: pageSize },
		GET_MANY_LABELS,
	);
	if (!parameter<boolean>(this, 'returnAll', false))
		refuseBrokenRules(this, limitSchema, { limit: parameter(this, 'limit', 50) }, GET_MANY_LABELS);
	return options;
}

export const getManyFields: INodeProperties[] = [
	returnAllProperty('document', 'getMany'),
	limitProperty('document', 'getMany'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('document', ['getMany']),
		options: [
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				description:
					'An exact document name, document ID or IRN (case-insensitive, no partial match)',
				routing: { send: { type: 'query', property: 'q' } },
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: DOCUMENT_STATUS_OPTIONS,
				default: 'COMPLETED',
				routing: { send: { type: 'query', property: 'status' } },
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('document', ['getMany']),
		options: [
			pageSizeOption(
				MAX_PAGE_SIZE,
				`Documents per request, at most ${MAX_PAGE_SIZE} (the service silently turns larger values into 20)`,
			),
		],
	},
];

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many documents',
	description: 'List or search documents by name, ID or IRN, optionally filtered by status',
	routing: v3Routing('GET', '/v3.0/sign/request/list', {
		preSend: [checkDocumentListQuery],
		paginate: paginateV3List('documents'),
	}),
};
