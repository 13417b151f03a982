import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { getOperation } from './get';
import { updateFields, updateOperation } from './update';

const operation = operationSelector('organisationSettings', 'get', [getOperation, updateOperation]);

/** The organisation's retention and audit-trail settings (v1). */
export const organisationSettingsResource: ResourceModule = {
	option: {
		name: 'Organisation Settings',
		value: 'organisationSettings',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...updateFields],
};
