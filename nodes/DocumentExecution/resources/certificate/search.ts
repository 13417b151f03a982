import type { INodePropertyOptions } from 'n8n-workflow';

import { buildSearch } from '../../shared/v1Search';
import { searchProperties } from '../../shared/v1SearchFields';

/** Certificate → Search: the spec's certificate fields, to filter and sort by (the rest: shared/v1Search*.ts). */
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
