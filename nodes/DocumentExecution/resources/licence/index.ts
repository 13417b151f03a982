import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { installFields, installOperation } from './install';

const operation = operationSelector('licence', 'install', [installOperation]);

/** The organisation's licence (v1). */
export const licenceResource: ResourceModule = {
	option: { name: 'Licence', value: 'licence', description: 'Organisation administration (v1)' },
	properties: [operation, ...installFields],
};
