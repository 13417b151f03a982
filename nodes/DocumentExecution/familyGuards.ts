import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkV1Response, checkV3Response, checkV4Response, type ServiceFamily } from '../shared/errors';
import type { ResourceModule } from './resources/types';

const checks = { v3: checkV3Response, v4: checkV4Response, v1: checkV1Response };

async function refuseOAuth2(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	throw new NodeOperationError(this.getNode(), 'Authentication: this operation needs the Auth Token credential', {
		itemIndex: this.getItemIndex(),
		description:
			'The service accepts OAuth2 only on its v4 pack and media operations. Set Authentication to "Auth Token" and choose a Document Execution API credential.',
	});
	return requestOptions;
}

const resourcesOf = (modules: ResourceModule[], keep: (family: ServiceFamily) => boolean) =>
	modules.filter((module) => keep(module.family)).map((module) => module.option.value);

/**
 * Hidden properties that give every routed operation of a family the same first steps: refuse OAuth2
 * where the service does not take it (before any request), and read the family's error envelope before
 * any other postReceive step. They come before the resources' own properties so that they run first.
 */
export function familyGuards(modules: ResourceModule[]): INodeProperties[] {
	const guards: INodeProperties[] = [];
	const tokenOnly = resourcesOf(modules, (family) => family !== 'v4');
	if (tokenOnly.length) {
		guards.push({
			displayName: 'Token Only',
			name: 'tokenOnlyGuard',
			type: 'hidden',
			default: '',
			displayOptions: { show: { resource: tokenOnly, authentication: ['oAuth2'] } },
			routing: { send: { preSend: [refuseOAuth2] } },
		});
	}
	for (const family of ['v3', 'v4', 'v1'] as const) {
		const resources = resourcesOf(modules, (candidate) => candidate === family);
		if (!resources.length) continue;
		guards.push({
			displayName: `Service Envelope ${family}`,
			name: `${family}EnvelopeGuard`,
			type: 'hidden',
			default: '',
			displayOptions: { show: { resource: resources } },
			routing: { output: { postReceive: [checks[family]] } },
		});
	}
	return guards;
}
