import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Authentication } from '../shared/authentication';
import type { ServiceFamily } from '../shared/errors';
import { isObject } from '../shared/isObject';
import { serviceRequest } from '../shared/transport';
import type { ShapedDelivery } from './delivery';

/** The option a service read is made for; its label starts the messages of a failed read. */
export type ReadPurpose = 'Re-Fetch Current Status' | 'Only Completed Documents';

/**
 * The service's current word on the document, read after a verified delivery. The MAC covers only the
 * document id, so a captured delivery can be replayed; this read cannot. With the Auth Token: v3.2 check
 * status of the delivery's document, whatever its shape. With OAuth2 (which the service accepts on v4 only):
 * v4 pack details of a Webhook 4.0 envelope's pack; a v3 document cannot be read with OAuth2.
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
	const missing = (field: string) =>
		new NodeOperationError(node, `${purpose}: the delivery has no ${field}`, {
			description: 'The delivery does not name what to read back from the service.',
		});
	const read = async (family: ServiceFamily, path: string, qs: IDataObject) => {
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

	if (authentication === 'authToken') {
		const documentId = delivery.documentId;
		if (typeof documentId !== 'string' || documentId === '') {
			throw missing(delivery.shape === 'v3' ? 'documentId' : 'document.documentId');
		}
		const answer = await read('v3', '/v3.2/sign/request', { documentId });
		return { source: 'v3.2 check status', documentId, data: answer.data ?? {} };
	}

	if (delivery.shape === 'v3' || purpose === 'Only Completed Documents') {
		throw new NodeOperationError(
			node,
			`${purpose}: ${delivery.shape === 'v3' ? 'a v3 document' : "a document's status"} can be read only with the Auth Token credential`,
			{
				description: `The service accepts OAuth2 on its v4 pack and media operations only. Choose the Auth Token credential in this trigger, or turn ${purpose} off.`,
			},
		);
	}
	const pack = isObject(body.pack) ? body.pack : {};
	const packId = pack.packId;
	if (typeof packId !== 'string' || packId === '') throw missing('pack.packId');
	const answer = await read('v4', '/v4/packs', { packId });
	return {
		source: 'v4 pack details',
		packId,
		data: (answer.data as IDataObject | undefined) ?? answer,
	};
}

/**
 * The document status in a v3.2 check status answer (fetchCurrentStatus with the Auth Token): its `status`, or,
 * without one, COMPLETED when every invitee in `requests` has signed. Throws when the answer says neither.
 */
export function serviceDocumentStatus(node: INode, currentStatus: IDataObject): string {
	const data = isObject(currentStatus.data) ? currentStatus.data : {};
	if (typeof data.status === 'string' && data.status !== '') return data.status.toUpperCase();
	const requests = Array.isArray(data.requests) ? data.requests : [];
	if (requests.length > 0)
		return requests.every((request) => isObject(request) && request.signed === true)
			? 'COMPLETED'
			: 'SENT';
	throw new NodeOperationError(
		node,
		"Only Completed Documents: the service's answer does not say the document's status",
		{ description: 'The v3.2 check status answer has neither a status nor the invitees.' },
	);
}
