import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { binaryMetadata, readBinary, uploadToPresignedUrl } from '../../shared/binary';
import { MEDIA_FIELD_NAMES, mediaUploadSchema, validate } from './validation';

/** The binary's own name, with its extension (added from the binary's metadata when the name lacks one). */
export function defaultFileName(binary: Pick<IBinaryData, 'fileName' | 'fileExtension'>): string {
	const name = binary.fileName ?? '';
	if (!name || /\.[A-Za-z0-9]+$/.test(name) || !binary.fileExtension) return name;
	return `${name}.${binary.fileExtension}`;
}

function uploadRequest(context: IExecuteSingleFunctions) {
	const binaryPropertyName = context.getNodeParameter('binaryPropertyName', 'data') as string;
	const binary = binaryMetadata(context, binaryPropertyName, MEDIA_FIELD_NAMES.binaryPropertyName);
	const given = (context.getNodeParameter('fileName', '') as string).trim();
	const body = validate(
		context,
		mediaUploadSchema,
		{ fileName: given || defaultFileName(binary), mediaType: context.getNodeParameter('mediaType', '') },
		MEDIA_FIELD_NAMES,
	);
	return { binaryPropertyName, body };
}

export async function preSendMediaUpload(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = uploadRequest(this).body;
	return requestOptions;
}

/**
 * The second request depends on the first one's answer: the file goes to the pre-signed URL at once (it
 * lives 15 minutes). It is sent here, after the envelope check, through the one place that turns binary data
 * into request bodies.
 */
export async function postReceiveMediaUpload(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { binaryPropertyName, body } = uploadRequest(this);
	const data = (((items[0]?.json ?? {}) as IDataObject).data ?? {}) as IDataObject;
	if (typeof data.presignedUrl !== 'string' || typeof data.mediaId !== 'string') {
		throw new NodeApiError(this.getNode(), (items[0]?.json ?? {}) as IDataObject as never, {
			message: 'The service answered without a media ID and upload URL',
			itemIndex: this.getItemIndex(),
		});
	}
	const file = await readBinary(this, binaryPropertyName, MEDIA_FIELD_NAMES.binaryPropertyName);
	await uploadToPresignedUrl(this, 'Media → Upload', data.presignedUrl, file, this.getItemIndex());
	const includeUrl = this.getNodeParameter('options.includePresignedUrl', false) === true;
	return [
		{
			json: {
				mediaId: data.mediaId,
				expiresAt: data.expiresAt ?? null,
				mediaRetentionExpiresAt: data.mediaRetentionExpiresAt ?? null,
				fileName: body.fileName,
				mediaType: body.mediaType,
				fileSize: file.content.length,
				...(includeUrl ? { presignedUrl: data.presignedUrl } : {}),
			},
		},
	];
}
