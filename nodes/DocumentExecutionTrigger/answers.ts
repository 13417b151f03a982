import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

type ServiceResponse = ReturnType<IWebhookFunctions['getResponseObject']>;

interface Answer {
	status: number;
	body?: { message: string };
	/** `failed`: no workflow runs, and n8n records a failed execution with the step's error. */
	execution: 'one' | 'none' | 'failed';
}

/**
 * Every answer the trigger gives the service, in the order of webhook()'s steps. The service sends a delivery
 * again after any status but a 2xx (docs/choices/trigger.md, Answers).
 */
export const ANSWERS = {
	notADelivery: {
		status: 400,
		body: {
			message:
				'The body must be a JSON object: a v3 webhook (top-level documentId) or a Webhook 4.0 envelope (eventType and document)',
		},
		execution: 'none',
	},
	/** No reason given: a forger learns nothing from the answer. */
	refused: { status: 401, execution: 'none' },
	ignored: {
		status: 200,
		body: { message: "Not selected in the trigger's Events or Options; ignored" },
		execution: 'none',
	},
	unconfirmed: {
		status: 503,
		body: { message: 'The delivery could not be confirmed with the service; send it again later' },
		execution: 'failed',
	},
	taken: {
		status: 200,
		body: { message: 'Delivery already received; ignored' },
		execution: 'none',
	},
	undecided: {
		status: 503,
		body: {
			message: 'An earlier copy of this delivery is still being taken by n8n; send it again later',
		},
		execution: 'none',
	},
	received: { status: 200, body: { message: 'Delivery received' }, execution: 'one' },
} as const satisfies Record<string, Answer>;

export type AnswerName = keyof typeof ANSWERS;

export function writeAnswer(response: ServiceResponse, name: AnswerName): void {
	const answer: Answer = ANSWERS[name];
	if (answer.body === undefined) response.status(answer.status).end();
	else response.status(answer.status).json(answer.body);
}

/**
 * webhook()'s result for the answer `name`: n8n writes a 2xx, once it has stored the execution the answer
 * starts (recentDeliveries.ts reads it); the trigger writes any other status.
 */
export function answer(
	context: IWebhookFunctions,
	name: Exclude<AnswerName, 'received'>,
): IWebhookResponseData;
export function answer(
	context: IWebhookFunctions,
	name: 'received',
	item: INodeExecutionData,
): IWebhookResponseData;
export function answer(
	context: IWebhookFunctions,
	name: AnswerName,
	item?: INodeExecutionData,
): IWebhookResponseData {
	const { status, body, execution }: Answer = ANSWERS[name];
	if (status >= 300) {
		writeAnswer(context.getResponseObject(), name);
		return { noWebhookResponse: true };
	}
	return execution === 'one' && item
		? { workflowData: [[item]], webhookResponse: body }
		: { webhookResponse: body };
}
