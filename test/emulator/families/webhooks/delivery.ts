import { randomUUID } from 'node:crypto';
import { type Agent, request as httpRequest } from 'node:http';

import type { EmulatorEnv } from '../../server';
import { buildEnvelope } from './envelope';
import type {
	DeliverRequest,
	DeliverV3EventRequest,
	Delivery,
	DeliveryOptions,
	WebhooksState,
} from './state';
import { v3Event } from './v3Events';

// Delivery: POSTs with retries, kept in the history of the document.

function post(
	url: string,
	body: Buffer,
	contentType: string,
	userAgent: string,
	agent: Agent | undefined,
): Promise<number> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent,
				headers: {
					'content-type': contentType,
					'content-length': String(body.length),
					'user-agent': userAgent,
				},
			},
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			},
		);
		request.setTimeout(10_000, () =>
			request.destroy(new Error('The receiver did not answer within 10 s')),
		);
		request.on('error', reject);
		request.end(body);
	});
}

interface Outgoing {
	accountId: string;
	/** The document whose history keeps the delivery. */
	documentId: string;
	body: Record<string, unknown>;
	userAgent: string;
}

/** POSTs a body to `options.url` (retrying on a non-2xx answer), recording the delivery under its document. */
async function send(
	env: EmulatorEnv,
	options: DeliveryOptions,
	outgoing: Outgoing,
): Promise<Delivery> {
	const state = env.slice<WebhooksState>('webhooks');
	const raw = options.rawBody ?? JSON.stringify(outgoing.body);
	const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
	const delivery: Delivery = {
		deliveryId: randomUUID(),
		url: options.url,
		accountId: outgoing.accountId,
		documentId: outgoing.documentId,
		envelope: outgoing.body,
		body: bytes.toString('utf8'),
		attempts: [],
		acknowledged: false,
	};
	const history = state.history.get(outgoing.documentId) ?? [];
	history.push(delivery);
	state.history.set(outgoing.documentId, history);

	const attempts = 1 + Math.max(0, options.retries ?? state.retries);
	for (let attempt = 0; attempt < attempts && !delivery.acknowledged; attempt++) {
		try {
			const status = await post(
				options.url,
				bytes,
				options.contentType ?? 'application/json',
				outgoing.userAgent,
				options.agent,
			);
			delivery.attempts.push({ status, at: env.clock.now() });
			delivery.acknowledged = status >= 200 && status < 300;
		} catch (error) {
			delivery.attempts.push({ status: 0, error: (error as Error).message, at: env.clock.now() });
		}
	}
	return delivery;
}

/** Builds a Webhook 4.0 envelope and delivers it. */
export async function deliverWebhook(env: EmulatorEnv, input: DeliverRequest): Promise<Delivery> {
	const envelope = buildEnvelope(env, input);
	const documentId = String(
		(envelope.document as Record<string, unknown> | null)?.documentId ?? '',
	);
	return send(env, input, {
		accountId: input.account ?? 'account-main',
		documentId,
		body: envelope,
		userAgent: 'DocumentExecution-Webhook/4.0',
	});
}

/** Builds a v3 flat event and delivers it. */
export async function deliverV3Event(
	env: EmulatorEnv,
	input: DeliverV3EventRequest,
): Promise<Delivery> {
	const { accountId, body } = v3Event(env, input);
	return send(env, input, {
		accountId,
		documentId: String(body.documentId ?? ''),
		body,
		userAgent: 'DocumentExecution-Webhook',
	});
}
