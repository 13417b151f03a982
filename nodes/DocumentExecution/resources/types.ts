import type { IExecuteFunctions, INodeProperties, INodePropertyOptions, NodeOutput } from 'n8n-workflow';

import type { Creation, ServiceFamily } from '../../shared/errors';

/**
 * One resource of the Document Execution node: its entry in the Resource list, the service family it
 * talks to (which decides its error envelope and whether OAuth2 may be used), its operations and fields
 * (each with `displayOptions.show.resource` set to its value), the operations that create something at
 * the service, and the operations that routing cannot express, run as n8n `customOperations`.
 */
export interface ResourceModule {
	option: INodePropertyOptions & { value: string };
	family: ServiceFamily;
	properties: INodeProperties[];
	/** By operation value: the routed operations that create something, which are not safe to send twice. */
	creates?: Record<string, Creation>;
	customOperations?: Record<string, (this: IExecuteFunctions) => Promise<NodeOutput>>;
}
