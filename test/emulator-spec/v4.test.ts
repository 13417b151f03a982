import { createHash } from 'node:crypto';

import axios from 'axios';

import { isPdf } from '../fixtures/pdf';
import {
	DOWNLOAD_LINK_TTL_MS,
	isUlid,
	PACK_SECTIONS,
	type Pack,
	type V4State,
} from '../emulator/families/v4';
import {
	DEFAULT_AUTH_TOKEN,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
	type Emulator,
} from '../emulator/server';
import { authorizeAndExchange, REDIRECT_URI } from '../support/credentials';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { oauthRedirectUris: REDIRECT_URI, packCount: 24 } });
});
afterEach(async () => await emulator.close());

const http = axios.create({ validateStatus: () => true });
const token = { 'x-auth-token': DEFAULT_AUTH_TOKEN };
const get = (
	path: string,
	params: Record<string, unknown> = {},
	headers: Record<string, string> = token,
) => http.get(`${emulator.baseUrl}${path}`, { params, headers });
const upload = (body: unknown, headers: Record<string, string> = token) =>
	http.post(`${emulator.baseUrl}/v4/media/upload`, body, { headers });
const state = () => emulator.slice<V4State>('v4');
const mainPacks = () => state().packs.filter((pack) => pack.accountId === 'account-main');

function expectV4Error(response: { status: number; data: unknown }, status: number, code: string) {
	expect(response.status).toBe(status);
	const body = response.data as {
		code: string;
		traceId: string | null;
		errors: Array<{ message: string; path: string | null; code: string }>;
	};
	expect(body.code).toBe(code);
	expect(body.errors[0].code).toBe(code);
	expect(typeof body.errors[0].message).toBe('string');
	expect(body).toHaveProperty('traceId');
	return body;
}

describe('v4 authentication', () => {
	it('accepts the X-Auth-Token of a known account and a valid OAuth2 Bearer token', async () => {
		expect((await get('/v4/packs/search')).status).toBe(200);
		const tokens = await authorizeAndExchange(emulator);
		const bearer = await get(
			'/v4/packs/search',
			{},
			{ authorization: `Bearer ${tokens.access_token}` },
		);
		expect(bearer.status).toBe(200);
		expect(bearer.data.pagination.totalRecords).toBe(24);
	});

	it('answers 401 LE_ERR_AP_080 for a missing, unknown or expired token, before validating anything', async () => {
		expectV4Error(await get('/v4/packs/search', { max: 99 }, {}), 401, 'LE_ERR_AP_080');
		expectV4Error(
			await get('/v4/packs/download', {}, { 'x-auth-token': 'nope' }),
			401,
			'LE_ERR_AP_080',
		);
		expectV4Error(await upload({}, { authorization: 'Bearer at_unknown' }), 401, 'LE_ERR_AP_080');
		const tokens = await authorizeAndExchange(emulator);
		emulator.clock.advance(3600 * 1000);
		const expired = expectV4Error(
			await get(
				'/v4/packs',
				{ packId: mainPacks()[0].packId },
				{ authorization: `Bearer ${tokens.access_token}` },
			),
			401,
			'LE_ERR_AP_080',
		);
		expect(expired.errors[0].message).toMatch(/expired/);
	});

	it('keeps accounts apart', async () => {
		const other = await get('/v4/packs/search', {}, { 'x-auth-token': OTHER_ACCOUNT_AUTH_TOKEN });
		expect(other.data.pagination.totalRecords).toBe(2);
		expectV4Error(
			await get(
				'/v4/packs',
				{ packId: mainPacks()[0].packId },
				{ 'x-auth-token': OTHER_ACCOUNT_AUTH_TOKEN },
			),
			404,
			'LE_ERR_AP_001',
		);
	});
});

