import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	IDataObject,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
	WebhookType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { APP_DESCRIPTION } from '../shared/appDescription';
import {
	authenticationProperty,
	credentialTypeFor,
	nodeCredentials,
	type Authentication,
} from '../shared/authentication';
import { resolveBaseUrl } from '../shared/environment';
import { asNodeError, responseError } from '../shared/errors';
import { PDF_MIME_TYPE } from '../DocumentExecution/shared/binary';
import { deliveredFiles } from './deliveredFiles';
import {
	COMPLETED_DOCUMENT_STATUSES,
	EVENT_KINDS,
	normalisedEvent,
	shapeOf,
	type Route,
	type ShapedDelivery,
} from './delivery';
import { completionKey, eventKey, remember, seenRecently } from './recentDeliveries';
import { checkedWithSalt } from './saltMemory';
import { saltOf, verifyMac } from './verifyMac';
import { isObject } from '../shared/isObject';

/** n8n's webhook names, and the route each stands for on the service's side. */
const ROUTES: Record<string, Route> = { default: 'success', error: 'error' };
type WebhookName = 'default' | 'error';

/**
 * n8n-workflow types webhook names as 'default' | 'setup', but n8n looks webhook methods up by whatever
 * name a description carries, so a second, separately managed webhook gets its own name.
 */
const ERROR_WEBHOOK = 'error' as WebhookType;

/** Where the node keeps, per webhook, the URL it showed the user to paste (see the lifecycle below). */
const REGISTRY_KEY = 'pastedWebhookUrls';

const EVENT_OPTIONS = Object.entries(EVENT_KINDS)
	.map(([value, description]) => ({
		name: value
			.toLowerCase()
			.replace(
				/(^|_)(\w)/g,
				(_match, separator: string, first: string) =>
					`${separator ? ' ' : ''}${first.toUpperCase()}`,
			),
		value,
		description,
	}))
	.sort((a, b) => a.name.localeCompare(b.name));

/**
 * The lifecycle of a manually registered webhook. The service has no API to register webhook URLs: the
 * user pastes them into the workflow settings of the service's dashboard. So "registered" here means
 * "recorded as the URL to paste" in the node's static data: checkExists says whether the recorded URL is
 * still the current one (a renamed node or a moved instance changes it, and the user must paste again),
 * create records it, delete forgets it. No network call, and nothing is caught.
 */
function manualRegistration(name: WebhookName) {
	const currentUrl = (context: IHookFunctions): string => {
		const url = context.getNodeWebhookUrl(name === 'error' ? ERROR_WEBHOOK : name);
		if (!url)
			throw new NodeOperationError(
				context.getNode(),
				`n8n gave no URL for the ${ROUTES[name]} webhook`,
			);
		return url;
	};
	const registry = (context: IHookFunctions): IDataObject => {
		const staticData = context.getWorkflowStaticData('node');
		if (!isObject(staticData[REGISTRY_KEY])) staticData[REGISTRY_KEY] = {};
		return staticData[REGISTRY_KEY] as IDataObject;
	};
	return {
		async checkExists(this: IHookFunctions): Promise<boolean> {
			return registry(this)[name] === currentUrl(this);
		},
		async create(this: IHookFunctions): Promise<boolean> {
			registry(this)[name] = currentUrl(this);
			return true;
		},
		async delete(this: IHookFunctions): Promise<boolean> {
			delete registry(this)[name];
			return true;
		},
	};
}

/** n8n's request: its body parser leaves the bytes unread for a Content-Type it does not parse (version 2). */
type WebhookRequest = ReturnType<IWebhookFunctions['getRequestObject']> & {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
};

/** The body as a JSON object, or undefined: parsed from the raw bytes, whatever the Content-Type said. */
async function readBody(request: WebhookRequest): Promise<Record<string, unknown> | undefined> {
	if (!Buffer.isBuffer(request.rawBody)) await request.readRawBody?.();
	if (!Buffer.isBuffer(request.rawBody)) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(request.rawBody.toString('utf8').replace(/^\uFEFF/, ''));
	} catch {
		return undefined;
	}
	return isObject(parsed) ? parsed : undefined;
}

