import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { switchQuery } from '../../shared/sectionSwitches';
import type { ResourceModule } from '../types';
import { operationSelector, showFor } from '../../shared/descriptions';
import { outputData, outputListOf } from '../../shared/outputs';
import { checkQuery, refuse } from '../../shared/rules';
import { expiryQuerySchema, SERIES_SWITCHES, seriesQuerySchema, STAMP_LABELS } from './schema';
import { v3Routing } from '../../shared/routing';

const RESOURCE = 'stamp';

/** preSend of Get Series: each chosen field becomes its switch, sent as `true`. */
async function sendSeriesSwitches(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const { include } = refuse(this, seriesQuerySchema, { include: this.getNodeParameter('include', []) }, STAMP_LABELS);
	options.qs = { ...options.qs, ...switchQuery(include, SERIES_SWITCHES) };
	return options;
}

const operation = operationSelector(RESOURCE, 'getSeries', [
	{
		name: 'Get Expiring Series',
		value: 'getExpiring',
		action: 'Get expiring stamp series',
		description: 'List the stamp series that expire within a number of days, and optionally those already expired',
		routing: v3Routing('GET', '/v3.1/series/expiry', { preSend: [checkQuery(expiryQuerySchema, STAMP_LABELS)], postReceive: [outputData] }),
	},
	{
		name: 'Get Groups',
		value: 'getGroups',
		action: 'Get stamp groups',
		description: 'List the stamp groups of the account, one item per group',
		routing: v3Routing('GET', '/v3.0/series/groups/list', { postReceive: [outputListOf('seriesGroups')] }),
	},
	{
		name: 'Get Series',
		value: 'getSeries',
		action: 'Get stamp series',
		description: 'List the stamp paper series of the account, with the fields you include',
		routing: v3Routing('GET', '/v3.1/series/list', { preSend: [sendSeriesSwitches], postReceive: [outputData] }),
	},
]);

const SWITCH_NAMES: Record<(typeof SERIES_SWITCHES)[number], string> = {
	blocked: 'Blocked',
	expired: 'Expired',
	firstPartyName: 'First Party Name',
	legend: 'Legend',
	purpose: 'Purpose',
	reserved: 'Reserved',
	secondPartyName: 'Second Party Name',
	total: 'Total',
	underProcess: 'Under Process',
	unused: 'Unused',
	used: 'Used',
};

const fields: INodeProperties[] = [
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['unused', 'total'],
		description: 'Fields the service adds to each series only when asked (the counts, the parties, the purpose, the legend)',
		options: Object.entries(SWITCH_NAMES).map(([value, name]) => ({ name, value })),
		displayOptions: showFor(RESOURCE, ['getSeries']),
	},
	{
		displayName: 'Look-Up Period (Days)',
		name: 'lookUpPeriod',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 30,
		description: 'Series whose stamps expire within this many days from today are listed',
		displayOptions: showFor(RESOURCE, ['getExpiring']),
		routing: { send: { type: 'query', property: 'lookUpPeriod' } },
	},
	{
		displayName: 'Include Expired',
		name: 'includeExpired',
		type: 'boolean',
		default: false,
		description: 'Whether every already expired series is listed too, whatever the look-up period',
		displayOptions: showFor(RESOURCE, ['getExpiring']),
		routing: { send: { type: 'query', property: 'includeExpired' } },
	},
];

/** Stamp paper series and groups of the account, and their expiry (v3.0, v3.1). */
export const stampResource: ResourceModule = {
	option: { name: 'Stamp', value: RESOURCE, description: 'Stamp paper series and groups of the account (v3)' },
	family: 'v3',
	properties: [operation, ...fields],
};
