import { V3_SEED } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * Get Status and Get Details with Simplify on (the default) give the fields an ops flow branches on, read from
 * the one answer; off, the service's whole `data`, as it comes.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

type Json = Record<string, any>;
const readStatus = async (documentId: string, simplify?: boolean) => {
	const result = await runDocument(emulator, {
		operation: 'getStatus',
		documentId,
		...(simplify === undefined ? {} : { simplify }),
	});
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json as Json;
};
const readDetails = async (documentId: string, parameters: Json = {}) => {
	const result = await runDocument(emulator, {
		operation: 'getDetails',
		documentId,
		...parameters,
	});
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json as Json;
};

describe('Document → Get Status, Simplify', () => {
	it('on by default: the document, its status and each invitee with a state, from the one answer', async () => {
		const whole = await readStatus(V3_SEED.sentDocumentId, false);
		const simple = await readStatus(V3_SEED.sentDocumentId);
		expect(requestsOn(emulator, servicePaths.status)).toHaveLength(2);
		expect(simple).toEqual({
			documentId: V3_SEED.sentDocumentId,
			irn: whole.irn,
			status: 'SENT',
			invitees: whole.requests.map((invitee: Json, position: number) => ({
				name: invitee.name,
				email: invitee.email,
				phone: invitee.phone,
				signUrl: invitee.signUrl,
				expiryDate: invitee.expiryDate,
				state: ['ACTIVE', 'WAITING'][position],
			})),
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

	it("off: the answer's data, whole", async () => {
		const whole = await readStatus(V3_SEED.completedDocumentId, false);
		expect(whole).toMatchObject({
			documentId: V3_SEED.completedDocumentId,
			folderId: expect.any(String),
			requests: [expect.objectContaining({ signed: true, signType: 'AADHAAR' }), expect.anything()],
			files: [expect.stringContaining('/__files/')],
			auditTrail: expect.stringContaining('/__files/'),
			signers: [expect.objectContaining({ name: 'MEERA IYER' }), expect.anything()],
		});
	});
});

describe('Document → Get Details, Simplify', () => {
	const detailQueries = () =>
		requestsOn(emulator, servicePaths.details).map((request) => request.query);

	it('on by default: asks for no section and gives the document, its dates and each invitee with a role and a state', async () => {
		const simple = await readDetails(V3_SEED.completedDocumentId, { sections: ['cc', 'file'] });
		expect(detailQueries()).toEqual([{ documentId: V3_SEED.completedDocumentId }]);
		const whole = await readDetails(V3_SEED.completedDocumentId, { simplify: false, sections: [] });
		expect(simple).toEqual({
			documentId: V3_SEED.completedDocumentId,
			name: whole.name,
			irn: V3_SEED.completedIrn,
			status: 'COMPLETED',
			createdAt: whole.createdAt,
			completedAt: whole.document.completionDate,
			folderName: whole.folderName,
			invitees: whole.invitations.map((invitee: Json) => ({
				name: invitee.name,
				email: invitee.email,
				phone: invitee.phone,
				type: 'Signer',
				signUrl: invitee.invitationUrl,
				state: 'SIGNED',
			})),
		});
		expect(simple.completedAt).toEqual(expect.any(String));
	});

	it('tells a reviewer who approved from an invitee whose turn has not come', async () => {
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'review-approve');
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
			documentId: V3_SEED.completedDocumentId,
			folderId: expect.any(String),
			document: expect.objectContaining({ profileId: expect.any(String) }),
			invitations: [
				expect.objectContaining({ invitationStatus: expect.any(Object) }),
				expect.anything(),
			],
			cc: expect.anything(),
		});
	});
});
