import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { updateFields, updateOperation } from './update';

const operation = operationSelector('role', 'update', [updateOperation]);

/** The organisation's roles (v1). */
export const roleResource: ResourceModule = {
	option: { name: 'Role', value: 'role', description: 'Organisation administration (v1)' },
	properties: [operation, ...updateFields],
};
