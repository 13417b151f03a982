import { v3Failure, v3Success } from '../envelopes';
import { json, type Reply, type RouteContext, type Router } from '../http';
import type { EmulatorEnv, EmulatorFamily } from '../server';
import {
	activeInvitee,
	complete,
	documentStatus,
	formatServiceDate,
	hasActed,
	isExpired,
	V3_SEED,
	type V3Document,
	type V3Invitee,
	type V3State,
} from './v3';

/**
 * The v3 operations the spec leaves out and the service's knowledge base documents (one article each, cited in
 * test/emulator/choices/v3-extras.md): mark a document as complete, delete and activate one invitation, the
 * wallet balance and purchase list, the stamp series and groups and their expiry, and the eBG notification list
 * and detail. They act on the v3 family's documents, stamps and eBG notifications (`env.slice('v3')`); what the
 * v3 family does not hold (the wallet, its purchases, the series' details, the notifications' event types) is
 * this family's state.
 *
 * Seed (ids in `EXTRAS_SEED`): a wallet and the two purchases it holds; details and an expiry for each v3 stamp
 * series, one group holding two of them; two more eBG notifications next to the v3 family's, of other event
 * types and loans, one sent to another reviewer.
 *
 * Test-only switches change what these reads answer, in process (`setWallet`, `setSeries`, `addPurchase`,
 * `addEbgNotification`) or, for a process that is not the test, through the control routes that call them:
 * `PUT /__emulator/v3/wallet`, `PUT /__emulator/v3/series/:seriesNumber`, `POST /__emulator/v3/wallet/purchases`,
 * `POST /__emulator/v3/ebg-notifications`, each with the function's options as JSON body.
 */

const DAY_MS = 24 * 3600_000;

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

const purchaseOf = (now: number, options: PurchaseOptions): Purchase => ({
	purchasedAt: now - (options.daysAgo ?? 0) * DAY_MS,
	expiresAt: now + (options.expiresInDays ?? 365) * DAY_MS,
	purchased: options.purchased,
	consumed: options.consumed ?? 0,
	expired: options.expired ?? 0,
});

function seriesDetails(
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

function seedState(env: EmulatorEnv): V3ExtrasState {
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

// ---------------------------------------------------------------- helpers

type Account = { id: string };

const invalid = (message: string) => v3Failure('validator.invalid', message);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
/** The knowledge base's accepted truthy values of a boolean query parameter. */
const isTrue = (value: string | undefined) => value === 'true' || value === 'TRUE' || value === '1';

/** The invitee of one of the account's documents that a sign URL (whole or its UUID) names. */
function invitationOf(
	v3: V3State,
	account: Account,
	signUrl: string | undefined,
): { doc: V3Document; invitee: V3Invitee } | undefined {
	const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i
		.exec((signUrl ?? '').trim())?.[1]
		?.toLowerCase();
	for (const doc of v3.documents.values()) {
		const invitee =
			doc.accountId === account.id
				? doc.invitees.find((candidate) => candidate.uuid === uuid)
				: undefined;
		if (invitee) return { doc, invitee };
	}
	return undefined;
}

function isActive(
	extras: V3ExtrasState,
	doc: V3Document,
	invitee: V3Invitee,
	now: number,
): boolean {
	return (
		activeInvitee(doc, now) === invitee ||
		(extras.activatedOutOfTurn.has(invitee.uuid) &&
			!hasActed(invitee) &&
			!invitee.rejected &&
			!isExpired(invitee, now))
	);
}

/** The v3 family derives COMPLETED from the invitations; the signed files are made when that happens. */
function completeWhenAllActed(doc: V3Document, now: number): void {
	if (doc.invitees.length && doc.invitees.every(hasActed)) complete(doc, now);
}

// ---------------------------------------------------------------- documents and invitations

function markComplete(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	body: unknown,
): Reply {
	const documentId =
		typeof body === 'object' && body !== null
			? (body as Record<string, unknown>).documentId
			: undefined;
	if (!present(documentId)) return v3Failure('document.id.required', 'documentId is required');
	const doc = v3.documents.get(String(documentId));
	if (!doc || doc.accountId !== account.id)
		return v3Failure('no.document.found', 'No document found');
	const now = env.clock.now();
	const status = documentStatus(doc, now);
	if (status === 'COMPLETED')
		return v3Failure('document.already.completed', 'The document is already completed');
	if (status === 'DRAFT')
		return v3Failure('document.not.sent', 'A draft document cannot be completed');
	if (doc.invitees.some((invitee) => isActive(extras, doc, invitee, now))) {
		return v3Failure(
			'active.invitation.exists',
			'The document has active invitations: delete them before completing it',
		);
	}
	if (!doc.invitees.some(hasActed))
		return v3Failure('no.signed.invitation.found', 'No invitee has signed the document');
	// The invitations nobody acted on (rejected, expired, not yet reached) are revoked by the completion.
	doc.invitees = doc.invitees.filter(hasActed);
	complete(doc, now);
	return v3Success({}, 'document.complete.success', 'Document marked as complete');
}

function deleteInvitation(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.signUrl)) return invalid('signUrl is required');
	const found = invitationOf(v3, account, query.signUrl);
	if (!found) return v3Failure('invitation.not.found', 'No invitation matches signUrl');
	const { doc, invitee } = found;
	if (hasActed(invitee))
		return v3Failure('invitation.already.signed', 'A signed invitation cannot be deleted');
	doc.invitees = doc.invitees.filter((candidate) => candidate !== invitee);
	extras.activatedOutOfTurn.delete(invitee.uuid);
	completeWhenAllActed(doc, env.clock.now());
	return v3Success({}, 'invitation.deleted.success', 'Invitation deleted successfully');
}

