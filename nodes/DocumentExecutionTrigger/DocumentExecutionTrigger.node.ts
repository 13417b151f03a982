import type {
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { APP_DESCRIPTION } from '../shared/appDescription';
import { authenticationProperty, nodeCredentials } from '../shared/authentication';
import { withDocsLink } from '../shared/docsLinks';
import { answer } from './answers';
import { ANY_EVENT, EVENT_KINDS } from './delivery';
import { RECENT_DELIVERIES } from './recentDeliveries';
import {
	claimDelivery,
	confirmCompletion,
	isPicked,
	outputItem,
	readDelivery,
	refetchWhenAsked,
	triggerCredential,
	verifyDelivery,
} from './steps';
import { TRIGGER_PANEL, TRIGGER_WEBHOOKS, WEBHOOK_METHODS } from './webhooks';

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
		// Version 2 alone (docs/choices/trigger.md, Bodies).
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

	/** The steps of a delivery, each answer as ANSWERS (answers.ts) gives it. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const delivery = await readDelivery(this);
		if (!delivery) return answer(this, 'notADelivery');
		const credential = triggerCredential(this);
		const verdict = await verifyDelivery(this, delivery, credential);
		if (!verdict.accepted) return answer(this, 'refused');
		if (!isPicked(this, delivery)) return answer(this, 'ignored');
		if (!(await confirmCompletion(this, delivery, credential))) return answer(this, 'ignored');
		const claimed = await claimDelivery(this, delivery);
		if (claimed !== 'claimed') return answer(this, claimed);
		const currentStatus = await refetchWhenAsked(this, delivery, credential);
		return answer(this, 'received', await outputItem(this, delivery, verdict, currentStatus));
	}
}
