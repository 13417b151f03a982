import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import {
	answerData,
	EBG_NOTIFICATIONS_PATH,
	SERIES_EXPIRY_PATH,
	SERIES_LIST_PATH,
	WALLET_BALANCE_PATH,
} from '../shared/accountReads';
import { refuseField } from '../shared/errors';
import { serviceRequest } from '../shared/transport';
import { PAGE_SIZE, type ReadV3 } from './serviceReads';

/**
 * The capacity alerts: events about what the account holds (stamps, eSign credits, eBG notifications) rather
 * than its documents. Each poll reads what is due now; an alert fires for what became due since the last poll
 * (docs/choices/poll-trigger.md).
 */

export type AlertEvent =
	| 'stampSeriesRunningLow'
	| 'stampsExpiring'
	| 'walletBalanceBelow'
	| 'ebgNotificationPending';

/**
 * How the answers are read where the knowledge base's articles are cut off: the key under `data` that holds
 * each list, the field that names an entry, and the wallet's spendable credits (docs/choices/poll-trigger.md).
 */
export const CUT_OFF_READINGS = {
	seriesList: { list: 'series', key: 'seriesNumber', unused: 'unused' },
	seriesExpiry: { list: 'series', key: 'seriesNumber' },
	walletBalance: { available: 'unused' },
	ebgNotifications: { list: 'notifications', key: 'notifTxnId' },
} as const;

/** What is due now, each by its key, as the item it becomes when it fires. */
type Due = Map<string, IDataObject>;

const positive = z
	.number({ invalid_type_error: 'must be a number' })
	.refine(Number.isFinite, 'must be a number')
	.refine((value) => value > 0, 'must be a positive number');

const THRESHOLDS = {
	stampSeriesRunningLow: { name: 'fewerUnusedThan', schema: positive },
	stampsExpiring: {
		name: 'expiringWithinDays',
		schema: positive.refine(Number.isInteger, 'must be a whole number of days'),
	},
	walletBalanceBelow: { name: 'creditsBelow', schema: positive },
} as const;

const WATCHED_SERIES_LABEL = 'Stamp Series Names or IDs';

export const ALERT_LABELS: Record<string, string> = {
	fewerUnusedThan: 'Fewer Unused Stamps Than',
	expiringWithinDays: 'Expiring Within (Days)',
	creditsBelow: 'Unused Credits Below',
};

/** The event's threshold, or a refusal naming it before any request (activation, every poll, a test fetch). */
function thresholdOf(context: IPollFunctions, event: keyof typeof THRESHOLDS): number {
	const { name, schema } = THRESHOLDS[event];
	const checked = schema.safeParse(context.getNodeParameter(name));
	if (checked.success) return checked.data;
	refuseField(context.getNode(), ALERT_LABELS[name], checked.error.issues[0].message, 0, {
		hint: 'Then activate the workflow again, or fetch a test event.',
	});
}

/** An answer that does not read as the readings expect: a poll error, never "nothing due". */
function unreadable(context: IPollFunctions, what: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `The service's answer has no ${what}`, {
		description:
			"The trigger reads the service's lists as docs/choices/poll-trigger.md describes (CUT_OFF_READINGS); this answer is shaped otherwise, so nothing was emitted and the trigger's state is unchanged.",
	});
}

/** The list under `data.<list>`, each entry named by its `key`. */
function listOf(
	context: IPollFunctions,
	body: IDataObject,
	{ list, key }: { list: string; key: string },
): IDataObject[] {
	const entries = answerData(body)[list];
	if (!Array.isArray(entries)) throw unreadable(context, `data.${list} list`);
	for (const entry of entries as IDataObject[])
		if (typeof entry?.[key] !== 'string' && typeof entry?.[key] !== 'number')
			throw unreadable(context, `${key} in an entry of data.${list}`);
	return entries as IDataObject[];
}

