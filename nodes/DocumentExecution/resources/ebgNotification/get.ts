import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/descriptions';
import { checkParameters, requiredText, type FieldLabels } from '../../shared/rules';

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
