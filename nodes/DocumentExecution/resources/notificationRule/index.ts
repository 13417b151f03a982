import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { getTypesOperation } from './getTypes';
import { updateFields, updateOperation } from './update';

const operation = operationSelector('notificationRule', 'update', [
	getTypesOperation,
	updateOperation,
]);

/** The organisation's notification rules (v1). */
export const notificationRuleResource: ResourceModule = {
	option: {
		name: 'Notification Rule',
		value: 'notificationRule',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...updateFields],
};
