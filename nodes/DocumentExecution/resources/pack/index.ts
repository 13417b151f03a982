import { operationSelector } from '../../shared/descriptions';
import { v4Routing } from '../../shared/routing';
import { v4SearchPagination } from '../../shared/v4SearchPager';
import type { ResourceModule } from '../types';
import {
	downloadFields,
	postReceivePackDownload,
	readAnswerAsBytes,
	sendPackDownloadQuery,
} from './download';
import { getFields, postReceivePackGet, preSendPackGet } from './get';
import { preSendPackSearch, searchFields } from './search';

const operation = operationSelector('pack', 'search', [
	{
		name: 'Download',
		value: 'download',
		action: 'Download a pack file',
		description: 'Download a document, audit trail, attachment or supporting document as a file',
		routing: v4Routing('GET', '/v4/packs/download', {
			preSend: [sendPackDownloadQuery, readAnswerAsBytes],
			postReceive: [postReceivePackDownload],
		}),
	},
	{
		name: 'Get',
		value: 'get',
		action: 'Get a pack',
		description: 'Get the details of a pack, with the sections you choose',
		routing: v4Routing('GET', '/v4/packs', {
			preSend: [preSendPackGet],
			postReceive: [postReceivePackGet],
		}),
	},
	{
		name: 'Search',
		value: 'search',
		action: 'Search packs',
		description: 'Search packs by text, status, workflow or IRN',
		// Pages are requested by the runner, which reads the service's pagination object.
		routing: v4Routing('GET', '/v4/packs/search', {
			preSend: [preSendPackSearch],
			pagination: v4SearchPagination,
		}),
	},
]);

/** v4 packs: search, details and file downloads. OAuth2 or the Auth Token. */
export const pack: ResourceModule = {
	option: { name: 'Pack', value: 'pack' },
	properties: [operation, ...getFields, ...searchFields, ...downloadFields],
};
