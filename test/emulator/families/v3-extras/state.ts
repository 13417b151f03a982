// The v3 extras family's state: the wallet, its purchases, the series' details, the notifications' event types.
export const DAY_MS = 24 * 3600_000;

interface SeriesDetails {
	state: string;
	denomination: number;
	firstPartyName: string;
	secondPartyName: string;
	purpose: string;
	legend: string;
	expiresAt: number;
}

export interface Wallet {
	total: number;
	expired: number;
	consumed: number;
	unused: number;
	reserved: number;
}

interface Purchase {
	purchasedAt: number;
	expiresAt: number;
	purchased: number;
	consumed: number;
	expired: number;
}

export interface V3ExtrasState {
	wallet: Wallet;
	/** Oldest first (credits are spent first in, first out). */
	purchases: Purchase[];
	series: Map<string, SeriesDetails>;
	groups: Array<{ groupName: string; state: string; series: string[] }>;
	notifications: Map<string, { requestType: string; sentToMe: boolean }>;
	/** Invitations activated out of turn: the v3 family's signing order knows only the first who has not acted. */
	activatedOutOfTurn: Set<string>;
}

export interface PurchaseOptions {
	purchased: number;
	consumed?: number;
	expired?: number;
	/** How long ago it was bought (default 0: now). */
	daysAgo?: number;
	/** Days from now until its credits expire (default 365). */
	expiresInDays?: number;
}

export const purchaseOf = (now: number, options: PurchaseOptions): Purchase => ({
	purchasedAt: now - (options.daysAgo ?? 0) * DAY_MS,
	expiresAt: now + (options.expiresInDays ?? 365) * DAY_MS,
	purchased: options.purchased,
	consumed: options.consumed ?? 0,
	expired: options.expired ?? 0,
});

export function seriesDetails(
	now: number,
	denomination: number,
	purpose: string,
	days: number,
): SeriesDetails {
	return {
		state: 'Karnataka',
		denomination,
		firstPartyName: 'Emulator Lender Ltd',
		secondPartyName: 'Borrower',
		purpose,
		legend: 'This stamp paper forms an integral part of the agreement',
		expiresAt: now + days * DAY_MS,
	};
}
