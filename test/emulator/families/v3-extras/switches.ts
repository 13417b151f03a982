import { json, type RouteContext, type Router } from '../../http';
import type { EmulatorEnv } from '../../server';
import { present, type V3State } from '../v3';
import { REQUEST_TYPES } from './handlers/ebg';
import {
	DAY_MS,
	purchaseOf,
	type PurchaseOptions,
	seriesDetails,
	type V3ExtrasState,
	type Wallet,
} from './state';

// Test-only switches, in process and as control routes.

const extrasOf = (env: EmulatorEnv) => env.slice<V3ExtrasState>('v3Extras');

/** Sets some of the wallet's counts; `total` follows (expired + consumed + unused + reserved). */
export function setWallet(env: EmulatorEnv, counts: Partial<Omit<Wallet, 'total'>>): Wallet {
	const wallet = extrasOf(env).wallet;
	Object.assign(wallet, counts);
	wallet.total = wallet.expired + wallet.consumed + wallet.unused + wallet.reserved;
	return { ...wallet };
}

/** Adds a purchase to the wallet's list (the balance's counts are left as they are). */
export function addPurchase(env: EmulatorEnv, options: PurchaseOptions): void {
	const extras = extrasOf(env);
	extras.purchases.push(purchaseOf(env.clock.now(), options));
	extras.purchases.sort((a, b) => a.purchasedAt - b.purchasedAt);
}

export interface SeriesOptions {
	/** The stamps left in the series (the v3 family's count, which creates with stamps use up). */
	stamps?: number;
	/** Days from now until the series' stamps expire. */
	expiresInDays?: number;
}

/** Changes a stamp series, or adds it (100-rupee loan agreement stamps expiring in a year unless told). */
export function setSeries(env: EmulatorEnv, seriesNumber: string, options: SeriesOptions): void {
	const now = env.clock.now();
	const { series } = extrasOf(env);
	const stamps = env.slice<V3State>('v3').stamps;
	if (!series.has(seriesNumber)) {
		series.set(seriesNumber, seriesDetails(now, 100, 'Loan agreement', 365));
		stamps.set(seriesNumber, 0);
	}
	if (options.stamps !== undefined) stamps.set(seriesNumber, options.stamps);
	if (options.expiresInDays !== undefined)
		series.get(seriesNumber)!.expiresAt = now + options.expiresInDays * DAY_MS;
}

export interface EbgNotificationOptions {
	notifTxnId: string;
	requestId: string;
	loanNumber: string;
	requestType?: string;
	sentToMe?: boolean;
}

/** A new eBG notification, pending until reviewed. */
export function addEbgNotification(env: EmulatorEnv, notification: EbgNotificationOptions): void {
	const {
		notifTxnId,
		requestId,
		loanNumber,
		requestType = 'AMENDMENT',
		sentToMe = true,
	} = notification;
	env.slice<V3State>('v3').ebgNotifications.set(notifTxnId, { requestId, loanNumber });
	extrasOf(env).notifications.set(notifTxnId, { requestType, sentToMe });
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isDays = (value: unknown) => value === undefined || Number.isInteger(value);
const bodyOf = (ctx: RouteContext) =>
	(typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;

export function registerSwitches(router: Router, env: EmulatorEnv): void {
	router.add('PUT', '/__emulator/v3/wallet', (ctx) => {
		const counts = bodyOf(ctx);
		const keys = ['expired', 'consumed', 'unused', 'reserved'];
		if (Object.entries(counts).some(([key, value]) => !keys.includes(key) || !isCount(value)))
			return json(400, { message: `Give counts (whole numbers from 0) of ${keys.join(', ')}` });
		return json(200, setWallet(env, counts));
	});
	router.add('POST', '/__emulator/v3/wallet/purchases', (ctx) => {
		const options = bodyOf(ctx);
		if (
			!isCount(options.purchased) ||
			!['consumed', 'expired', 'daysAgo'].every(
				(key) => options[key] === undefined || isCount(options[key]),
			) ||
			!isDays(options.expiresInDays)
		)
			return json(400, {
				message: 'Give purchased, and optionally consumed, expired, daysAgo, expiresInDays',
			});
		addPurchase(env, options as unknown as PurchaseOptions);
		return json(200, { purchases: extrasOf(env).purchases.length });
	});
	router.add('PUT', '/__emulator/v3/series/:seriesNumber', (ctx) => {
		const options = bodyOf(ctx);
		if (
			(options.stamps !== undefined && !isCount(options.stamps)) ||
			!isDays(options.expiresInDays)
		)
			return json(400, { message: 'Give stamps (a whole number from 0) and/or expiresInDays' });
		setSeries(env, ctx.params.seriesNumber, options as SeriesOptions);
		return json(200, { seriesNumber: ctx.params.seriesNumber });
	});
	router.add('POST', '/__emulator/v3/ebg-notifications', (ctx) => {
		const options = bodyOf(ctx);
		if (!['notifTxnId', 'requestId', 'loanNumber'].every((key) => present(options[key])))
			return json(400, { message: 'Give notifTxnId, requestId and loanNumber' });
		if (present(options.requestType) && !REQUEST_TYPES.includes(String(options.requestType)))
			return json(400, { message: `requestType must be one of ${REQUEST_TYPES.join(', ')}` });
		addEbgNotification(env, options as unknown as EbgNotificationOptions);
		return json(200, { notifTxnId: options.notifTxnId });
	});
}
