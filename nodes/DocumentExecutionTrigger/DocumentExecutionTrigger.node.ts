import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { APP_DESCRIPTION } from '../shared/appDescription';
import {
	authenticationProperty,
	credentialTypeFor,
	nodeCredentials,
	type Authentication,
} from '../shared/authentication';
import { withDocsLink } from '../shared/docsLinks';
import { asNodeError } from '../shared/errors';
import { PDF_MIME_TYPE } from '../shared/pdf';
import { fetchCurrentStatus, listedDocumentStatus, type ReadPurpose } from './currentStatus';
import { deliveredFiles } from './deliveredFiles';
import {
	ANY_EVENT,
	COMPLETED_DOCUMENT_STATUSES,
	EVENT_KINDS,
	isSelected,
	normalisedEvent,
	shapeOf,
} from './delivery';
import { claim, completionKey, eventKey, RECENT_DELIVERIES } from './recentDeliveries';
import { readBody } from './requestBody';
import { verifyDeliveryMac } from './verifyMac';
import { ROUTES, TRIGGER_PANEL, TRIGGER_WEBHOOKS, WEBHOOK_METHODS } from './webhooks';

/** The Events choices: Any Event first, then one per event kind, described as EVENT_KINDS describes it. */
const EVENT_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Any Event',
		value: ANY_EVENT,
		description: 'Every kind, including kinds the service adds later',
	},
	{
		name: 'Certificate Verification Failed',
		value: 'CERTIFICATE_VERIFICATION_FAILED',
		description: EVENT_KINDS.CERTIFICATE_VERIFICATION_FAILED,
	},
	{
		name: 'Invitation Expired',
		value: 'INVITATION_EXPIRED',
		description: EVENT_KINDS.INVITATION_EXPIRED,
	},
	{
		name: 'Invitee Rejected',
		value: 'INVITEE_REJECTED',
		description: EVENT_KINDS.INVITEE_REJECTED,
	},
	{ name: 'Invitee Signed', value: 'INVITEE_SIGNED', description: EVENT_KINDS.INVITEE_SIGNED },
	{
		name: 'Reviewer Approval',
		value: 'REVIEWER_APPROVAL',
		description: EVENT_KINDS.REVIEWER_APPROVAL,
	},
	{ name: 'Signing Failed', value: 'SIGNING_FAILED', description: EVENT_KINDS.SIGNING_FAILED },
];

export class DocumentExecutionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Execution Trigger',
		name: 'documentExecutionTrigger',
		icon: {
			light: 'file:../../icons/documentExecution.svg',
			dark: 'file:../../icons/documentExecution.dark.svg',
		},
		group: ['trigger'],
		// Version 2 from the first release: a version-1 webhook node costs an expression per delivery
		// (docs/choices/trigger.md, Bodies).
		version: 2,
		subtitle:
			'={{ ($parameter["events"] || []).includes("*") ? "Any event" : [($parameter["events"] || []).join(", "), $parameter["otherEventTypes"]].filter(Boolean).join(", ") }}',
		description: APP_DESCRIPTION,
		defaults: { name: 'Document Execution Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials(),
		webhooks: TRIGGER_WEBHOOKS,
		triggerPanel: TRIGGER_PANEL,
		properties: [
			{
				displayName: withDocsLink(
					"Paste this node's Production URLs on each invitee in the service's dashboard: /success as its Webhook URL, /error as its Error Webhook URL. No API registers them.",
					'triggerSetup',
				),
				name: 'pasteNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: withDocsLink(
					"Each delivery is checked with the credential's Private Salt: one that fails gets HTTP 401 and starts nothing. Without a Private Salt, every delivery is accepted unverified.",
					'triggerAnswers',
				),
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
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENT_OPTIONS,
				default: [],
				description:
					'The kinds of delivery (event.kind) that start the workflow; others are acknowledged and start nothing. Any Event takes every kind, including kinds the service adds later.',
			},
			{
				displayName: 'Other Event Types',
				name: 'otherEventTypes',
				type: 'string',
				default: '',
				placeholder: 'e.g. DOCUMENT_SIGNED',
				description:
					"Comma-separated kinds the Events list does not have yet, matched exactly against event.kind or a Webhook 4.0 envelope's own event.eventType",
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				description: `Each event starts one execution: a repeat that reaches the same n8n process within ${RECENT_DELIVERIES.windowMs / 3600_000} hours (the main instance, or in queue mode the webhook processor that took it) is acknowledged and starts nothing. A restart of that process, or another webhook processor, does not know it.`,
				options: [
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

	webhookMethods = WEBHOOK_METHODS;

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
		// Read once, and only when needed: outside an execution, n8n builds an expression isolate for each read.
		let credentials: Promise<ICredentialDataDecryptedObject> | undefined;
		const readCredentials = async () =>
			await (credentials ??= this.getCredentials<ICredentialDataDecryptedObject>(credentialType));
		const now = Date.now();
		const verdict = await verifyDeliveryMac(
			this.getNode(),
			credentialType,
			readCredentials,
			body,
			delivery.documentId,
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
			webhookResponse: { message: "Not selected in the trigger's Events or Options; ignored" },
		};
		const events = this.getNodeParameter('events', []);
		if (!isSelected(events, this.getNodeParameter('otherEventTypes', ''), event)) return ignored;

		const readStatus = async (purpose: ReadPurpose) =>
			await fetchCurrentStatus(
				this,
				purpose,
				authentication,
				await readCredentials(),
				body,
				delivery,
			);
		const confirmedWithService = async <T>(read: () => Promise<T>) => {
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
		// An older webhook version says nothing of the document's status: the service is asked once.
		const statusFromService = options.completedOnly === true && event.documentStatus === null;
		if (statusFromService) {
			event.documentStatus = await confirmedWithService(async () =>
				listedDocumentStatus(this, authentication, await readCredentials(), delivery),
			);
		}
		if (
			options.completedOnly === true &&
			!COMPLETED_DOCUMENT_STATUSES.includes(event.documentStatus as string)
		)
			return ignored;

		// A delivery to the Test URL (n8n runs it in manual mode) has a memory of its own: an event tried in the
		// editor still runs the active workflow when it reaches the Production URL.
		const url = this.getMode() === 'manual' ? 'test' : 'production';
		const scope = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}\u0000${url}`;
		// Every invitee's delivery can find the document completed once the service is asked: the flow runs once
		// per document then, whichever delivery arrives first.
		const key = statusFromService ? completionKey(delivery) : eventKey(body, delivery, event.kind);
		// Held from here, and kept only if n8n answers the service with a 2xx: a delivery whose Re-Fetch failed, or
		// whose execution n8n could not store, runs when the service sends it again.
		const claimed = await claim(scope, key, now, response);
		if (claimed === 'taken')
			return { webhookResponse: { message: 'Delivery already received; ignored' } };
		if (claimed === 'undecided') {
			// Not acknowledged: the service sends it again (hours later), when n8n's answer to the first is known.
			response.status(503).json({
				message:
					'An earlier copy of this delivery is still being taken by n8n; send it again later',
			});
			return { noWebhookResponse: true };
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
			json.currentStatus = await confirmedWithService(() => readStatus('Re-Fetch Current Status'));
		const binary: IBinaryKeyData = {};
		for (const file of files.files)
			binary[file.field] = await this.helpers.prepareBinaryData(
				file.content,
				file.fileName,
				PDF_MIME_TYPE,
			);
		const item: INodeExecutionData = files.files.length > 0 ? { json, binary } : { json };
		return { workflowData: [[item]], webhookResponse: { message: 'Delivery received' } };
	}
}
