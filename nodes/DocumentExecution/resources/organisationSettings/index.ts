import { operationSelector } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { buildSettingsUpdate, updateFields } from './update';

const operation = operationSelector('organisationSettings', 'get', [
	{
		name: 'Get',
		value: 'get',
		description: "Get the organisation's retention and audit-trail settings",
		action: 'Get organisation settings',
		routing: v1Routing('GET', '/settings', { postReceive: [outputData] }),
	},
	{
		name: 'Update',
		value: 'update',
		description: 'Change the settings you add below; the others keep their values',
		action: 'Update organisation settings',
		routing: v1Routing('PUT', '/settings', { preSend: [buildSettingsUpdate] }),
	},
]);

/** The organisation's retention and audit-trail settings (v1). */
export const organisationSettingsResource: ResourceModule = {
	option: {
		name: 'Organisation Settings',
		value: 'organisationSettings',
		description: 'Organisation administration (v1)',
	},
	properties: [operation, ...updateFields],
};
