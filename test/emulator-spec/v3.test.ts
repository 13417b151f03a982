import axios from 'axios';

import {
	DETAIL_SWITCHES,
	DOC_SIGNER_CONSENT,
	expiryFromDays,
	formatServiceDate,
	MB,
	PLACEHOLDER_ANSWER,
	STAMP_NOT_APPLIED,
	V3_SEED,
	type V3State,
} from '../emulator/families/v3';
import { EXTRAS_SEED } from '../emulator/families/v3-extras';
import {
	DEFAULT_AUTH_TOKEN,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
	type Emulator,
} from '../emulator/server';
import { isPdf, makePdf } from '../fixtures/pdf';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { v3ExtraDocuments: 50 } });
});
afterEach(async () => await emulator.close());

const http = axios.create({
	validateStatus: () => true,
	timeout: 5000,
	maxBodyLength: Infinity,
	maxContentLength: Infinity,
});
const auth = (token = DEFAULT_AUTH_TOKEN) => ({ headers: { 'X-Auth-Token': token } });
const url = (path: string) => `${emulator.baseUrl}${path}`;
const get = (path: string, params: Record<string, unknown> = {}, token?: string) =>
	http.get(url(path), { params, ...auth(token) });
const post = (path: string, body: unknown, token?: string) =>
	http.post(url(path), body, auth(token));
const code = (response: { data: { messages: Array<{ code: string }> } }) =>
	response.data.messages[0]?.code;
const v3State = () => emulator.slice<V3State>('v3');
const pdf64 = (text = 'Hello', bytes = 0) => makePdf(text, bytes).toString('base64');

const createBody = (
	overrides: Record<string, unknown> = {},
	file: Record<string, unknown> = {},
) => ({
	profileId: V3_SEED.pdfProfileId,
	file: { name: 'Loan-agreement_01.pdf', file: pdf64(), ...file },
	invitees: [{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }],
	...overrides,
});

async function createDocument(overrides: Record<string, unknown> = {}) {
	const response = await post('/v3.0/sign/request', createBody(overrides));
	expect(response.data.status).toBe(1);
	return response.data.data as {
		documentId: string;
		irn: string | null;
		invitees: Array<{ signUrl: string; expiryDate: string }>;
	};
}

describe('v3 authentication', () => {
	it('answers HTTP 200 status 0 invalid.auth.token for a missing, unknown or Bearer token', async () => {
		for (const headers of [{}, { 'X-Auth-Token': 'nope' }, { Authorization: 'Bearer something' }]) {
			const response = await http.get(url('/v3.0/sign/request/list'), { headers });
			expect(response.status).toBe(200);
			expect(response.data).toEqual({
				status: 0,
				messages: [{ code: 'invalid.auth.token', message: expect.any(String) }],
				data: {},
			});
		}
	});
});

