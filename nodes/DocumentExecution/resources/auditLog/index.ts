import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { searchFields, searchOperation } from './search';

const operation = operationSelector('auditLog', 'search', [searchOperation]);

/** The organisation's audit logs (v1). */
export const auditLogResource: ResourceModule = {
	option: { name: 'Audit Log', value: 'auditLog', description: 'Organisation administration (v1)' },
	properties: [operation, ...searchFields],
};
