import type {
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	NodeOutput,
} from 'n8n-workflow';

import type { ServiceFamily } from '../../shared/errors';

/**
 * One resource of the Document Execution node: its entry in the Resource list, the service family it
 * talks to (which decides its error envelope and whether OAuth2 may be used), its operations and fields
 * (each with `displayOptions.show.resource` set to its value), and the operations that routing cannot express, run as n8n `customOperations`.
 */
export interface ResourceModule {
	option: INodePropertyOptions & { value: string };
	family: ServiceFamily;
	properties: INodeProperties[];
	customOperations?: Record<string, (this: IExecuteFunctions) => Promise<NodeOutput>>;
}
