import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { NODE_NAME, runNode, type SingleNodeOptions } from '../../harness/engine';
import type { Emulator } from '../../emulator/server';
import { tokenCredential } from '../../support/credentials';

/** Where the node sends v1 requests on the emulator: the spec's `{base_url}/api/v1`, literally. */
export const V1 = '/api/api/v1';

export const jwt = (payload: Record<string, unknown>) =>
	[{ alg: 'RS256', typ: 'JWT' }, payload]
		.map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
		.join('.') + '.c2lnbmF0dXJl';

export const validLicence = () =>
	jwt({
		licenseId: 'LIC-2026-001',
		customerId: 'CUST-42',
		exp: Math.floor(Date.now() / 1000) + 365 * 86_400,
		licenseType: 'ACTIVE',
	});

/**
 * Runs the Document Execution node with the token credential of the emulator, and returns what a test
 * checks: output items, the error the node stopped with, and the v1 requests the emulator received.
 */
export async function runAdmin(
	emulator: Emulator,
	parameters: INodeParameters,
	options: SingleNodeOptions & { authToken?: string } = {},
) {
	const before = emulator.requestsTo(V1).length;
	const result = await runNode(
		{ authentication: 'authToken', ...parameters },
		{
			credentials: { documentExecutionApi: tokenCredential(emulator, options.authToken) },
			...options,
		},
	);
	const sent = emulator.requestsTo(V1).slice(before);
	return {
		...result,
		error: result.nodeError(NODE_NAME),
		sent,
		json: (index = 0) => (result.items[index] as INodeExecutionData).json,
	};
}