describe('v3.0 create signing request', () => {
	it('creates from a PDF workflow and answers as the service: ULID, irn, invitees with signUrl, ISO UTC expiryDate, only the first active', async () => {
		const response = await post(
			'/v3.0/sign/request',
			createBody({
				irn: 'IRN-42/A',
				cc: [{ name: 'Ops', email: 'ops@example.com' }],
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
					{ name: 'Vikram Shah', phone: '9876500000' },
				],
			}),
		);
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({
			status: 1,
			messages: [{ code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' }],
		});
		const data = response.data.data;
		expect(data.documentId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
		expect(data.irn).toBe('IRN-42/A');
		const expiry = expiryFromDays(emulator.clock.now(), 7);
		// 23:59:59 India time is 18:29:59 UTC; no milliseconds, as the sandbox answer has it.
		const isoExpiry = new Date(expiry).toISOString().replace('.000Z', 'Z');
		expect(isoExpiry).toMatch(/T18:29:59Z$/);
		expect(data.invitees).toEqual([
			{
				name: 'Asha Rao',
				email: 'asha@example.com',
				phone: '9876543210',
				signUrl: expect.stringMatching(/\/sign\/[0-9a-f-]{36}$/),
				active: true,
				expiryDate: isoExpiry,
			},
			{
				name: 'Vikram Shah',
				email: null,
				phone: '9876500000',
				signUrl: expect.stringMatching(/\/sign\/[0-9a-f-]{36}$/),
				active: false,
				expiryDate: isoExpiry,
			},
		]);
		const status = await get('/v3.2/sign/request', { documentId: data.documentId });
		expect(status.data.data.requests[0].expiryDate).toBe(formatServiceDate(expiry));
		const stored = emulator.slice<V3State>('v3').documents.get(data.documentId)!;
		expect(isPdf(stored.original)).toBe(true);
	});

	it('gives new documents time-ordered ULIDs; the seed keeps a 7-character id of an older account', async () => {
		const first = await createDocument();
		emulator.clock.advance(1000);
		const second = await createDocument();
		expect([first.documentId, second.documentId].sort()).toEqual([
			first.documentId,
			second.documentId,
		]);
		expect(first.documentId.slice(0, 10)).not.toBe(second.documentId.slice(0, 10));
		expect(V3_SEED.rejectedDocumentId).toHaveLength(7);
		const older = await get('/v3.2/sign/request', { documentId: V3_SEED.rejectedDocumentId });
		expect(older.data.data.documentId).toBe(V3_SEED.rejectedDocumentId);
	});

	it('creates from a template workflow with fields', async () => {
		const response = await post('/v3.0/sign/request', {
			profileId: V3_SEED.templateProfileId,
			file: {
				name: 'Offer',
				fields: [
					{ id: 'f1', type: 'checkbox', checked: true },
					{ id: 'f2', type: 'dropdown', multiple: false, value: 'A' },
				],
				autoGroupedFieldsFill: true,
			},
			invitees: [{ name: 'A', phone: '9876543210' }],
		});
		expect(response.data.status).toBe(1);
	});

	it("takes the dashboard payload's field types (file without width and height); image and files need both", async () => {
		const template = (fields: unknown[]) =>
			post('/v3.0/sign/request', {
				profileId: V3_SEED.templateProfileId,
				file: { fields },
				invitees: [{ name: 'A', phone: '9876543210' }],
			});
		const dashboard = await template([
			{ id: '17769001', name: 'Jewel 1', type: 'file', value: '' },
			{ id: '17769002', name: 'Relation', type: 'radio', value: 'SON', checked: false },
			{ id: '17769003', name: 'Branch', type: 'select', value: '', multiple: false },
			{ id: '17769004', name: 'Photo', type: 'image', value: '', width: '120', height: '80' },
		]);
		expect(dashboard.data.status).toBe(1);
		for (const type of ['image', 'files']) {
			const unsized = await template([{ id: 'f', type, width: '120' }]);
			expect([code(unsized), unsized.data.messages[0].message]).toEqual([
				'validator.invalid',
				`file.fields[0].width and height are required for ${type} fields`,
			]);
		}
	});

	it.each([
		['unknown workflow', { profileId: 'WF-NONE' }, {}, 'workflow.not.found'],
		['unpublished workflow', { profileId: V3_SEED.unpublishedProfileId }, {}, 'workflow.not.found'],
		[
			"another account's workflow",
			{ profileId: V3_SEED.otherAccountProfileId },
			{},
			'workflow.not.found',
		],
		['irn with a space', { irn: 'IRN 1' }, {}, 'invalid.irn'],
		['irn of 256 characters', { irn: 'a'.repeat(256) }, {}, 'invalid.irn'],
		['document name with #', {}, { name: 'a#b' }, 'invalid.document.name'],
		[
			'a file that is not a PDF',
			{},
			{ file: Buffer.from('hello').toString('base64') },
			'file.content.type.not.allowed',
		],
		[
			'an additional file that is not a PDF',
			{},
			{ additionalFiles: [Buffer.from('PK\u0003\u0004').toString('base64')] },
			'file.content.type.not.allowed',
		],
		[
			'a stamp paper that is not a PDF',
			{
				stampUpload: {
					state: 'KA',
					denomination: '100',
					firstPartyName: 'A',
					secondPartyName: 'B',
					stampSerial: 'S-1',
					stampFile: Buffer.from('GIF89a').toString('base64'),
				},
			},
			{},
			'file.content.type.not.allowed',
		],
		['no invitees', { invitees: [] }, {}, 'validator.invalid'],
		['invitee without e-mail or phone', { invitees: [{ name: 'X' }] }, {}, 'validator.invalid'],
		[
			'seriesQuantity 0',
			{ multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: '0' }] },
			{},
			'invalid.series.quantity',
		],
		[
			'seriesQuantity 100',
			{ multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: '100' }] },
			{},
			'invalid.series.quantity',
		],
		[
			'stamp series without stamps',
			{ stampSeries: V3_SEED.emptyStampSeries },
			{},
			'stamp.not.available',
		],
		['partial stampUpload', { stampUpload: { state: 'KA' } }, {}, 'stamp.upload.incomplete'],
		[
			'NeSL eBG without event',
			{ neslData: { documentDetail: { registrationType: 'NON_LENDING', state: 'KA' } } },
			{},
			'validator.invalid',
		],
		[
			'NeSL bad enumeration',
			{
				neslData: {
					documentDetail: {
						registrationType: 'NON_LENDING',
						state: 'KA',
						docRefNo: '1',
						fundType: 'X',
					},
				},
			},
			{},
			'validator.invalid',
		],
		[
			'NeSL date that is no day (2026-13-45)',
			{
				neslData: {
					documentDetail: {
						registrationType: 'NON_LENDING',
						state: 'KA',
						docRefNo: '1',
						dateOfSanction: '2026-13-45',
					},
				},
			},
			{},
			'validator.invalid',
		],
		[
			'NeSL date that is no day (2026-02-30)',
			{
				neslData: {
					documentDetail: {
						registrationType: 'NON_LENDING',
						state: 'KA',
						docRefNo: '1',
						claimExpiryDate: '2026-02-30',
					},
				},
			},
			{},
			'validator.invalid',
		],
		[
			'a PDF whose base64 has a character outside the alphabet',
			{},
			{ file: `${pdf64().slice(0, 40)}*${pdf64().slice(41)}` },
			'invalid.file',
		],
		[
			'a PDF whose base64 has padding inside',
			{},
			{ file: `${pdf64().slice(0, 40)}=${pdf64().slice(41)}` },
			'invalid.file',
		],
		[
			'base64 cut one character into a group',
			{},
			{ file: `${pdf64().replace(/=+$/, '').slice(0, 41)}` },
			'invalid.file',
		],
		[
			'an additional file outside the base64 alphabet',
			{},
			{ additionalFiles: [`${pdf64().slice(0, 20)}é${pdf64().slice(21)}`] },
			'invalid.file',
		],
		[
			'a stamp paper outside the base64 alphabet',
			{
				stampUpload: {
					state: 'KA',
					denomination: '100',
					firstPartyName: 'A',
					secondPartyName: 'B',
					stampSerial: 'S-1',
					stampFile: `${pdf64().slice(0, 20)}-${pdf64().slice(21)}`,
				},
			},
			{},
			'invalid.file',
		],
	])('refuses %s', async (_label, overrides, file, expected) => {
		const response = await post('/v3.0/sign/request', createBody(overrides, file));
		expect(response.status).toBe(200);
		expect(response.data.status).toBe(0);
		expect(response.data.data).toEqual({});
		expect(code(response)).toBe(expected);
	});

	it('takes base64 wrapped in lines, a string of digits for a quantity, the JSON number too, and a real date', async () => {
		const wrapped = pdf64('wrapped', 2000).replace(/.{76}/g, '$&\r\n');
		const nesl = {
			documentDetail: {
				registrationType: 'NON_LENDING',
				state: 'KA',
				docRefNo: '1',
				dateOfSanction: '2024-02-29',
			},
		};
		const stamps = (seriesQuantity: unknown) => [
			{ stampSeries: V3_SEED.stampSeries, seriesQuantity },
		];
		for (const body of [
			createBody({ neslData: nesl, multipleStampSeries: stamps('2') }, { file: wrapped }),
			createBody({ multipleStampSeries: stamps(2) }),
		]) {
			expect((await post('/v3.0/sign/request', body)).data.status).toBe(1);
		}
	});

	it('takes a 15 MB PDF and refuses one byte more; additional files at most 15 MB in total', async () => {
		const exact = await post('/v3.0/sign/request', createBody({}, { file: pdf64('big', 15 * MB) }));
		expect(exact.data.status).toBe(1);
		const over = await post(
			'/v3.0/sign/request',
			createBody({}, { file: pdf64('big', 15 * MB + 1) }),
		);
		expect(code(over)).toBe('file.size.exceeded');
		const extras = await post(
			'/v3.0/sign/request',
			createBody({}, { additionalFiles: [pdf64('a', 8 * MB), pdf64('b', 7 * MB + 1)] }),
		);
		expect(code(extras)).toBe('additional.files.size.exceeded');
	});

	describe('takes what the live service takes (choices/v3.md, "What the live service takes")', () => {
		const placeholder = { name: '', email: '', phone: '' };

		it('takes a document name with spaces, and still refuses an IRN with one', async () => {
			const named = await post(
				'/v3.0/sign/request',
				createBody({}, { name: 'Rental Agreement BK-1024' }),
			);
			expect(named.data.status).toBe(1);
			const { documentId } = named.data.data as { documentId: string };
			expect(v3State().documents.get(documentId)?.name).toBe('Rental Agreement BK-1024');
			expect(code(await post('/v3.0/sign/request', createBody({ irn: 'BK 1024' })))).toBe(
				'invalid.irn',
			);
		});

		it('reads a blank optional value as not given: an e-mail beside a phone, NeSL dates and event', async () => {
			const response = await post(
				'/v3.0/sign/request',
				createBody({
					invitees: [{ name: 'Asha Rao', email: '', phone: '9876543210' }],
					neslData: {
						documentDetail: {
							registrationType: 'NON_LENDING',
							state: 'KA',
							docRefNo: 'D-1',
							dateOfSanction: '',
							expiryDateEbg: '',
							claimExpiryDate: '',
							event: '',
						},
					},
				}),
			);
			expect(response.data.status).toBe(1);
			expect(response.data.data.invitees[0]).toMatchObject({ email: null, phone: '9876543210' });
		});

		it('answers an all-blank invitee in its place with an entry of nulls and stores no invitation for it', async () => {
			const response = await post(
				'/v3.0/sign/request',
				createBody({
					invitees: [
						{ name: 'Asha Rao', phone: '9876543210' },
						placeholder,
						{ name: 'Ravi Kumar', email: 'ravi@example.com' },
					],
				}),
			);
			expect(response.data.status).toBe(1);
			const invitees = response.data.data.invitees as Array<Record<string, unknown>>;
			expect(invitees.map((invitee) => invitee.name)).toEqual(['Asha Rao', null, 'Ravi Kumar']);
			expect(invitees[1]).toEqual(PLACEHOLDER_ANSWER);
			const documentId = response.data.data.documentId as string;
			expect(
				v3State()
					.documents.get(documentId)
					?.invitees.map(({ name }) => name),
			).toEqual(['Asha Rao', 'Ravi Kumar']);
		});

		it('still needs one invitee who is not blank, and a name beside an e-mail or phone', async () => {
			expect(code(await post('/v3.0/sign/request', createBody({ invitees: [placeholder] })))).toBe(
				'validator.invalid',
			);
			const nameless = await post(
				'/v3.0/sign/request',
				createBody({ invitees: [{ name: '', phone: '9876543210' }] }),
			);
			expect(nameless.data.messages[0].message).toBe('invitees[0].name is required');
		});
	});

	describe('stamp not applied (choices/v3.md)', () => {
		const groupCreate = (stampValue: string) =>
			post('/v3.0/sign/request', createBody({ seriesGroup: EXTRAS_SEED.stampGroup, stampValue }));
		const details = (documentId: string) =>
			get('/v3.3/document/details', { documentId, stampDetails: 'true' });

		it('stamps from the group when its unused stamps make up the value', async () => {
			const response = await groupCreate('300');
			expect(response.data.status).toBe(1);
			expect(response.data.messages.map((message: { code: string }) => message.code)).toEqual([
				'simpleWorkFlow.success',
			]);
			const { documentId } = response.data.data as { documentId: string };
			expect((await details(documentId)).data.data.stampDetails).not.toBeNull();
		});

		it('sends the document unstamped with workflow.stamp.warning when they cannot', async () => {
			v3State().stamps.set(V3_SEED.stampSeries, 2);
			const response = await groupCreate('300');
			expect(response.data.status).toBe(1);
			expect(response.data.messages).toEqual([
				{ code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' },
				STAMP_NOT_APPLIED,
			]);
			const { documentId } = response.data.data as { documentId: string };
			expect(v3State().documents.has(documentId)).toBe(true);
			expect((await details(documentId)).data.data.stampDetails).toBeNull();
		});

		it('refuses a named series without stamps, as before: stamp.not.available', async () => {
			expect(
				code(
					await post('/v3.0/sign/request', createBody({ stampSeries: V3_SEED.emptyStampSeries })),
				),
			).toBe('stamp.not.available');
		});
	});
});

