import type { INodePropertyOptions } from 'n8n-workflow';

import { STAMP_GROUPS_PATH } from '../../../shared/accountReads';
import { outputListOf } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';

/** Stamp → Get Groups: one item per stamp group of the account. */

export const getGroupsOperation: INodePropertyOptions = {
	name: 'Get Groups',
	value: 'getGroups',
	action: 'Get stamp groups',
	description: 'List the stamp groups of the account, one item per group',
	routing: v3Routing('GET', STAMP_GROUPS_PATH, {
		output: outputListOf('seriesGroups'),
	}),
};
