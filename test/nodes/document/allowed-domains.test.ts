import type { Emulator } from '../../emulator/server';
import { V3_SEED } from '../../emulator/families/v3';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import { runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * A credential's "Allowed HTTP Request Domains" (n8n 2.x) still lets the node reach its own service: n8n adds a
 * declarative node's own host to a "Specific Domains" list, and the node's base URL comes from the credential
 * in a preSend, so the preSend puts the credential's host in that list (shared/requests/routing.ts).
 */

let emulator: Emulator;
beforeEach(async () => (emulator = await startV3Emulator()));
afterEach(async () => await emulator.close());

describe.each([
	{ name: 'Get Status', parameters: { operation: 'getStatus' }, path: servicePaths.status },
	{
		name: 'Download File',
		parameters: { operation: 'download', downloadType: 'DOCUMENT' },
		path: servicePaths.fetch,
	},
])("$name with a credential's allowed domains", ({ parameters, path }) => {
	it.each([
		['Specific Domains, none listed', { allowedHttpRequestDomains: 'domains', allowedDomains: '' }],
		[
			'Specific Domains, others listed',
			{ allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com' },
		],
		['None (not for the HTTP Request node)', { allowedHttpRequestDomains: 'none' }],
		['All', { allowedHttpRequestDomains: 'all' }],
	])('%s: the request reaches the service', async (_name, restriction) => {
		const result = await runDocument(
			emulator,
			{
				...parameters,
				documentId: { __rl: true, mode: 'id', value: V3_SEED.completedDocumentId },
			},
			{ credentials: { documentExecutionApi: { ...tokenCredential(emulator), ...restriction } } },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(emulator.requestsTo(path)).toHaveLength(1);
		const [item] = result.items;
		expect(item.json.documentId).toBe(V3_SEED.completedDocumentId);
		// Download File's file, read from the link the service answered.
		if (parameters.operation === 'download') expect(isPdf(await result.binary(item))).toBe(true);
	});
});
