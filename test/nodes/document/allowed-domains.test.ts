import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Emulator } from '../../emulator/server';
import { V3_SEED } from '../../emulator/families/v3';
import { isPdf } from '../../fixtures/pdf';
import { NODE_NAME } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import {
	createWithIrn,
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startV3Emulator,
	v3State,
} from './setup';

/**
 * A credential's "Allowed HTTP Request Domains" (n8n 2.x) still lets the node reach its own service: n8n adds a
 * declarative node's own host to a "Specific Domains" list, and the node's base URL comes from the credential
 * in a preSend, so the preSend puts the credential's host in that list (shared/requests/routing.ts). The requests
 * the node sends itself (`serviceRequest`) carry the same list (`credentialTarget`, nodes/shared/environment.ts).
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

it("Create Signing Request with a credential's Specific Domains, none listed: the lookup and the create reach the service", async () => {
	const result = await runDocument(emulator, createWithIrn('DOMAINS-1'), {
		input: [await pdfItem()],
		credentials: {
			documentExecutionApi: {
				...tokenCredential(emulator),
				allowedHttpRequestDomains: 'domains',
				allowedDomains: '',
			},
		},
	});
	expect(result.nodeError(NODE_NAME)).toBeUndefined();
	expect(emulator.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
		`GET ${servicePaths.list}`,
		`POST ${servicePaths.create}`,
	]);
	expect(result.items[0].json).toMatchObject({ irn: 'DOMAINS-1', documentId: expect.any(String) });
});

/**
 * A service at 127.0.0.1 that redirects every request to the emulator under another name (`localhost`): n8n's
 * request layer refuses to follow a redirect off a credential's allowed domains.
 */
async function startRedirector(): Promise<{ baseUrl: string; server: Server }> {
	const target = new URL(emulator.origin);
	const server = createServer((request, response) => {
		response.writeHead(307, { location: `http://localhost:${target.port}${request.url}` });
		response.end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { baseUrl: `http://127.0.0.1:${port}/api`, server };
}

describe('A redirect off the allowed domains is refused, in the requests the node sends itself too', () => {
	const signUrl = () => {
		const doc = v3State(emulator).documents.get(V3_SEED.sentDocumentId)!;
		return `${emulator.origin}/sign/${doc.invitees[0].uuid}`;
	};
	it.each([
		[
			'Get Status',
			() => ({ operation: 'getStatus', documentId: V3_SEED.sentDocumentId }),
			servicePaths.status,
		],
		// Resend Invitations in a workflow sends its batches itself (serviceRequest), not through routing.
		[
			'Resend Invitations',
			() => ({ operation: 'resend', signUrls: signUrl() }),
			servicePaths.resend,
		],
	])('%s', async (_name, parameters, path) => {
		const redirector = await startRedirector();
		try {
			const restricted = (allowedDomains: string) =>
				runDocument(emulator, parameters(), {
					credentials: {
						documentExecutionApi: {
							...tokenCredential(emulator),
							baseUrl: redirector.baseUrl,
							allowedHttpRequestDomains: 'domains',
							allowedDomains,
						},
					},
				});
			const refused = await restricted('');
			expect(refused.nodeError(NODE_NAME)?.message).toMatch(
				/^Redirected request failed: Domain not allowed: .*localhost/,
			);
			expect(requestsOn(emulator, path)).toHaveLength(0);
			const allowed = await restricted('localhost');
			expect(allowed.nodeError(NODE_NAME)).toBeUndefined();
			expect(requestsOn(emulator, path)).toHaveLength(1);
		} finally {
			redirector.server.close();
		}
	});
});