function activateInvitation(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.signUrl)) return invalid('signUrl is required');
	const found = invitationOf(v3, account, query.signUrl);
	if (!found) return v3Failure('invitation.not.found', 'No invitation matches signUrl');
	const { doc, invitee } = found;
	const now = env.clock.now();
	if (hasActed(invitee))
		return v3Failure('invitation.already.signed', 'The invitee has already signed');
	if (isActive(extras, doc, invitee, now))
		return v3Failure('invitation.already.active', 'The invitation is already active');
	if (doc.baseStatus === 'DRAFT' || invitee.rejected || isExpired(invitee, now)) {
		return v3Failure(
			'invitation.cannot.be.activated',
			'Only an unsigned invitation of a sent document, neither rejected nor expired, can be activated',
		);
	}
	extras.activatedOutOfTurn.add(invitee.uuid);
	return v3Success({}, 'invitation.activate.success', 'Invitation activated');
}

// ---------------------------------------------------------------- wallet

/**
 * The purchase list: with `completed=true` the purchases whose credits are all used or expired, otherwise those
 * with credits left; paged as the v3 document list.
 */
function purchaseList(extras: V3ExtrasState, query: Record<string, string>): Reply {
	const { max, offset } = pageOf(query);
	const usedUp = isTrue(query.completed);
	const balances = extras.purchases
		.map((purchase) => ({
			purchaseDate: formatServiceDate(purchase.purchasedAt),
			expiryDate: formatServiceDate(purchase.expiresAt),
			purchased: purchase.purchased,
			consumed: purchase.consumed,
			expired: purchase.expired,
			balance: purchase.purchased - purchase.consumed - purchase.expired,
		}))
		.filter((purchase) => (purchase.balance === 0) === usedUp);
	return v3Success({ balances: balances.slice(offset, offset + max) });
}

// ---------------------------------------------------------------- stamps

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

