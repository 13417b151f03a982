import { z } from 'zod';

import { wholeNumber } from '../../shared/rules';

/** The rules of the stamp requests, from the service's knowledge base (docs/choices/extras.md). */

/**
 * The stamp series list's opt-in query switches, in the order the knowledge base's request URL lists them:
 * each adds a field to every series in the answer.
 */
export const SERIES_SWITCHES = [
	'firstPartyName',
	'secondPartyName',
	'purpose',
	'legend',
	'underProcess',
	'blocked',
	'reserved',
	'unused',
	'used',
	'expired',
	'total',
] as const;

export const seriesQuerySchema = z.object({
	include: z.array(z.enum(SERIES_SWITCHES, { errorMap: () => ({ message: `must hold only ${SERIES_SWITCHES.join(', ')}` }) }), {
		invalid_type_error: 'must be a list of fields',
	}),
});

/** The knowledge base: a negative look-up period answers nothing, a non-number a `typeMismatch` error. */
export const expiryQuerySchema = z
	.object({ lookUpPeriod: wholeNumber().min(0, 'cannot be negative (the service answers nothing for a negative period)').optional() })
	.passthrough();

export const STAMP_LABELS = { include: 'Include', lookUpPeriod: 'Look-Up Period (Days)' };