describe('v3.2 status, v3.3 details, v3.0 list', () => {
	it('status: requests without signers and auditTrail until signed; then both', async () => {
		const sent = await get('/v3.2/sign/request', { documentId: V3_SEED.sentDocumentId });
		expect(sent.data.status).toBe(1);
		// The spec's and the service notes' fields: no document status (the v3 list states it).
		expect(Object.keys(sent.data.data).sort()).toEqual([
			'documentId',
			'files',
			'folderId',
			'irn',
			'requests',
		]);
		expect(sent.data.data.requests).toHaveLength(2);
		expect(sent.data.data.requests[0]).toMatchObject({
			signed: false,
			expired: false,
			active: true,
			signType: null,
		});
		expect(sent.data.data).not.toHaveProperty('signers');
		expect(sent.data.data).not.toHaveProperty('auditTrail');
		const done = await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId });
		expect(done.data.data).not.toHaveProperty('status');
		expect(done.data.data.signers[0]).toEqual({
			name: 'MEERA IYER',
			pincode: '560001',
			state: 'Karnataka',
			title: '1234',
		});
		const trail = await http.get(done.data.data.auditTrail, { responseType: 'arraybuffer' });
		expect(isPdf(Buffer.from(trail.data))).toBe(true);
		const missing = await get('/v3.2/sign/request', { documentId: 'NOPE' });
		expect(code(missing)).toBe('no.document.found');
	});

	const details = (switches: string[], documentId: string = V3_SEED.completedDocumentId) =>
		get('/v3.3/document/details', {
			documentId,
			...Object.fromEntries(switches.map((name) => [name, true])),
		}).then((response) => response.data.data);

	it('details: always document and invitations, nothing of the document beside them; names that are not switches are ignored', async () => {
		const plain = await details(['invitees', 'neslData', 'Workflow']);
		expect(Object.keys(plain)).toEqual(['document', 'invitations']);
		expect(plain).toMatchObject({
			document: {
				id: V3_SEED.completedDocumentId,
				irn: V3_SEED.completedIrn,
				status: 'COMPLETED',
				profileId: V3_SEED.pdfProfileId,
			},
			invitations: [
				{
					name: 'Meera Iyer',
					inviteeType: 'Signer',
					usedSignatureType: 'AADHAAR',
					invitationStatus: { signed: true, active: false, expired: false },
				},
				{ name: 'Karan Mehta', invitationUrl: expect.stringMatching(/\/sign\/[0-9a-f-]{36}$/) },
			],
		});
		expect(code(await get('/v3.3/document/details', { documentId: 'NOPE' }))).toBe(
			'no.document.found',
		);
		expect(code(await get('/v3.3/document/details'))).toBe('document.id.required');
	});

	it("details: each switch adds its section from the document's state", async () => {
		const full = await details([
			'file',
			'auditTrail',
			'workflow',
			'workflow_name',
			'workflow_type',
			'template',
			'sender',
			'sender_name',
			'folder',
			'folder_name',
			'referenceAttachments',
			'invitations_certificateData',
			'invitations_supportingDocuments',
		]);
		expect(full.workflow).toEqual({
			id: V3_SEED.pdfProfileId,
			name: expect.any(String),
			type: 'PDF',
		});
		expect(full.template).toBeNull();
		expect(full.sender).toEqual({ username: expect.any(String), name: expect.any(String) });
		expect(full.folders).toEqual([{ id: 'FOLDER-1', name: 'Default' }]);
		expect(full.referenceAttachments.map((file: { name: string }) => file.name)).toEqual([
			'attachment-1.pdf',
			'attachment-2.pdf',
		]);
		expect(full.invitations[0].certificateData).toEqual({
			name: 'MEERA IYER',
			pincode: '560001',
			state: 'Karnataka',
			title: '1234',
		});
		const [supporting] = full.invitations[0].supportingDocuments;
		expect(supporting.name).toBe('pan-card.pdf');
		for (const link of [full.file, full.auditTrail, supporting.file]) {
			expect(isPdf(Buffer.from((await http.get(link, { responseType: 'arraybuffer' })).data))).toBe(
				true,
			);
		}
		expect((await details(['auditTrail'], V3_SEED.sentDocumentId)).auditTrail).toBeNull();
	});

	/** A document with stamps, NeSL stamp data and workflow webhooks, so that every section has content. */
	async function createRichDocument() {
		const doc = await createDocument({
			stampSeries: V3_SEED.stampSeries,
			multipleStampSeries: [{ stampSeries: V3_SEED.stampSeries, seriesQuantity: '2' }],
			stampValue: '500',
			neslData: {
				stampData: [
					{
						firstParty: 'Lender',
						secondParty: 'Borrower',
						stampDutyAmount: '500',
						considerationPrice: '100000',
						descriptionOfDocument: 'Loan',
						stampDutyPaidBy: 'Borrower',
						articleCode: '5',
						firstPartyPin: '560001',
					},
				],
			},
		});
		await http.put(`${emulator.origin}/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`, {
			all: { webhookUrl: 'https://hooks.example.com/signed' },
		});
		return doc;
	}

	it('details: a child switch takes effect only when every ancestor switch is true too', async () => {
		const doc = await createRichDocument();
		const read = (switches: string[]) => details(switches, doc.documentId);

		expect(await read(['workflow_type'])).not.toHaveProperty('workflow');
		expect((await read(['workflow', 'workflow_type'])).workflow).toEqual({
			id: V3_SEED.pdfProfileId,
			type: 'PDF',
		});

		expect(
			(await read(['stampDetails', 'stampDetails_stamps_associatedDocumentId'])).stampDetails,
		).toEqual({ stampValue: '500', state: 'Karnataka' });
		const stamps = (
			await read([
				'stampDetails',
				'stampDetails_stamps',
				'stampDetails_stamps_associatedDocumentId',
			])
		).stampDetails.stamps;
		expect(stamps).toHaveLength(3);
		expect(stamps[2]).toEqual({
			series: V3_SEED.stampSeries,
			amount: '500',
			serialNumber: expect.any(String),
			associatedDocumentId: expect.any(String),
		});

		expect(await read(['neslDocumentDetails_stampDetails_firstPartyPin'])).not.toHaveProperty(
			'neslDocumentDetails',
		);
		const nesl = (
			await read([
				'neslDocumentDetails',
				'neslDocumentDetails_stampDetails',
				'neslDocumentDetails_stampDetails_firstPartyPin',
			])
		).neslDocumentDetails;
		expect(nesl.stampDetails[0]).toMatchObject({ firstParty: 'Lender', firstPartyPin: '560001' });
		expect(nesl.stampDetails[0]).not.toHaveProperty('secondPartyPin');

		expect(
			(await read(['invitations_inviteeConfigs_customURL'])).invitations[0],
		).not.toHaveProperty('inviteeConfigs');
		expect(
			(await read(['invitations_inviteeConfigs', 'invitations_inviteeConfigs_customURL']))
				.invitations[0].inviteeConfigs,
		).toEqual({
			customURL: {
				webhookURL: 'https://hooks.example.com/signed',
				errorWebhookURL: null,
				redirectURL: null,
				baseURL: null,
				webhookVersion: null,
			},
		});

		// Neither `document` nor `invitations_invitationStatus` is a switch, so these need no other.
		const loose = await read([
			'document_requestSigningOrder',
			'invitations_invitationStatus_signRejectionMessage',
		]);
		expect(loose.document.requestSigningOrder).toBe(true);
		expect(loose.invitations[0].invitationStatus.signRejectionMessage).toBeNull();
	});

	it('details: the ancestor rule holds for every child switch (an underscore prefix that is itself a switch)', async () => {
		const { documentId } = await createRichDocument();
		const switchNames = new Set<string>(DETAIL_SWITCHES);
		const ancestorsOf = (name: string) =>
			name
				.split('_')
				.slice(0, -1)
				.map((_, index, parts) => parts.slice(0, index + 1).join('_'))
				.filter((prefix) => switchNames.has(prefix));
		for (const child of DETAIL_SWITCHES.filter((name) => ancestorsOf(name).length)) {
			const ancestors = ancestorsOf(child);
			for (const missing of ancestors) {
				const others = ancestors.filter((name) => name !== missing);
				expect([child, missing, await details([...others, child], documentId)]).toEqual([
					child,
					missing,
					await details(others, documentId),
				]);
			}
		}
	});

	it('list: default 20, max 40, above 40 reset to 20, offset, total, exact q, status, own account only', async () => {
		const total = 50 + 7; // extra documents plus the seven fixed ones of the main account
		const first = await get('/v3.0/sign/request/list');
		expect(first.data.data.total).toBe(total);
		expect(first.data.data.documents).toHaveLength(20);
		expect((await get('/v3.0/sign/request/list', { max: 40 })).data.data.documents).toHaveLength(
			40,
		);
		expect((await get('/v3.0/sign/request/list', { max: 41 })).data.data.documents).toHaveLength(
			20,
		);
		const tail = await get('/v3.0/sign/request/list', { max: 40, offset: 40 });
		expect(tail.data.data.documents).toHaveLength(total - 40);
		expect(
			(await get('/v3.0/sign/request/list', { q: V3_SEED.completedIrn.toLowerCase() })).data.data
				.documents,
		).toEqual([
			expect.objectContaining({ documentId: V3_SEED.completedDocumentId, status: 'COMPLETED' }),
		]);
		expect((await get('/v3.0/sign/request/list', { q: 'Completed' })).data.data.total).toBe(0);
		const expired = await get('/v3.0/sign/request/list', { status: 'EXPIRED' });
		expect(
			expired.data.data.documents.map((doc: { documentId: string }) => doc.documentId),
		).toEqual([V3_SEED.expiredDocumentId]);
		expect(
			(await get('/v3.0/sign/request/list', {}, OTHER_ACCOUNT_AUTH_TOKEN)).data.data.total,
		).toBe(1);
	});
});

