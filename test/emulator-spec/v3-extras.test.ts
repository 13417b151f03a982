import axios from 'axios';

import {
	addEbgNotification,
	addPurchase,
	EXTRAS_SEED,
	setSeries,
	setWallet,
} from '../emulator/families/v3-extras';
import { formatServiceDate, IST_OFFSET_MS, V3_SEED, type V3State } from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import {
	OTHER_ACCOUNT_AUTH_TOKEN,
	DEFAULT_AUTH_TOKEN,
	startEmulator,
	type Emulator,
} from '../emulator/server';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

const DAY = 24 * 3600_000;
const http = axios.create({ validateStatus: () => true, timeout: 5000 });
const auth = (token = DEFAULT_AUTH_TOKEN) => ({ headers: { 'X-Auth-Token': token } });
const url = (path: string) => `${emulator.baseUrl}${path}`;
const get = (path: string, params: Record<string, unknown> = {}, token?: string) =>
	http.get(url(path), { params, ...auth(token) });
const code = (response: { data: { messages: Array<{ code: string }> } }) =>
	response.data.messages[0]?.code;
const v3 = () => emulator.slice<V3State>('v3');
const signUrlOf = (documentId: string, invitee = 0) =>
	`${emulator.origin}/sign/${v3().documents.get(documentId)!.invitees[invitee].uuid}`;
const statusOf = async (documentId: string) =>
	(await get('/v3.2/sign/request', { documentId })).data;

const complete = (documentId: unknown, token?: string) =>
	http.post(url('/v3.0/sign/request/complete'), { documentId }, auth(token));
const deleteInvitation = (signUrl: string, token?: string) =>
	http.delete(url('/v3.0/sign/request/invitation'), { params: { signUrl }, ...auth(token) });
const activate = (signUrl: string, token?: string) =>
	http.put(url('/v3.1/invitation/activate'), undefined, { params: { signUrl }, ...auth(token) });

describe('Mark document as complete (POST v3.0/sign/request/complete)', () => {
	it('completes a partly signed document whose other invitation was rejected, revoking it', async () => {
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'reject');
		const response = await complete(V3_SEED.sentDocumentId);
		expect(response.data).toEqual({
			status: 1,
			messages: [expect.objectContaining({ code: 'document.complete.success' })],
			data: {},
		});
		const status = await statusOf(V3_SEED.sentDocumentId);
		expect(status.data.requests.map((request: { name: string }) => request.name)).toEqual([
			'Asha Rao',
		]);
		const fetched = await get('/v3.3/document/fetchDocument', {
			documentId: V3_SEED.sentDocumentId,
			documentDownloadType: 'DOCUMENT',
		});
		expect(fetched.data.status).toBe(1);
	});

	it.each([
		['a document with an active invitation', V3_SEED.sentDocumentId, 'active.invitation.exists'],
		['a document nobody signed', V3_SEED.rejectedDocumentId, 'no.signed.invitation.found'],
		['a completed document', V3_SEED.completedDocumentId, 'document.already.completed'],
		['a draft', V3_SEED.draftDocumentId, 'document.not.sent'],
		["another account's document", V3_SEED.otherAccountDocumentId, 'no.document.found'],
		['a request without document ID', '', 'document.id.required'],
	])('refuses %s', async (_case, documentId, expected) => {
		const response = await complete(documentId);
		expect(response.data).toMatchObject({ status: 0, data: {} });
		expect(code(response)).toBe(expected);
	});
});

