import type { INodePropertyOptions } from 'n8n-workflow';

import { outputOutcome } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { putDocumentId } from './common';

/** Document → Mark as Complete, from the service's knowledge base; the spec leaves it out. */

export const markCompleteOperation: INodePropertyOptions = {
	name: 'Mark as Complete',
	value: 'markComplete',
	action: 'Mark a document as complete',
	description:
		'Complete a sent document although not every invitee signed; delete its active invitations first',
	routing: v3Routing('POST', '/v3.0/sign/request/complete', {
		preSend: [putDocumentId('body')],
		output: outputOutcome('documentId', 'completed', (_context, item) => item.documentId),
	}),
};
