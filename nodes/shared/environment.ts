import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

/**
 * The service's public hosts (from its knowledge base). The spec only says that `{base_url}` differs per
 * environment and ends in `/api`; this is the one place to change them.
 */
export const SERVICE_HOSTS = {
	production: 'https://app1.leegality.com/api',
	sandbox: 'https://sandbox.leegality.com/api',
} as const;

export type Environment = keyof typeof SERVICE_HOSTS | 'custom';

export const environmentProperties: INodeProperties[] = [
	{
		displayName: 'Environment',
		name: 'environment',
		type: 'options',
		options: [
			{ name: 'Production', value: 'production', description: SERVICE_HOSTS.production },
			{ name: 'Sandbox', value: 'sandbox', description: SERVICE_HOSTS.sandbox },
			{
				name: 'Custom',
				value: 'custom',
				description: 'A dedicated deployment or a local emulator',
			},
		],
		default: 'production',
	},
	{
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		placeholder: 'https://documents.example.com/api',
		hint: 'The service address up to and including the final /api segment',
		displayOptions: { show: { environment: ['custom'] } },
		required: true,
	},
];

/** `{base_url}` for a credential, without a trailing slash. Used where code (not routing) sends a request. */
export function resolveBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const environment = credentials.environment as Environment;
	const url =
		environment === 'custom' ? String(credentials.baseUrl ?? '') : SERVICE_HOSTS[environment];
	return url.replace(/\/+$/, '');
}

/** Where a credential's requests go: its base URL, and the hosts its domain restriction allows. */
export interface CredentialTarget {
	baseUrl: string;
	/** Undefined: n8n's own value stands (no restriction to specific domains). */
	allowedDomains?: string;
}

/**
 * A credential's base URL and, where its "Allowed HTTP Request Domains" is "Specific Domains", the list n8n's
 * request layer enforces (on redirects too): the credential's own host first, as n8n adds a declarative node's
 * own host to the list (`getCredentialAllowedDomains`), then the hosts the user listed. Every request the
 * package sends with a credential carries it: the routed and custom operations (`putCredentialBaseUrl`) and
 * the requests it sends itself (`serviceRequest`).
 */
export function credentialTarget(credentials: ICredentialDataDecryptedObject): CredentialTarget {
	const baseUrl = resolveBaseUrl(credentials);
	if (credentials.allowedHttpRequestDomains !== 'domains') return { baseUrl };
	const host = new URL(baseUrl).hostname;
	const listed =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	return { baseUrl, allowedDomains: listed ? `${host}, ${listed}` : host };
}

/**
 * The same resolution as an n8n expression, for `requestDefaults` and credential tests, where only
 * expressions are evaluated. Built from SERVICE_HOSTS so that the hosts stay in one place.
 */
export const baseUrlExpression = `={{ ($credentials.environment === 'custom' ? String($credentials.baseUrl ?? '') : ${JSON.stringify(
	SERVICE_HOSTS,
)}[$credentials.environment ?? 'production']).replace(/\\/+$/, '') }}`;
