import { EBG_NOTIFICATION_PATH, EBG_NOTIFICATIONS_PATH } from '../../../shared/accountReads';
import { operationSelector } from '../../shared/descriptions';
import { outputData } from '../../shared/outputs';
import { v3Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { checkNotificationId, getFields } from './get';
import { checkListQuery, getManyFields } from './getMany';

const operation = operationSelector('ebgNotification', 'getMany', [
	{
		name: 'Get',
		value: 'get',
		action: 'Get an electronic bank guarantee notification',
		description: 'Get every detail of one eBG event notification',
		routing: v3Routing(
			'GET',
			`=${EBG_NOTIFICATION_PATH}/{{ encodeURIComponent(String($parameter["notifTxnId"]).trim()) }}`,
			{
				preSend: [checkNotificationId],
				postReceive: [outputData],
			},
		),
	},
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many electronic bank guarantee notifications',
		description:
			'List the NeSL eBG event notifications, filtered by loan number, review status or event type',
		routing: v3Routing('GET', EBG_NOTIFICATIONS_PATH, {
			preSend: [checkListQuery],
			postReceive: [outputData],
		}),
	},
]);

/** NeSL electronic bank guarantee (eBG) event notifications: read them (v3.3); Document → Review eBG Notification answers them. */
export const ebgNotificationResource: ResourceModule = {
	option: {
		name: 'eBG Notification',
		value: 'ebgNotification',
		description: 'NeSL electronic bank guarantee event notifications (v3)',
	},
	properties: [operation, ...getFields, ...getManyFields],
};
