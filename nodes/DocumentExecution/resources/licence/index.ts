import { operationSelector } from '../../shared/descriptions';
import { v1Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { buildLicence, installFields } from './install';

const operation = operationSelector('licence', 'install', [
	{
		name: 'Install',
		value: 'install',
		description:
			'Install a licence from its content (JWT-formatted data, from a file of any extension or as text)',
		action: 'Install a licence',
		routing: v1Routing('POST', '/licenses', { preSend: [buildLicence] }),
	},
]);

/** The organisation's licence (v1). */
export const licenceResource: ResourceModule = {
	option: { name: 'Licence', value: 'licence', description: 'Organisation administration (v1)' },
	properties: [operation, ...installFields],
};
