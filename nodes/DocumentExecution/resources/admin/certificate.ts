import { ADMIN, adminResource } from './common';
import { searchProperties } from './search';

const resource = ADMIN.certificate;

export const certificate = adminResource(
	'Certificate',
	resource,
	searchProperties({
		resource,
		plural: 'certificates',
		path: '/certificates/search',
		fields: [
			{ name: 'Certificate Type', value: 'certificateType' },
			{ name: 'Created At', value: 'createdAt' },
			{ name: 'Department ID', value: 'departmentId' },
			{ name: 'Department Name', value: 'departmentName' },
			{ name: 'Expiry', value: 'expiry' },
			{ name: 'ID', value: 'id' },
			{ name: 'Name', value: 'name' },
		],
		exampleFilter: { operator: 'AND', filters: [{ field: 'certificateType', operator: 'EQ', value: ['PKCS12_PFX'] }] },
	}),
);
