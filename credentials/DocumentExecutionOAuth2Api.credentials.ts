import type { ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import { baseUrlExpression, environmentProperties } from '../nodes/shared/environment';
import { privateSaltProperty } from '../nodes/shared/privateSalt';

const authServerUrl = '{{ $self["authServerUrl"].replace(/\\/+$/, "") }}';

export class DocumentExecutionOAuth2Api implements ICredentialType {
	name = 'documentExecutionOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Document Execution OAuth2 API';

	icon: Icon = {
		light: 'file:../icons/documentExecution.svg',
		dark: 'file:../icons/documentExecution.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution#credentials';

	properties: INodeProperties[] = [
		{
			displayName:
				'The service accepts OAuth2 on its v4 pack and media operations only. When you register the client, use this instance\'s address with 127.0.0.1 in the redirect URL: the service refuses "localhost" as a redirect host.',
			name: 'oauthNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'authorizationCode',
		},
		...environmentProperties,
		{
			displayName: 'Authorization Server URL',
			name: 'authServerUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://auth.example.com',
			description:
				'The base address of the OAuth 2.0 endpoints ({auth_url}); the service does not publish it, so ask your account manager. n8n appends /oauth2/authorize and /oauth2/token.',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `=${authServerUrl}/oauth2/authorize`,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `=${authServerUrl}/oauth2/token`,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: '*',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			// The token endpoint rejects client credentials in the body: send them as a Basic header.
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
		privateSaltProperty,
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: baseUrlExpression,
			url: '/v4/packs/search',
			qs: { max: 1 },
		},
	};
}
