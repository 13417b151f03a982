import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { EBG_NOTIFICATIONS_PATH } from '../../../shared/accountReads';
import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { offsetOption, showFor } from '../../shared/form/descriptions';
import { checkQuery, oneOf, wholeNumber, type FieldLabels } from '../../shared/form/rules';

/** eBG Notification → Get Many, from the service's knowledge base (docs/choices/extras.md). */

export const REVIEW_STATUSES = ['ACCEPTED', 'PENDING', 'REJECTED'] as const;
export const REQUEST_TYPES = [
	'AMENDMENT',
	'CANCELLATION',
	'CLOSURE',
	'EXTEND_OR_PAY',
	'INVOCATION',
	'PARTIAL_INVOCATION',
	'RENEWAL',
] as const;

export const listQuerySchema = z
	.object({
		status: oneOf(REVIEW_STATUSES).optional(),
		requestType: oneOf(REQUEST_TYPES).optional(),
		max: wholeNumber().min(1, 'must be at least 1').optional(),
		offset: wholeNumber().min(0, 'cannot be negative').optional(),
	})
	.passthrough();

export const GET_MANY_LABELS: FieldLabels = {
	q: 'Loan Number',
	status: 'Review Status',
	requestType: 'Event Type',
	max: 'Page Size',
	offset: 'Offset',
};

export const checkListQuery = checkQuery(listQuerySchema, GET_MANY_LABELS);

export const getManyFields: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('ebgNotification', ['getMany']),
		options: [
			{
				displayName: 'Event Type',
				name: 'requestType',
				type: 'options',
				default: 'AMENDMENT',
				options: [
					{ name: 'Amendment', value: 'AMENDMENT' },
					{ name: 'Cancellation', value: 'CANCELLATION' },
					{ name: 'Closure', value: 'CLOSURE' },
					{ name: 'Extend or Pay', value: 'EXTEND_OR_PAY' },
					{ name: 'Invocation', value: 'INVOCATION' },
					{ name: 'Partial Invocation', value: 'PARTIAL_INVOCATION' },
					{ name: 'Renewal', value: 'RENEWAL' },
				],
				routing: { send: { type: 'query', property: 'requestType' } },
			},
			{
				displayName: 'Loan Number',
				name: 'q',
				type: 'string',
				default: '',
				description: 'Only the notifications of this loan number',
				routing: { send: { type: 'query', property: 'q' } },
			},
			{
				displayName: 'Review Status',
				name: 'status',
				type: 'options',
				default: 'PENDING',
				options: [
					{ name: 'Accepted', value: 'ACCEPTED' },
					{ name: 'Pending', value: 'PENDING' },
					{ name: 'Rejected', value: 'REJECTED' },
				],
				routing: { send: { type: 'query', property: 'status' } },
			},
			{
				displayName: 'Sent to Me Only',
				name: 'sentToMe',
				type: 'boolean',
				default: false,
				description:
					'Whether only the notifications sent to the user the token belongs to are listed',
				routing: { send: { type: 'query', property: 'sentToMe' } },
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('ebgNotification', ['getMany']),
		options: [
			{
				...offsetOption('How many notifications to skip'),
				routing: { send: { type: 'query', property: 'offset' } },
			},
			{
				displayName: 'Page Size',
				name: 'max',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 20,
				description: 'How many notifications the service returns at most',
				routing: { send: { type: 'query', property: 'max' } },
			},
		],
	},
];

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many electronic bank guarantee notifications',
	description:
		'List the NeSL eBG event notifications, filtered by loan number, review status or event type',
	routing: v3Routing('GET', EBG_NOTIFICATIONS_PATH, {
		preSend: [checkListQuery],
		output: outputData,
	}),
};
