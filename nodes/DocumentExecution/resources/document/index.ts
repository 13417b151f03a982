import type { ResourceModule } from '../types';
import { documentProperties, RESOURCE } from './description';
import { withMarkComplete } from './markComplete';
import { resendInvitations } from './resend';

/** Signing requests and their documents: the service's v3 family (v3.0, v3.2, v3.3). */
export const documentResource: ResourceModule = {
	option: { name: 'Document', value: RESOURCE, description: 'Signing requests, their status and their signed files (v3)' },
	family: 'v3',
	properties: withMarkComplete(documentProperties),
	// Resend batches sign URLs across items (at most 15 per request), which routing cannot express.
	customOperations: { resend: resendInvitations },
};
