import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { activateOperation } from './activate';
import { signUrlFields } from './common';
import { deleteOperation } from './delete';

const operation = operationSelector('invitation', 'activate', [activateOperation, deleteOperation]);

/** One invitee's invitation on a v3 document: activate it out of turn, or delete it (v3.0, v3.1). */
export const invitationResource: ResourceModule = {
	option: {
		name: 'Invitation',
		value: 'invitation',
		description: "One invitee's invitation on a document (v3)",
	},
	properties: [operation, ...signUrlFields],
};
