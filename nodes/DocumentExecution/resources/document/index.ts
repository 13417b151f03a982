import { operationSelector } from '../../shared/descriptions';
import { outputData, outputOutcome } from '../../shared/outputs';
import { createNotice, v3Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { documentIdField, sendDocumentId, sentDocumentId } from './common';
import { CREATE_SIGNING_REQUEST, createFields } from './create/fields';
import { buildCreateBody, outputCreated } from './create/body';
import { outputDeleted } from './delete';
import { downloadFields, downloadLinkedFile, sendDownloadFileQuery } from './download';
import { getDetailsFields, sendDetailSections } from './getDetails';
import { getManyFields, paginateList, validateListQuery } from './getMany';
import { buildReactivateBody, reactivateFields } from './reactivate';
import {
	outputResendOutcomes,
	RESEND_PATH,
	resendFields,
	resendInvitations,
	sendSignUrls,
} from './resend';
import { outputEbgReview, reviewEbgFields, validateEbgReviewBody } from './reviewEbg';
import {
	outputDocSigner,
	signWithDocSignerFields,
	validateDocSignerBody,
} from './signWithDocSigner';

const operation = operationSelector('document', 'create', [
	{
		name: 'Create Signing Request',
		value: 'create',
		action: 'Create a signing request',
		description: 'Send a PDF or a template to invitees for e-signing through a published workflow',
		routing: v3Routing('POST', '/v3.0/sign/request', {
			creates: CREATE_SIGNING_REQUEST,
			preSend: [buildCreateBody],
			postReceive: [outputCreated],
		}),
	},
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a document',
		description:
			'Permanently delete a document with its files, invitee data, sign URLs and webhook history',
		routing: v3Routing('DELETE', '/v3.0/sign/request', {
			preSend: [sendDocumentId('query')],
			postReceive: [outputDeleted],
		}),
	},
	{
		name: 'Download File',
		value: 'download',
		action: 'Download a file of a document',
		description:
			'Download the signed PDF, audit trail, an attachment or a supporting document of a completed document',
		routing: v3Routing('GET', '/v3.3/document/fetchDocument', {
			preSend: [sendDocumentId('query'), sendDownloadFileQuery],
			postReceive: [downloadLinkedFile],
		}),
	},
	{
		name: 'Get Details',
		value: 'getDetails',
		action: 'Get the details of a document',
		description:
			'Get configurable detail about a document: files, audit trail, invitees, workflow, stamps, NeSL data',
		routing: v3Routing('GET', '/v3.3/document/details', {
			preSend: [sendDocumentId('query'), sendDetailSections],
			postReceive: [outputData],
		}),
	},
	{
		name: 'Get Many',
		value: 'getMany',
		action: 'Get many documents',
		description: 'List or search documents by name, ID or IRN, optionally filtered by status',
		routing: v3Routing('GET', '/v3.0/sign/request/list', {
			preSend: [validateListQuery],
			pagination: paginateList,
		}),
	},
	{
		name: 'Get Status',
		value: 'getStatus',
		action: 'Get the signing status of a document',
		description:
			"Get each invitee's signing state, the file URLs and, once signed, the signer certificate data",
		routing: v3Routing('GET', '/v3.2/sign/request', {
			preSend: [sendDocumentId('query')],
			postReceive: [outputData],
		}),
	},
	// From the service's knowledge base; the spec leaves it out.
	{
		name: 'Mark as Complete',
		value: 'markComplete',
		action: 'Mark a document as complete',
		description:
			'Complete a sent document although not every invitee signed; delete its active invitations first',
		routing: v3Routing('POST', '/v3.0/sign/request/complete', {
			preSend: [sendDocumentId('body')],
			postReceive: [outputOutcome('documentId', 'completed', sentDocumentId)],
		}),
	},
	{
		name: 'Reactivate',
		value: 'reactivate',
		action: 'Reactivate expired invitations',
		description: 'Give expired invitations of a document a new expiry; sign URLs stay the same',
		routing: v3Routing('POST', '/v3.0/sign/request/reactivate', {
			preSend: [sendDocumentId('body'), buildReactivateBody],
			postReceive: [outputData],
		}),
	},
	{
		name: 'Resend Invitations',
		value: 'resend',
		action: 'Resend invitation notifications',
		description:
			'Resend the e-mail and SMS invitation to invitees who have not signed (at most 5 times each)',
		// A workflow runs the custom operation below; this routing is what an AI agent's tool call runs.
		routing: v3Routing('POST', RESEND_PATH, {
			preSend: [sendSignUrls],
			postReceive: [outputResendOutcomes],
		}),
	},
	{
		name: 'Review eBG Notification',
		value: 'reviewEbg',
		action: 'Review an electronic bank guarantee notification',
		description: 'Accept or reject an electronic bank guarantee event notification',
		routing: v3Routing('POST', '/v3.3/nesl/notification/review', {
			preSend: [validateEbgReviewBody],
			postReceive: [outputEbgReview],
		}),
	},
	{
		name: 'Sign With Document Signer',
		value: 'signWithDocSigner',
		action: 'Sign with a document signer certificate',
		description:
			"Sign an invitation with a document signer certificate profile of the invitee's account",
		routing: v3Routing('POST', '/v3.0/sign/docSigner/invitation', {
			preSend: [validateDocSignerBody],
			postReceive: [outputDocSigner],
		}),
	},
]);

/** Signing requests and their documents: the service's v3 family (v3.0, v3.2, v3.3). */
export const documentResource: ResourceModule = {
	option: {
		name: 'Document',
		value: 'document',
		description: 'Signing requests, their status and their signed files (v3)',
	},
	properties: [
		operation,
		createNotice('document', 'create', CREATE_SIGNING_REQUEST),
		...createFields,
		documentIdField,
		...getDetailsFields,
		...getManyFields,
		...downloadFields,
		...reactivateFields,
		...resendFields,
		...signWithDocSignerFields,
		...reviewEbgFields,
	],
	// Resend batches sign URLs across items (at most 15 per request), which routing cannot express. n8n
	// runs custom operations only in a workflow, so Resend also has routing, for an agent's tool call.
	customOperations: { resend: resendInvitations },
};
