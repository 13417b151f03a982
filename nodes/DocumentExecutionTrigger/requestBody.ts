import type { IWebhookFunctions } from 'n8n-workflow';

import { isObject } from '../shared/isObject';

/** n8n's request: its body parser leaves the bytes unread for a Content-Type it does not parse (version 2). */
type WebhookRequest = ReturnType<IWebhookFunctions['getRequestObject']> & {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
};

/** The body of a delivery as a JSON object, or undefined: parsed from the raw bytes, whatever the Content-Type said. */
export async function readBody(
	request: WebhookRequest,
): Promise<Record<string, unknown> | undefined> {
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
