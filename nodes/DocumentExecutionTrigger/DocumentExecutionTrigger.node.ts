import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
	WebhookType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { authenticationProperty, credentialTypeFor, nodeCredentials, type Authentication } from '../shared/authentication';
import { resolveBaseUrl } from '../shared/environment';
import { responseError } from '../shared/errors';
import { saltOf, verifyMac } from './verifyMac';

/** n8n's webhook names, and the route each stands for on the service's side. */
const ROUTES = { default: 'success', error: 'error' } as const;
type WebhookName = keyof typeof ROUTES;

/**
 * n8n-workflow types webhook names as 'default' | 'setup', but n8n looks webhook methods up by whatever
 * name a description carries, so a second, separately managed webhook gets its own name.
 */
const ERROR_WEBHOOK = 'error' as WebhookType;

/** Where the node keeps, per webhook, the URL it showed the user to paste (see the lifecycle below). */
const REGISTRY_KEY = 'pastedWebhookUrls';

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

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
		if (!url) throw new NodeOperationError(context.getNode(), `n8n gave no URL for the ${ROUTES[name]} webhook`);
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

/** The body as a JSON object, or undefined: parsed from the raw bytes, whatever the Content-Type said. */
function readEnvelope(rawBody: unknown): Record<string, unknown> | undefined {
	if (!Buffer.isBuffer(rawBody)) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(rawBody.toString('utf8').replace(/^\uFEFF/, ''));
	} catch {
		return undefined;
	}
	return isObject(parsed) ? parsed : undefined;
}

/** The event types the user chose (empty: every type passes, including kinds the service adds later). */
function selectedEventTypes(options: IDataObject): string[] {
	const listed = Array.isArray(options.eventTypes) ? (options.eventTypes as string[]) : [];
	const others = String(options.otherEventTypes ?? '')
		.split(',')
		.map((value) => value.trim())
		.filter(Boolean);
	return [...listed, ...others];
}

/**
 * The service's current word on the document, read after a verified delivery. The MAC covers only the
 * document id, so a captured delivery can be replayed; this read cannot. With the Auth Token: v3.2 check
 * status. With OAuth2 (which the service accepts on v4 only): v4 pack details of the envelope's pack.
 */
async function fetchCurrentStatus(
	context: IWebhookFunctions,
	authentication: Authentication,
	credentials: ICredentialDataDecryptedObject,
	envelope: Record<string, unknown>,
): Promise<IDataObject> {
	const node = context.getNode();
	const baseUrl = resolveBaseUrl(credentials);
	const field = (objectKey: string, key: string) => {
		const holder = envelope[objectKey];
		const value = isObject(holder) ? holder[key] : undefined;
		if (typeof value !== 'string' || value === '') {
			throw new NodeOperationError(node, `Re-Fetch Current Status: the delivery has no ${objectKey}.${key}`, {
				description: 'The envelope does not name what to read back from the service.',
			});
		}
		return value;
	};

	if (authentication === 'authToken') {
		const documentId = field('document', 'documentId');
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
		return { source: 'v3.2 check status', documentId, data: (response.body as IDataObject).data ?? {} };
	}

	const packId = field('pack', 'packId');
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
	const body = response.body as IDataObject;
	return { source: 'v4 pack details', packId, data: (body.data as IDataObject | undefined) ?? body };
}

/** The HTTP response inside an error that n8n's request helpers threw (they wrap it in NodeApiError). */
function thrownResponse(thrown: unknown): Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'> | undefined {
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
		version: 1,
		subtitle: '={{ ($parameter["options"]["eventTypes"] || []).join(", ") || "Any event type" }}',
		description: 'Starts the workflow when the Document Execution Service sends a webhook event, such as a reviewer approval',
		defaults: { name: 'Document Execution Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials(),
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'success' },
			{ name: ERROR_WEBHOOK, httpMethod: 'POST', responseMode: 'onReceived', path: 'error' },
		],
		properties: [
			{
				displayName:
					'The service has no API to register webhooks: copy the two Production URLs above (Webhook URLs) into the workflow settings of the service\'s dashboard, the one ending in /success as the success webhook and the one ending in /error as the error webhook.',
				name: 'pasteNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName:
					'Each delivery is verified with the Private Salt of the credential (its MAC is an HMAC-SHA1 of the document ID); a delivery that fails is refused with HTTP 401 and starts nothing. If the credential has no Private Salt, verification is off and every delivery is accepted unverified.',
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
						displayName: 'Event Types',
						name: 'eventTypes',
						type: 'multiOptions',
						options: [
							{
								name: 'Reviewer Approval',
								value: 'REVIEWER_APPROVAL',
								description: 'A reviewer approved a document',
							},
						],
						default: [],
						description:
							'Only deliveries with one of these event types start the workflow; others are acknowledged and ignored. Leave empty to accept every type, including kinds the service adds later.',
					},
					{
						displayName: 'Other Event Types',
						name: 'otherEventTypes',
						type: 'string',
						default: '',
						placeholder: 'e.g. DOCUMENT_SIGNED',
						description:
							'Comma-separated eventType values not in the list above, for event kinds the service adds later. They are matched exactly and passed through unchanged.',
					},
					{
						displayName: 'Include Request Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description: 'Whether to add the HTTP headers of the delivery to the output, under "headers"',
					},
					{
						displayName: 'Re-Fetch Current Status',
						name: 'refetchStatus',
						type: 'boolean',
						default: false,
						description:
							'Whether to read the document\'s current state from the service and add it under "currentStatus". The MAC covers only the document ID, so a captured delivery can be replayed; the service\'s own answer cannot. The answer to the service waits for this read.',
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
		const request = this.getRequestObject();
		const response = this.getResponseObject();
		const route = ROUTES[this.getWebhookName() as WebhookName] ?? 'success';

		const envelope = readEnvelope(request.rawBody);
		if (!envelope) {
			response.status(400).json({ message: 'The body must be a JSON object (a Webhook 4.0 envelope)' });
			return { noWebhookResponse: true };
		}

		const authentication = this.getNodeParameter('authentication', 'authToken') as Authentication;
		const credentials = await this.getCredentials(credentialTypeFor(authentication));
		const verdict = verifyMac(envelope, saltOf(credentials.privateSalt));
		if (!verdict.accepted) {
			// No reason in the answer: a forger learns nothing from it.
			response.status(401).end();
			return { noWebhookResponse: true };
		}

		const options = this.getNodeParameter('options', {}) as IDataObject;
		const wanted = selectedEventTypes(options);
		if (wanted.length && !wanted.includes(envelope.eventType as string)) {
			// Acknowledged (2xx) so that the service does not retry, and no execution starts.
			return { webhookResponse: { message: 'Event type not selected in the trigger; ignored' } };
		}

		const json: IDataObject = {
			...(envelope as IDataObject),
			macVerification: verdict.verified
				? { verified: true, detail: 'The MAC matches the document ID and the Private Salt' }
				: { verified: false, detail: 'Verification is off: the credential has no Private Salt' },
			webhookRoute: route,
		};
		if (options.includeHeaders === true) json.headers = this.getHeaderData() as JsonObject;
		if (options.refetchStatus === true) {
			json.currentStatus = await fetchCurrentStatus(this, authentication, credentials, envelope);
		}
		return { workflowData: [[{ json }]] };
	}
}