describe('v3.0 list of completed documents (knowledge base)', () => {
	const completed = (params: Record<string, unknown> = {}, token?: string) =>
		get('/v3.0/document/completed', params, token);
	const ids = (response: { data: { data: { documents: Array<{ documentId: string }> } } }) =>
		response.data.data.documents.map((doc) => doc.documentId);
	const signAll = async (documentId: string) =>
		await http.post(`${emulator.origin}/__emulator/v3/documents/${documentId}/sign-all`);

	it("lists completed documents oldest completion first, in the v3 list's fields, own account only", async () => {
		const [first, second, third] = [
			await createDocument(),
			await createDocument(),
			await createDocument(),
		];
		await signAll(second.documentId);
		emulator.clock.advance(1000);
		await signAll(first.documentId);
		await signAll(third.documentId); // same millisecond as the previous one: still in completion order
		const response = await completed();
		expect(response.data.status).toBe(1);
		expect(response.data.data.total).toBe(5);
		expect(ids(response)).toEqual([
			V3_SEED.completedDocumentId,
			V3_SEED.completedNoAttachmentsId,
			second.documentId,
			first.documentId,
			third.documentId,
		]);
		expect(response.data.data.documents[0]).toEqual({
			name: 'Completed agreement',
			documentId: V3_SEED.completedDocumentId,
			irn: V3_SEED.completedIrn,
			folderId: 'FOLDER-1',
			folderName: 'Default',
			status: 'COMPLETED',
		});
		expect((await completed({}, OTHER_ACCOUNT_AUTH_TOKEN)).data.data).toEqual({
			total: 0,
			documents: [],
		});
	});

	it('pages as the v3 list (default 20, max 40, above 40 reset to 20); past the end: no documents, the right total', async () => {
		for (let index = 0; index < 45; index++) await signAll((await createDocument()).documentId);
		expect((await completed()).data.data.documents).toHaveLength(20);
		expect((await completed({ max: 40 })).data.data.documents).toHaveLength(40);
		expect((await completed({ max: 41 })).data.data.documents).toHaveLength(20);
		expect((await completed({ max: 40, offset: 40 })).data.data.documents).toHaveLength(47 - 40);
		expect((await completed({ offset: 500 })).data.data).toEqual({ total: 47, documents: [] });
	});

	it('filters by exact name and irn; refuses the date filters, whose format is not published', async () => {
		expect(ids(await completed({ irn: V3_SEED.completedIrn.toLowerCase() }))).toEqual([
			V3_SEED.completedDocumentId,
		]);
		expect(ids(await completed({ name: 'Completed letter' }))).toEqual([
			V3_SEED.completedNoAttachmentsId,
		]);
		expect((await completed({ name: 'Completed' })).data.data.total).toBe(0);
		expect(code(await completed({ startDate: '01-01-2026' }))).toBe('validator.invalid');
		expect(code(await completed({}, 'nope'))).toBe('invalid.auth.token');
	});

	it('drops a deleted document: the later ones move up', async () => {
		await http.delete(url('/v3.0/sign/request'), {
			params: { documentId: V3_SEED.completedDocumentId },
			...auth(),
		});
		expect(ids(await completed())).toEqual([V3_SEED.completedNoAttachmentsId]);
	});
});

