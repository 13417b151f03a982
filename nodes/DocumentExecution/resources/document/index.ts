import { operationSelector } from '../../shared/form/descriptions';
import { createNotice } from '../../shared/requests/routing';
import type { ResourceModule } from '../types';
import { documentIdField } from './common';
import { createInWorkflow, createOperation } from './create/body';
import { CREATE_SIGNING_REQUEST, createFields } from './create/fields';
import { deleteOperation } from './delete';
import { downloadFields, downloadInWorkflow, downloadOperation } from './download';
import { downloadAllFields, downloadAllOperation } from './downloadAll';
import { getDetailsFields, getDetailsOperation } from './getDetails';
import { getManyFields, getManyOperation } from './getMany';
import { getStatusFields, getStatusInWorkflow, getStatusOperation } from './getStatus';
import { markCompleteOperation } from './markComplete';
import { reactivateFields, reactivateOperation } from './reactivate';
import { resendFields, resendInvitations, resendOperation } from './resend';
import { reviewEbgFields, reviewEbgOperation } from './reviewEbg';
import { signWithDocSignerFields, signWithDocSignerOperation } from './signWithDocSigner';

const operation = operationSelector('document', 'create', [
	createOperation,
	deleteOperation,
	downloadAllOperation,
	downloadOperation,
	getDetailsOperation,
	getManyOperation,
	getStatusOperation,
	markCompleteOperation,
	reactivateOperation,
	resendOperation,
	reviewEbgOperation,
	signWithDocSignerOperation,
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
		createNotice('document', 'create', CREATE_SIGNING_REQUEST, 'failures'),
		...createFields,
		documentIdField,
		...getStatusFields,
		...getDetailsFields,
		...getManyFields,
		...downloadFields,
		...downloadAllFields,
		...reactivateFields,
		...resendFields,
		...signWithDocSignerFields,
		...reviewEbgFields,
	],
	// Resend batches sign URLs across items (at most 15 per request), which routing cannot express; Create, Get
	// Status and Download File, which a flow runs over many items, skip routing's cost per item (inWorkflow).
	// n8n runs custom operations only in a workflow, so each also has routing, for an agent's tool call.
	customOperations: {
		create: createInWorkflow,
		resend: resendInvitations,
		getStatus: getStatusInWorkflow,
		download: downloadInWorkflow,
	},
};
