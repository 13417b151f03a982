import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME, runNode } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, startV3Emulator, v3State } from '../document/setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const paths = {
	activate: '/api/v3.1/invitation/activate',
	delete: '/api/v3.0/sign/request/invitation',
} as const;
const uuidOf = (documentId: string, invitee: number) =>
	v3State(emulator).documents.get(documentId)!.invitees[invitee].uuid;
const signUrlOf = (documentId: string, invitee: number) =>
	`${emulator.origin}/sign/${uuidOf(documentId, invitee)}`;
const runInvitation = async (operation: keyof typeof paths, signUrl: string) =>
	await runNode(
		{ authentication: 'authToken', resource: 'invitation', operation, signUrl },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
	);

describe('Invitation → Activate', () => {
	it('sends the sign URL with PUT and outputs the outcome', async () => {
		const signUrl = signUrlOf(V3_SEED.sentDocumentId, 1);
		const { items } = await runInvitation('activate', signUrl);
		const [request] = requestsOn(emulator, paths.activate, 'PUT');
		expect(request.query).toEqual({ signUrl });
		expect(request.headers['x-auth-token']).toBe('emulator-token');
		expect(items.map((item) => item.json)).toEqual([
			{
				signUrl,
				activated: true,
				code: 'invitation.activate.success',
				message: 'Invitation activated',
			},
		]);
	});

	it("turns the service's refusal into an error carrying its code", async () => {
		const result = await runInvitation('activate', signUrlOf(V3_SEED.sentDocumentId, 0));
		expect(result.nodeError(NODE_NAME)?.message).toContain('[invitation.already.active]');
	});
});

describe('Invitation → Delete', () => {
	it('sends the UUID alone as the sign URL and outputs the outcome', async () => {
		const uuid = uuidOf(V3_SEED.sentDocumentId, 1);
		const { items } = await runInvitation('delete', uuid);
		expect(requestsOn(emulator, paths.delete, 'DELETE')[0].query).toEqual({ signUrl: uuid });
		expect(items[0].json).toEqual({
			signUrl: uuid,
			deleted: true,
			code: 'invitation.deleted.success',
			message: 'Invitation deleted successfully',
		});
		expect(v3State(emulator).documents.get(V3_SEED.sentDocumentId)!.invitees).toHaveLength(1);
	});

	it("turns the service's refusal of a signed invitation into an error carrying its code", async () => {
		const result = await runInvitation('delete', signUrlOf(V3_SEED.completedDocumentId, 0));
		expect(result.nodeError(NODE_NAME)?.message).toContain('[invitation.already.signed]');
	});
});

describe('Invitation: refused before any request', () => {
	it.each([
		['activate', '={{ "" }}'],
		['activate', 'https://app1.leegality.com/sign/not-a-uuid'],
		['delete', '   '],
		['delete', 'DOCSENT0000001'],
	] as const)('%s with Sign URL %j', async (operation, signUrl) => {
		const result = await runInvitation(operation, signUrl);
		expect(result.nodeError(NODE_NAME)?.message).toMatch(
			/^Sign URL: (is required|must be a sign URL \(…\/sign\/<UUID>\) or just its UUID)$/,
		);
		expect(requestsOn(emulator, paths[operation])).toHaveLength(0);
	});
});