describe('v3.3 fetchDocument', () => {
	const fetchDoc = (params: Record<string, unknown>) =>
		get('/v3.3/document/fetchDocument', { documentId: V3_SEED.completedDocumentId, ...params });

	it('returns a unique 15-second link for each type; the link dies after 15 s', async () => {
		const one = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		const two = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		expect(one.data.status).toBe(1);
		expect(one.data.data.file).not.toBe(two.data.data.file);
		const file = await http.get(one.data.data.file, { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		expect(file.headers['content-type']).toBe('application/pdf');
		expect(Buffer.from(file.data).toString('latin1')).toContain('Signed: Completed agreement');
		for (const params of [
			{ documentDownloadType: 'AUDIT_TRAIL' },
			{ documentDownloadType: 'ATTACHMENT', index: 1 },
			{
				documentDownloadType: 'SUPPORTING_DOCUMENT',
				index: 0,
				supportDocumentUrl: (
					await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
				).data.data.requests[0].signUrl,
			},
		]) {
			const link = await fetchDoc(params);
			expect(link.data.status).toBe(1);
			expect(
				isPdf(
					Buffer.from((await http.get(link.data.data.file, { responseType: 'arraybuffer' })).data),
				),
			).toBe(true);
		}
		emulator.clock.advance(15_000);
		const late = await http.get(two.data.data.file);
		expect(late.status).toBe(403);
		expect(late.data).toContain('AccessDenied');
	});

	it('keeps the history of the download links it issued and that were read, in order', async () => {
		const one = await fetchDoc({ documentDownloadType: 'DOCUMENT' });
		await fetchDoc({ documentDownloadType: 'AUDIT_TRAIL' });
		await http.get(one.data.data.file);
		emulator.clock.advance(15_000);
		await http.get(one.data.data.file);
		expect(emulator.links.downloadHistory).toEqual([
			{ event: 'issued', fileName: 'Completed agreement.pdf' },
			{ event: 'issued', fileName: 'Completed agreement_audit_trail.pdf' },
			{ event: 'read', fileName: 'Completed agreement.pdf' },
		]);
	});

	it("accepts the sign URL's UUID alone for supporting documents", async () => {
		const signUrl: string = (
			await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
		).data.data.requests[0].signUrl;
		const link = await fetchDoc({
			documentDownloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			supportDocumentUrl: signUrl.split('/').pop(),
		});
		expect(link.data.status).toBe(1);
	});

	it.each([
		[
			'a SENT document',
			{ documentId: V3_SEED.sentDocumentId, documentDownloadType: 'DOCUMENT' },
			'no.document.found',
		],
		[
			'a DRAFT document',
			{ documentId: V3_SEED.draftDocumentId, documentDownloadType: 'DOCUMENT' },
			'no.document.found',
		],
		['a lowercase type', { documentDownloadType: 'document' }, 'document.download.type'],
		[
			'no attachments',
			{
				documentId: V3_SEED.completedNoAttachmentsId,
				documentDownloadType: 'ATTACHMENT',
				index: 0,
			},
			'no.attachments.exists',
		],
		['index past the end', { documentDownloadType: 'ATTACHMENT', index: 2 }, 'index.out.of.bound'],
		['negative index', { documentDownloadType: 'ATTACHMENT', index: -1 }, 'index.not.negative'],
		['missing index', { documentDownloadType: 'ATTACHMENT' }, 'validator.invalid'],
		[
			'unknown sign URL',
			{
				documentDownloadType: 'SUPPORTING_DOCUMENT',
				index: 0,
				supportDocumentUrl: '00000000-0000-0000-0000-000000000000',
			},
			'invitation.not.found',
		],
	])('refuses %s', async (_label, params, expected) => {
		expect(code(await fetchDoc(params))).toBe(expected);
	});

	it("counts each invitee's supporting documents: none, then one past the last", async () => {
		const [uploader, other] = (
			await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId })
		).data.data.requests as Array<{ signUrl: string }>;
		const supporting = (signUrl: string, index: number) =>
			fetchDoc({ documentDownloadType: 'SUPPORTING_DOCUMENT', index, supportDocumentUrl: signUrl });
		expect((await supporting(uploader.signUrl, 0)).data.status).toBe(1);
		expect(code(await supporting(uploader.signUrl, 1))).toBe('index.out.of.bound');
		expect(code(await supporting(other.signUrl, 0))).toBe('no.attachments.exists');
	});

	it('serves a file a control route added under its name and type', async () => {
		const add = (kind: string, body: Record<string, unknown>) =>
			http.post(
				`${emulator.origin}/__emulator/v3/documents/${V3_SEED.completedDocumentId}/${kind}`,
				body,
			);
		expect(
			(
				await add('supporting-document', {
					inviteeIndex: 1,
					fileName: 'pan.jpg',
					contentType: 'image/jpeg',
					text: 'JPEG bytes',
				})
			).status,
		).toBe(200);
		expect((await add('attachment', { fileName: 'annexure.pdf', text: 'Annexure' })).status).toBe(
			200,
		);
		const signUrl = (await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId }))
			.data.data.requests[1].signUrl;
		const served = async (params: Record<string, unknown>) => {
			const link = await fetchDoc(params);
			const file = await http.get(link.data.data.file, { responseType: 'arraybuffer' });
			return {
				type: file.headers['content-type'],
				disposition: file.headers['content-disposition'],
				bytes: Buffer.from(file.data),
			};
		};
		const photo = await served({
			documentDownloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			supportDocumentUrl: signUrl,
		});
		expect(photo).toEqual({
			type: 'image/jpeg',
			disposition: 'attachment; filename="pan.jpg"',
			bytes: Buffer.from('JPEG bytes'),
		});
		const annexure = await served({ documentDownloadType: 'ATTACHMENT', index: 2 });
		expect(annexure.type).toBe('application/pdf');
		expect(annexure.disposition).toBe('attachment; filename="annexure.pdf"');
		expect(isPdf(annexure.bytes)).toBe(true);
		expect(annexure.bytes.toString('latin1')).toContain('Annexure');
	});
});

