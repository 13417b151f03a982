import type { INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { baseUrlExpression, resolveBaseUrl, SERVICE_HOSTS } from '../../nodes/shared/environment';
import { nodeTypes } from '../harness/types';

/** Evaluates the expression the node's requestDefaults and the credential tests use, with n8n's own engine. */
function evaluateBaseUrl(credentials: Record<string, unknown>): unknown {
	const node: INode = {
		id: 'n',
		name: 'n',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, baseUrlExpression, 'manual', {
		$credentials: credentials,
	});
}

describe('environment → {base_url}', () => {
	it.each([
		['production', 'https://app1.leegality.com/api'],
		['sandbox', 'https://sandbox.leegality.com/api'],
	])('%s resolves to the public host %s', (environment, url) => {
		expect(resolveBaseUrl({ environment })).toBe(url);
		expect(evaluateBaseUrl({ environment })).toBe(url);
		expect(SERVICE_HOSTS[environment as keyof typeof SERVICE_HOSTS]).toBe(url);
	});

	it('custom uses the Base URL field, without a trailing slash', () => {
		const credentials = { environment: 'custom', baseUrl: 'http://127.0.0.1:4010/api/' };
		expect(resolveBaseUrl(credentials)).toBe('http://127.0.0.1:4010/api');
		expect(evaluateBaseUrl(credentials)).toBe('http://127.0.0.1:4010/api');
	});

	it('a credential saved before the Environment field existed means production', () => {
		expect(evaluateBaseUrl({})).toBe(SERVICE_HOSTS.production);
	});
});
