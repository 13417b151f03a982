import {
	expiryFromDays,
	formatServiceDate,
	MB,
	PLACEHOLDER_ANSWER,
	STAMP_NOT_APPLIED,
	V3_SEED,
	type V3State,
} from '../emulator/families/v3';
import { EXTRAS_SEED } from '../emulator/families/v3-extras';
import { isPdf } from '../fixtures/pdf';
import { code, createBody, pdf64, useV3Service } from './v3-service';

/** The v3 family's create: what it answers, what it refuses, and what the live service takes beyond the spec. */

const service = useV3Service();
const { get, post, v3State, createDocument } = service;

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
		const expiry = expiryFromDays(service.emulator.clock.now(), 7);
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
		const stored = service.emulator.slice<V3State>('v3').documents.get(data.documentId)!;
		expect(isPdf(stored.original)).toBe(true);
	});

	it('gives new documents time-ordered ULIDs; the seed keeps a 7-character id of an older account', async () => {
		const first = await createDocument();
		service.emulator.clock.advance(1000);
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
