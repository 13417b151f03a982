import type { INodePropertyOptions } from 'n8n-workflow';

import { v1Routing } from '../../shared/requests/routing';
import { paginateSearch } from '../../shared/v1Search/pager';
import { searchProperties } from '../../shared/v1Search/fields';
import { buildSearch } from '../../shared/v1Search/request';

/** Certificate → Search: the spec's certificate fields, to filter and sort by (the rest: shared/v1Search/). */
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

export const searchOperation: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	description: 'Search certificates with filters and sorting',
	action: 'Search certificates',
	// Pages by the spec's 0-based page index and reads pagination.total (shared/v1Search/pager.ts).
	routing: v1Routing('POST', '/certificates/search', {
		preSend: [buildCertificateSearch],
		paginate: paginateSearch,
	}),
};