describe('Delete invitation (DELETE v3.0/sign/request/invitation)', () => {
	it('removes an unsigned invitation, given whole or as its UUID; its sign URL is then unknown', async () => {
		const [first, second] = [
			signUrlOf(V3_SEED.sentDocumentId, 0),
			signUrlOf(V3_SEED.sentDocumentId, 1),
		];
		const response = await deleteInvitation(second.split('/sign/')[1]);
		expect(response.data).toEqual({
			status: 1,
			messages: [expect.objectContaining({ code: 'invitation.deleted.success' })],
			data: {},
		});
		expect(
			(await statusOf(V3_SEED.sentDocumentId)).data.requests.map(
				(request: { signUrl: string }) => request.signUrl,
			),
		).toEqual([first]);
		expect(code(await deleteInvitation(second))).toBe('invitation.not.found');
	});

	it('completes the document when every remaining invitee has signed (the v3 family derives COMPLETED)', async () => {
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		await deleteInvitation(signUrlOf(V3_SEED.sentDocumentId, 1));
		expect(
			(await get('/v3.0/sign/request/list', { q: V3_SEED.sentDocumentId })).data.data.documents[0]
				.status,
		).toBe('COMPLETED');
	});

	it.each([
		[
			'a signed invitation',
			() => signUrlOf(V3_SEED.completedDocumentId),
			DEFAULT_AUTH_TOKEN,
			'invitation.already.signed',
		],
		[
			"another account's invitation",
			() => signUrlOf(V3_SEED.sentDocumentId),
			OTHER_ACCOUNT_AUTH_TOKEN,
			'invitation.not.found',
		],
		['no sign URL', () => '', DEFAULT_AUTH_TOKEN, 'validator.invalid'],
	])('refuses %s', async (_case, signUrl, token, expected) => {
		expect(code(await deleteInvitation(signUrl(), token))).toBe(expected);
	});
});

describe('Activate invitation (PUT v3.1/invitation/activate)', () => {
	it('activates an invitation later in the signing order, once', async () => {
		const second = signUrlOf(V3_SEED.sentDocumentId, 1);
		const response = await activate(second);
		expect(response.data).toEqual({
			status: 1,
			messages: [expect.objectContaining({ code: 'invitation.activate.success' })],
			data: {},
		});
		expect(code(await activate(second))).toBe('invitation.already.active');
	});

	it('counts an invitation activated out of turn as active when the document is completed', async () => {
		await activate(signUrlOf(V3_SEED.sentDocumentId, 1));
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		expect(code(await complete(V3_SEED.sentDocumentId))).toBe('active.invitation.exists');
	});

	it.each([
		[
			'the invitee whose turn it is',
			() => signUrlOf(V3_SEED.sentDocumentId, 0),
			'invitation.already.active',
		],
		[
			'a signed invitation',
			() => signUrlOf(V3_SEED.completedDocumentId),
			'invitation.already.signed',
		],
		[
			'an expired invitation',
			() => signUrlOf(V3_SEED.expiredDocumentId),
			'invitation.cannot.be.activated',
		],
		[
			'an unknown sign URL',
			() => `${emulator.origin}/sign/00000000-0000-4000-8000-000000000000`,
			'invitation.not.found',
		],
	])('refuses %s', async (_case, signUrl, expected) => {
		expect(code(await activate(signUrl()))).toBe(expected);
	});
});

describe('Wallet balance (GET v3.0/wallet/balance/details)', () => {
	it('answers the breakdown, total = expired + consumed + unused + reserved', async () => {
		const { data } = (await get('/v3.0/wallet/balance/details')).data;
		expect(data).toEqual(EXTRAS_SEED.wallet);
		expect(data.expired + data.consumed + data.unused + data.reserved).toBe(data.total);
	});

	it('refuses a request without the token in the v3 envelope', async () => {
		const response = await http.get(url('/v3.0/wallet/balance/details'));
		expect(response.data).toMatchObject({ status: 0, data: {} });
	});
});

describe('Wallet purchases (GET v3.0/wallet/balance/list)', () => {
	const purchases = async (params: Record<string, unknown> = {}) =>
		(await get('/v3.0/wallet/balance/list', params)).data.data.balances;

	it('lists the purchases with credits left, or with completed=true those used up, under data.balances', async () => {
		const left = await purchases();
		expect(left).toEqual([
			{
				purchaseDate: expect.stringMatching(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/),
				expiryDate: expect.any(String),
				purchased: 200,
				consumed: 20,
				expired: 0,
				balance: 180,
			},
		]);
		// Seeded a moment before now: bought 30 days ago, expiring in 335 days (to the minute).
		expect(left[0].purchaseDate.slice(0, 16)).toBe(
			formatServiceDate(emulator.clock.now() - 30 * DAY).slice(0, 16),
		);
		expect(left[0].expiryDate.slice(0, 16)).toBe(
			formatServiceDate(emulator.clock.now() + 335 * DAY).slice(0, 16),
		);
		expect(await purchases({ completed: true })).toEqual([
			expect.objectContaining({ purchased: 300, consumed: 280, expired: 20, balance: 0 }),
		]);
	});

	it('pages as the v3 document list: max 1 to 40 (else 20), offset from 0, oldest purchase first', async () => {
		for (let index = 1; index <= 45; index++) addPurchase(emulator.env, { purchased: index });
		expect(await purchases()).toHaveLength(20);
		expect(await purchases({ max: 40 })).toHaveLength(40);
		expect(await purchases({ max: 41 })).toHaveLength(20);
		const tail = await purchases({ max: 40, offset: 40 });
		expect(tail.map((purchase: { purchased: number }) => purchase.purchased)).toEqual([
			40, 41, 42, 43, 44, 45,
		]);
	});

	it('refuses a request without the token in the v3 envelope', async () => {
		const response = await http.get(url('/v3.0/wallet/balance/list'));
		expect(code(response)).toBe('invalid.auth.token');
	});
});

