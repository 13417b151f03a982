import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { isPdf } from '../../fixtures/pdf';
import {
	requestsOn,
	runDocument,
	servicePaths,
	startRewritingProxy,
	startV3Emulator,
	v3State,
} from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator({ v3ExtraDocuments: 73 });
});
afterEach(async () => await emulator.close());

const MAIN_DOCUMENTS = 73 + 7;

describe('Get status', () => {
	it('outputs the status data: invitees, files, and signers once signed', async () => {
		const result = await runDocument(emulator, {
			operation: 'getStatus',
			documentId: V3_SEED.completedDocumentId,
			simplify: false,
		});
		const [request] = requestsOn(emulator, servicePaths.status, 'GET');
		expect(request.query).toEqual({ documentId: V3_SEED.completedDocumentId });
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			documentId: V3_SEED.completedDocumentId,
			irn: V3_SEED.completedIrn,
			requests: [
				expect.objectContaining({ name: 'Meera Iyer', signed: true, signType: 'AADHAAR' }),
				expect.objectContaining({ name: 'Karan Mehta' }),
			],
			signers: [
				expect.objectContaining({ name: 'MEERA IYER' }),
				expect.objectContaining({ name: 'KARAN MEHTA' }),
			],
			auditTrail: expect.stringContaining('/__files/'),
		});
	});

	it('turns no.document.found into a clear error', async () => {
		const result = await runDocument(emulator, { operation: 'getStatus', documentId: 'NOPE' });
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe('No document matches this document ID [no.document.found]');
		expect(error.description).toContain('Deleted documents cannot be read');
	});

	it('refuses an empty document ID before any request', async () => {
		const result = await runDocument(emulator, { operation: 'getStatus', documentId: '={{ "" }}' });
		expect(result.nodeError(NODE_NAME)?.message).toBe('Document ID: is required');
		expect(requestsOn(emulator, servicePaths.status)).toHaveLength(0);
	});
});

