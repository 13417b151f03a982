import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { putDocumentId } from './common';
import { isObject } from '../../../shared/isObject';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { refuseField } from '../../../shared/errors';
import { refuseBrokenRules, requiredText, type FieldLabels } from '../../shared/form/rules';
import { asString, compact, isCalendarDate, type Body } from './common';

/** Document → Reactivate: give an expired document a new expiry. */

export const MAX_EXPIRY_DAYS = 365;
const DAY_MS = 24 * 3600_000;

/** `now` is the caller's clock (ms), so that the rule is testable. */
export const reactivateBodySchema = (now: number) =>
	z
		.object({
			documentId: requiredText(),
			expiryDays: z
				.number({ invalid_type_error: 'must be a number' })
				.int('must be a whole number')
				.min(-1, 'must be from -1 to 365')
				.max(MAX_EXPIRY_DAYS, 'must be from -1 to 365')
				.optional(),
			expiryTime: z
				.number({ invalid_type_error: 'must be a date and time' })
				.refine((time) => time > now, { message: 'must be in the future' })
				.refine((time) => time <= now + MAX_EXPIRY_DAYS * DAY_MS, {
					message: 'must be at most 365 days ahead',
				})
				.optional(),
		})
		.superRefine((body, ctx) => {
			if (body.expiryDays !== undefined && body.expiryTime !== undefined) {
				ctx.addIssue({
					code: 'custom',
					path: ['expiryDays'],
					message: 'and Expiry Date and Time cannot both be set: give exactly one',
				});
			}
		});

export const REACTIVATE_LABELS: FieldLabels = {
	documentId: 'Document ID',
	expiryDays: 'Expiry Days',
	expiryTime: 'Expiry Date and Time',
};

/** preSend of Reactivate, after `putDocumentId`: the body with the expiry the New Expiry choice gives. */
export async function buildReactivateBody(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const mode = parameter<string>(this, 'expiry', 'days');
	const routed = isObject(options.body) ? options.body : {};
	const body: Body = { documentId: asString(routed.documentId) ?? '' };
	if (mode === 'days') {
		const days = parameter<unknown>(this, 'expiryDays', undefined);
		body.expiryDays = days === '' || days === undefined ? undefined : Number(days);
	} else if (mode === 'dateTime') {
		const raw = parameter<unknown>(this, 'expiryTime', '');
		const time =
			raw instanceof Date
				? raw.getTime()
				: typeof raw === 'number'
					? raw
					: Date.parse(String(raw ?? ''));
		// Date.parse rolls an impossible day over (2026-02-30 is read as 2 March), so the date is checked first.
		const impossible =
			typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) && !isCalendarDate(raw);
		if (!Number.isFinite(time) || impossible) {
			const rule = impossible
				? `is not a date: ${raw.slice(0, 10)} is not a day of the calendar`
				: 'is required and must be a date and time';
			refuseField(this.getNode(), REACTIVATE_LABELS.expiryTime, rule, this.getItemIndex());
		}
		body.expiryTime = time;
	}
	options.body = compact(
		refuseBrokenRules(this, reactivateBodySchema(Date.now()), body, REACTIVATE_LABELS),
	);
	return options;
}

export const reactivateFields: INodeProperties[] = [
	{
		displayName: 'New Expiry',
		name: 'expiry',
		type: 'options',
		options: [
			{ name: 'In Days', value: 'days', description: 'Days from now, ending 11:59 PM' },
			{ name: 'At a Date and Time', value: 'dateTime' },
			{
				name: 'Workflow Default',
				value: 'workflowDefault',
				description: 'The expiry set on the workflow',
			},
		],
		default: 'days',
		hint: "Per the service's older public docs, reactivation works only within 30 days of expiry, and never for stamped documents",
		displayOptions: showFor('document', ['reactivate']),
	},
	{
		displayName: 'Expiry Days',
		name: 'expiryDays',
		type: 'number',
		typeOptions: { minValue: -1, maxValue: 365 },
		default: 7,
		description:
			'-1: 45 minutes from now; 0: today 11:59 PM; 1: tomorrow 11:59 PM; N (up to 365): N days from now at 11:59 PM',
		displayOptions: showFor('document', ['reactivate'], { expiry: ['days'] }),
	},
	{
		displayName: 'Expiry Date and Time',
		name: 'expiryTime',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'In the future and at most 365 days ahead',
		displayOptions: showFor('document', ['reactivate'], { expiry: ['dateTime'] }),
	},
];

export const reactivateOperation: INodePropertyOptions = {
	name: 'Reactivate',
	value: 'reactivate',
	action: 'Reactivate expired invitations',
	description: 'Give expired invitations of a document a new expiry; sign URLs stay the same',
	routing: v3Routing('POST', '/v3.0/sign/request/reactivate', {
		preSend: [putDocumentId('body'), buildReactivateBody],
		output: outputData,
	}),
};
