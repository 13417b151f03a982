import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	IPollFunctions,
} from 'n8n-workflow';

import {
	addEbgNotification,
	EXTRAS_SEED,
	setSeries,
	setWallet,
} from '../../emulator/families/v3-extras';
import {
	ALERT_LABELS,
	CAPACITY_ALERTS,
	type AlertEvent,
} from '../../../nodes/DocumentExecutionPollTrigger/capacityAlerts';
import { DocumentExecutionPollTrigger } from '../../../nodes/DocumentExecutionPollTrigger/DocumentExecutionPollTrigger.node';
import { V3_SEED, type V3State } from '../../emulator/families/v3';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator } from '../../emulator/server';
import { POLL_NODE_NAME, startPollTrigger } from '../../harness/poll';
import { tokenCredential } from '../../support/credentials';
import { counted, http, pollTrigger } from './helpers';

const WALLET = '/v3.0/wallet/balance/details';
const SERIES_LIST = '/v3.1/series/list';
const SERIES_EXPIRY = '/v3.1/series/expiry';
const EBG_LIST = '/v3.3/nesl/notification/list';
const DAY = 24 * 3600_000;

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

const seriesOf = (items: INodeExecutionData[]) =>
	items.map((item) => item.json.seriesNumber as string);
const notificationsOf = (items: INodeExecutionData[]) =>
	items.map((item) => item.json.notifTxnId as string);

async function review(notifTxnId: string): Promise<void> {
	const { requestId, loanNumber } = emulator.slice<V3State>('v3').ebgNotifications.get(notifTxnId)!;
	const response = await http.post(
		`${emulator.baseUrl}/v3.3/nesl/notification/review`,
		{
			data: { notifTxnId, requestId, loanNumber, reviewStatus: 'Accepted', reviewRemarks: 'OK' },
		},
		{ headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN } },
	);
	if (response.data.status !== 1)
		throw new Error(`review failed: ${JSON.stringify(response.data)}`);
}

describe('Wallet Balance Below', () => {
	const parameters = { event: 'walletBalanceBelow', creditsBelow: 100 };

	it('fires on the first poll when already below, not again while below, and again after it cleared', async () => {
		setWallet(emulator.env, { unused: 40 });
		const trigger = pollTrigger(emulator, parameters);
		const { items, requests } = await counted(emulator, WALLET, () => trigger.activate());
		expect(requests).toBe(1);
		expect(emulator.requestsTo(WALLET)[0].headers['x-auth-token']).toBe(DEFAULT_AUTH_TOKEN);
		expect(items.map((item) => item.json)).toEqual([
			{
				event: 'walletBalanceBelow',
				...EXTRAS_SEED.wallet,
				unused: 40,
				total: 390,
				threshold: 100,
			},
		]);

		setWallet(emulator.env, { unused: 20 });
		expect(await trigger.poll()).toEqual([]);
		setWallet(emulator.env, { unused: 100 });
		expect(await trigger.poll()).toEqual([]);
		setWallet(emulator.env, { unused: 99 });
		expect((await trigger.poll()).map((item) => item.json.unused)).toEqual([99]);
		expect(await trigger.poll()).toEqual([]);
	});

	it('emits nothing while the balance is at or above the amount', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, creditsBelow: 150 });
		expect(await trigger.activate()).toEqual([]);
		expect(await trigger.poll()).toEqual([]);
	});

	it('does not fire again after an n8n restart while still below', async () => {
		setWallet(emulator.env, { unused: 10 });
		const trigger = pollTrigger(emulator, parameters);
		expect(await trigger.activate()).toHaveLength(1);
		const restarted = trigger.restart();
		expect(await restarted.activate('init')).toEqual([]);
		expect(await restarted.poll()).toEqual([]);
	});
});