describe('Get details', () => {
	const documentId = V3_SEED.completedDocumentId;
	// queryAll holds every value of a name, so a switch sent twice would show.
	const detailQueries = () =>
		requestsOn(emulator, servicePaths.details).map((request) => request.queryAll);

	it('sends each chosen section and every ancestor switch of it as true, and nothing else', async () => {
		const sections = [
			'stampDetails_stamps_associatedDocumentId',
			'workflow',
			'workflow_name',
			'neslDocumentDetails_stampDetails_firstPartyOVDType',
			'invitations_inviteeConfigs_retry',
			'invitations_invitationStatus_failureReason',
			'cc',
		];
		const result = await runDocument(emulator, {
			operation: 'getDetails',
			documentId,
			simplify: false,
			sections,
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(detailQueries()).toEqual([
			{
				documentId: [documentId],
				stampDetails: ['true'],
				stampDetails_stamps: ['true'],
				stampDetails_stamps_associatedDocumentId: ['true'],
				workflow: ['true'],
				workflow_name: ['true'],
				neslDocumentDetails: ['true'],
				neslDocumentDetails_stampDetails: ['true'],
				neslDocumentDetails_stampDetails_firstPartyOVDType: ['true'],
				// `invitations` and `invitations_invitationStatus` are no switches, so they are not sent.
				invitations_inviteeConfigs: ['true'],
				invitations_inviteeConfigs_retry: ['true'],
				invitations_invitationStatus_failureReason: ['true'],
				cc: ['true'],
			},
		]);
	});

	it('asks for the file and the audit trail when Sections is left alone, and for no section when it is emptied', async () => {
		await runDocument(emulator, { operation: 'getDetails', documentId, simplify: false });
		await runDocument(emulator, {
			operation: 'getDetails',
			documentId,
			simplify: false,
			sections: [],
		});
		expect(detailQueries()).toEqual([
			{ documentId: [documentId], auditTrail: ['true'], file: ['true'] },
			{ documentId: [documentId] },
		]);
	});

	it('outputs the data of the answer as it comes', async () => {
		let answered: Record<string, any> = {};
		const proxy = await startRewritingProxy(
			emulator,
			servicePaths.details,
			(body) => (answered = body),
		);
		try {
			const result = await runDocument(
				emulator,
				{ operation: 'getDetails', documentId, simplify: false, sections: ['workflow'] },
				{ credentials: { documentExecutionApi: proxy.credential } },
			);
			expect(answered.status).toBe(1);
			expect(result.items.map((item) => item.json)).toEqual([answered.data]);
		} finally {
			await proxy.close();
		}
	});

	it.each([
		['comma-separated text from an expression', '={{ "file, auditTrail ,workflow_name" }}'],
		['comma-separated text', 'file,auditTrail, workflow_name'],
		[
			'an object of switches from an expression',
			'={{ { file: true, auditTrail: true, workflow_name: true, cc: false } }}',
		],
		[
			'an object of switches, as older workflows saved it',
			{ file: true, auditTrail: true, workflow_name: true, cc: false },
		],
	])('reads Sections given as %s', async (_form, sections) => {
		const result = await runDocument(emulator, {
			operation: 'getDetails',
			documentId,
			simplify: false,
			sections,
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(detailQueries()).toEqual([
			{
				documentId: [documentId],
				file: ['true'],
				auditTrail: ['true'],
				workflow: ['true'],
				workflow_name: ['true'],
			},
		]);
	});

	it.each([
		['comma-separated text', '={{ "file, invitees" }}'],
		['an object of switches', '={{ { file: true, invitees: true } }}'],
	])('refuses an unknown section in %s, naming the field', async (_form, sections) => {
		const result = await runDocument(emulator, {
			operation: 'getDetails',
			documentId,
			simplify: false,
			sections,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Sections: unknown section "invitees"; pick from the Sections list',
		);
		expect(requestsOn(emulator, servicePaths.details)).toHaveLength(0);
	});

	it('refuses a section the service does not list (the old Include names among them) before any request', async () => {
		const result = await runDocument(emulator, {
			operation: 'getDetails',
			documentId,
			simplify: false,
			sections: '={{ ["file", "invitees", "neslData"] }}',
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Sections: unknown section "invitees", "neslData"; pick from the Sections list',
		);
		expect(requestsOn(emulator, servicePaths.details)).toHaveLength(0);
	});

	it('turns no.document.found into a clear error and refuses an empty ID', async () => {
		expect(
			(await runDocument(emulator, { operation: 'getDetails', documentId: 'NOPE' })).nodeError(
				NODE_NAME,
			)?.message,
		).toMatch(/\[no\.document\.found\]$/);
		expect(
			(await runDocument(emulator, { operation: 'getDetails', documentId: ' ' })).nodeError(
				NODE_NAME,
			)?.message,
		).toBe('Document ID: is required');
		expect(requestsOn(emulator, servicePaths.details)).toHaveLength(1);
	});
});

describe('Get many', () => {
	it('Return All pages at 40 and stops at data.total without an extra request', async () => {
		const result = await runDocument(emulator, { operation: 'getMany', returnAll: true });
		expect(result.items).toHaveLength(MAIN_DOCUMENTS);
		expect(new Set(result.items.map((item) => item.json.documentId)).size).toBe(MAIN_DOCUMENTS);
		expect(requestsOn(emulator, servicePaths.list).map((request) => request.query)).toEqual([
			{ max: '40', offset: '0' },
			{ max: '40', offset: '40' },
		]);
		expect(Object.keys(result.items[0].json).sort()).toEqual([
			'documentId',
			'folderId',
			'folderName',
			'irn',
			'name',
			'status',
		]);
	});

	it('stops exactly at the end when the total is a multiple of the page size', async () => {
		await emulator.close();
		emulator = await startV3Emulator({ v3ExtraDocuments: 80 - 7 + 0 });
		const exact = 80;
		const result = await runDocument(emulator, { operation: 'getMany', returnAll: true });
		expect(result.items).toHaveLength(exact);
		expect(requestsOn(emulator, servicePaths.list)).toHaveLength(2);
	});

	it('Limit asks for no more than it needs, across pages', async () => {
		const result = await runDocument(emulator, {
			operation: 'getMany',
			returnAll: false,
			limit: 45,
		});
		expect(result.items).toHaveLength(45);
		expect(requestsOn(emulator, servicePaths.list).map((request) => request.query)).toEqual([
			{ max: '40', offset: '0' },
			{ max: '5', offset: '40' },
		]);
	});

	it('sends the search and status filters and a smaller page size', async () => {
		const result = await runDocument(emulator, {
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'EXPIRED', q: 'IRN-EXPIRED-01' },
			options: { pageSize: 10 },
		});
		expect(result.items.map((item) => item.json.documentId)).toEqual([V3_SEED.expiredDocumentId]);
		expect(requestsOn(emulator, servicePaths.list)[0].query).toEqual({
			q: 'IRN-EXPIRED-01',
			status: 'EXPIRED',
			max: '10',
			offset: '0',
		});
	});

	it.each([
		[
			{ options: { pageSize: 41 } },
			'Page Size: cannot be more than 40 (the service silently resets larger values to 20)',
		],
		[{ returnAll: false, limit: 0 }, 'Limit: must be at least 1'],
		[
			{ filters: { status: '={{ "SIGNING" }}' } },
			'Status: must be one of DRAFT, SENT, RECEIVED, SIGNED, COMPLETED, EXPIRED',
		],
	])('refuses %j before any request', async (parameters, message) => {
		const result = await runDocument(emulator, {
			operation: 'getMany',
			returnAll: true,
			...parameters,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, servicePaths.list)).toHaveLength(0);
	});

	it('turns a service error into a clear error (invalid.auth.token)', async () => {
		const result = await runDocument(
			emulator,
			{ operation: 'getMany', returnAll: true },
			{
				credentials: {
					documentExecutionApi: {
						environment: 'custom',
						baseUrl: emulator.baseUrl,
						authToken: 'wrong',
					},
				},
			},
		);
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The service refused the Auth Token [invalid.auth.token]',
		);
	});
});

describe('Download file', () => {
	const signUrlOf = (documentId: string) =>
		`${emulator.origin}/sign/${v3State(emulator).documents.get(documentId)!.invitees[0].uuid}`;

	it.each([
		['DOCUMENT', {}, 'Completed agreement.pdf', 'Signed: Completed agreement'],
		[
			'AUDIT_TRAIL',
			{},
			'Completed agreement_audit_trail.pdf',
			`Audit trail of ${V3_SEED.completedDocumentId}`,
		],
		['ATTACHMENT', { index: 1 }, 'attachment-2.pdf', 'Sender attachment 2'],
	])(
		'downloads the %s at once and outputs it as binary',
		async (downloadType, extra, fileName, text) => {
			const result = await runDocument(emulator, {
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType,
				...extra,
			});
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			const [item] = result.items;
			const bytes = await result.binary(item);
			expect(isPdf(bytes)).toBe(true);
			expect(bytes.toString('latin1')).toContain(text);
			expect(item.binary!.data).toMatchObject({ mimeType: 'application/pdf', fileName });
			expect(item.json).toEqual({
				documentId: V3_SEED.completedDocumentId,
				downloadType,
				...extra,
				fileName,
				mimeType: 'application/pdf',
				fileSize: bytes.length,
			});
			expect(requestsOn(emulator, servicePaths.fetch)[0].query).toEqual({
				documentId: V3_SEED.completedDocumentId,
				documentDownloadType: downloadType,
				...(downloadType === 'ATTACHMENT' ? { index: '1' } : {}),
			});
		},
	);

	it('downloads a supporting document by sign URL and index, into a chosen field and name, in filesystem mode', async () => {
		const signUrl = signUrlOf(V3_SEED.completedDocumentId);
		const result = await runDocument(
			emulator,
			{
				operation: 'download',
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'SUPPORTING_DOCUMENT',
				signUrl,
				index: 0,
				binaryPropertyName: 'pan',
				options: { fileName: 'pan.pdf' },
			},
			{ binaryMode: 'filesystem' },
		);
		expect(requestsOn(emulator, servicePaths.fetch)[0].query).toEqual({
			documentId: V3_SEED.completedDocumentId,
			documentDownloadType: 'SUPPORTING_DOCUMENT',
			supportDocumentUrl: signUrl,
			index: '0',
		});
		expect((await result.binary(result.items[0], 'pan')).toString('latin1')).toContain(
			'Supporting document of Meera Iyer',
		);
		expect(result.items[0].binary!.pan.fileName).toBe('pan.pdf');
	});

	it('outputs only the link, with what is known of the file, when asked', async () => {
		// The link points at a closed port: reading it would fail the node.
		emulator.faults.inject({ kind: 'refused', path: '/__files/' });
		const result = await runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'DOCUMENT',
			options: { linkOnly: true },
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.items[0].json).toEqual({
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'DOCUMENT',
			url: expect.stringContaining('/__files/'),
			fileName: `${V3_SEED.completedDocumentId}.pdf`,
			mimeType: 'application/pdf',
			fileSize: null,
			expiresInSeconds: 15,
			note: 'This is a download link, not the file: it works for 15 seconds from when the service issued it, for a download by a server, not a browser. To get the file, turn Options > Output Link Only off.',
		});
		expect(result.items[0].binary).toBeUndefined();
	});

	it.each([
		[{ documentId: V3_SEED.sentDocumentId, downloadType: 'DOCUMENT' }, /\[no\.document\.found\]$/],
		[
			{ documentId: V3_SEED.completedNoAttachmentsId, downloadType: 'ATTACHMENT', index: 0 },
			/\[no\.attachments\.exists\]$/,
		],
		[
			{ documentId: V3_SEED.completedDocumentId, downloadType: 'ATTACHMENT', index: 5 },
			/^There is no file at this index \[index\.out\.of\.bound\]$/,
		],
		[
			{
				documentId: V3_SEED.completedDocumentId,
				downloadType: 'SUPPORTING_DOCUMENT',
				index: 0,
				signUrl: '00000000-0000-0000-0000-000000000000',
			},
			/\[invitation\.not\.found\]$/,
		],
	])('turns service codes into clear errors: %j', async (parameters, message) => {
		const result = await runDocument(emulator, { operation: 'download', ...parameters });
		expect(result.nodeError(NODE_NAME)?.message).toMatch(message);
	});

	it.each([
		[{ downloadType: 'ATTACHMENT', index: -1 }, 'Index: cannot be negative (indexes start at 0)'],
		[{ downloadType: 'ATTACHMENT', index: 1.5 }, 'Index: must be a whole number'],
		[
			{ downloadType: 'SUPPORTING_DOCUMENT', index: 0, signUrl: '={{ "" }}' },
			"Sign URL: is required for SUPPORTING_DOCUMENT (the invitee's sign URL or its UUID)",
		],
		[
			{ downloadType: '={{ "document" }}', signUrl: 'unused' },
			'File Type: must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
		],
		[
			{ downloadType: 'DOCUMENT', documentId: '={{ $json.missing ?? "" }}' },
			'Document ID: is required',
		],
	])('refuses %j before any request', async (parameters, message) => {
		const result = await runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			...parameters,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, servicePaths.fetch)).toHaveLength(0);
	});

	it('reports a link that died before it was read', async () => {
		const original = emulator.links.createDownload.bind(emulator.links);
		emulator.links.createDownload = (file, ttl) => original(file, ttl - 60_000);
		const result = await runDocument(emulator, {
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			downloadType: 'DOCUMENT',
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The download link could not be read (HTTP 403)',
		);
	});
});
