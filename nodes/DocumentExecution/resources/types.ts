import type {
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	NodeOutput,
} from 'n8n-workflow';

/**
 * One resource of the node: its entry in the Resource list, its operations and fields, and its custom operations.
 * Each operation's service family is its routing's (`v3Routing`, `v4Routing` or `v1Routing`).
 */
export interface ResourceModule {
	option: INodePropertyOptions & { value: string };
	properties: INodeProperties[];
	customOperations?: Record<string, (this: IExecuteFunctions) => Promise<NodeOutput>>;
}
