import type { INodeProperties } from 'n8n-workflow';

import { offsetOption } from '../../shared/descriptions';
import type { ResourceModule } from '../types';
import { operationSelector, showFor } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { checkParameters, checkQuery } from '../../shared/rules';
import { detailSchema, EBG_LABELS, listQuerySchema, REQUEST_TYPES, REVIEW_STATUSES } from './schema';
import { v3Routing } from '../../shared/routing';

const RESOURCE = 'ebgNotification';

const humanize = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');

const operation = operationSelector(RESOURCE, 'getMany', [
	{
		name: 'Get',
		value: 'get',
		action: 'Get an electronic bank guarantee notification',
		description: 'Get every detail of one eBG event notification',
		routing: v3Routing('GET', '=/v3.3/nesl/notification/detail/{{ encodeURIComponent(String($parameter["notifTxnId"]).trim()) }}', {
			preSend: [checkParameters(detailSchema, { notifTxnId: EBG_LABELS.notifTxnId })],
			postReceive: [outputData],
		}),
	},
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many electronic bank guarantee notifications',
		description: 'List the NeSL eBG event notifications, filtered by loan number, review status or event type',
		routing: v3Routing('GET', '/v3.3/nesl/notification/list', { preSend: [checkQuery(listQuerySchema, EBG_LABELS)], postReceive: [outputData] }),
	},
]);

const fields: INodeProperties[] = [
	{
		displayName: 'Notification Transaction ID',
		name: 'notifTxnId',
		type: 'string',
		required: true,
		default: '',
		description: 'The notifTxnId of the notification, as Get Many returns it',
		displayOptions: showFor(RESOURCE, ['get']),
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor(RESOURCE, ['getMany']),
		options: [
			{
				displayName: 'Event Type',
				name: 'requestType',
				type: 'options',
				default: 'AMENDMENT',
				options: REQUEST_TYPES.map((value) => ({ name: humanize(value), value })),
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
				options: REVIEW_STATUSES.map((value) => ({ name: humanize(value), value })),
				routing: { send: { type: 'query', property: 'status' } },
			},
			{
				displayName: 'Sent to Me Only',
				name: 'sentToMe',
				type: 'boolean',
				default: false,
				description: 'Whether only the notifications sent to the user the token belongs to are listed',
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
		displayOptions: showFor(RESOURCE, ['getMany']),
		options: [
			{ ...offsetOption('How many notifications to skip'), routing: { send: { type: 'query', property: 'offset' } } },
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

/** NeSL electronic bank guarantee (eBG) event notifications: read them (v3.3); Document → Review eBG Notification answers them. */
export const ebgNotificationResource: ResourceModule = {
	option: { name: 'eBG Notification', value: RESOURCE, description: 'NeSL electronic bank guarantee event notifications (v3)' },
	family: 'v3',
	properties: [operation, ...fields],
};
