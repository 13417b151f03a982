import type {
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	NodeOutput,
} from 'n8n-workflow';

/**
 * One resource of the Document Execution node: its entry in the Resource list, its operations and fields (each
 * with `displayOptions.show.resource` set to its value), and the operations that routing cannot express, run as
 * n8n `customOperations`. The service family of each operation (its error envelope, whether OAuth2 may be used)
 * is its routing's: `v3Routing`, `v4Routing` or `v1Routing`.
 */
export interface ResourceModule {
	option: INodePropertyOptions & { value: string };
	properties: INodeProperties[];
	customOperations?: Record<string, (this: IExecuteFunctions) => Promise<NodeOutput>>;
}
