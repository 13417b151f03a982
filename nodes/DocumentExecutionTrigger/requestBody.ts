import type { IWebhookFunctions } from 'n8n-workflow';

import { isObject } from '../shared/isObject';

type WebhookRequest = ReturnType<IWebhookFunctions['getRequestObject']> & {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
};

/** Parsed from the raw bytes, whatever the Content-Type (docs/choices/trigger.md, Bodies). */
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
