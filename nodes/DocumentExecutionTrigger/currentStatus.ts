import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Authentication } from '../shared/authentication';
import type { ServiceFamily } from '../shared/errors';
import { DOCUMENT_LIST_PATH, listedStatus, listedStatusQuery } from '../shared/documentStatuses';
import { isObject } from '../shared/isObject';
import { refuseOAuth2, serviceRequest } from '../shared/transport';
import type { ShapedDelivery } from './delivery';

/** Its label starts the message of a failed read. */
export type ReadPurpose = 'Re-Fetch Current Status' | 'Only Completed Documents';

const missingField = (node: INode, purpose: ReadPurpose, field: string) =>
	new NodeOperationError(node, `${purpose}: the delivery has no ${field}`, {
		description: 'The delivery does not name what to read back from the service.',
	});

const readFor =
	(
		context: IWebhookFunctions,
		purpose: ReadPurpose,
		authentication: Authentication,
		credentials: ICredentialDataDecryptedObject,
	) =>
	async (family: ServiceFamily, path: string, qs: IDataObject) => {
		const request = {
			authentication,
			family,
			path,
			qs,
			operation: purpose,
			again: 'the service sends the delivery again later',
		};
		return (await serviceRequest(context, request, credentials)).body as IDataObject;
	};

function documentIdOf(node: INode, purpose: ReadPurpose, delivery: ShapedDelivery): string {
	const documentId = delivery.documentId;
	if (typeof documentId !== 'string' || documentId === '')
		throw missingField(
			node,
			purpose,
			delivery.shape === 'v3' ? 'documentId' : 'document.documentId',
		);
	return documentId;
}

/**
 * Re-Fetch Current Status: with the Auth Token, v3.2 check status of the document; with OAuth2 (v4 only), v4
 * pack details of an envelope's pack (docs/choices/trigger.md, Re-Fetch Current Status).
 */
export async function fetchCurrentStatus(
	context: IWebhookFunctions,
	purpose: ReadPurpose,
	authentication: Authentication,
	credentials: ICredentialDataDecryptedObject,
	body: Record<string, unknown>,
	delivery: ShapedDelivery,
): Promise<IDataObject> {
	const node = context.getNode();
	const read = readFor(context, purpose, authentication, credentials);
	if (authentication === 'authToken') {
		const documentId = documentIdOf(node, purpose, delivery);
		const answer = await read('v3', '/v3.2/sign/request', { documentId });
		return { source: 'v3.2 check status', documentId, data: answer.data ?? {} };
	}
	if (delivery.shape === 'v3') refuseOAuth2(node, authentication, 'v3', { triggerOption: purpose });
	const pack = isObject(body.pack) ? body.pack : {};
	const packId = pack.packId;
	if (typeof packId !== 'string' || packId === '') throw missingField(node, purpose, 'pack.packId');
	const answer = await read('v4', '/v4/packs', { packId });
	return {
		source: 'v4 pack details',
		packId,
		data: (answer.data as IDataObject | undefined) ?? answer,
	};
}

/** The status the v3 document list gives the document: v3.2 check status does not say it. */
export async function listedDocumentStatus(
	context: IWebhookFunctions,
	authentication: Authentication,
	credentials: ICredentialDataDecryptedObject,
	delivery: ShapedDelivery,
): Promise<string> {
	const purpose = 'Only Completed Documents';
	const node = context.getNode();
	refuseOAuth2(node, authentication, 'v3', { triggerOption: purpose });
	const documentId = documentIdOf(node, purpose, delivery);
	const answer = await readFor(
		context,
		purpose,
		authentication,
		credentials,
	)('v3', DOCUMENT_LIST_PATH, listedStatusQuery(documentId));
	const status = listedStatus(answer, documentId);
	if (status === undefined)
		throw new NodeOperationError(
			node,
			`${purpose}: the service does not list the document ${documentId} with a status`,
			{
				description: 'The v3 document list, searched for the document ID, did not name its status.',
			},
		);
	return status;
}
