import type { INodeProperties } from 'n8n-workflow';

import { checkBody } from '../../shared/rules';
import { DOCUMENT_ID_LABELS, documentIdField, documentIdSchema } from './common';

/**
 * Document → Mark as Complete (POST v3.0/sign/request/complete, from the service's knowledge base; the spec
 * leaves it out).
 */

export const checkCompleteBody = checkBody(documentIdSchema, DOCUMENT_ID_LABELS);

export const markCompleteFields: INodeProperties[] = [
	documentIdField(
		['markComplete'],
		'body',
		'The ID of the sent document to complete, as Create Signing Request or Get Many return it',
	),
];
