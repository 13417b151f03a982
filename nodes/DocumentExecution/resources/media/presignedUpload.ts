import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { answerBytes } from '../../../shared/errors';
import type { NodeContext, StoredFile } from '../../shared/files/binary';
import { requestPresignedUrl } from '../../shared/files/presignedUrls';
import type { RequestRoute } from '../../../shared/transport';
import { StreamedBody, withStreamedBody } from '../../shared/files/streamedBody';

/**
 * How a file goes to a pre-signed upload URL (v4 media upload). The spec does not show the method or the
 * headers; this follows the convention of pre-signed object-store URLs: PUT, the raw bytes as the body with
 * the file's own Content-Type (uploadToPresignedUrl), and no credentials (the URL carries its signature), through
 * the item's proxy and SSL choice (`route`).
 */
const PRESIGNED_UPLOAD = { method: 'PUT' } as const;

/** Sends a file to a pre-signed upload URL as PRESIGNED_UPLOAD says, read while it is sent. */
export async function uploadToPresignedUrl(
	context: NodeContext,
	operation: string,
	url: string,
	file: StoredFile,
	mimeType: string,
	route: RequestRoute,
	itemIndex?: number,
): Promise<void> {
	const type = mimeType || 'application/octet-stream';
	const body = new StreamedBody(file.size, type, () => file.bytes(context.getNode()));
	const response = await requestPresignedUrl(
		context,
		withStreamedBody({ method: PRESIGNED_UPLOAD.method, url }, body),
		{ operation, again: 'run the node again to get a fresh upload URL' },
		route,
		itemIndex,
	);
	if (response.statusCode < 300) return;
	const text = response.body ? answerBytes(response.body).toString('utf8') : '';
	const reason =
		/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
	throw new NodeApiError(context.getNode(), { body: text.slice(0, 200) } as JsonObject, {
		message: `The file could not be uploaded to the pre-signed URL (HTTP ${response.statusCode}${reason ? `: ${reason}` : ''})`,
		description:
			'Pre-signed upload URLs are valid for 15 minutes and only for the exact URL the service gave; run the node again to get a fresh one.',
		httpCode: String(response.statusCode),
		itemIndex,
	});
}
