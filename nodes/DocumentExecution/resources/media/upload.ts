import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';

import { v4Routing, type ItemRequest } from '../../shared/requests/routing';
import { routeOf } from '../../../shared/transport';
import { binaryMetadata, storedFile } from '../../shared/files/binary';
import { uploadToPresignedUrl } from './presignedUpload';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf, refuseBrokenRules, type FieldLabels } from '../../shared/form/rules';

/**
 * Media → Upload: a file for use in a pack. The service answers the first request with a pre-signed URL,
 * to which the file is then put.
 */

export const MEDIA_TYPES = [
	'SUB_DOCUMENT',
	'STAMP_UPLOAD',
	'REFERENCE_ATTACHMENTS',
	'FACE_MATCH_REFERENCE',
	'TEMPLATE_FILE_TYPE_FIELD',
	'CUSTOM_FIELD_UPLOAD',
] as const;

export const UPLOAD_LABELS: FieldLabels = {
	fileName: 'File Name',
	mediaType: 'Media Type',
	binaryPropertyName: 'Input Binary Field',
};

/** `name.ext`: a name, a dot, then letters or digits (a bare `.pdf` has no name). */
const WITH_EXTENSION = /^.*[^.\s].*\.[A-Za-z0-9]+$/;

export const mediaUploadSchema = z.object({
	fileName: z
		.string({ required_error: 'is required' })
		.trim()
		.min(1, 'is required: name the file or give the binary data a file name')
		.max(255, 'cannot be longer than 255 characters')
		.regex(
			WITH_EXTENSION,
			'needs an extension (for example contract.pdf), so the service can tell the file type',
		),
	mediaType: oneOf(MEDIA_TYPES),
});

/** The binary's own name, with its extension (added from the binary's metadata when the name lacks one). */
export function defaultFileName(binary: Pick<IBinaryData, 'fileName' | 'fileExtension'>): string {
	const name = binary.fileName ?? '';
	if (!name || /\.[A-Za-z0-9]+$/.test(name) || !binary.fileExtension) return name;
	return `${name}.${binary.fileExtension}`;
}

function uploadRequest(context: IExecuteSingleFunctions) {
	const binaryPropertyName = parameter<string>(context, 'binaryPropertyName', 'data');
	const binary = binaryMetadata(context, binaryPropertyName, UPLOAD_LABELS.binaryPropertyName);
	const given = parameter<string>(context, 'fileName', '').trim();
	const body = refuseBrokenRules(
		context,
		mediaUploadSchema,
		{ fileName: given || defaultFileName(binary), mediaType: parameter(context, 'mediaType', '') },
		UPLOAD_LABELS,
	);
	return { binaryPropertyName, binary, body };
}

export async function buildMediaUpload(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.body = uploadRequest(this).body;
	return requestOptions;
}

/** The file goes to the pre-signed URL the first answer gave, at once, as it lives 15 minutes. */
export async function outputMediaUpload(
	this: IExecuteSingleFunctions,
	answer: IN8nHttpFullResponse,
	{ request }: ItemRequest,
): Promise<INodeExecutionData[]> {
	const { binaryPropertyName, binary, body } = uploadRequest(this);
	const data = (((answer.body ?? {}) as IDataObject).data ?? {}) as IDataObject;
	if (typeof data.presignedUrl !== 'string' || typeof data.mediaId !== 'string') {
		throw new NodeApiError(this.getNode(), (answer.body ?? {}) as IDataObject as never, {
			message: 'The service answered without a media ID and upload URL',
			itemIndex: this.getItemIndex(),
		});
	}
	const file = await storedFile(this, binaryPropertyName, UPLOAD_LABELS.binaryPropertyName);
	await uploadToPresignedUrl(
		this,
		'Media → Upload',
		data.presignedUrl,
		file,
		binary.mimeType,
		routeOf(request),
		this.getItemIndex(),
	);
	const includeUrl = parameter<boolean>(this, 'options.includePresignedUrl', false) === true;
	return [
		{
			json: {
				mediaId: data.mediaId,
				expiresAt: data.expiresAt ?? null,
				mediaRetentionExpiresAt: data.mediaRetentionExpiresAt ?? null,
				fileName: body.fileName,
				mediaType: body.mediaType,
				fileSize: file.size,
				...(includeUrl ? { presignedUrl: data.presignedUrl } : {}),
			},
		},
	];
}

export const uploadFields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to be uploaded',
		displayOptions: showFor('media', ['upload']),
	},
	{
		displayName: 'Media Type',
		name: 'mediaType',
		type: 'options',
		options: [
			{ name: 'Custom Field Upload', value: 'CUSTOM_FIELD_UPLOAD' },
			{ name: 'Face Match Reference', value: 'FACE_MATCH_REFERENCE' },
			{ name: 'Reference Attachments', value: 'REFERENCE_ATTACHMENTS' },
			{ name: 'Stamp Upload', value: 'STAMP_UPLOAD' },
			{ name: 'Sub-Document', value: 'SUB_DOCUMENT' },
			{ name: 'Template File Type Field', value: 'TEMPLATE_FILE_TYPE_FIELD' },
		],
		default: 'SUB_DOCUMENT',
		description: 'What the file will be used for when the pack is created',
		displayOptions: showFor('media', ['upload']),
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. annexure.pdf',
		description: "With its extension. Leave empty to use the binary data's own file name.",
		displayOptions: showFor('media', ['upload']),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: showFor('media', ['upload']),
		options: [
			{
				displayName: 'Include Pre-Signed URL',
				name: 'includePresignedUrl',
				type: 'boolean',
				default: false,
				description:
					'Whether to output the upload URL too (it is already used; it stays valid for 15 minutes)',
			},
		],
	},
];

export const uploadOperation: INodePropertyOptions = {
	name: 'Upload',
	value: 'upload',
	action: 'Upload a file',
	description:
		'Upload a file for use in a pack (sub-document, stamp paper, reference attachment…) and get its media ID',
	// Not a create in the Retry On Fail sense: an unused media slot lapses (docs/choices/pack-media.md).
	routing: v4Routing('POST', '/v4/media/upload', {
		preSend: [buildMediaUpload],
		output: outputMediaUpload,
	}),
};
