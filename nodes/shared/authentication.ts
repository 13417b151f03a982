import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** Both names are stored in workflows: they must not change. */
const CREDENTIALS = [
	{ authentication: 'authToken', credentialType: 'documentExecutionApi' },
	{ authentication: 'oAuth2', credentialType: 'documentExecutionOAuth2Api' },
] as const;

export type Authentication = (typeof CREDENTIALS)[number]['authentication'];

export const credentialTypeFor = (authentication: Authentication): string =>
	CREDENTIALS.find((entry) => entry.authentication === authentication)!.credentialType;

export const nodeCredentials = (): INodeCredentialDescription[] =>
	CREDENTIALS.map(({ authentication, credentialType }) => ({
		name: credentialType,
		required: true,
		displayOptions: { show: { authentication: [authentication] } },
	}));

/** Each node words what OAuth2 covers there (the action node: packs and media only). */
export const authenticationProperty = (wording: {
	oAuth2Name: string;
	description: string;
}): INodeProperties => ({
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Auth Token', value: 'authToken' },
		{ name: wording.oAuth2Name, value: 'oAuth2' },
	],
	default: 'authToken',
	description: wording.description,
});