/**
 * Whether the Events options select the event: no selection passes every kind, including kinds the service adds
 * later. An envelope's own eventType counts too, so "Other Event Types" saved as SIGNED still matches.
 */
function isSelected(options: IDataObject, event: IDataObject): boolean {
	const listed = Array.isArray(options.eventTypes) ? (options.eventTypes as string[]) : [];
	const others = String(options.otherEventTypes ?? '')
		.split(',')
		.map((value) => value.trim())
		.filter(Boolean);
	const wanted = [...listed, ...others];
	return (
		wanted.length === 0 || wanted.some((kind) => kind === event.kind || kind === event.eventType)
	);
}

/** The option a service read is made for; its label starts the messages of a failed read. */
type ReadPurpose = 'Re-Fetch Current Status' | 'Only Completed Documents';

/**
 * The service's current word on the document, read after a verified delivery. The MAC covers only the
 * document id, so a captured delivery can be replayed; this read cannot. With the Auth Token: v3.2 check
 * status of the delivery's document, whatever its shape. With OAuth2 (which the service accepts on v4 only):
 * v4 pack details of a Webhook 4.0 envelope's pack; a v3 document cannot be read with OAuth2.
 */
async function fetchCurrentStatus(
	context: IWebhookFunctions,
	purpose: ReadPurpose,
	authentication: Authentication,
	credentials: ICredentialDataDecryptedObject,
	body: Record<string, unknown>,
	delivery: ShapedDelivery,
): Promise<IDataObject> {
	const node = context.getNode();
	const baseUrl = resolveBaseUrl(credentials);
	const missing = (field: string) =>
		new NodeOperationError(node, `${purpose}: the delivery has no ${field}`, {
			description: 'The delivery does not name what to read back from the service.',
		});

	if (authentication === 'authToken') {
		const documentId = delivery.documentId;
		if (typeof documentId !== 'string' || documentId === '') {
			throw missing(delivery.shape === 'v3' ? 'documentId' : 'document.documentId');
		}
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: `${baseUrl}/v3.2/sign/request`,
			qs: { documentId },
			headers: { Accept: 'application/json' },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		};
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialTypeFor('authToken'),
			request,
		)) as IN8nHttpFullResponse;
		const error = responseError(node, 'v3', response);
		if (error) throw error;
		return {
			source: 'v3.2 check status',
			documentId,
			data: (response.body as IDataObject).data ?? {},
		};
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
	// No ignoreHttpStatusErrors: n8n refreshes an OAuth2 token only when a 401 is thrown.
	const request: IHttpRequestOptions = {
		method: 'GET',
		url: `${baseUrl}/v4/packs`,
		qs: { packId },
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
	};
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialTypeFor('oAuth2'),
			request,
		)) as IN8nHttpFullResponse;
	} catch (thrown) {
		const failed = thrownResponse(thrown);
		throw (failed && responseError(node, 'v4', failed)) ?? thrown;
	}
	const error = responseError(node, 'v4', response);
	if (error) throw error;
	const responseBody = response.body as IDataObject;
	return {
		source: 'v4 pack details',
		packId,
		data: (responseBody.data as IDataObject | undefined) ?? responseBody,
	};
}

/**
 * The document status in a v3.2 check status answer (fetchCurrentStatus with the Auth Token): its `status`, or,
 * without one, COMPLETED when every invitee in `requests` has signed. Throws when the answer says neither.
 */
function serviceDocumentStatus(node: INode, currentStatus: IDataObject): string {
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

/** The HTTP response inside an error that n8n's request helpers threw (they wrap it in NodeApiError). */
function thrownResponse(
	thrown: unknown,
): Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'> | undefined {
	for (const candidate of [thrown, (thrown as { cause?: unknown })?.cause]) {
		const response = (candidate as { response?: Record<string, unknown> } | undefined)?.response;
		if (!isObject(response)) continue;
		const statusCode = Number(response.status ?? response.statusCode);
		if (!Number.isFinite(statusCode)) continue;
		return {
			statusCode,
			body: (response.data ?? response.body) as IN8nHttpFullResponse['body'],
			headers: (response.headers ?? {}) as IN8nHttpFullResponse['headers'],
		};
	}
	return undefined;
}

