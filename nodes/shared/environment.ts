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

/**
 * The same resolution as an n8n expression, for `requestDefaults` and credential tests, where only
 * expressions are evaluated. Built from SERVICE_HOSTS so that the hosts stay in one place.
 */
export const baseUrlExpression = `={{ ($credentials.environment === 'custom' ? String($credentials.baseUrl ?? '') : ${JSON.stringify(
	SERVICE_HOSTS,
)}[$credentials.environment ?? 'production']).replace(/\\/+$/, '') }}`;
