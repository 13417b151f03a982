import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v3Routing } from '../../shared/requests/routing';
import { sendDocumentId } from './common';
import { answerData } from '../../../shared/accountReads';
import { PDF_MIME_TYPE } from '../../../shared/pdf';
import { outputDownload } from '../../shared/files/downloadOutput';
import {
	askedFile,
	DOWNLOAD_TYPES,
	INDEXED_DOWNLOAD_TYPES,
	sendDownloadQuery,
} from '../../shared/files/downloadRequest';
import { expectedFileOf, noDownloadLinkError } from '../../shared/files/downloads';
import { downloadOutputProperties, showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf } from '../../shared/form/rules';
import { asString, type Body, sentDocumentId } from './common';

/** Document → Download File: the signed document, its audit trail, an attachment or a supporting document. */

/** Where the spec is silent (docs/choices/document.md): file names when the download answer carries none. */
export const DOWNLOAD_FILE_NAMES: Record<string, (id: string, index: number) => string> = {
	DOCUMENT: (id) => `${id}.pdf`,
	AUDIT_TRAIL: (id) => `${id}_audit_trail.pdf`,
	ATTACHMENT: (id, index) => `${id}_attachment_${index}.pdf`,
	SUPPORTING_DOCUMENT: (id, index) => `${id}_supporting_document_${index}.pdf`,
};

/** Seconds a v3.3 download link lives (the spec's 15 seconds), reported where the link is output instead of the file. */
export const DOWNLOAD_LINK_LIFE_SECONDS = 15;

const index = z.coerce
	.number({ invalid_type_error: 'must be a number' })
	.int('must be a whole number')
	.min(0, 'cannot be negative (indexes start at 0)');

export const downloadQuerySchema = z
	.object({
		downloadType: oneOf(DOWNLOAD_TYPES),
		index: z.unknown().optional(),
		signUrl: z.unknown().optional(),
	})
	.superRefine((query, ctx) => {
		const type = query.downloadType;
		if (type === 'ATTACHMENT' || type === 'SUPPORTING_DOCUMENT') {
			if (query.index === undefined || query.index === '')
				ctx.addIssue({ code: 'custom', path: ['index'], message: `is required for ${type}` });
			else {
				const parsed = index.safeParse(query.index);
				if (!parsed.success)
					ctx.addIssue({
						code: 'custom',
						path: ['index'],
						message: parsed.error.issues[0].message,
					});
			}
		}
		if (
			type === 'SUPPORTING_DOCUMENT' &&
			(typeof query.signUrl !== 'string' || !query.signUrl.trim())
		) {
			ctx.addIssue({
				code: 'custom',
				path: ['signUrl'],
				message: "is required for SUPPORTING_DOCUMENT (the invitee's sign URL or its UUID)",
			});
		}
	});

/** preSend of Download File: the file asked for, in the query under v3.3's names. */
export const sendDownloadFileQuery = sendDownloadQuery(
	downloadQuerySchema,
	(context) => askedFile(context),
	({ downloadType, index, signUrl }) => ({
		documentDownloadType: downloadType,
		...(signUrl === undefined ? {} : { supportDocumentUrl: signUrl }),
		...(index === undefined ? {} : { index }),
	}),
);

const DOWNLOAD_FILE = 'Document → Download File';

/**
 * postReceive of Download File: the link dies in 15 seconds, so it is read here, at once. Without the file
 * (Output Link Only, or Return File off where the node runs as an AI agent tool), the output is the link and
 * what the node knows of the file without reading it: the name it would give it, the type, and the link's life.
 */
export async function outputLinkedFile(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) {
	const url = asString(answerData(response.body).file);
	const documentId = sentDocumentId(this);
	const asked = askedFile(this);
	const type = String(asked.downloadType);
	const index = asked.index === undefined ? undefined : Number(asked.index);
	const about: IDataObject = {
		documentId,
		...asked,
		...(index === undefined ? {} : { index }),
	};
	if (!url)
		throw noDownloadLinkError(this, DOWNLOAD_FILE, 'data.file', response, this.getItemIndex());
	const options = parameter<Body>(this, 'options', {});
	const namedFile = asString(options.fileName);
	const defaultName = DOWNLOAD_FILE_NAMES[type](documentId, index ?? 0);
	const lifeSeconds = DOWNLOAD_LINK_LIFE_SECONDS;
	return await outputDownload(this, {
		about,
		answer: {
			link: {
				url,
				operation: DOWNLOAD_FILE,
				expected: expectedFileOf(type),
				life: `download links live ${lifeSeconds} seconds`,
			},
			linkLife: `it works for ${lifeSeconds} seconds from when the service issued it`,
			// The link's own name (its Content-Disposition) is known only by reading it.
			described: { fileName: namedFile ?? defaultName, mimeType: PDF_MIME_TYPE },
		},
		linkOnly: Boolean(options.linkOnly),
		fileName: { chosen: namedFile, byDefault: defaultName },
		expiry: { expiresInSeconds: lifeSeconds },
	});
}

export const downloadFields: INodeProperties[] = [
	{
		displayName: 'File Type',
		name: 'downloadType',
		type: 'options',
		options: [
			{
				name: 'Attachment',
				value: 'ATTACHMENT',
				description: 'A file the sender attached, by index',
			},
			{ name: 'Audit Trail', value: 'AUDIT_TRAIL' },
			{ name: 'Signed Document', value: 'DOCUMENT' },
			{
				name: 'Supporting Document',
				value: 'SUPPORTING_DOCUMENT',
				description: 'A file an invitee uploaded, by sign URL and index',
			},
		],
		default: 'DOCUMENT',
		description: `One of ${DOWNLOAD_TYPES.join(', ')}; only COMPLETED documents can be downloaded`,
		displayOptions: showFor('document', ['download']),
	},
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		default: '',
		required: true,
		description: 'The sign URL of the invitee who uploaded the document, or just its UUID',
		displayOptions: showFor('document', ['download'], { downloadType: ['SUPPORTING_DOCUMENT'] }),
	},
	{
		displayName: 'Index',
		name: 'index',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Which file, counting from 0',
		displayOptions: showFor('document', ['download'], { downloadType: INDEXED_DOWNLOAD_TYPES }),
	},
	...downloadOutputProperties(showFor('document', ['download'])),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('document', ['download']),
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				description: 'Name of the output file; by default the name the service gives',
			},
			{
				displayName: 'Output Link Only',
				name: 'linkOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to output the temporary download link instead of the file. The link dies 15 seconds after it is issued.',
				// As an AI agent tool, Return File says it.
				displayOptions: { hide: { '@tool': [true] } },
			},
		],
	},
];

export const downloadOperation: INodePropertyOptions = {
	name: 'Download File',
	value: 'download',
	action: 'Download a file of a document',
	description:
		'Download the signed PDF, audit trail, an attachment or a supporting document of a completed document',
	routing: v3Routing('GET', '/v3.3/document/fetchDocument', {
		preSend: [sendDocumentId('query'), sendDownloadFileQuery],
		postReceive: [outputLinkedFile],
	}),
};
