import type { INodeProperties } from 'n8n-workflow';

import { v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, showFor, v1PathTo } from './common';
import { buildRoleUpdate } from './hooks';

const resource = ADMIN.role;

const operation = adminOperations(resource, 'update', [
	{
		name: 'Update',
		value: 'update',
		description: "Rename a role and, optionally, replace its entitlements",
		action: 'Update a role',
		routing: v1Routing('PUT', v1PathTo('/roles/', 'roleId'), { preSend: [buildRoleUpdate] }),
	},
]);

const update = showFor(resource, ['update']);

const fields: INodeProperties[] = [
	{
		displayName: 'Role ID',
		name: 'roleId',
		type: 'string',
		default: '',
		required: true,
		description: 'The ID of the role to update',
		displayOptions: update,
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: "The role's name (the service requires it on every update; repeat the current one to keep it)",
		displayOptions: update,
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: update,
		options: [
			{
				displayName: 'Entitlement IDs',
				name: 'entitlementIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. ent-001, ent-003',
				description:
					'IDs of the entitlements (such as DOCUMENT_SIGN or USER_MANAGEMENT) the role grants, comma-separated; the IDs are fixed by the service. Replaces the current entitlements; leave empty to remove them all. Without this field the entitlements stay as they are.',
			},
		],
	},
];

export const role = adminResource('Role', resource, [operation, ...fields]);
