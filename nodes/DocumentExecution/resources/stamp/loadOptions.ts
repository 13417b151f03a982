import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { answerList, STAMP_GROUPS_PATH } from '../../../shared/accountReads';
import { readForMethod } from '../../shared/requests/methodRequest';

/**
 * loadOptions of Create's Series Group: the account's stamp groups (`data.seriesGroups`, as the knowledge base's
 * list-stamp-groups article names it). Each is offered by its `groupName`, the name Get Details gives a
 * document's stamp group; Create's `seriesGroup` is typed only as "Stamp group" (docs/choices/document.md).
 */
export async function getStampGroups(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const answer = await readForMethod(this, {
		family: 'v3',
		path: STAMP_GROUPS_PATH,
		qs: {},
		picker: 'Series Group',
	});
	return answerList(answer, 'seriesGroups')
		.filter((group) => typeof group.groupName === 'string' && group.groupName !== '')
		.map((group) => ({
			name: group.state
				? `${String(group.groupName)} (${String(group.state)})`
				: String(group.groupName),
			value: String(group.groupName),
		}));
}