describe('Stamp Series Running Low', () => {
	const parameters = { event: 'stampSeriesRunningLow', fewerUnusedThan: 10 };

	it('fires once per series that runs low, each series on its own, again only after it was restocked', async () => {
		const trigger = pollTrigger(emulator, parameters);
		const first = await trigger.activate();
		expect(seriesOf(first)).toEqual([V3_SEED.emptyStampSeries]);
		expect(first[0].json).toMatchObject({
			event: 'stampSeriesRunningLow',
			seriesNumber: V3_SEED.emptyStampSeries,
			unused: 0,
			threshold: 10,
		});
		expect(emulator.requestsTo(SERIES_LIST)[0].query).toEqual({ unused: 'true' });

		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 9 });
		expect(seriesOf(await trigger.poll())).toEqual([V3_SEED.stampSeries]);
		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 2 });
		expect(await trigger.poll()).toEqual([]);

		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 10 });
		expect(await trigger.poll()).toEqual([]);
		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 3 });
		expect(seriesOf(await trigger.poll())).toEqual([V3_SEED.stampSeries]);
	});

	it.each([
		['picked from the list', [V3_SEED.stampSeries, V3_SEED.revenueStampSeries]],
		[
			'given by an expression as comma-separated text',
			`={{ "${V3_SEED.stampSeries}, ${V3_SEED.revenueStampSeries}" }}`,
		],
	])('watches only the chosen series, %s', async (_how, seriesToWatch) => {
		setSeries(emulator.env, V3_SEED.revenueStampSeries, { stamps: 1 });
		const trigger = pollTrigger(emulator, { ...parameters, seriesToWatch });
		expect(seriesOf(await trigger.activate())).toEqual([V3_SEED.revenueStampSeries]);
		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 0 });
		expect(seriesOf(await trigger.poll())).toEqual([V3_SEED.stampSeries]);
	});

	it('fails, naming it, when a chosen series is not one of the account', async () => {
		const trigger = pollTrigger(emulator, { ...parameters, seriesToWatch: ['SERIES-GONE'] });
		await expect(trigger.activate()).rejects.toThrow(
			'Stamp Series Names or IDs: the account has no stamp series SERIES-GONE',
		);
	});
});

