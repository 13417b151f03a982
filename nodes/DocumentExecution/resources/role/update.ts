import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { refuseBrokenRules, requiredText, type FieldLabels } from '../../shared/form/rules';
import { idList, updateFieldsOf, withoutId } from '../../shared/form/v1Fields';

/** Role → Update: the name always (the service requires it), the entitlements when added to Update Fields. */

/** What is checked: the role's ID (sent in the URL) and the body. */
export const updateSchema = z
	.object({
		id: requiredText(),
		name: requiredText(),
		entitlementIds: idList().optional(),
	})
	.strict();

export const UPDATE_LABELS: FieldLabels = {
	id: 'Role ID',
	name: 'Name',
	updateFields: 'Update Fields',
	entitlementIds: 'Entitlement IDs',
};

/** preSend: Name and the fields added to Update Fields, once they and the Role ID keep the rules. */
export async function buildRoleUpdate(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fields = updateFieldsOf(this, UPDATE_LABELS, ['entitlementIds']);
	const input = {
		id: parameter(this, 'roleId', null),
		name: parameter(this, 'name', null),
		...fields,
	};
	requestOptions.body = withoutId(refuseBrokenRules(this, updateSchema, input, UPDATE_LABELS));
	return requestOptions;
}

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Role ID',
		name: 'roleId',
		type: 'string',
		default: '',
		required: true,
		description: 'The ID of the role to update',
		displayOptions: showFor('role', ['update']),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description:
			"The role's name (the service requires it on every update; repeat the current one to keep it)",
		displayOptions: showFor('role', ['update']),
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('role', ['update']),
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

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Rename a role and, optionally, replace its entitlements',
	action: 'Update a role',
	routing: v1Routing(
		'PUT',
		'=/roles/{{ encodeURIComponent(String($parameter["roleId"]).trim()) }}',
		{ preSend: [buildRoleUpdate] },
	),
};