/** Entries by their key (a key listed twice keeps its first entry). */
function byKey(entries: IDataObject[], key: string, extra: IDataObject): Due {
	const due: Due = new Map();
	for (const entry of entries) {
		const id = String(entry[key]);
		if (!due.has(id)) due.set(id, { ...entry, ...extra });
	}
	return due;
}

/** The chosen series: a list from the picker, or the text of an expression, comma-separated. */
function watchedSeries(context: IPollFunctions): string[] {
	const chosen = context.getNodeParameter('seriesToWatch', []) as string[] | string;
	return (Array.isArray(chosen) ? chosen : String(chosen).split(','))
		.map((seriesNumber) => String(seriesNumber).trim())
		.filter(Boolean);
}

async function seriesRunningLow(context: IPollFunctions, read: ReadV3): Promise<Due> {
	const threshold = thresholdOf(context, 'stampSeriesRunningLow');
	const watched = watchedSeries(context);
	const { key, unused } = CUT_OFF_READINGS.seriesList;
	const series = listOf(
		context,
		await read(SERIES_LIST_PATH, { [unused]: true }),
		CUT_OFF_READINGS.seriesList,
	);
	const listed = new Set(series.map((entry) => String(entry[key])));
	const missing = watched.find((seriesNumber) => !listed.has(seriesNumber));
	if (missing)
		throw new NodeOperationError(
			context.getNode(),
			`${WATCHED_SERIES_LABEL}: the account has no stamp series ${missing}`,
			{
				description:
					'Choose the series again from the list, or leave the field empty to watch every series.',
			},
		);
	const low = series.filter((entry) => {
		if (watched.length && !watched.includes(String(entry[key]))) return false;
		if (typeof entry[unused] !== 'number')
			throw unreadable(context, `${unused} count for series ${String(entry[key])}`);
		return entry[unused] < threshold;
	});
	return byKey(low, key, { threshold });
}

async function stampsExpiring(context: IPollFunctions, read: ReadV3): Promise<Due> {
	const withinDays = thresholdOf(context, 'stampsExpiring');
	const reading = CUT_OFF_READINGS.seriesExpiry;
	const series = listOf(
		context,
		await read(SERIES_EXPIRY_PATH, { lookUpPeriod: withinDays }),
		reading,
	);
	return byKey(series, reading.key, { withinDays });
}

async function walletBalanceBelow(context: IPollFunctions, read: ReadV3): Promise<Due> {
	const threshold = thresholdOf(context, 'walletBalanceBelow');
	const { available } = CUT_OFF_READINGS.walletBalance;
	const wallet = answerData(await read(WALLET_BALANCE_PATH, {}));
	if (typeof wallet[available] !== 'number') throw unreadable(context, `data.${available} count`);
	return new Map(wallet[available] < threshold ? [['wallet', { ...wallet, threshold }]] : []);
}

/** Every pending notification: pages of 40 until a short page, or a page that brings nothing new. */
async function ebgNotificationsPending(context: IPollFunctions, read: ReadV3): Promise<Due> {
	const reading = CUT_OFF_READINGS.ebgNotifications;
	const due: Due = new Map();
	for (let offset = 0; ; offset += PAGE_SIZE) {
		const query = { status: 'PENDING', max: PAGE_SIZE, offset };
		const page = listOf(context, await read(EBG_NOTIFICATIONS_PATH, query), reading);
		const before = due.size;
		for (const [id, entry] of byKey(page, reading.key, {})) if (!due.has(id)) due.set(id, entry);
		if (page.length < PAGE_SIZE || due.size === before) return due;
	}
}

interface CapacityAlert {
	due: (context: IPollFunctions, read: ReadV3) => Promise<Due>;
	/** Fetch Test Event's message when nothing is due. */
	nothingDue: (context: IPollFunctions) => string;
}

