import type { EmulatorEnv } from '../../server';
import { V3_SEED } from '../v3';
import { purchaseOf, seriesDetails, type V3ExtrasState } from './state';

// The v3 extras family's seed (ids in `EXTRAS_SEED`).

export const EXTRAS_SEED = {
	wallet: { total: 500, expired: 20, consumed: 300, unused: 150, reserved: 30 },
	/** The wallet's purchases, oldest first: the first is used up, the second holds what is left (unused + reserved). */
	purchases: [
		{ purchased: 300, consumed: 280, expired: 20, daysAgo: 400, expiresInDays: -35 },
		{ purchased: 200, consumed: 20, expired: 0, daysAgo: 30, expiresInDays: 335 },
	],
	stampGroup: 'GROUP-KA',
	/** Days from the start until each series' stamps expire (negative: already expired). */
	seriesExpiryDays: {
		[V3_SEED.stampSeries]: 10,
		[V3_SEED.revenueStampSeries]: 90,
		[V3_SEED.emptyStampSeries]: -5,
	},
	ebgNotifications: [
		{ notifTxnId: V3_SEED.ebgNotification.notifTxnId, requestType: 'AMENDMENT', sentToMe: true },
		{
			notifTxnId: 'NTX-0002',
			requestId: 'REQ-0002',
			loanNumber: 'LN-0002',
			requestType: 'INVOCATION',
			sentToMe: true,
		},
		{
			notifTxnId: 'NTX-0003',
			requestId: 'REQ-0003',
			loanNumber: 'LN-0001',
			requestType: 'CLOSURE',
			sentToMe: false,
		},
	],
} as const;

export function seedState(env: EmulatorEnv): V3ExtrasState {
	const now = env.clock.now();
	const details = (denomination: number, purpose: string, days: number) =>
		seriesDetails(now, denomination, purpose, days);
	const days = EXTRAS_SEED.seriesExpiryDays;
	return {
		wallet: { ...EXTRAS_SEED.wallet },
		purchases: EXTRAS_SEED.purchases.map((purchase) => purchaseOf(now, purchase)),
		series: new Map([
			[V3_SEED.stampSeries, details(100, 'Loan agreement', days[V3_SEED.stampSeries])],
			[V3_SEED.revenueStampSeries, details(1, 'Revenue stamp', days[V3_SEED.revenueStampSeries])],
			[V3_SEED.emptyStampSeries, details(500, 'Lease deed', days[V3_SEED.emptyStampSeries])],
		]),
		groups: [
			{
				groupName: EXTRAS_SEED.stampGroup,
				state: 'Karnataka',
				series: [V3_SEED.stampSeries, V3_SEED.emptyStampSeries],
			},
		],
		notifications: new Map(
			EXTRAS_SEED.ebgNotifications.map(({ notifTxnId, requestType, sentToMe }) => [
				notifTxnId,
				{ requestType, sentToMe },
			]),
		),
		activatedOutOfTurn: new Set(),
	};
}
