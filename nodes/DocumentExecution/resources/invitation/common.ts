import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/form/descriptions';
import { checkQuery, requiredText, type FieldLabels } from '../../shared/form/rules';

/**
 * The one field of both invitation operations (Activate, Delete), from the service's knowledge base: the
 * invitation's sign URL, whole or just its UUID (docs/choices/extras.md).
 */

const SIGN_URL =
	/^(?:https?:\/\/\S+\/sign\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

export const signUrlQuerySchema = z.object({
	signUrl: requiredText().refine(
		(value) => SIGN_URL.test(value),
		'must be a sign URL (…/sign/<UUID>) or just its UUID',
	),
});

export const INVITATION_LABELS: FieldLabels = { signUrl: 'Sign URL' };

export const checkSignUrl = checkQuery(signUrlQuerySchema, INVITATION_LABELS);

export const signUrlFields: INodeProperties[] = [
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://app1.leegality.com/sign/…',
		description:
			'The invitation, as Create Signing Request or Get Status return it: the whole sign URL or just its UUID',
		displayOptions: showFor('invitation', ['activate', 'delete']),
		routing: { send: { type: 'query', property: 'signUrl' } },
	},
];
