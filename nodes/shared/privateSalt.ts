import type { INodeProperties } from 'n8n-workflow';

/**
 * The account's private salt, the key of the webhook MAC (hex HMAC-SHA1 of document.documentId). Both
 * credentials carry it, so that the Document Execution Trigger can verify deliveries whichever
 * credential it uses. It never leaves the credential: the trigger only feeds it to the HMAC.
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
