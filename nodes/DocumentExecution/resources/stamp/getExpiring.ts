import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { SERIES_EXPIRY_PATH } from '../../../shared/accountReads';
import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { checkQuery, wholeNumber, type FieldLabels } from '../../shared/form/rules';

/** Stamp → Get Expiring Series, from the service's knowledge base (docs/choices/extras.md). */

/** The knowledge base: a negative look-up period answers nothing, a non-number a `typeMismatch` error. */
export const expiryQuerySchema = z
	.object({
		lookUpPeriod: wholeNumber()
			.min(0, 'cannot be negative (the service answers nothing for a negative period)')
			.optional(),
	})
	.passthrough();

export const GET_EXPIRING_LABELS: FieldLabels = { lookUpPeriod: 'Look-Up Period (Days)' };

export const checkExpiryQuery = checkQuery(expiryQuerySchema, GET_EXPIRING_LABELS);

export const getExpiringFields: INodeProperties[] = [
	{
		displayName: 'Look-Up Period (Days)',
		name: 'lookUpPeriod',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 30,
		description: 'Series whose stamps expire within this many days from today are listed',
		displayOptions: showFor('stamp', ['getExpiring']),
		routing: { send: { type: 'query', property: 'lookUpPeriod' } },
	},
	{
		displayName: 'Include Expired',
		name: 'includeExpired',
		type: 'boolean',
		default: false,
		description: 'Whether every already expired series is listed too, whatever the look-up period',
		displayOptions: showFor('stamp', ['getExpiring']),
		routing: { send: { type: 'query', property: 'includeExpired' } },
	},
];

export const getExpiringOperation: INodePropertyOptions = {
	name: 'Get Expiring Series',
	value: 'getExpiring',
	action: 'Get expiring stamp series',
	description:
		'List the stamp series that expire within a number of days, and optionally those already expired',
	routing: v3Routing('GET', SERIES_EXPIRY_PATH, {
		preSend: [checkExpiryQuery],
		output: outputData,
	}),
};