describe('Test-only switches (in process and as control routes)', () => {
	it('set the wallet counts, total following', async () => {
		setWallet(emulator.env, { unused: 5 });
		const { data } = (await get('/v3.0/wallet/balance/details')).data;
		expect(data).toEqual({ ...EXTRAS_SEED.wallet, unused: 5, total: 355 });
		const routed = await http.put(`${emulator.origin}/__emulator/v3/wallet`, { reserved: 0 });
		expect(routed.data.total).toBe(325);
		expect((await http.put(`${emulator.origin}/__emulator/v3/wallet`, { total: 1 })).status).toBe(
			400,
		);
	});

	it("set a series' stamps and expiry, or add a series", async () => {
		setSeries(emulator.env, V3_SEED.stampSeries, { stamps: 3, expiresInDays: 2 });
		await http.put(`${emulator.origin}/__emulator/v3/series/SERIES-NEW`, { stamps: 7 });
		const { series } = (await get('/v3.1/series/list', { unused: true })).data.data;
		expect(series).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ seriesNumber: V3_SEED.stampSeries, unused: 3 }),
				expect.objectContaining({ seriesNumber: 'SERIES-NEW', unused: 7 }),
			]),
		);
		const expiring = (await get('/v3.1/series/expiry', { lookUpPeriod: 5 })).data.data.series;
		expect(expiring.map((entry: { seriesNumber: string }) => entry.seriesNumber)).toEqual([
			V3_SEED.stampSeries,
		]);
	});

	it('add eBG notifications, pending until reviewed, and purchases', async () => {
		addEbgNotification(emulator.env, {
			notifTxnId: 'NTX-0100',
			requestId: 'REQ-0100',
			loanNumber: 'LN-0100',
		});
		const routed = await http.post(`${emulator.origin}/__emulator/v3/ebg-notifications`, {
			notifTxnId: 'NTX-0101',
			requestId: 'REQ-0101',
			loanNumber: 'LN-0101',
			requestType: 'RENEWAL',
		});
		expect(routed.status).toBe(200);
		const { notifications } = (
			await get('/v3.3/nesl/notification/list', { status: 'PENDING', max: 40 })
		).data.data;
		expect(notifications.slice(-2)).toEqual([
			expect.objectContaining({ notifTxnId: 'NTX-0100', requestType: 'AMENDMENT' }),
			expect.objectContaining({ notifTxnId: 'NTX-0101', requestType: 'RENEWAL' }),
		]);
		await http.post(`${emulator.origin}/__emulator/v3/wallet/purchases`, { purchased: 10 });
		expect(
			(await get('/v3.0/wallet/balance/list')).data.data.balances.map(
				(purchase: { purchased: number }) => purchase.purchased,
			),
		).toEqual([200, 10]);
	});
});