describe('v4 pack search', () => {
	it('returns records and a 1-based pagination object, newest first by default', async () => {
		const response = await get('/v4/packs/search', { max: 5, offset: 5 });
		expect(response.status).toBe(200);
		expect(response.data.pagination).toEqual({
			pageNumber: 2,
			pageSize: 5,
			totalRecords: 24,
			totalPages: 5,
		});
		const records = response.data.data.records as Array<Record<string, unknown>>;
		expect(records).toHaveLength(5);
		expect(Object.keys(records[0]).sort()).toEqual(
			[
				'packId',
				'packName',
				'irn',
				'workflowId',
				'workflowRunContextId',
				'status',
				'documentCount',
				'createdAt',
				'updatedAt',
			].sort(),
		);
		expect(isUlid(records[0].packId as string)).toBe(true);
		const created = records.map((record) => Date.parse(record.createdAt as string));
		expect([...created].sort((a, b) => b - a)).toEqual(created);
		expect((await get('/v4/packs/search')).data.data.records).toHaveLength(20);
	});

	it('filters by status, workflowId (unknown: none), exact irn and free text, and sorts', async () => {
		const completed = await get('/v4/packs/search', { status: 'COMPLETED', max: 40 });
		expect(completed.data.data.records.every((record: Pack) => record.status === 'COMPLETED')).toBe(
			true,
		);
		expect(completed.data.pagination.totalRecords).toBe(
			mainPacks().filter((pack) => pack.status === 'COMPLETED').length,
		);
		expect((await get('/v4/packs/search', { workflowId: 'WF-NOPE' })).data.data.records).toEqual(
			[],
		);
		const byWorkflow = await get('/v4/packs/search', { workflowId: 'WF-NDA', max: 40 });
		expect(byWorkflow.data.data.records.length).toBeGreaterThan(0);
		expect(
			byWorkflow.data.data.records.every((record: Pack) => record.workflowId === 'WF-NDA'),
		).toBe(true);
		const withIrn = mainPacks().find((pack) => pack.irn)!;
		const exact = await get('/v4/packs/search', { irn: withIrn.irn });
		expect(exact.data.data.records.map((record: Pack) => record.packId)).toEqual([withIrn.packId]);
		expect(
			(await get('/v4/packs/search', { irn: withIrn.irn!.slice(0, -1) })).data.data.records,
		).toEqual([]);
		const text = await get('/v4/packs/search', { q: 'mutual nda', max: 40 });
		expect(text.data.data.records.length).toBeGreaterThan(0);
		expect(text.data.data.records.every((record: Pack) => /Mutual NDA/.test(record.packName))).toBe(
			true,
		);
		const ascending = await get('/v4/packs/search', {
			sortBy: 'updatedAt',
			sortOrder: 'asc',
			max: 40,
		});
		const updated = ascending.data.data.records.map((record: Pack) =>
			Date.parse(record.updatedAt as unknown as string),
		);
		expect([...updated].sort((a, b) => a - b)).toEqual(updated);
	});

	it.each([
		[{ max: 0 }, 'LE_ERR_AP_007'],
		[{ max: 41 }, 'LE_ERR_AP_066'],
		[{ max: 'ten' }, 'LE_ERR_AP_061'],
		[{ max: 2.5 }, 'LE_ERR_AP_061'],
		[{ offset: 'x' }, 'LE_ERR_AP_061'],
		[{ offset: -1 }, 'LE_ERR_AP_067'],
		[{ offset: 1.5 }, 'LE_ERR_AP_067'],
		[{ offset: 980, max: 21 }, 'LE_ERR_AP_011'],
		[{ sortBy: 'name' }, 'LE_ERR_AP_009'],
		[{ sortOrder: 'up' }, 'LE_ERR_AP_010'],
		[{ status: 'SIGNED' }, 'LE_ERR_AP_013'],
	])('refuses %j with 400 %s', async (params, code) => {
		const body = expectV4Error(await get('/v4/packs/search', params), 400, code);
		expect(body.errors[0].path).toBe(
			Object.keys(params).includes('offset') ? 'offset' : Object.keys(params)[0],
		);
	});

	it('enforces the window only without a status filter', async () => {
		expect((await get('/v4/packs/search', { offset: 960, max: 40 })).status).toBe(200);
		expectV4Error(await get('/v4/packs/search', { offset: 961, max: 40 }), 400, 'LE_ERR_AP_011');
		const withStatus = await get('/v4/packs/search', { offset: 2000, max: 40, status: 'SENT' });
		expect(withStatus.status).toBe(200);
		expect(withStatus.data.data.records).toEqual([]);
	});
});

