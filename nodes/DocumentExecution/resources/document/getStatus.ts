import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	DOCUMENT_LIST_PATH,
	listedStatus,
	listedStatusQuery,
} from '../../../shared/documentStatuses';
import { indiaIsoDate } from '../../../shared/serviceDates';
import { simplifyProperty } from '../../shared/form/descriptions';
import {
	fieldsOf,
	objectsIn,
	outputDataOrSummary,
	type Summary,
} from '../../shared/requests/outputs';
import { inWorkflow } from '../../shared/requests/inWorkflow';
import { routingOf, v3Request } from '../../shared/requests/routing';
import { inviteeState, putDocumentId } from './common';

/** Document → Get Status: the invitees' signing states, read by the Document ID (v3.2). */

/**
 * `statusReason` of a simplified output whose status is `null`: the status read found the document, the list
 * did not (a document deleted between the two reads). Null rather than an error, so that the invitees and
 * files read are not lost and a flow waiting for COMPLETED does not move on (docs/choices/document.md).
 */
export const STATUS_NOT_LISTED =
	"The service's document list, searched for this document ID, does not list it, so its status is unknown: the document may just have been deleted. Read it again.";

/**
 * Simplify's output. The status answer names no document status (the spec, the service notes), so the status
 * is the v3 list's, read with `q` = the document ID: one more read per item, only with Simplify on.
 */
const statusSummary: Summary = async function (data, item, read) {
	const documentId = String(item.documentId ?? data.documentId);
	const list = await read(DOCUMENT_LIST_PATH, listedStatusQuery(documentId));
	const status = listedStatus(list.body, documentId) ?? null;
	return {
		documentId: data.documentId ?? documentId,
		irn: data.irn ?? null,
		status,
		...(status === null ? { statusReason: STATUS_NOT_LISTED } : {}),
		invitees: objectsIn(data.requests).map((invitee) => ({
			...fieldsOf(invitee, ['name', 'email', 'phone']),
			state: inviteeState(invitee),
			signUrl: invitee.signUrl ?? null,
			expiryDate: indiaIsoDate(invitee.expiryDate ?? null),
		})),
		files: Array.isArray(data.files) ? data.files : [],
		auditTrail: data.auditTrail ?? null,
	} as IDataObject;
};

export const getStatusFields: INodeProperties[] = [
	simplifyProperty(
		'document',
		'getStatus',
		"only the document's ID, IRN and status (read from the document list: one more request), each invitee's state, contact, sign URL and expiry (ISO 8601, India time), and the file and audit trail links (temporary: download them at once, or use Download File)",
	),
];

const getStatusRequest = v3Request('GET', '/v3.2/sign/request', {
	preSend: [putDocumentId('query')],
	output: outputDataOrSummary(statusSummary),
});

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the signing status of a document',
	description:
		"Get each invitee's signing state, the file URLs and, once signed, the signer certificate data",
	routing: routingOf(getStatusRequest),
};

/** Get Status in a workflow: the resource's custom operation (`inWorkflow`). */
export const getStatusInWorkflow = inWorkflow(getStatusRequest);
