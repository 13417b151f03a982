import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { networkError, type NetworkAttempt } from '../../../shared/networkErrors';
import type { RequestRoute } from '../../../shared/transport';
import type { NodeContext } from './binary';

/** The service's pre-signed URLs (download links, media upload URLs), which carry their own signature. */

/**
 * Sends a request to a pre-signed URL, without credentials (the URL carries its signature), reading the
 * answer as bytes (or as a stream, where `options` asks) whatever its status, through the item's proxy and SSL
 * choice (`route`) but within its own time limit (`attempt.timeoutMs`). A failure before any answer becomes one
 * line naming the host.
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