describe('v4 pack search beyond the window', () => {
	let big: Emulator;
	beforeEach(async () => {
		big = await startEmulator({
			seed: {
				packCount: 1144,
				packStatusMix:
					'COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,COMPLETED,SENT',
			},
		});
	});
	afterEach(async () => await big.close());

	it('pages through more than 1000 packs with a status filter', async () => {
		const ids = new Set<string>();
		let pages = 0;
		for (let offset = 0; ; offset += 40) {
			const response = await http.get(`${big.baseUrl}/v4/packs/search`, {
				params: { status: 'COMPLETED', max: 40, offset },
				headers: token,
			});
			expect(response.status).toBe(200);
			pages++;
			for (const record of response.data.data.records) ids.add(record.packId);
			if (response.data.pagination.pageNumber >= response.data.pagination.totalPages) break;
		}
		expect(ids.size).toBe(1040);
		expect(pages).toBe(26); // ceil(1040 / 40)
		const unfiltered = await http.get(`${big.baseUrl}/v4/packs/search`, {
			params: { max: 40, offset: 1000 },
			headers: token,
		});
		expectV4Error(unfiltered, 400, 'LE_ERR_AP_011');
	});
});

describe('v4 pack details', () => {
	it('selects a pack by exactly one of packId, packUrn, workflowRunContextId', async () => {
		const pack = mainPacks()[3];
		for (const selector of ['packId', 'packUrn', 'workflowRunContextId'] as const) {
			const response = await get('/v4/packs', { [selector]: pack[selector] });
			expect(response.status).toBe(200);
			expect(response.data.data).toMatchObject({
				packId: pack.packId,
				packUrn: pack.packUrn,
				status: pack.status,
			});
			expect(response.data.data.documents).toHaveLength(pack.documents.length);
		}
		expectV4Error(await get('/v4/packs'), 400, 'LE_ERR_AP_061');
		expectV4Error(
			await get('/v4/packs', { packId: pack.packId, packUrn: pack.packUrn }),
			400,
			'LE_ERR_AP_061',
		);
		expectV4Error(
			await get('/v4/packs', { packId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
			404,
			'LE_ERR_AP_001',
		);
		expectV4Error(
			await get('/v4/packs', { packId: pack.packId, sender: 'yes' }),
			400,
			'LE_ERR_AP_061',
		);
	});

	it('adds sections only when every ancestor switch is on, nested by the underscores', async () => {
		const pack = mainPacks()[0];
		const childOnly = await get('/v4/packs', {
			packId: pack.packId,
			combinationConfig_combinationSettings_webhooks: true,
		});
		expect(childOnly.data.data.combinationConfig).toBeUndefined();
		const missingMiddle = await get('/v4/packs', {
			packId: pack.packId,
			combinationConfig: true,
			combinationConfig_combinationSettings_webhooks: true,
		});
		expect(missingMiddle.data.data.combinationConfig).toBeDefined();
		expect(missingMiddle.data.data.combinationConfig.combinationSettings).toBeUndefined();
		const all = await get('/v4/packs', {
			packId: pack.packId,
			combinationConfig: true,
			combinationConfig_combinationSettings: true,
			combinationConfig_combinationSettings_webhooks: true,
		});
		expect(all.data.data.combinationConfig.combinationSettings.webhooks).toMatchObject({
			successUrl: expect.any(String),
			errorUrl: expect.any(String),
		});
		expect(all.data.data.sender).toBeUndefined();
	});

	it('turns every section on with payloadForPackEdit; auditTrail only on COMPLETED documents; lecf_ custom fields', async () => {
		const sent = mainPacks().find((pack) => pack.status === 'SENT' && pack.documents.length > 1)!;
		const response = await get('/v4/packs', { packId: sent.packId, payloadForPackEdit: true });
		const data = response.data.data;
		for (const section of PACK_SECTIONS.filter(
			(name) =>
				![
					'file',
					'auditTrail',
					'coordinates',
					'subDocuments',
					'subDocuments_template',
					'customFields',
				].includes(name),
		)) {
			const value = section.split('_').reduce((cursor, part) => cursor?.[part], data);
			expect([section, value]).not.toEqual([section, undefined]);
		}
		expect(data.documents.some((document: { auditTrail?: unknown }) => document.auditTrail)).toBe(
			false,
		);
		expect(data.documents[0].subDocuments[0].template).toBeDefined();
		expect(data.lecf_region).toBeDefined();
		expect(data.invitees[0].lecf_employeeId).toBeDefined();
		const completed = mainPacks().find((pack) => pack.status === 'COMPLETED')!;
		const withTrail = await get('/v4/packs', { packId: completed.packId, auditTrail: true });
		expect(
			withTrail.data.data.documents.every(
				(document: { auditTrail?: unknown }) => document.auditTrail,
			),
		).toBe(true);
		const stampOnly = await get('/v4/packs', {
			packId: completed.packId,
			stampDetails: true,
			subDocuments_template: true,
		});
		expect(stampOnly.data.data.documents[0].subDocuments[0].template).toBeUndefined();
	});
});

describe('v4 download', () => {
	const completed = () =>
		mainPacks().find(
			(pack) => pack.status === 'COMPLETED' && pack.documents[0].attachmentCount > 0,
		)!;

	it('answers with a short-lived JSON link by default and the file itself with mode=stream', async () => {
		const documentId = completed().documents[0].documentId;
		const linked = await get('/v4/packs/download', { downloadType: 'DOCUMENT', documentId });
		expect(linked.status).toBe(200);
		expect(linked.headers['content-type']).toMatch(/application\/json/);
		const expiresAt = Date.parse(linked.data.data.expiresAt);
		expect(expiresAt - emulator.clock.now()).toBeLessThanOrEqual(DOWNLOAD_LINK_TTL_MS);
		const file = await http.get(linked.data.data.url, { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		expect(isPdf(Buffer.from(file.data))).toBe(true);
		emulator.clock.advance(DOWNLOAD_LINK_TTL_MS + 1);
		expect((await http.get(linked.data.data.url)).status).toBe(403);
		emulator.clock.reset();

		const streamed = await http.get(`${emulator.baseUrl}/v4/packs/download`, {
			params: { downloadType: 'DOCUMENT', documentId, mode: 'stream' },
			headers: token,
			responseType: 'arraybuffer',
		});
		expect(streamed.headers['content-type']).toBe('application/pdf');
		expect(streamed.headers['content-disposition']).toMatch(/filename=".+\.pdf"/);
		expect(isPdf(Buffer.from(streamed.data))).toBe(true);
	});

	it('streams a file with a chosen Content-Disposition when asked', async () => {
		emulator.faults.inject({
			kind: 'contentDisposition',
			path: '/v4/packs/download',
			value: 'attachment; filename="../../x.pdf"',
		});
		const streamed = await http.get(`${emulator.baseUrl}/v4/packs/download`, {
			params: {
				downloadType: 'DOCUMENT',
				documentId: completed().documents[0].documentId,
				mode: 'stream',
			},
			headers: token,
			responseType: 'arraybuffer',
		});
		expect(streamed.headers['content-disposition']).toBe('attachment; filename="../../x.pdf"');
		expect(isPdf(Buffer.from(streamed.data))).toBe(true);
	});

	it('streams without mode=stream when the account is configured so', async () => {
		state().downloadDelivery.set('account-main', 'stream');
		try {
			const response = await http.get(`${emulator.baseUrl}/v4/packs/download`, {
				params: { downloadType: 'AUDIT_TRAIL', documentId: completed().documents[0].documentId },
				headers: token,
				responseType: 'arraybuffer',
			});
			expect(response.headers['content-type']).toBe('application/pdf');
		} finally {
			state().downloadDelivery.set('account-main', 'link');
		}
	});

	it('serves attachments and supporting documents by index', async () => {
		const pack = completed();
		expect(
			(
				await get('/v4/packs/download', {
					downloadType: 'ATTACHMENT',
					documentId: pack.documents[0].documentId,
					index: 0,
				})
			).status,
		).toBe(200);
		const signUrl = pack.invitees[0].signUrl;
		expect(
			(await get('/v4/packs/download', { downloadType: 'SUPPORTING_DOCUMENT', signUrl })).status,
		).toBe(200);
		expect(
			(
				await get('/v4/packs/download', {
					downloadType: 'SUPPORTING_DOCUMENT',
					signUrl: signUrl.split('/').pop(),
				})
			).status,
		).toBe(200);
	});

	it('answers every download error of the table under its condition', async () => {
		const pack = completed();
		const documentId = pack.documents[0].documentId;
		const unsigned = mainPacks().find((candidate) => candidate.status === 'DRAFT')!.documents[0]
			.documentId;
		const cases: Array<[Record<string, unknown>, number, string]> = [
			[{}, 400, 'LE_ERR_AP_043'],
			[{ downloadType: 'SIGNED' }, 400, 'LE_ERR_AP_044'],
			[{ downloadType: 'DOCUMENT' }, 400, 'LE_ERR_AP_029'],
			[{ downloadType: 'SUPPORTING_DOCUMENT' }, 400, 'LE_ERR_AP_045'],
			[{ downloadType: 'ATTACHMENT', documentId, index: -1 }, 400, 'LE_ERR_AP_046'],
			[{ downloadType: 'ATTACHMENT', documentId, index: 0.5 }, 400, 'LE_ERR_AP_062'],
			[{ downloadType: 'AUDIT_TRAIL', documentId: unsigned }, 400, 'LE_ERR_AP_024'],
			[
				{ downloadType: 'DOCUMENT', documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
				404,
				'LE_ERR_AP_001',
			],
			[{ downloadType: 'ATTACHMENT', documentId, index: 9 }, 404, 'LE_ERR_AP_047'],
			[
				{ downloadType: 'SUPPORTING_DOCUMENT', signUrl: pack.invitees[1].signUrl },
				404,
				'LE_ERR_AP_047',
			],
			[
				{ downloadType: 'SUPPORTING_DOCUMENT', signUrl: pack.invitees[0].signUrl, documentId },
				400,
				'LE_ERR_AP_061',
			],
			[
				{ downloadType: 'DOCUMENT', documentId, signUrl: pack.invitees[0].signUrl },
				400,
				'LE_ERR_AP_061',
			],
		];
		for (const [params, status, code] of cases)
			expectV4Error(await get('/v4/packs/download', params), status, code);
	});
});

describe('v4 media upload', () => {
	it('returns a pre-signed target that keeps the bytes intact for 15 minutes', async () => {
		const response = await upload({ fileName: 'annexure.pdf', mediaType: 'SUB_DOCUMENT' });
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({ code: 'SUCCESS', message: expect.any(String) });
		const { mediaId, presignedUrl, expiresAt, mediaRetentionExpiresAt } = response.data.data;
		expect(isUlid(mediaId)).toBe(true);
		const now = emulator.clock.now();
		expect(Date.parse(expiresAt) - now).toBeGreaterThan(14 * 60_000);
		expect(Date.parse(expiresAt) - now).toBeLessThanOrEqual(15 * 60_000);
		expect(Date.parse(mediaRetentionExpiresAt) - now).toBeGreaterThan(23 * 3600_000);
		const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256));
		const put = await http.put(presignedUrl, bytes, {
			headers: { 'content-type': 'application/pdf' },
		});
		expect(put.status).toBe(200);
		const received = emulator.links.upload(mediaId)!.received!;
		expect(createHash('sha256').update(received.content).digest('hex')).toBe(
			createHash('sha256').update(bytes).digest('hex'),
		);
		expect(received.contentType).toBe('application/pdf');
	});

	it('lets the upload target expire and refuses a wrong signature', async () => {
		const response = await upload({ fileName: 'face.jpg', mediaType: 'FACE_MATCH_REFERENCE' });
		const url = new URL(response.data.data.presignedUrl);
		const forged = new URL(url);
		forged.searchParams.set('signature', 'forged');
		expect((await http.put(forged.toString(), Buffer.from('x'))).status).toBe(403);
		emulator.clock.advance(15 * 60_000 + 1);
		expect((await http.put(url.toString(), Buffer.from('x'))).status).toBe(403);
	});

	it.each([
		[{ mediaType: 'SUB_DOCUMENT' }, 'fileName'],
		[{ fileName: 'annexure', mediaType: 'SUB_DOCUMENT' }, 'fileName'],
		[{ fileName: 'annexure.pdf', mediaType: 'PICTURE' }, 'mediaType'],
	])('refuses %j naming %s', async (body, path) => {
		expect(expectV4Error(await upload(body), 400, 'LE_ERR_AP_061').errors[0].path).toBe(path);
	});
});
