import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/descriptions';
import { checkQuery, wholeNumber, type FieldLabels } from '../../shared/rules';

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
