import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlExpression, environmentProperties } from '../nodes/shared/environment';
import { privateSaltProperty } from '../nodes/shared/privateSalt';

export class DocumentExecutionApi implements ICredentialType {
	name = 'documentExecutionApi';

	displayName = 'Document Execution API';

	icon: Icon = {
		light: 'file:../icons/documentExecution.svg',
		dark: 'file:../icons/documentExecution.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution#credentials';

	properties: INodeProperties[] = [
		...environmentProperties,
		{
			displayName: 'Auth Token',
			name: 'authToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "The account's API auth token, sent as the X-Auth-Token header",
		},
		privateSaltProperty,
	];

	// A function, not a `={{$credentials.authToken}}` header, which would cost an expression evaluation per
	// request (docs/choices/performance.md, Expression evaluations).
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'X-Auth-Token': String(credentials.authToken) },
		};
	}

	// The v3 family answers failures, a refused token included, with HTTP 200 and `status: 0`.
	test: ICredentialTestRequest = {
		request: {
			baseURL: baseUrlExpression,
			url: '/v3.0/sign/request/list',
			qs: { max: 1 },
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'status',
					value: 0,
					message: 'The service refused this Auth Token',
				},
			},
		],
	};
}
