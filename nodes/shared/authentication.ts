import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/**
 * The Authentication parameter both nodes carry, and the credential type behind each of its values. The
 * values and the credential type names are stored in workflows: they must not change.
 */
const CREDENTIALS = [
	{ authentication: 'authToken', credentialType: 'documentExecutionApi' },
	{ authentication: 'oAuth2', credentialType: 'documentExecutionOAuth2Api' },
] as const;

export type Authentication = (typeof CREDENTIALS)[number]['authentication'];

/** The credential type to use for an Authentication value. */
export const credentialTypeFor = (authentication: Authentication): string =>
	CREDENTIALS.find((entry) => entry.authentication === authentication)!.credentialType;

/** A node's credentials: each type shown (and required) when Authentication selects it. */
export const nodeCredentials = (): INodeCredentialDescription[] =>
	CREDENTIALS.map(({ authentication, credentialType }) => ({
		name: credentialType,
		required: true,
		displayOptions: { show: { authentication: [authentication] } },
	}));

/**
 * The Authentication parameter. Each node says in its own words what OAuth2 covers there: the main node
 * takes it on pack and media only, the trigger uses the credential for its salt and its re-fetch.
 */
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
