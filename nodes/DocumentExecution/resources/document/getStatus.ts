import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../shared/form/descriptions';
import { fieldsOf, objectsIn, outputDataOrSummary } from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { inviteeState, sendDocumentId } from './common';

/** Document → Get Status: the invitees' signing states, read by the Document ID (v3.2). */

/** Simplify's output (docs/document-execution.md): the document, its status, each invitee's state and contact. */
const statusSummary = (data: IDataObject): IDataObject => ({
	...fieldsOf(data, ['documentId', 'irn', 'status']),
	invitees: objectsIn(data.requests).map((invitee) => ({
		...fieldsOf(invitee, ['name', 'email', 'phone']),
		state: inviteeState(invitee),
		...fieldsOf(invitee, ['signUrl', 'expiryDate']),
	})),
});

export const getStatusFields: INodeProperties[] = [
	simplifyProperty(
		'document',
		'getStatus',
		"only the document's ID, IRN and status, and each invitee's state, contact, sign URL and expiry",
	),
];

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the signing status of a document',
	description:
		"Get each invitee's signing state, the file URLs and, once signed, the signer certificate data",
	routing: v3Routing('GET', '/v3.2/sign/request', {
		preSend: [sendDocumentId('query')],
		output: outputDataOrSummary(statusSummary),
	}),
};
