import type { INodeProperties } from 'n8n-workflow';

/**
 * The key of the webhook MAC, on both credentials so that the trigger can verify with either. It never leaves
 * the credential: the trigger only feeds it to the HMAC.
 */
export const privateSaltProperty: INodeProperties = {
	displayName: 'Private Salt',
	name: 'privateSalt',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		"The account's private salt from the dashboard's API settings. The Document Execution Trigger uses it to verify each webhook's MAC; leave empty to accept unverified deliveries.",
};
