import type { IExecuteFunctions, INodeType, INodeTypeDescription, NodeOutput } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { APP_DESCRIPTION } from '../shared/appDescription';
import { authenticationProperty, nodeCredentials } from '../shared/authentication';
import { resources } from './resources';
import { NODE_REQUEST_DEFAULTS } from './shared/requests/routing';
import { searchDocuments } from './resources/document/listSearch';
import { searchPacks } from './resources/pack/listSearch';
import { getStampGroups } from './resources/stamp/loadOptions';

export class DocumentExecution implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Execution',
		name: 'documentExecution',
		icon: {
			light: 'file:../../icons/documentExecution.svg',
			dark: 'file:../../icons/documentExecution.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: APP_DESCRIPTION,
		defaults: { name: 'Document Execution' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials(),
		requestDefaults: NODE_REQUEST_DEFAULTS,
		properties: [
			authenticationProperty({
				oAuth2Name: 'OAuth2 (Pack and Media Only)',
				description:
					'The service accepts OAuth2 only on its v4 pack and media operations; every other operation needs the Auth Token',
			}),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resources.map((resource) => resource.option),
				default: 'document',
			},
			...resources.flatMap((resource) => resource.properties),
		],
	};

	methods = {
		listSearch: { searchDocuments, searchPacks },
		loadOptions: { getStampGroups },
	};

	customOperations = Object.fromEntries(
		resources
			.filter((resource) => resource.customOperations)
			.map((resource) => [resource.option.value, resource.customOperations!]),
	) as Record<string, Record<string, (this: IExecuteFunctions) => Promise<NodeOutput>>>;
}
