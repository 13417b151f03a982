import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { EBG_NOTIFICATION_PATH } from '../../../shared/accountReads';
import { outputData } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { showFor } from '../../shared/form/descriptions';
import { checkParameters, requiredText, type FieldLabels } from '../../shared/form/rules';

/** eBG Notification → Get, from the service's knowledge base (docs/choices/extras.md). */

export const detailSchema = z.object({ notifTxnId: requiredText() });

/** The parameters checked, by name: the ID goes into the URL's path. */
export const GET_LABELS: FieldLabels = { notifTxnId: 'Notification Transaction ID' };

export const checkNotificationId = checkParameters(detailSchema, GET_LABELS);

export const getFields: INodeProperties[] = [
	{
		displayName: 'Notification Transaction ID',
		name: 'notifTxnId',
		type: 'string',
		required: true,
		default: '',
		description: 'The notifTxnId of the notification, as Get Many returns it',
		displayOptions: showFor('ebgNotification', ['get']),
	},
];

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an electronic bank guarantee notification',
	description: 'Get every detail of one eBG event notification',
	routing: v3Routing(
		'GET',
		`=${EBG_NOTIFICATION_PATH}/{{ encodeURIComponent(String($parameter["notifTxnId"]).trim()) }}`,
		{
			preSend: [checkNotificationId],
			output: outputData,
		},
	),
};
