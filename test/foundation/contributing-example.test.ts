// CONTRIBUTING.md's "Running a node through n8n's engine in a test" example, kept true by running it.
import { V3_SEED } from '../emulator/families/v3';
import { startEmulator } from '../emulator/server';
import { runNode } from '../harness/engine';
import { tokenCredential } from '../support/credentials';

it('the README example: Get Status through the engine reaches the emulator with the token', async () => {
	const emulator = await startEmulator();
	try {
		const { items } = await runNode(
			{ resource: 'document', operation: 'getStatus', documentId: V3_SEED.completedDocumentId },
			{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
		);
		expect(items[0].json.documentId).toBe(V3_SEED.completedDocumentId);
		expect(emulator.requestsTo('/v3.2/sign/request')[0].headers['x-auth-token']).toBe(
			'emulator-token',
		);
	} finally {
		await emulator.close();
	}
});
