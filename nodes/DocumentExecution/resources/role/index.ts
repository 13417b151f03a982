import { operationSelector } from '../../shared/descriptions';
import { v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { buildRoleUpdate, updateFields } from './update';

const operation = operationSelector('role', 'update', [
	{
		name: 'Update',
		value: 'update',
		description: 'Rename a role and, optionally, replace its entitlements',
		action: 'Update a role',
		routing: v1Routing(
			'PUT',
			'=/roles/{{ encodeURIComponent(String($parameter["roleId"]).trim()) }}',
			{ preSend: [buildRoleUpdate] },
		),
	},
]);

/** The organisation's roles (v1). */
export const roleResource: ResourceModule = {
	option: { name: 'Role', value: 'role', description: 'Organisation administration (v1)' },
	properties: [operation, ...updateFields],
};