describe('v3.0 reactivate, resend, delete', () => {
	it('reactivates expired invitations with expiryDays, keeping the sign URL', async () => {
		const before = (await get('/v3.2/sign/request', { documentId: V3_SEED.expiredDocumentId })).data
			.data.requests[0];
		expect(before.expired).toBe(true);
		const now = emulator.clock.now();
		const response = await post('/v3.0/sign/request/reactivate', {
			documentId: V3_SEED.expiredDocumentId,
			expiryDays: -1,
		});
		expect(response.data.status).toBe(1);
		expect(code(response)).toBe('signinvitation.activate.success');
		const after = response.data.data.requests[0];
		expect(after).toMatchObject({ expired: false, signUrl: before.signUrl });
		expect(after.expiryDate).toBe(formatServiceDate(now + 45 * 60_000));
		expect(
			code(
				await post('/v3.0/sign/request/reactivate', {
					documentId: V3_SEED.expiredDocumentId,
					expiryDays: 3,
				}),
			),
		).toBe('no.expired.invitation.found');
	});

	it('expiryDays semantics: 0 is today 23:59:59, 1 tomorrow 23:59:59 (India time); invitations expire on the clock', async () => {
		const doc = await createDocument();
		emulator.clock.advance(8 * 24 * 3600_000);
		expect(
			(await get('/v3.2/sign/request', { documentId: doc.documentId })).data.data.requests[0]
				.expired,
		).toBe(true);
		const zero = await post('/v3.0/sign/request/reactivate', {
			documentId: doc.documentId,
			expiryDays: 0,
		});
		expect(zero.data.data.requests[0].expiryDate).toMatch(/ 23:59:59$/);
		expect(zero.data.data.requests[0].expiryDate).toBe(
			formatServiceDate(expiryFromDays(emulator.clock.now(), 0)),
		);
		const expiryTime = emulator.clock.now() + 3 * 24 * 3600_000;
		await post('/v3.0/sign/request/reactivate', { documentId: doc.documentId, expiryDays: 1 });
		expect(expiryFromDays(0, 1) - expiryFromDays(0, 0)).toBe(24 * 3600_000);
		await http.post(`${emulator.origin}/__emulator/v3/documents/${doc.documentId}/expire`);
		const timed = await post('/v3.0/sign/request/reactivate', {
			documentId: doc.documentId,
			expiryTime,
		});
		expect(timed.data.data.requests[0].expiryDate).toBe(formatServiceDate(expiryTime));
	});

	it.each([
		[{ expiryDays: 366 }, 'invalid.expiry.days.value'],
		[{ expiryDays: -2 }, 'invalid.expiry.days.value'],
		[{ expiryTime: -5 }, 'invalid.expiry.time'],
		[{ expiryTime: 'past' }, 'invalid.expiry.time'],
		[{ expiryTime: Date.now() + 366 * 24 * 3600_000 }, 'invalid.expiry.time.maxerror'],
		[{ documentId: 'NOPE', expiryDays: 1 }, 'no.document.found'],
	])('reactivate refuses %j', async (body, expected) => {
		expect(
			code(
				await post('/v3.0/sign/request/reactivate', {
					documentId: V3_SEED.expiredDocumentId,
					...body,
				}),
			),
		).toBe(expected);
	});

	it('resend: 1 to 15 URLs, whole or UUID, per-item outcome, the sixth resend of an invitee fails in its item', async () => {
		const doc = await createDocument();
		const signUrl = doc.invitees[0].signUrl;
		for (let attempt = 1; attempt <= 5; attempt++) {
			const ok = await post('/v3.0/sign/request/resend', {
				signUrls: [attempt % 2 ? signUrl : signUrl.split('/').pop()],
			});
			expect(ok.data.data.invitations[0]).toMatchObject({ status: 1, name: 'Asha Rao' });
		}
		const sixth = await post('/v3.0/sign/request/resend', {
			signUrls: [signUrl, 'https://x/sign/00000000-0000-0000-0000-000000000000'],
		});
		expect(sixth.data.status).toBe(1);
		expect(sixth.data.data.invitations[0]).toMatchObject({
			status: 0,
			message: expect.stringMatching(/limit/),
		});
		expect(sixth.data.data.invitations[1]).toMatchObject({
			status: 0,
			message: 'Invitation not found',
		});
		expect(code(await post('/v3.0/sign/request/resend', { signUrls: [] }))).toBe(
			'validator.invalid',
		);
		expect(
			code(await post('/v3.0/sign/request/resend', { signUrls: Array(16).fill(signUrl) })),
		).toBe('validator.invalid');
	});

	it('delete: removes the document, emits documentDeleted, later reads answer no.document.found', async () => {
		const deleted: string[] = [];
		emulator.env.events.on('documentDeleted', (id: string) => deleted.push(id));
		const response = await http.delete(url('/v3.0/sign/request'), {
			params: { documentId: V3_SEED.completedDocumentId },
			...auth(),
		});
		expect(response.data).toEqual({
			status: 1,
			messages: [{ code: 'document.delete.success', message: expect.any(String) }],
			data: {},
		});
		expect(deleted).toEqual([V3_SEED.completedDocumentId]);
		expect(code(await get('/v3.2/sign/request', { documentId: V3_SEED.completedDocumentId }))).toBe(
			'no.document.found',
		);
		expect(
			code(
				await get('/v3.3/document/fetchDocument', {
					documentId: V3_SEED.completedDocumentId,
					documentDownloadType: 'DOCUMENT',
				}),
			),
		).toBe('no.document.found');
		expect(
			(await get('/v3.0/sign/request/list', { q: V3_SEED.completedDocumentId })).data.data.total,
		).toBe(0);
		expect(
			code(
				await http.delete(url('/v3.0/sign/request'), {
					params: { documentId: V3_SEED.completedDocumentId },
					...auth(),
				}),
			),
		).toBe('no.document.found');
		expect(code(await http.delete(url('/v3.0/sign/request'), auth()))).toBe('document.id.required');
	});
});

