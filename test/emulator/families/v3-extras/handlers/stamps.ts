import { v3Failure, v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import { formatServiceDate, type V3State } from '../../v3';
import { DAY_MS, type V3ExtrasState } from '../state';
import { present } from '../../v3';
import { isTrue } from './shared';

// The stamp series list and their expiry.

const SERIES_SWITCHES = [
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

export function seriesList(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	query: Record<string, string>,
): Reply {
	const now = env.clock.now();
	const series = [...extras.series.entries()].map(([seriesNumber, details]) => {
		const unused = v3.stamps.get(seriesNumber) ?? 0;
		const expired = details.expiresAt <= now ? unused : 0;
		const fields: Record<(typeof SERIES_SWITCHES)[number], unknown> = {
			firstPartyName: details.firstPartyName,
			secondPartyName: details.secondPartyName,
			purpose: details.purpose,
			legend: details.legend,
			underProcess: 0,
			blocked: 0,
			reserved: 0,
			unused: unused - expired,
			used: 0,
			expired,
			total: unused,
		};
		const asked = SERIES_SWITCHES.filter((name) => isTrue(query[name])).map((name) => [
			name,
			fields[name],
		]);
		return {
			seriesNumber,
			state: details.state,
			denomination: details.denomination,
			...Object.fromEntries(asked),
		};
	});
	return v3Success({ series });
}

export function seriesExpiry(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	query: Record<string, string>,
): Reply {
	const raw = query.lookUpPeriod;
	if (present(raw) && !/^-?\d+$/.test(raw))
		return v3Failure('typeMismatch', 'lookUpPeriod must be a number');
	const lookUpDays = present(raw) ? Number(raw) : 30;
	const now = env.clock.now();
	const until = now + lookUpDays * DAY_MS;
	const series = [...extras.series.entries()]
		.filter(
			([, details]) =>
				(lookUpDays >= 0 && details.expiresAt > now && details.expiresAt <= until) ||
				(isTrue(query.includeExpired) && details.expiresAt <= now),
		)
		.sort(([, a], [, b]) => a.expiresAt - b.expiresAt)
		.map(([seriesNumber, details]) => ({
			seriesNumber,
			expiryDate: formatServiceDate(details.expiresAt),
			expired: details.expiresAt <= now,
			stamps: v3.stamps.get(seriesNumber) ?? 0,
		}));
	return v3Success({ series });
}