export class DocumentExecutionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Execution Trigger',
		name: 'documentExecutionTrigger',
		icon: {
			light: 'file:../../icons/documentExecution.svg',
			dark: 'file:../../icons/documentExecution.dark.svg',
		},
		group: ['trigger'],
		// Version 2 behaves as version 1. n8n evaluates an expression for every delivery to a version-1 webhook
		// node (its Webhook node v1's binaryData option, in packages/cli/src/webhooks/webhook-helpers.ts
		// parseRequestBody), which in n8n 2.x builds an expression isolate; it does not for version 2.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ ($parameter["options"]["eventTypes"] || []).join(", ") || "Any event" }}',
		description: APP_DESCRIPTION,
		defaults: { name: 'Document Execution Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials(),
		// responseData '' makes n8n answer a started execution with the node's own webhookResponse (without it,
		// n8n answers the literal text "firstEntryJson").
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'success',
			},
			{
				name: ERROR_WEBHOOK,
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'error',
			},
		],
		properties: [
			{
				displayName:
					"The service has no API to register webhooks. In the service's dashboard, open the workflow and, for each invitee whose actions should start this flow, paste the Production URL ending in /success as its Webhook URL (signed, approved) and the one ending in /error as its Error Webhook URL (rejected, certificate verification failed).",
				name: 'pasteNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName:
					'Each delivery is verified with the Private Salt of the credential (its MAC is an HMAC-SHA1 of the document ID); a delivery that fails is refused with HTTP 401 and starts nothing. If the credential has no Private Salt, verification is off and every delivery is accepted unverified. Each output item has an "event" field (kind, eventType, documentId, documentStatus, irn, invitee) that reads the same for every webhook version. PDFs a delivery carries in base64 (older webhook versions) are output as binary files, not JSON.',
				name: 'verificationNotice',
				type: 'notice',
				default: '',
			},
			authenticationProperty({
				oAuth2Name: 'OAuth2',
				description:
					'The credential holds the Private Salt and is used by Re-Fetch Current Status (Auth Token: document status; OAuth2: pack details)',
			}),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Events',
						name: 'eventTypes',
						type: 'multiOptions',
						options: EVENT_OPTIONS,
						default: [],
						description:
							'Only deliveries of these kinds (event.kind) start the workflow; others are acknowledged and ignored. Leave empty to accept every kind, including kinds the service adds later.',
					},
					{
						displayName: 'Include Request Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the HTTP headers of the delivery to the output, under "headers"',
					},
					{
						displayName: 'Only Completed Documents',
						name: 'completedOnly',
						type: 'boolean',
						default: false,
						description:
							'Whether to start the workflow only for deliveries whose document is completed (event.documentStatus COMPLETED, or PACK_PENDING_COMPLETION for a fully executed pack document: every invitee has acted); others are acknowledged and ignored. A delivery without a document status (older webhook versions) is checked with the service once (Auth Token credential only), and then runs the workflow once per document.',
					},
					{
						displayName: 'Other Event Types',
						name: 'otherEventTypes',
						type: 'string',
						default: '',
						placeholder: 'e.g. DOCUMENT_SIGNED',
						description:
							"Comma-separated kinds not in the list above, matched exactly against event.kind or a Webhook 4.0 envelope's own event.eventType, for event kinds the service adds later",
					},
					{
						displayName: 'Re-Fetch Current Status',
						name: 'refetchStatus',
						type: 'boolean',
						default: false,
						description:
							'Whether to read the document\'s current state from the service and add it under "currentStatus" (Auth Token: document status; OAuth2: pack details, for Webhook 4.0 envelopes only). The MAC covers only the document ID, so a captured delivery can be replayed; the service\'s own answer cannot. The answer to the service waits for this read.',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: manualRegistration('default'),
		error: manualRegistration('error'),
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject();
		const route = ROUTES[this.getWebhookName()] ?? 'success';

		const body = await readBody(this.getRequestObject());
		const delivery = body && shapeOf(body);
		if (!body || !delivery) {
			response.status(400).json({
				message:
					'The body must be a JSON object: a v3 webhook (top-level documentId) or a Webhook 4.0 envelope (eventType and document)',
			});
			return { noWebhookResponse: true };
		}

		const authentication = this.getNodeParameter('authentication', 'authToken') as Authentication;
		const credentialType = credentialTypeFor(authentication);
		// Read only when needed: outside an execution, n8n builds an expression isolate for each read.
		let credentials: ICredentialDataDecryptedObject | undefined;
		const readCredentials = async () =>
			(credentials = await this.getCredentials<ICredentialDataDecryptedObject>(credentialType));
		const credentialId = this.getNode().credentials?.[credentialType]?.id;
		const now = Date.now();
		const verdict = await checkedWithSalt(
			credentialId ? `${credentialType}:${credentialId}` : undefined,
			async () => saltOf((await readCredentials()).privateSalt),
			(salt) => verifyMac(body, delivery.documentId, salt),
			now,
		);
		if (!verdict.accepted) {
			// No reason in the answer: a forger learns nothing from it.
			response.status(401).end();
			return { noWebhookResponse: true };
		}

		const event = normalisedEvent(body, delivery, route);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		// Acknowledged (2xx) so that the service does not retry, and no execution starts.
		const ignored = {
			webhookResponse: { message: "Not selected in the trigger's options; ignored" },
		};
		if (!isSelected(options, event)) return ignored;

		const readStatus = async (purpose: ReadPurpose) =>
			fetchCurrentStatus(
				this,
				purpose,
				authentication,
				credentials ?? (await readCredentials()),
				body,
				delivery,
			);
		const confirmedWithService = async (read: () => Promise<IDataObject>) => {
			try {
				return await read();
			} catch (error) {
				// The service sends the delivery again after any non-2xx; it gets a short answer without n8n's
				// internals, and n8n records the failed execution with the readable error thrown here.
				response.status(503).json({
					message: 'The delivery could not be confirmed with the service; send it again later',
				});
				throw asNodeError(this.getNode(), error);
			}
		};
		let currentStatus: IDataObject | undefined;
		// An older webhook version says nothing of the document's status: the service is asked once.
		const statusFromService = options.completedOnly === true && event.documentStatus === null;
		if (statusFromService) {
			currentStatus = await confirmedWithService(async () => {
				const read = await readStatus('Only Completed Documents');
				event.documentStatus = serviceDocumentStatus(this.getNode(), read);
				return read;
			});
		}
		if (
			options.completedOnly === true &&
			!COMPLETED_DOCUMENT_STATUSES.includes(event.documentStatus as string)
		)
			return ignored;

		const scope = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}`;
		// Every invitee's delivery can find the document completed once the service is asked: the flow runs once
		// per document then, whichever delivery arrives first.
		const key = statusFromService ? completionKey(delivery) : eventKey(body, delivery, event.kind);
		if (seenRecently(scope, key, now)) {
			return { webhookResponse: { message: 'Delivery already received; ignored' } };
		}

		const files = deliveredFiles(body, delivery.documentId);
		const json: IDataObject = {
			...(body as IDataObject),
			event,
			macVerification: verdict.verified
				? { verified: true, detail: 'The MAC matches the document ID and the Private Salt' }
				: { verified: false, detail: 'Verification is off: the credential has no Private Salt' },
		};
		for (const movedKey of files.movedKeys) delete json[movedKey];
		if (files.files.length > 0) json.movedToBinary = files.movedToBinary;
		if (options.includeHeaders === true) json.headers = this.getHeaderData() as JsonObject;
		if (options.refetchStatus === true)
			currentStatus ??= await confirmedWithService(() => readStatus('Re-Fetch Current Status'));
		if (currentStatus) json.currentStatus = currentStatus;
		const binary: IBinaryKeyData = {};
		for (const file of files.files)
			binary[file.field] = await this.helpers.prepareBinaryData(
				file.content,
				file.fileName,
				PDF_MIME_TYPE,
			);
		// Remembered only now that it starts an execution: a delivery whose Re-Fetch failed runs when sent again.
		remember(scope, key, now);
		const item: INodeExecutionData = files.files.length > 0 ? { json, binary } : { json };
		return { workflowData: [[item]], webhookResponse: { message: 'Delivery received' } };
	}
}
