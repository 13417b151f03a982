import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { SERIES_LIST_PATH } from '../../../shared/accountReads';
import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { refuseBrokenRules, type FieldLabels } from '../../shared/form/rules';
import { switchQuery } from '../../shared/form/sectionSwitches';

/** Stamp → Get Series, from the service's knowledge base (docs/choices/extras.md). */

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
	include: z.array(
		z.enum(SERIES_SWITCHES, {
			errorMap: () => ({ message: `must hold only ${SERIES_SWITCHES.join(', ')}` }),
		}),
		{
			invalid_type_error: 'must be a list of fields',
		},
	),
});

export const GET_SERIES_LABELS: FieldLabels = { include: 'Include' };

/** preSend of Get Series: each chosen field becomes its switch, sent as `true`. */
export async function putSeriesSwitches(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const { include } = refuseBrokenRules(
		this,
		seriesQuerySchema,
		{ include: parameter(this, 'include', []) },
		GET_SERIES_LABELS,
	);
	options.qs = { ...options.qs, ...switchQuery(include, SERIES_SWITCHES) };
	return options;
}

export const getSeriesFields: INodeProperties[] = [
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['unused', 'total'],
		description:
			'Fields the service adds to each series only when asked (the counts, the parties, the purpose, the legend)',
		options: [
			{ name: 'Blocked', value: 'blocked' },
			{ name: 'Expired', value: 'expired' },
			{ name: 'First Party Name', value: 'firstPartyName' },
			{ name: 'Legend', value: 'legend' },
			{ name: 'Purpose', value: 'purpose' },
			{ name: 'Reserved', value: 'reserved' },
			{ name: 'Second Party Name', value: 'secondPartyName' },
			{ name: 'Total', value: 'total' },
			{ name: 'Under Process', value: 'underProcess' },
			{ name: 'Unused', value: 'unused' },
			{ name: 'Used', value: 'used' },
		],
		displayOptions: showFor('stamp', ['getSeries']),
	},
];

export const getSeriesOperation: INodePropertyOptions = {
	name: 'Get Series',
	value: 'getSeries',
	action: 'Get stamp series',
	description: 'List the stamp paper series of the account, with the fields you include',
	routing: v3Routing('GET', SERIES_LIST_PATH, {
		preSend: [putSeriesSwitches],
		output: outputData,
	}),
};
