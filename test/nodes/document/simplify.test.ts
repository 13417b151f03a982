import { STATUS_NOT_LISTED } from '../../../nodes/DocumentExecution/resources/document/getStatus';
import { V3_SEED } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import type { SingleNodeOptions } from '../../harness/engine';
import { NODE_NAME } from '../../harness/engine';
import { requestsOn, runDocument, servicePaths, useV3Emulator } from './setup';

/**
 * Get Status and Get Details with Simplify on (the default) give the fields an ops flow branches on; off, the
 * answer's `data`, as the service sent it. The status answer names no document status (the spec, the service
 * notes), so Get Status's Simplify reads it from the v3 list: one more request per item, only with Simplify on.
 */
const service = useV3Emulator();

type Json = Record<string, any>;
const readStatus = async (documentId: string, simplify?: boolean, options?: SingleNodeOptions) => {
	const result = await runDocument(
		service.emulator,
		{ operation: 'getStatus', documentId, ...(simplify === undefined ? {} : { simplify }) },
		options,
	);
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json as Json;
};
const readDetails = async (
	documentId: string,
	parameters: Json = {},
	options?: SingleNodeOptions,
) => {
	const result = await runDocument(
		service.emulator,
		{ operation: 'getDetails', documentId, ...parameters },
		options,
	);
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json as Json;
};
const listQueries = () =>
	requestsOn(service.emulator, servicePaths.list).map((request) => request.query);

describe('Document → Get Status, Simplify', () => {
	it("on by default: the document, the list's status, each invitee with a state, and the file links", async () => {
		const whole = await readStatus(V3_SEED.sentDocumentId, false);
		expect(whole).not.toHaveProperty('status');
		expect(listQueries()).toEqual([]);
		const simple = await readStatus(V3_SEED.sentDocumentId);
		expect(requestsOn(service.emulator, servicePaths.status)).toHaveLength(2);
		expect(listQueries()).toEqual([{ q: V3_SEED.sentDocumentId }]);
		expect(simple).toEqual({
			documentId: V3_SEED.sentDocumentId,
			irn: whole.irn,
			status: 'SENT',
			invitees: whole.requests.map((invitee: Json, position: number) => ({
				name: invitee.name,
				email: invitee.email,
				phone: invitee.phone,
				state: ['ACTIVE', 'WAITING'][position],
				signUrl: invitee.signUrl,
				expiryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T23:59:59\+05:30$/),
			})),
			files: [expect.stringContaining('/__files/')],
			auditTrail: null,
		});
	});

	it.each([
		['signed', V3_SEED.completedDocumentId, 'COMPLETED', ['SIGNED', 'SIGNED']],
		['rejected', V3_SEED.rejectedDocumentId, 'SENT', ['REJECTED']],
		['expired', V3_SEED.expiredDocumentId, 'EXPIRED', ['EXPIRED']],
	])('names an invitee who %s so', async (_case, documentId, status, states) => {
		const simple = await readStatus(documentId);
		expect(simple.status).toBe(status);
		expect(simple.invitees.map((invitee: Json) => invitee.state)).toEqual(
			expect.arrayContaining(states),
		);
	});

	it('turns COMPLETED once the last invitee signs, with the signed file and the audit trail', async () => {
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		const halfway = await readStatus(V3_SEED.sentDocumentId);
		expect(halfway.status).toBe('SENT');
		expect(halfway.auditTrail).toEqual(expect.stringContaining('/__files/'));
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		const done = await readStatus(V3_SEED.sentDocumentId);
		expect(done.status).toBe('COMPLETED');
		expect(done.invitees.map(({ state }: Json) => state)).toEqual(['SIGNED', 'SIGNED']);
		expect(done.files).toEqual([expect.stringContaining('/__files/')]);
	});

	it('turns COMPLETED once a reviewer approved and the signer signed', async () => {
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'review-approve');
		expect((await readStatus(V3_SEED.sentDocumentId)).status).toBe('SENT');
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		const done = await readStatus(V3_SEED.sentDocumentId);
		expect(done.status).toBe('COMPLETED');
		// The status answer shows the approved reviewer as neither signed nor active (choices/v3.md).
		expect(done.invitees.map(({ state }: Json) => state)).toEqual(['WAITING', 'SIGNED']);
	});

	it('turns COMPLETED once the document is closed with Mark as Complete', async () => {
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'reject');
		expect((await readStatus(V3_SEED.sentDocumentId)).status).toBe('SENT');
		const closed = await runDocument(service.emulator, {
			operation: 'markComplete',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(closed.nodeError(NODE_NAME)).toBeUndefined();
		expect((await readStatus(V3_SEED.sentDocumentId)).status).toBe('COMPLETED');
	});

	it('gives a null status with the reason when the list does not list the document', async () => {
		const notListed = await service.rewriteAnswers(servicePaths.list, (answer) => ({
			...answer,
			data: { total: 0, documents: [] },
		}));
		const simple = await readStatus(V3_SEED.completedDocumentId, undefined, notListed);
		expect(simple).toMatchObject({
			documentId: V3_SEED.completedDocumentId,
			status: null,
			statusReason: STATUS_NOT_LISTED,
			invitees: [expect.objectContaining({ state: 'SIGNED' }), expect.anything()],
		});
	});

	it("off: the answer's data, whole, with the service's own date text and no second read", async () => {
		const whole = await readStatus(V3_SEED.completedDocumentId, false);
		expect(listQueries()).toEqual([]);
		expect(whole).toMatchObject({
			documentId: V3_SEED.completedDocumentId,
			folderId: expect.any(String),
			requests: [
				expect.objectContaining({
					signed: true,
					signType: 'AADHAAR',
					expiryDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
				}),
				expect.anything(),
			],
			files: [expect.stringContaining('/__files/')],
			auditTrail: expect.stringContaining('/__files/'),
			signers: [expect.objectContaining({ name: 'MEERA IYER' }), expect.anything()],
		});
	});
});