describe('v3.0 document signer and v3.3 eBG review', () => {
	const signUrlOf = async (documentId: string, token?: string) =>
		(await get('/v3.2/sign/request', { documentId }, token)).data.data.requests[0]
			.signUrl as string;

	it("signs with the account's document signer profile and exact consent", async () => {
		const signUrl = await signUrlOf(V3_SEED.docSignerDocumentId);
		const body = { signUrl, profileId: V3_SEED.docSignerProfileId, consent: DOC_SIGNER_CONSENT };
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					...body,
					consent: DOC_SIGNER_CONSENT.toLowerCase(),
				}),
			),
		).toBe('invalid.consent');
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					...body,
					profileId: V3_SEED.otherAccountDocSignerProfileId,
				}),
			),
		).toBe('profile.not.exists');
		const ok = await post('/v3.0/sign/docSigner/invitation', body);
		expect(ok.data).toEqual({
			status: 1,
			messages: [{ code: 'signing.success', message: expect.any(String) }],
			data: {},
		});
		const status = await get('/v3.2/sign/request', { documentId: V3_SEED.docSignerDocumentId });
		expect(status.data.data.requests[0]).toMatchObject({ signed: true, signType: 'DSC' });
		expect(code(await post('/v3.0/sign/docSigner/invitation', body))).toBe('invitation.not.exists');
	});

	it("refuses a token of another account than the invitee's, and an invitation of another sign type", async () => {
		const otherUrl = await signUrlOf(V3_SEED.otherAccountDocumentId, OTHER_ACCOUNT_AUTH_TOKEN);
		const refused = await post('/v3.0/sign/docSigner/invitation', {
			signUrl: otherUrl,
			profileId: V3_SEED.docSignerProfileId,
			consent: DOC_SIGNER_CONSENT,
		});
		expect(code(refused)).toBe('invitation.not.exists');
		const aadhaarUrl = await signUrlOf(V3_SEED.sentDocumentId);
		expect(
			code(
				await post('/v3.0/sign/docSigner/invitation', {
					signUrl: aadhaarUrl,
					profileId: V3_SEED.docSignerProfileId,
					consent: DOC_SIGNER_CONSENT,
				}),
			),
		).toBe('invitation.not.exists');
	});

	it('reviews an eBG notification once', async () => {
		const body = {
			data: { ...V3_SEED.ebgNotification, reviewStatus: 'Accepted', reviewRemarks: 'Verified' },
		};
		const ok = await post('/v3.3/nesl/notification/review', body);
		expect(ok.data).toEqual({
			status: 1,
			messages: [{ code: 'ebg.notification.review.success', message: expect.any(String) }],
			data: {},
		});
		expect(code(await post('/v3.3/nesl/notification/review', body))).toBe(
			'notification.already.reviewed',
		);
		expect(
			code(
				await post('/v3.3/nesl/notification/review', { data: { ...body.data, notifTxnId: 'X' } }),
			),
		).toBe('notification.not.found');
		expect(
			code(
				await post('/v3.3/nesl/notification/review', {
					data: { ...body.data, reviewStatus: 'accepted' },
				}),
			),
		).toBe('validator.invalid');
	});
});

