import type { INodeProperties } from 'n8n-workflow';

import { v4Routing } from '../../shared/routing';
import { postReceiveMediaUpload, preSendMediaUpload } from './hooks';

const show = { show: { resource: ['media'], operation: ['upload'] } };

export const mediaOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['media'] } },
	options: [
		{
			name: 'Upload',
			value: 'upload',
			action: 'Upload a file',
			description: 'Upload a file for use in a pack (sub-document, stamp paper, reference attachment…) and get its media ID',
			routing: v4Routing('POST', '/v4/media/upload', { preSend: [preSendMediaUpload], postReceive: [postReceiveMediaUpload] }),
		},
	],
	default: 'upload',
};

export const mediaFields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to be uploaded',
		displayOptions: show,
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
		displayOptions: show,
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. annexure.pdf',
		description: 'With its extension. Leave empty to use the binary data\'s own file name.',
		displayOptions: show,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Include Pre-Signed URL',
				name: 'includePresignedUrl',
				type: 'boolean',
				default: false,
				description: 'Whether to output the upload URL too (it is already used; it stays valid for 15 minutes)',
			},
		],
	},
];