describe('Stamps Expiring', () => {
	const parameters = { event: 'stampsExpiring', expiringWithinDays: 30 };

	it('fires once per series that comes within the days, and again after it left them', async () => {
		const trigger = pollTrigger(emulator, parameters);
		const first = await trigger.activate();
		expect(seriesOf(first)).toEqual([V3_SEED.stampSeries]);
		expect(first[0].json).toMatchObject({ event: 'stampsExpiring', withinDays: 30 });
		expect(emulator.requestsTo(SERIES_EXPIRY)[0].query).toEqual({ lookUpPeriod: '30' });
		expect(await trigger.poll()).toEqual([]);

		// Renewed: the series leaves the window (cleared), then comes back into it.
		setSeries(emulator.env, V3_SEED.stampSeries, { expiresInDays: 200 });
		expect(await trigger.poll()).toEqual([]);
		emulator.clock.advance(61 * DAY);
		expect(seriesOf(await trigger.poll())).toEqual([V3_SEED.revenueStampSeries]);
		emulator.clock.advance(110 * DAY);
		expect(seriesOf(await trigger.poll())).toEqual([V3_SEED.stampSeries]);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe('eBG Notification Pending', () => {
	const parameters = { event: 'ebgNotificationPending' };

	it('fires once per pending notification; the state is the set pending at the last poll', async () => {
		const trigger = pollTrigger(emulator, parameters);
		const first = await trigger.activate();
		expect(notificationsOf(first)).toEqual(['NTX-0001', 'NTX-0002', 'NTX-0003']);
		expect(first[0].json).toMatchObject({
			event: 'ebgNotificationPending',
			notifTxnId: 'NTX-0001',
			status: 'PENDING',
		});
		expect(emulator.requestsTo(EBG_LIST)[0].query).toEqual({
			status: 'PENDING',
			max: '40',
			offset: '0',
		});
		expect(await trigger.poll()).toEqual([]);

		addEbgNotification(emulator.env, {
			notifTxnId: 'NTX-0100',
			requestId: 'REQ-0100',
			loanNumber: 'LN-0100',
		});
		await review('NTX-0001');
		const next = await trigger.poll();
		expect(notificationsOf(next)).toEqual(['NTX-0100']);
		expect(JSON.parse(trigger.storedStaticData())).toMatchObject({
			[`node:${POLL_NODE_NAME}`]: {
				ebgNotificationPending: ['NTX-0002', 'NTX-0003', 'NTX-0100'],
			},
		});
		await review('NTX-0002');
		expect(await trigger.poll()).toEqual([]);
	});

	it('reads every pending notification, page by page, and emits each once', async () => {
		for (let index = 1; index <= 45; index++)
			addEbgNotification(emulator.env, {
				notifTxnId: `NTX-1${String(index).padStart(3, '0')}`,
				requestId: `REQ-1${index}`,
				loanNumber: 'LN-1000',
			});
		const trigger = pollTrigger(emulator, parameters);
		const { items, requests } = await counted(emulator, EBG_LIST, () => trigger.activate());
		expect(requests).toBe(2);
		expect(new Set(notificationsOf(items)).size).toBe(48);
		expect(await trigger.poll()).toEqual([]);
	});
});

describe('every capacity alert', () => {
	const events: Array<[string, INodeParameters, string]> = [
		['Stamp Series Running Low', { event: 'stampSeriesRunningLow' }, SERIES_LIST],
		['Stamps Expiring', { event: 'stampsExpiring' }, SERIES_EXPIRY],
		['Wallet Balance Below', { event: 'walletBalanceBelow', creditsBelow: 500 }, WALLET],
		['eBG Notification Pending', { event: 'ebgNotificationPending' }, EBG_LIST],
	];

	it.each(events)(
		'%s: a failed read fails the poll and changes nothing',
		async (_name, parameters, path) => {
			const trigger = pollTrigger(emulator, parameters);
			const emitted = await trigger.activate();
			expect(emitted.length).toBeGreaterThan(0);
			const stored = trigger.storedStaticData();
			emulator.faults.inject({ kind: 'http500', path });
			await expect(trigger.poll()).rejects.toThrow();
			expect(await trigger.poll()).toEqual([]);
			expect(trigger.storedStaticData()).toBe(stored);
		},
	);

	it.each(events)(
		"%s: fails with the service's code when the token is refused",
		async (_name, parameters) => {
			const refused = startPollTrigger({
				parameters,
				credentials: { documentExecutionApi: tokenCredential(emulator, 'wrong-token') },
			});
			await expect(refused.activate()).rejects.toThrow(
				'The service refused the Auth Token [invalid.auth.token]',
			);
		},
	);

	it.each(events)(
		'%s: Fetch Test Event shows what is due now and leaves the state as it was',
		async (_name, parameters) => {
			const trigger = pollTrigger(emulator, parameters);
			const tested = await trigger.fetchTestEvent();
			expect(tested.length).toBeGreaterThan(0);
			expect(trigger.storedStaticData()).toBe('{}');
			expect(await trigger.activate()).toEqual(tested);
		},
	);

	it('Fetch Test Event says so when nothing is due', async () => {
		await expect(
			pollTrigger(emulator, { event: 'walletBalanceBelow', creditsBelow: 10 }).fetchTestEvent(),
		).rejects.toThrow('The wallet has 10 unused credits or more now');
		await expect(
			pollTrigger(emulator, { event: 'stampsExpiring', expiringWithinDays: 5 }).fetchTestEvent(),
		).rejects.toThrow('No stamp series expires within 5 days now');
	});
});

describe('thresholds', () => {
	const refusals: Array<[string, INodeParameters, string]> = [
		[
			'Fewer Unused Stamps Than',
			{ event: 'stampSeriesRunningLow', fewerUnusedThan: 0 },
			'must be a positive number',
		],
		[
			'Fewer Unused Stamps Than',
			{ event: 'stampSeriesRunningLow', fewerUnusedThan: -3 },
			'must be a positive number',
		],
		[
			'Expiring Within (Days)',
			{ event: 'stampsExpiring', expiringWithinDays: 2.5 },
			'must be a whole number of days',
		],
		[
			'Expiring Within (Days)',
			{ event: 'stampsExpiring', expiringWithinDays: '=soon' },
			'must be a number',
		],
		[
			'Unused Credits Below',
			{ event: 'walletBalanceBelow', creditsBelow: -1 },
			'must be a positive number',
		],
		[
			'Unused Credits Below',
			{ event: 'walletBalanceBelow', creditsBelow: '={{ NaN }}' },
			'must be a number',
		],
	];

	it.each(refusals)(
		'%s is refused on activation and in a test fetch, before any request: %j',
		async (label, parameters, rule) => {
			const trigger = pollTrigger(emulator, parameters);
			await expect(trigger.activate()).rejects.toThrow(`${label}: ${rule}`);
			await expect(trigger.fetchTestEvent()).rejects.toThrow(`${label}: ${rule}`);
			expect(emulator.requests).toEqual([]);
		},
	);

	it('are named in refusals by the labels the trigger shows', () => {
		const shown = new DocumentExecutionPollTrigger().description.properties.map(
			(property) => property.displayName,
		);
		expect(Object.values(ALERT_LABELS)).toHaveLength(3);
		for (const label of Object.values(ALERT_LABELS)) expect(shown).toContain(label);
	});

	it('the refusal says nothing was sent and names the field to fix', async () => {
		const trigger = pollTrigger(emulator, { event: 'walletBalanceBelow', creditsBelow: 0 });
		await expect(trigger.activate()).rejects.toMatchObject({
			description: expect.stringContaining(
				'Nothing was sent to the service. Fix "Unused Credits Below"',
			),
		});
	});
});

describe('an answer shaped otherwise than the readings of the cut-off articles', () => {
	/** What is due for `event` when every read answers `body`; the poll context holds only the thresholds. */
	const dueWith = async (event: AlertEvent, body: IDataObject) => {
		const thresholds: Record<string, unknown> = {
			fewerUnusedThan: 10,
			seriesToWatch: [],
			expiringWithinDays: 30,
			creditsBelow: 100,
		};
		const context = {
			getNodeParameter: (name: string) => thresholds[name],
			getNode: () => ({
				name: 'Poll',
				type: 'poll',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			}),
		} as unknown as IPollFunctions;
		return await CAPACITY_ALERTS[event].due(context, async () => body);
	};

	it.each<[AlertEvent, IDataObject, string]>([
		['walletBalanceBelow', { status: 1, data: { balance: 5 } }, 'data.unused count'],
		['stampSeriesRunningLow', { status: 1, data: { seriesList: [] } }, 'data.series list'],
		[
			'stampSeriesRunningLow',
			{ status: 1, data: { series: [{ seriesNumber: 'SERIES-A', unusedStamps: 3 }] } },
			'unused count for series SERIES-A',
		],
		['stampsExpiring', { status: 1, data: {} }, 'data.series list'],
		['ebgNotificationPending', { status: 1, data: { list: [] } }, 'data.notifications list'],
		[
			'ebgNotificationPending',
			{ status: 1, data: { notifications: [{ id: 'NTX-1', status: 'PENDING' }] } },
			'notifTxnId in an entry of data.notifications',
		],
	])('%s fails the poll, never reads as nothing due: %j', async (event, body, missing) => {
		await expect(dueWith(event, body)).rejects.toThrow(`The service's answer has no ${missing}`);
	});

	it('reads as expected, the same answers give what is due', async () => {
		const due = await dueWith('walletBalanceBelow', { status: 1, data: { unused: 5 } });
		expect([...due.values()]).toEqual([{ unused: 5, threshold: 100 }]);
	});
});