describe('Document → Get Details, Simplify', () => {
	const detailQueries = () =>
		requestsOn(service.emulator, servicePaths.details).map((request) => request.query);

	it('on by default: asks only for the folder and gives the document, its dates and each invitee with a role and a state', async () => {
		const simple = await readDetails(V3_SEED.completedDocumentId, { sections: ['cc', 'file'] });
		expect(detailQueries()).toEqual([
			{ documentId: V3_SEED.completedDocumentId, folder: 'true', folder_name: 'true' },
		]);
		const whole = await readDetails(V3_SEED.completedDocumentId, {
			simplify: false,
			sections: ['folder', 'folder_name'],
		});
		expect(simple).toEqual({
			documentId: V3_SEED.completedDocumentId,
			name: whole.document.name,
			irn: V3_SEED.completedIrn,
			status: 'COMPLETED',
			createdAt: expect.stringMatching(/\+05:30$/),
			completedAt: expect.stringMatching(/\+05:30$/),
			folderName: whole.folders[0].name,
			invitees: whole.invitations.map((invitee: Json) => ({
				name: invitee.name,
				email: invitee.email,
				phone: invitee.phone,
				type: 'Signer',
				signUrl: invitee.invitationUrl,
				state: 'SIGNED',
			})),
		});
	});

	it("gives the status in capitals as public client code reads it in data.document ('Completed')", async () => {
		const asClientsRead = await service.rewriteAnswers(servicePaths.details, (answer) => ({
			...answer,
			data: { ...answer.data, document: { ...answer.data.document, status: 'Completed' } },
		}));
		const simple = await readDetails(V3_SEED.completedDocumentId, {}, asClientsRead);
		expect(simple).toMatchObject({ documentId: V3_SEED.completedDocumentId, status: 'COMPLETED' });
	});

	it('tells a reviewer who approved from an invitee whose turn has not come', async () => {
		await inviteeActs(service.emulator.env, V3_SEED.sentDocumentId, 'review-approve');
		const simple = await readDetails(V3_SEED.sentDocumentId);
		expect(simple.completedAt).toBeNull();
		expect(simple.invitees.map(({ type, state }: Json) => [type, state])).toEqual([
			['Reviewer', 'APPROVED'],
			['Signer', 'ACTIVE'],
		]);
		// The status answer shows the approved reviewer as neither signed nor active (choices/v3.md).
		const status = await readStatus(V3_SEED.sentDocumentId);
		expect(status.invitees.map(({ state }: Json) => state)).toEqual(['WAITING', 'ACTIVE']);
	});

	it('off: sends the chosen sections and gives the whole data', async () => {
		const whole = await readDetails(V3_SEED.completedDocumentId, {
			simplify: false,
			sections: ['cc'],
		});
		expect(detailQueries()).toEqual([{ documentId: V3_SEED.completedDocumentId, cc: 'true' }]);
		expect(whole).toMatchObject({
			document: expect.objectContaining({
				id: V3_SEED.completedDocumentId,
				profileId: expect.any(String),
			}),
			invitations: [
				expect.objectContaining({ invitationStatus: expect.any(Object) }),
				expect.anything(),
			],
			cc: expect.anything(),
		});
	});
});