function seriesList(
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

function seriesExpiry(
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

// ---------------------------------------------------------------- eBG notifications

const REVIEW_STATUSES = ['ACCEPTED', 'REJECTED', 'PENDING'];
const REQUEST_TYPES = [
	'AMENDMENT',
	'RENEWAL',
	'EXTEND_OR_PAY',
	'CANCELLATION',
	'CLOSURE',
	'PARTIAL_INVOCATION',
	'INVOCATION',
];

function notificationView(v3: V3State, extras: V3ExtrasState, notifTxnId: string) {
	const notification = v3.ebgNotifications.get(notifTxnId);
	if (!notification) return undefined;
	const review = notification.review;
	return {
		notifTxnId,
		requestId: notification.requestId,
		loanNumber: notification.loanNumber,
		requestType: extras.notifications.get(notifTxnId)?.requestType ?? 'AMENDMENT',
		status: review ? String(review.reviewStatus).toUpperCase() : 'PENDING',
		reviewRemarks: review ? String(review.reviewRemarks) : null,
	};
}

/** Paging as the v3 document list: max 1 to 40 (anything else is 20), offset from 0. */
function pageOf(query: Record<string, string>): { max: number; offset: number } {
	const max = Number.parseInt(query.max ?? '', 10);
	const offset = Number.parseInt(query.offset ?? '', 10);
	return { max: max >= 1 && max <= 40 ? max : 20, offset: offset >= 0 ? offset : 0 };
}

function notificationList(
	v3: V3State,
	extras: V3ExtrasState,
	query: Record<string, string>,
): Reply {
	if (present(query.status) && !REVIEW_STATUSES.includes(query.status))
		return invalid(`status must be one of ${REVIEW_STATUSES.join(', ')}`);
	if (present(query.requestType) && !REQUEST_TYPES.includes(query.requestType))
		return invalid(`requestType must be one of ${REQUEST_TYPES.join(', ')}`);
	const { max, offset } = pageOf(query);
	const matching = [...v3.ebgNotifications.keys()]
		.map((notifTxnId) => notificationView(v3, extras, notifTxnId)!)
		.filter((notification) => !present(query.q) || notification.loanNumber === query.q.trim())
		.filter((notification) => !present(query.status) || notification.status === query.status)
		.filter(
			(notification) =>
				!present(query.requestType) || notification.requestType === query.requestType,
		)
		.filter(
			(notification) =>
				!isTrue(query.sentToMe) ||
				extras.notifications.get(notification.notifTxnId)?.sentToMe !== false,
		);
	return v3Success({ total: matching.length, notifications: matching.slice(offset, offset + max) });
}

function notificationDetail(v3: V3State, extras: V3ExtrasState, notifTxnId: string): Reply {
	const view = notificationView(v3, extras, notifTxnId);
	if (!view) return v3Failure('notification.not.found', 'No eBG notification matches notifTxnId');
	return v3Success({ notification: view });
}

// ---------------------------------------------------------------- test-only switches

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

function registerSwitches(router: Router, env: EmulatorEnv): void {
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

// ---------------------------------------------------------------- family

export const family: EmulatorFamily<V3ExtrasState> = {
	name: 'v3Extras',
	createState: seedState,
	register(router: Router, env: EmulatorEnv) {
		const extras = () => env.slice<V3ExtrasState>('v3Extras');
		const v3 = () => env.slice<V3State>('v3');
		// The v3 family's notifications are seeded before any request: this family's extra ones join them here.
		for (const { notifTxnId, ...rest } of EXTRAS_SEED.ebgNotifications) {
			if ('requestId' in rest)
				v3().ebgNotifications.set(notifTxnId, {
					requestId: rest.requestId,
					loanNumber: rest.loanNumber,
				});
		}
		const route = (
			method: string,
			path: string,
			handler: (account: Account, ctx: RouteContext) => Reply,
		) =>
			router.add(method, path, (ctx) => {
				const account = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
				return account
					? handler(account, ctx)
					: v3Failure('invalid.auth.token', 'Invalid or missing X-Auth-Token');
			});
		route('POST', '/api/v3.0/sign/request/complete', (account, ctx) =>
			markComplete(env, v3(), extras(), account, ctx.body),
		);
		route('DELETE', '/api/v3.0/sign/request/invitation', (account, ctx) =>
			deleteInvitation(env, v3(), extras(), account, ctx.query),
		);
		route('PUT', '/api/v3.1/invitation/activate', (account, ctx) =>
			activateInvitation(env, v3(), extras(), account, ctx.query),
		);
		route('GET', '/api/v3.0/wallet/balance/details', () => v3Success({ ...extras().wallet }));
		route('GET', '/api/v3.0/wallet/balance/list', (_account, ctx) =>
			purchaseList(extras(), ctx.query),
		);
		route('GET', '/api/v3.1/series/list', (_account, ctx) =>
			seriesList(env, v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.0/series/groups/list', () =>
			v3Success({
				seriesGroups: extras().groups.map((group) => ({ ...group, series: [...group.series] })),
			}),
		);
		route('GET', '/api/v3.1/series/expiry', (_account, ctx) =>
			seriesExpiry(env, v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.3/nesl/notification/list', (_account, ctx) =>
			notificationList(v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.3/nesl/notification/detail/:notifTxnId', (_account, ctx) =>
			notificationDetail(v3(), extras(), ctx.params.notifTxnId),
		);
		registerSwitches(router, env);
	},
};
