import type { INodePropertyOptions } from 'n8n-workflow';

import { buildSearch, searchProperties } from '../../shared/v1Search';

/** Certificate → Search: the spec's certificate fields, to filter and sort by (the rest is shared/v1Search.ts). */
const FIELDS: INodePropertyOptions[] = [
	{ name: 'Certificate Type', value: 'certificateType' },
	{ name: 'Created At', value: 'createdAt' },
	{ name: 'Department ID', value: 'departmentId' },
	{ name: 'Department Name', value: 'departmentName' },
	{ name: 'Expiry', value: 'expiry' },
	{ name: 'ID', value: 'id' },
	{ name: 'Name', value: 'name' },
];

export const buildCertificateSearch = buildSearch(FIELDS);

export const searchFields = searchProperties({
	resource: 'certificate',
	fields: FIELDS,
	exampleFilter: {
		operator: 'AND',
		filters: [{ field: 'certificateType', operator: 'EQ', value: ['PKCS12_PFX'] }],
	},
});