describe('Stamps', () => {
	it('lists the series with only the fields asked for, the counts read from the v3 stamps', async () => {
		const { data } = (await get('/v3.1/series/list', { unused: true, purpose: 'TRUE' })).data;
		const seriesA = data.series.find(
			(series: { seriesNumber: string }) => series.seriesNumber === V3_SEED.stampSeries,
		);
		expect(seriesA).toEqual({
			seriesNumber: V3_SEED.stampSeries,
			state: 'Karnataka',
			denomination: 100,
			unused: 100,
			purpose: 'Loan agreement',
		});
	});

	it("answers the series list at the knowledge base's path only, not at the collection's v3.0", async () => {
		expect((await get('/v3.1/series/list')).data).toMatchObject({ status: 1 });
		expect((await get('/v3.0/series/list')).status).toBe(404);
	});

	it('lists the groups under data.seriesGroups', async () => {
		const { data } = (await get('/v3.0/series/groups/list')).data;
		expect(data.seriesGroups).toEqual([
			{
				groupName: EXTRAS_SEED.stampGroup,
				state: 'Karnataka',
				series: [V3_SEED.stampSeries, V3_SEED.emptyStampSeries],
			},
		]);
	});

	it('lists series expiring within the look-up period (default 30 days), the expired ones on request, by expiry date', async () => {
		const numbers = async (params: Record<string, unknown>) =>
			(await get('/v3.1/series/expiry', params)).data.data.series.map(
				(series: { seriesNumber: string }) => series.seriesNumber,
			);
		expect(await numbers({})).toEqual([V3_SEED.stampSeries]);
		expect(await numbers({ lookUpPeriod: 100 })).toEqual([
			V3_SEED.stampSeries,
			V3_SEED.revenueStampSeries,
		]);
		expect(await numbers({ lookUpPeriod: 5, includeExpired: 1 })).toEqual([
			V3_SEED.emptyStampSeries,
		]);
		expect(await numbers({ lookUpPeriod: -1 })).toEqual([]);
		const [first] = (await get('/v3.1/series/expiry')).data.data.series;
		// The series was seeded when the emulator started, a moment before now: its expiry is 10 days from then.
		const expiry = first.expiryDate.split(/[- :]/).map(Number);
		const expiryMs =
			Date.UTC(expiry[2], expiry[1] - 1, expiry[0], expiry[3], expiry[4], expiry[5]) -
			IST_OFFSET_MS;
		expect(formatServiceDate(expiryMs)).toBe(first.expiryDate);
		expect(Math.abs(expiryMs - (emulator.clock.now() + 10 * DAY))).toBeLessThan(5000);
	});

	it('answers typeMismatch for a look-up period that is not a number', async () => {
		expect(code(await get('/v3.1/series/expiry', { lookUpPeriod: 'soon' }))).toBe('typeMismatch');
	});
});

describe('eBG notifications (GET v3.3/nesl/notification/list and detail)', () => {
	const ids = async (params: Record<string, unknown>) =>
		(await get('/v3.3/nesl/notification/list', params)).data.data.notifications.map(
			(notification: { notifTxnId: string }) => notification.notifTxnId,
		);

	it('lists the notifications, filtered by loan number, status, event type and recipient, paged', async () => {
		expect(await ids({})).toEqual(['NTX-0001', 'NTX-0002', 'NTX-0003']);
		expect(await ids({ q: 'LN-0001' })).toEqual(['NTX-0001', 'NTX-0003']);
		expect(await ids({ requestType: 'INVOCATION' })).toEqual(['NTX-0002']);
		expect(await ids({ sentToMe: true })).toEqual(['NTX-0001', 'NTX-0002']);
		expect(await ids({ max: 1, offset: 1 })).toEqual(['NTX-0002']);
		expect(code(await get('/v3.3/nesl/notification/list', { status: 'DONE' }))).toBe(
			'validator.invalid',
		);
	});

	it('shows a review done through the review operation as the notification status', async () => {
		const { notifTxnId, requestId, loanNumber } = V3_SEED.ebgNotification;
		await http.post(
			url('/v3.3/nesl/notification/review'),
			{
				data: {
					notifTxnId,
					requestId,
					loanNumber,
					reviewStatus: 'Rejected',
					reviewRemarks: 'Wrong amount',
				},
			},
			auth(),
		);
		expect(await ids({ status: 'REJECTED' })).toEqual([notifTxnId]);
		const detail = (await get(`/v3.3/nesl/notification/detail/${notifTxnId}`)).data;
		expect(detail.data.notification).toMatchObject({
			notifTxnId,
			status: 'REJECTED',
			reviewRemarks: 'Wrong amount',
			requestType: 'AMENDMENT',
		});
	});

	it('answers notification.not.found for an unknown notification', async () => {
		expect(code(await get('/v3.3/nesl/notification/detail/NTX-NONE'))).toBe(
			'notification.not.found',
		);
	});
});