export const CAPACITY_ALERTS: Record<AlertEvent, CapacityAlert> = {
	stampSeriesRunningLow: {
		due: seriesRunningLow,
		nothingDue: (context) =>
			`No stamp series has fewer than ${thresholdOf(context, 'stampSeriesRunningLow')} unused stamps now`,
	},
	stampsExpiring: {
		due: stampsExpiring,
		nothingDue: (context) =>
			`No stamp series expires within ${thresholdOf(context, 'stampsExpiring')} days now`,
	},
	walletBalanceBelow: {
		due: walletBalanceBelow,
		nothingDue: (context) =>
			`The wallet has ${thresholdOf(context, 'walletBalanceBelow')} unused credits or more now`,
	},
	ebgNotificationPending: {
		due: ebgNotificationsPending,
		nothingDue: () => 'No eBG notification is pending now',
	},
};

/**
 * The keys due now that were not due at the last poll (all of them on the first poll: an alert already due is
 * news), and the keys to remember: those due now, so an alert fires again only after it cleared.
 */
export function newlyDue(due: Due, previous: string[] | undefined) {
	const before = new Set(previous ?? []);
	return {
		fresh: [...due].filter(([key]) => !before.has(key)).map(([, entry]) => entry),
		remembered: [...due.keys()],
	};
}

const showFor = (event: AlertEvent) => ({ show: { event: [event] } });

export const CAPACITY_EVENT_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'eBG Notification Pending',
		value: 'ebgNotificationPending',
		description: 'An eBG notification awaits review; one item per notification, once',
	},
	{
		name: 'Stamp Series Running Low',
		value: 'stampSeriesRunningLow',
		description:
			'A stamp series has fewer unused stamps than a number; one item per series, again only after a restock',
	},
	{
		name: 'Stamps Expiring',
		value: 'stampsExpiring',
		description: "A stamp series' stamps expire within a number of days; one item per series",
	},
	{
		name: 'Wallet Balance Below',
		value: 'walletBalanceBelow',
		description:
			"The wallet's unused eSign credits fall below an amount; one item, again only after a top-up",
	},
];

export const capacityAlertFields: INodeProperties[] = [
	{
		displayName: ALERT_LABELS.fewerUnusedThan,
		name: 'fewerUnusedThan',
		type: 'number',
		default: 10,
		description: 'A series fires once when its unused stamps drop below this number',
		displayOptions: showFor('stampSeriesRunningLow'),
	},
	{
		displayName: WATCHED_SERIES_LABEL,
		name: 'seriesToWatch',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getStampSeries' },
		default: [],
		description:
			'Only these series are watched; leave empty to watch every series. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('stampSeriesRunningLow'),
	},
	{
		displayName: ALERT_LABELS.expiringWithinDays,
		name: 'expiringWithinDays',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 30,
		description: "A series fires once when its stamps' expiry comes within this many days",
		displayOptions: showFor('stampsExpiring'),
	},
	{
		displayName: ALERT_LABELS.creditsBelow,
		name: 'creditsBelow',
		type: 'number',
		default: 100,
		description:
			"Fires once when the wallet's unused eSign credits (those not reserved for invitations already sent) drop below this number",
		displayOptions: showFor('walletBalanceBelow'),
	},
];

/** loadOptions of Stamp Series Names or IDs: the account's series, by number. */
export async function getStampSeries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const answer = await serviceRequest(this, {
		authentication: 'authToken',
		family: 'v3',
		path: SERIES_LIST_PATH,
		qs: {},
		operation: WATCHED_SERIES_LABEL,
		again: 'open the list again',
	});
	const { list, key } = CUT_OFF_READINGS.seriesList;
	const series = answerData(answer.body)[list];
	return (Array.isArray(series) ? (series as IDataObject[]) : [])
		.map((entry) => String(entry[key] ?? ''))
		.filter((seriesNumber) => seriesNumber !== '')
		.sort((a, b) => a.localeCompare(b))
		.map((seriesNumber) => ({ name: seriesNumber, value: seriesNumber }));
}
