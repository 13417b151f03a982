import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * What n8n's routing gives every request of the node, which the node's own sender sends as it is: the node's
 * request defaults (the Accept header) and the Request Options a user sets (its time-out and batching).
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const status = { operation: 'getStatus', documentId: V3_SEED.sentDocumentId };

it('a read carries the Accept header of the node', async () => {
	const result = await runDocument(emulator, status);
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(requestsOn(emulator, servicePaths.status)[0].headers.accept).toBe('application/json');
});

it('Request Options → Timeout ends a read the service never answers', async () => {
	emulator.faults.inject({ kind: 'timeout', path: servicePaths.status });
	const started = Date.now();
	const result = await runDocument(emulator, { ...status, requestOptions: { timeout: 300 } });
	expect(result.nodeError(NODE_NAME)?.message).toMatch(/timed out|timeout|aborted/i);
	// Without the option, n8n's default of 300 s would hold the request past the test's own time limit.
	expect(Date.now() - started).toBeLessThan(5_000);
});

it('Request Options → Batching sends the items one batch at a time, in their order', async () => {
	const input = [V3_SEED.sentDocumentId, V3_SEED.completedDocumentId, V3_SEED.sentDocumentId].map(
		(id) => ({ json: { id } }),
	);
	const started = Date.now();
	const result = await runDocument(
		emulator,
		{
			operation: 'getStatus',
			documentId: '={{ $json.id }}',
			requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 250 } } },
		},
		{ input },
	);
	expect(Date.now() - started).toBeGreaterThanOrEqual(500);
	expect(result.items.map((item) => item.json.documentId)).toEqual(
		input.map((item) => item.json.id),
	);
	expect(
		requestsOn(emulator, servicePaths.status).map((request) => request.query.documentId),
	).toEqual(input.map((item) => item.json.id));
});
