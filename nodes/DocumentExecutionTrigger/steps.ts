import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';

import { credentialTypeFor, type Authentication } from '../shared/authentication';
import { asNodeError } from '../shared/errors';
import { PDF_MIME_TYPE } from '../shared/pdf';
import { writeAnswer } from './answers';
import { fetchCurrentStatus, listedDocumentStatus } from './currentStatus';
import { deliveredFiles } from './deliveredFiles';
import {
	COMPLETED_DOCUMENT_STATUSES,
	isSelected,
	normalisedEvent,
	shapeOf,
	type ShapedDelivery,
} from './delivery';
import { claim, completionKey, eventKey, type Claim } from './recentDeliveries';
import { readBody } from './requestBody';
import { checkedWithSalt } from './saltMemory';
import { saltOf, verifyMac, type MacVerdict } from './verifyMac';
import { ROUTES } from './webhooks';

export interface ReceivedDelivery {
	body: Record<string, unknown>;
	shaped: ShapedDelivery;
	event: IDataObject;
	receivedAt: number;
	/** Whether Only Completed Documents read the document's status from the service. */
	statusFromService: boolean;
}

/** Read once, and only when a step needs it (docs/choices/trigger.md, Reading the salt). */
export interface TriggerCredential {
	authentication: Authentication;
	type: string;
	read: () => Promise<ICredentialDataDecryptedObject>;
}

type TriggerOption = 'completedOnly' | 'includeHeaders' | 'refetchStatus';

const isOn = (context: IWebhookFunctions, option: TriggerOption) =>
	(context.getNodeParameter('options', {}) as IDataObject)[option] === true;

export function triggerCredential(context: IWebhookFunctions): TriggerCredential {
	const authentication = context.getNodeParameter('authentication', 'authToken') as Authentication;
	const type = credentialTypeFor(authentication);
	let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
	return {
		authentication,
		type,
		read: async () =>
			await (credentials ??= context.getCredentials<ICredentialDataDecryptedObject>(type)),
	};
}

/** Undefined when the body is not a JSON object of either shape (answered 400). */
export async function readDelivery(
	context: IWebhookFunctions,
): Promise<ReceivedDelivery | undefined> {
	const body = await readBody(context.getRequestObject());
	const shaped = body && shapeOf(body);
	if (!body || !shaped) return undefined;
	const event = normalisedEvent(body, shaped, ROUTES[context.getWebhookName()] ?? 'success');
	return { body, shaped, event, receivedAt: Date.now(), statusFromService: false };
}

/** Verify the MAC with the credential's Private Salt, held a minute by saltMemory.ts (refused: 401). */
export async function verifyDelivery(
	context: IWebhookFunctions,
	delivery: ReceivedDelivery,
	credential: TriggerCredential,
): Promise<MacVerdict> {
	const credentialId = context.getNode().credentials?.[credential.type]?.id;
	return await checkedWithSalt(
		credentialId ? `${credential.type}:${credentialId}` : undefined,
		async () => saltOf((await credential.read()).privateSalt),
		(salt) => verifyMac(delivery.body, delivery.shaped.documentId, salt),
		delivery.receivedAt,
	);
}

export const isPicked = (context: IWebhookFunctions, delivery: ReceivedDelivery): boolean =>
	isSelected(
		context.getNodeParameter('events', []),
		context.getNodeParameter('otherEventTypes', ''),
		delivery.event,
	);

/** Answers 503 and throws when `read` fails: the service sends the delivery again. */
async function confirmedWithService<T>(
	context: IWebhookFunctions,
	read: () => Promise<T>,
): Promise<T> {
	try {
		return await read();
	} catch (error) {
		writeAnswer(context.getResponseObject(), 'unconfirmed');
		throw asNodeError(context.getNode(), error);
	}
}

/**
 * Only Completed Documents: false when the document is not completed (ignored, 2xx). A delivery without a
 * status has it read from the service (a failed read: 503).
 */
export async function confirmCompletion(
	context: IWebhookFunctions,
	delivery: ReceivedDelivery,
	credential: TriggerCredential,
): Promise<boolean> {
	if (!isOn(context, 'completedOnly')) return true;
	if (delivery.event.documentStatus === null) {
		delivery.event.documentStatus = await confirmedWithService(context, async () =>
			listedDocumentStatus(
				context,
				credential.authentication,
				await credential.read(),
				delivery.shaped,
			),
		);
		delivery.statusFromService = true;
	}
	return COMPLETED_DOCUMENT_STATUSES.includes(delivery.event.documentStatus as string);
}

/**
 * Per trigger node and URL (the Test URL apart); the claim is kept only if n8n answers the delivery with a 2xx
 * (docs/choices/trigger.md, Each delivery runs the flow once).
 */
export async function claimDelivery(
	context: IWebhookFunctions,
	delivery: ReceivedDelivery,
): Promise<Claim> {
	const url = context.getMode() === 'manual' ? 'test' : 'production';
	const scope = `${context.getWorkflow().id ?? ''}\u0000${context.getNode().name}\u0000${url}`;
	// Whichever invitee's delivery finds the document completed, the flow runs once for the document.
	const key = delivery.statusFromService
		? completionKey(delivery.shaped)
		: eventKey(delivery.body, delivery.shaped, delivery.event.kind);
	return await claim(scope, key, delivery.receivedAt, context.getResponseObject());
}

/** Re-Fetch Current Status when the option asks (a failed read: 503). */
export async function refetchWhenAsked(
	context: IWebhookFunctions,
	delivery: ReceivedDelivery,
	credential: TriggerCredential,
): Promise<IDataObject | undefined> {
	if (!isOn(context, 'refetchStatus')) return undefined;
	return await confirmedWithService(context, async () =>
		fetchCurrentStatus(
			context,
			'Re-Fetch Current Status',
			credential.authentication,
			await credential.read(),
			delivery.body,
			delivery.shaped,
		),
	);
}

/** Output: the body as sent, the trigger's keys set after its own, its base64 PDFs as binaries. */
export async function outputItem(
	context: IWebhookFunctions,
	delivery: ReceivedDelivery,
	verdict: Extract<MacVerdict, { accepted: true }>,
	currentStatus: IDataObject | undefined,
): Promise<INodeExecutionData> {
	const files = deliveredFiles(delivery.body, delivery.shaped.documentId);
	const json: IDataObject = {
		...(delivery.body as IDataObject),
		event: delivery.event,
		macVerification: verdict.verified
			? { verified: true, detail: 'The MAC matches the document ID and the Private Salt' }
			: { verified: false, detail: 'Verification is off: the credential has no Private Salt' },
	};
	for (const movedKey of files.movedKeys) delete json[movedKey];
	if (files.files.length > 0) json.movedToBinary = files.movedToBinary;
	if (isOn(context, 'includeHeaders')) json.headers = context.getHeaderData() as JsonObject;
	if (currentStatus !== undefined) json.currentStatus = currentStatus;
	if (files.files.length === 0) return { json };
	const binary: IBinaryKeyData = {};
	for (const file of files.files)
		binary[file.field] = await context.helpers.prepareBinaryData(
			file.content,
			file.fileName,
			PDF_MIME_TYPE,
		);
	return { json, binary };
}
