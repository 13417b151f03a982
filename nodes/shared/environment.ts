import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

/** From the service's knowledge base: the spec only says that `{base_url}` differs per environment. */
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

/** `{base_url}` for a credential, without a trailing slash. */
export function resolveBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const environment = credentials.environment as Environment;
	const url =
		environment === 'custom' ? String(credentials.baseUrl ?? '') : SERVICE_HOSTS[environment];
	return url.replace(/\/+$/, '');
}

export interface CredentialTarget {
	baseUrl: string;
	/** Undefined: n8n's own value stands. */
	allowedDomains?: string;
}

/**
 * The credential's own host leads its "Specific Domains" list, as n8n does for a declarative node; every
 * request sent with a credential carries it (see docs/choices/document.md, Base URL).
 */
export function credentialTarget(credentials: ICredentialDataDecryptedObject): CredentialTarget {
	const baseUrl = resolveBaseUrl(credentials);
	if (credentials.allowedHttpRequestDomains !== 'domains') return { baseUrl };
	const host = new URL(baseUrl).hostname;
	const listed =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	return { baseUrl, allowedDomains: listed ? `${host}, ${listed}` : host };
}

/** The same resolution as an expression, for the credential tests, where only expressions are evaluated. */
export const baseUrlExpression = `={{ ($credentials.environment === 'custom' ? String($credentials.baseUrl ?? '') : ${JSON.stringify(
	SERVICE_HOSTS,
)}[$credentials.environment ?? 'production']).replace(/\\/+$/, '') }}`;
