import { DETAIL_SWITCHES, V3_SEED } from '../emulator/families/v3';
import { OTHER_ACCOUNT_AUTH_TOKEN } from '../emulator/server';
import { isPdf } from '../fixtures/pdf';
import { auth, code, http, useV3Service } from './v3-service';

/** The v3 family's reads: the token check, a document's status and details, and the two document lists. */

const service = useV3Service();
const { url, get, createDocument } = service;

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
		await http.put(
			`${service.emulator.origin}/__emulator/v3/profiles/${V3_SEED.pdfProfileId}/webhooks`,
			{
				all: { webhookUrl: 'https://hooks.example.com/signed' },
			},
		);
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
		await http.post(`${service.emulator.origin}/__emulator/v3/documents/${documentId}/sign-all`);

	it("lists completed documents oldest completion first, in the v3 list's fields, own account only", async () => {
		const [first, second, third] = [
			await createDocument(),
			await createDocument(),
			await createDocument(),
		];
		await signAll(second.documentId);
		service.emulator.clock.advance(1000);
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
