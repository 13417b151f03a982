import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { networkError, type NetworkAttempt } from '../../../shared/networkErrors';
import type { RequestRoute } from '../../../shared/transport';
import { firstBytes, type NodeContext } from './binary';
import type { FileOnItsWay } from './downloads';

/**
 * Sends a request to a pre-signed URL (a download link, a media upload URL) without credentials, as the URL
 * carries its signature: through the item's proxy and SSL choice, but within its own time limit.
 */
export async function requestPresignedUrl(
	context: NodeContext,
	options: IHttpRequestOptions,
	attempt: Omit<NetworkAttempt, 'url'>,
	{ proxy, skipSslCertificateValidation }: RequestRoute,
	itemIndex?: number,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequest({
			encoding: 'arraybuffer',
			...options,
			...(proxy ? { proxy } : {}),
			...(skipSslCertificateValidation ? { skipSslCertificateValidation } : {}),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: attempt.timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw (
			networkError(context.getNode(), error, { ...attempt, url: options.url }, itemIndex) ?? error
		);
	}
}

/**
 * How long the node waits for a download link to answer (and, once it answers, for each next piece of the
 * file). A link silent for that long has outlived the 15 seconds a v3.3 link lives, so waiting longer only
 * delays the error.
 */
export const DOWNLOAD_LINK = { timeoutMs: 30_000 };

/** An answer body as n8n's request helper gives it for `encoding: 'stream'`, as prepareBinaryData takes it. */
type StreamOfBytes = AsyncIterable<Buffer> &
	Parameters<IExecuteSingleFunctions['helpers']['prepareBinaryData']>[0];

/**
 * Opens the download link of `file` at once (v3.3 links die after 15 seconds), its answer a stream of the
 * file; `attempt` names the link for a failure while its file is read.
 */
export async function openLink(
	context: IExecuteSingleFunctions,
	{ operation, remedy }: FileOnItsWay,
	{ url, route }: { url: string; route: RequestRoute },
): Promise<{ answer: IN8nHttpFullResponse & { body: StreamOfBytes }; attempt: NetworkAttempt }> {
	const itemIndex = context.getItemIndex();
	const attempt = { operation, again: remedy, timeoutMs: DOWNLOAD_LINK.timeoutMs };
	const response = await requestPresignedUrl(
		context,
		{ method: 'GET', url, encoding: 'stream' },
		attempt,
		route,
		itemIndex,
	);
	const answer = { ...response, body: response.body as StreamOfBytes };
	if (answer.statusCode >= 300) {
		const start = await firstBytes(answer.body, 200);
		throw new NodeApiError(context.getNode(), { body: start.toString('utf8') } as JsonObject, {
			message: `The download link could not be read (HTTP ${answer.statusCode})`,
			description: 'Download links expire within seconds; run the node again to get a fresh one.',
			httpCode: String(answer.statusCode),
			itemIndex,
		});
	}
	return { answer, attempt: { ...attempt, url } };
}
