import type { ICredentialDataDecryptedObject, INodeType } from 'n8n-workflow';

import { runWorkflow } from './engine';
import { credentialTypes, nodeTypes } from './types';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

const PROBE_TYPE = 'test.credentialProbe';

/**
 * Tests a credential the way n8n's CredentialsTester does: its `test.request` becomes the routing of a
 * throw-away declarative node run by RoutingNode with the credential attached; a non-2xx answer fails,
 * then every `responseSuccessBody` rule is checked against the response body.
 */
export async function testCredential(
	type: string,
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const test = credentialTypes.get(type)?.test;
	if (!test) return { status: 'Error', message: 'No testing function found for this credential.' };
	const probe: INodeType = {
		description: {
			displayName: 'Credential probe',
			name: 'credentialProbe',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp-Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		} as INodeType['description'],
	};
	nodeTypes.data[PROBE_TYPE] = { type: probe, sourcePath: '' };
	try {
		const result = await runWorkflow(
			{
				nodes: [
					{
						id: 'probe',
						name: 'Temp-Node',
						type: PROBE_TYPE,
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
				],
				connections: {},
			},
			{ credentials: { [type]: data } },
		);
		const error = result.nodeError('Temp-Node') as
			| (Error & { cause?: { response?: { status: number; statusText?: string }; code?: string } })
			| undefined;
		if (error) {
			const response = error.cause?.response;
			if (response && (response.status < 199 || response.status > 299)) {
				return {
					status: 'Error',
					message: response.statusText || `Received HTTP status code: ${response.status}`,
				};
			}
			return { status: 'Error', message: error.cause?.code ?? error.message };
		}
		const body = result.output('Temp-Node')[0]?.json ?? {};
		for (const rule of test.rules ?? []) {
			if (
				rule.type === 'responseSuccessBody' &&
				lookup(body, rule.properties.key) === rule.properties.value
			) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		return { status: 'OK', message: 'Connection successful!' };
	} finally {
		delete nodeTypes.data[PROBE_TYPE];
	}
}

const lookup = (body: object, path: string): unknown =>
	path
		.split('.')
		.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], body);
