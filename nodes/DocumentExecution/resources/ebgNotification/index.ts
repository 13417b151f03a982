import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { getFields, getOperation } from './get';
import { getManyFields, getManyOperation } from './getMany';

const operation = operationSelector('ebgNotification', 'getMany', [getOperation, getManyOperation]);

/** NeSL electronic bank guarantee (eBG) event notifications: read them (v3.3); Document → Review eBG Notification answers them. */
export const ebgNotificationResource: ResourceModule = {
	option: {
		name: 'eBG Notification',
		value: 'ebgNotification',
		description: 'NeSL electronic bank guarantee event notifications (v3)',
	},
	properties: [operation, ...getFields, ...getManyFields],
};
