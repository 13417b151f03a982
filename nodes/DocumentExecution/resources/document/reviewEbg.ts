import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v3Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf, refuseBrokenRules, requiredText, type FieldLabels } from '../../shared/form/rules';
import { messageOf } from './common';

/** Document → Review eBG Notification: accept or reject a NeSL electronic bank guarantee notification. */

export const EBG_REVIEW_STATUSES = ['Accepted', 'Rejected'] as const;

export const ebgReviewBodySchema = z.object({
	data: z.object({
		requestId: requiredText(),
		loanNumber: requiredText(),
		reviewStatus: oneOf(EBG_REVIEW_STATUSES),
		reviewRemarks: requiredText(),
		notifTxnId: requiredText(),
	}),
});

export const REVIEW_EBG_LABELS: FieldLabels = {
	'data.requestId': 'Request ID',
	'data.loanNumber': 'Loan Number',
	'data.reviewStatus': 'Review Status',
	'data.reviewRemarks': 'Review Remarks',
	'data.notifTxnId': 'Notification Transaction ID',
};

export async function checkEbgReviewBody(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	options.body = refuseBrokenRules(this, ebgReviewBodySchema, options.body, REVIEW_EBG_LABELS);
	return options;
}

export async function outputEbgReview(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
) {
	return [
		{
			json: {
				notifTxnId: parameter(this, 'notifTxnId', ''),
				reviewStatus: parameter(this, 'reviewStatus', ''),
				reviewed: true,
				...messageOf(response),
			} as IDataObject,
		},
	];
}

export const reviewEbgFields: INodeProperties[] = [
	...(
		[
			['Request ID', 'requestId'],
			['Loan Number', 'loanNumber'],
			['Notification Transaction ID', 'notifTxnId'],
		] as const
	).map(
		([displayName, name]): INodeProperties => ({
			displayName,
			name,
			type: 'string',
			default: '',
			required: true,
			displayOptions: showFor('document', ['reviewEbg']),
			routing: { send: { type: 'body', property: `data.${name}` } },
		}),
	),
	{
		displayName: 'Review Status',
		name: 'reviewStatus',
		type: 'options',
		options: [
			{ name: 'Accepted', value: 'Accepted' },
			{ name: 'Rejected', value: 'Rejected' },
		],
		default: 'Accepted',
		displayOptions: showFor('document', ['reviewEbg']),
		routing: { send: { type: 'body', property: 'data.reviewStatus' } },
	},
	{
		displayName: 'Review Remarks',
		name: 'reviewRemarks',
		type: 'string',
		default: '',
		required: true,
		displayOptions: showFor('document', ['reviewEbg']),
		routing: { send: { type: 'body', property: 'data.reviewRemarks' } },
	},
];

export const reviewEbgOperation: INodePropertyOptions = {
	name: 'Review eBG Notification',
	value: 'reviewEbg',
	action: 'Review an electronic bank guarantee notification',
	description: 'Accept or reject an electronic bank guarantee event notification',
	routing: v3Routing('POST', '/v3.3/nesl/notification/review', {
		preSend: [checkEbgReviewBody],
		output: outputEbgReview,
	}),
};
