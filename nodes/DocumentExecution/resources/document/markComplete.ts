import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/descriptions';
import { outputOutcome } from '../../shared/outputs';
import { checkBody, requiredText } from '../../shared/rules';
import { documentIdLocator } from './documentPicker';
import { v3Routing } from '../../shared/routing';

/**
 * Document → Mark as Complete (POST v3.0/sign/request/complete, from the service's knowledge base; the spec
 * leaves it out): kept in its own file and added to the document resource's operations by `withMarkComplete`.
 */

const OPERATION = 'markComplete';

const markComplete: INodePropertyOptions = {
	name: 'Mark as Complete',
	value: OPERATION,
	action: 'Mark a document as complete',
	description: 'Complete a sent document although not every invitee signed; delete its active invitations first',
	routing: v3Routing('POST', '/v3.0/sign/request/complete', { preSend: [checkBody(z.object({ documentId: requiredText() }), { documentId: 'Document ID' })], postReceive: [outputOutcome('documentId', 'completed')] }),
};

const documentIdField = documentIdLocator(
	'The ID of the sent document to complete, as Create Signing Request or Get Many return it',
	showFor('document', [OPERATION]),
	{ send: { type: 'body', property: 'documentId' } },
);

/** The document resource's properties with Mark as Complete in its Operation list (in name order) and its field. */
export function withMarkComplete(properties: INodeProperties[]): INodeProperties[] {
	const withOperation = properties.map((property) => {
		if (property.name !== 'operation') return property;
		return { ...property, options: [...(property.options as INodePropertyOptions[]), markComplete].sort((a, b) => a.name.localeCompare(b.name)) };
	});
	return [...withOperation, documentIdField];
}
