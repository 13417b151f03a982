import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, isExpression, NodeHelpers, Workflow } from 'n8n-workflow';

import { credentialProperties, credentialTypes, nodeTypes, parentTypes } from './types';

let helpers = 0;

/**
 * Credentials for in-process runs, applied the way the n8n application's credentials helper applies them:
 * defaults filled in, `={{...}}` values resolved (with `$self`), a generic `authenticate` evaluated against
 * the request, and OAuth2 token updates written back. Credentials are kept in memory by type name.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	/** Stored credential data by type name; OAuth2 refreshes update it, as n8n updates its database. */
	readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/** Tells this helper's credentials from another's (their ids in the nodes, see withCredentialRefs). */
	readonly serial = ++helpers;

	/** How many times the engine persisted refreshed OAuth2 token data, by credential type. */
	readonly tokenUpdates = new Map<string, number>();

	constructor(credentials: Record<string, ICredentialDataDecryptedObject> = {}) {
		super();
		for (const [type, data] of Object.entries(credentials))
			this.store.set(type, structuredClone(data));
	}

	getParentTypes(name: string): string[] {
		return parentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes.get(typeName);
		const authenticate = type?.authenticate;
		if (typeof authenticate === 'function')
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (authenticate?.type === 'generic') {
			if (!workflow || !node)
				throw new Error('Generic authentication needs the workflow and the node');
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				const bag = ((requestOptions as unknown as Record<string, Record<string, unknown>>)[
					target
				] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					bag[resolve(key, credentials, workflow, node)] = resolve(
						value,
						credentials,
						workflow,
						node,
					);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const data = this.stored(type);
		return {
			id: details.id ?? type,
			name: details.name,
			type,
			data: undefined,
			getData: () => structuredClone(data),
			getDataToSave: () => ({ id: details.id ?? type, name: details.name, type, data: '' }),
			setData: (next: ICredentialDataDecryptedObject) => this.store.set(type, next),
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_details: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.stored(type);
		const withDefaults = NodeHelpers.getNodeParameters(
			credentialProperties(type),
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (stored.oauthTokenData !== undefined) withDefaults.oauthTokenData = stored.oauthTokenData;
		const { workflow, node } = expressionHost();
		return workflow.expression.getComplexParameterValue(
			node,
			withDefaults as INodeParameters,
			mode,
			{},
			undefined,
			undefined,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(
		_details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, structuredClone(data));
	}

	async updateCredentialsOauthTokenData(
		_details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, {
			...this.stored(type),
			oauthTokenData: structuredClone(data.oauthTokenData),
		});
		this.tokenUpdates.set(type, (this.tokenUpdates.get(type) ?? 0) + 1);
	}

	getCredentialsProperties(type: string) {
		return credentialProperties(type);
	}

	private stored(type: string): ICredentialDataDecryptedObject {
		const data = this.store.get(type);
		if (!data) throw new Error(`No credentials of type ${type} were given to the test`);
		return data;
	}
}

function resolve(
	value: string,
	credentials: ICredentialDataDecryptedObject,
	workflow: Workflow,
	node: INode,
): string {
	if (!isExpression(value)) return value;
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
	return resolved ? String(resolved) : '';
}

/** A workflow with one inert node, to evaluate credential expressions outside any execution, as n8n does. */
function expressionHost(): { workflow: Workflow; node: INode } {
	const node: INode = {
		id: 'credentials',
		name: 'credentials',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return { workflow, node };
}