describe('invitees act through control routes', () => {
	const act = (documentId: string, action: string, options?: unknown) =>
		http.post(`${emulator.origin}/__emulator/v3/documents/${documentId}/${action}`, options);
	const requests = async (documentId: string) =>
		(await get('/v3.2/sign/request', { documentId })).data.data.requests;
	const invitations = async (documentId: string, switches: Record<string, boolean> = {}) =>
		(await get('/v3.3/document/details', { documentId, ...switches })).data.data.invitations;

	it('review-approve: the reviewer has acted without signing and the next invitee is active; the last signature completes', async () => {
		const doc = await createDocument({
			invitees: [
				{ name: 'Riya Reviewer', phone: '9876500001' },
				{ name: 'Asha Rao', phone: '9876500002' },
			],
		});
		expect((await act(doc.documentId, 'review-approve')).data).toEqual({
			documentId: doc.documentId,
			status: 'SENT',
			deliveries: [],
		});
		expect(await requests(doc.documentId)).toEqual([
			expect.objectContaining({
				name: 'Riya Reviewer',
				signed: false,
				rejected: false,
				expired: false,
				active: false,
				signType: null,
			}),
			expect.objectContaining({ name: 'Asha Rao', active: true }),
		]);
		expect((await invitations(doc.documentId))[0]).toMatchObject({
			inviteeType: 'Reviewer',
			invitationStatus: { approved: true, reviewed: true, signed: false },
		});
		const resent = await post('/v3.0/sign/request/resend', { signUrls: [doc.invitees[0].signUrl] });
		expect(resent.data.data.invitations[0]).toMatchObject({
			status: 0,
			message: 'Invitee has already approved the document',
		});

		expect((await act(doc.documentId, 'sign-next')).data.status).toBe('COMPLETED');
		const status = (await get('/v3.2/sign/request', { documentId: doc.documentId })).data.data;
		expect(status.signers).toHaveLength(1);
		expect(status.requests[1]).toMatchObject({ signed: true, signType: 'AADHAAR' });
		expect(
			(
				await get('/v3.3/document/fetchDocument', {
					documentId: doc.documentId,
					documentDownloadType: 'DOCUMENT',
				})
			).data.status,
		).toBe(1);
		expect((await act(doc.documentId, 'sign-next')).status).toBe(409);
	});

	it('reject: the active invitee rejects with a reason; nobody can act afterwards', async () => {
		expect(
			(await act(V3_SEED.sentDocumentId, 'reject', { reason: 'Wrong amount' })).data.status,
		).toBe('SENT');
		expect((await requests(V3_SEED.sentDocumentId))[0]).toMatchObject({
			rejected: true,
			active: false,
		});
		const [rejected] = await invitations(V3_SEED.sentDocumentId, {
			invitations_invitationStatus_signRejectionMessage: true,
		});
		expect(rejected.invitationStatus).toMatchObject({
			rejected: true,
			signRejectionMessage: 'Wrong amount',
		});
		const refused = await act(V3_SEED.sentDocumentId, 'sign-next');
		expect([refused.status, refused.data.message]).toEqual([
			409,
			expect.stringMatching(/can act.*SENT/),
		]);
	});

	it('fail-certificate: the invitation expires (the states table) until it is reactivated', async () => {
		const doc = await createDocument();
		expect(
			(await act(doc.documentId, 'fail-certificate', { criterion: 'gender' })).data.status,
		).toBe('EXPIRED');
		expect((await requests(doc.documentId))[0]).toMatchObject({
			expired: true,
			signed: false,
			active: false,
		});
		const [failed] = await invitations(doc.documentId, {
			invitations_invitationStatus_failureReason: true,
			invitations_verificationResponse: true,
		});
		expect(failed.invitationStatus.failureReason).toBe(
			"Gender doesn't match with the Digital Signature Certificate.",
		);
		expect(failed.verificationResponse).toMatchObject({
			genderVerification: false,
			nameVerification: true,
		});

		expect(
			code(
				await post('/v3.0/sign/request/reactivate', { documentId: doc.documentId, expiryDays: 1 }),
			),
		).toBe('signinvitation.activate.success');
		expect(
			(await invitations(doc.documentId, { invitations_invitationStatus_failureReason: true }))[0]
				.invitationStatus.failureReason,
		).toBeNull();
		expect((await act(doc.documentId, 'sign-next')).data.status).toBe('COMPLETED');
	});

	it('refuses an unknown document (404), a document nobody can act on (409) and unknown options (400)', async () => {
		expect((await act('NOPE', 'sign-next')).status).toBe(404);
		expect((await act(V3_SEED.draftDocumentId, 'review-approve')).status).toBe(409);
		expect((await act(V3_SEED.completedDocumentId, 'fail-certificate')).status).toBe(409);
		expect(
			(await act(V3_SEED.sentDocumentId, 'fail-certificate', { criterion: 'eyes' })).status,
		).toBe(400);
		expect((await act(V3_SEED.sentDocumentId, 'reject', { reason: 5 })).status).toBe(400);
		expect((await requests(V3_SEED.sentDocumentId))[0]).toMatchObject({
			rejected: false,
			expired: false,
			active: true,
		});
	});
});

describe('control routes and faults', () => {
	it('sign-all completes a created document so that its signed PDF can be fetched', async () => {
		const doc = await createDocument();
		expect(
			code(
				await get('/v3.3/document/fetchDocument', {
					documentId: doc.documentId,
					documentDownloadType: 'DOCUMENT',
				}),
			),
		).toBe('no.document.found');
		const control = await http.post(
			`${emulator.origin}/__emulator/v3/documents/${doc.documentId}/sign-all`,
		);
		expect(control.data).toEqual({
			documentId: doc.documentId,
			status: 'COMPLETED',
			deliveries: [],
		});
		const link = await get('/v3.3/document/fetchDocument', {
			documentId: doc.documentId,
			documentDownloadType: 'DOCUMENT',
		});
		expect(
			isPdf(
				Buffer.from((await http.get(link.data.data.file, { responseType: 'arraybuffer' })).data),
			),
		).toBe(true);
		expect(emulator.requestsTo('/__emulator')).toHaveLength(0);
	});

	it('injects 500, 429, html, malformed JSON, reset and timeout, then answers normally', async () => {
		const path = '/v3.2/sign/request';
		emulator.faults.inject({ kind: 'http500', path });
		expect((await get(path, { documentId: V3_SEED.sentDocumentId })).status).toBe(500);
		emulator.faults.inject({ kind: 'http429', path });
		const limited = await get(path, { documentId: V3_SEED.sentDocumentId });
		expect([limited.status, limited.headers['retry-after']]).toEqual([429, '1']);
		emulator.faults.inject({ kind: 'html', path });
		expect(
			(await get(path, { documentId: V3_SEED.sentDocumentId })).headers['content-type'],
		).toContain('text/html');
		emulator.faults.inject({ kind: 'malformedJson', path });
		const malformed = await http.get(url(path), {
			params: { documentId: V3_SEED.sentDocumentId },
			...auth(),
			responseType: 'text',
			transformResponse: (x) => x,
		});
		expect(() => JSON.parse(malformed.data)).toThrow();
		emulator.faults.inject({ kind: 'reset', path });
		await expect(get(path, { documentId: V3_SEED.sentDocumentId })).rejects.toMatchObject({
			code: 'ECONNRESET',
		});
		emulator.faults.inject({ kind: 'timeout', path });
		await expect(
			http.get(url(path), {
				params: { documentId: V3_SEED.sentDocumentId },
				...auth(),
				timeout: 300,
			}),
		).rejects.toMatchObject({ code: 'ECONNABORTED' });
		expect((await get(path, { documentId: V3_SEED.sentDocumentId })).data.status).toBe(1);
	});
});
