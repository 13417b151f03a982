import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { inWorkflow } from '../../shared/requests/inWorkflow';
import { routingOf, v3Request, type ItemRequest } from '../../shared/requests/routing';
import { putDocumentId } from './common';
import { routeOf } from '../../../shared/transport';
import { defaultFileName, outputDownload } from '../../shared/files/downloadOutput';
import {
	askedFile,
	DOWNLOAD_TYPES,
	fileIndex,
	INDEXED_DOWNLOAD_TYPES,
	requireIndex,
	putDownloadQuery,
} from '../../shared/files/downloadRequest';
import { downloadOutputProperties, showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf } from '../../shared/form/rules';
import { asString, type Body } from './common';
import {
	DOWNLOAD_LINK_LIFE_SECONDS,
	FETCH_DOCUMENT_PATH,
	fetchDocumentQuery,
	fetchedFile,
} from './fetchDocument';

/** Document → Download File: the signed document, its audit trail, an attachment or a supporting document. */

/**
 * v3.3's rules of the file asked for; the Document ID, which v3.3 takes with every file type (a supporting
 * document too), is checked by `putDocumentId`.
 */
export const downloadQuerySchema = z
	.object({
		downloadType: oneOf(DOWNLOAD_TYPES),
		index: fileIndex('cannot be negative (indexes start at 0)'),
		signUrl: z.unknown().optional(),
	})
	.superRefine((query, ctx) => {
		requireIndex(query, ctx);
		if (
			query.downloadType === 'SUPPORTING_DOCUMENT' &&
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
export const putDownloadFileQuery = putDownloadQuery(
	downloadQuerySchema,
	(context) => askedFile(context),
	fetchDocumentQuery,
);

/**
 * Output of Download File: the link dies in 15 seconds, so it is read here, at once. Without the file, the
 * output is the link and what the node knows of the file without reading it.
 */
export async function outputLinkedFile(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	item: ItemRequest,
) {
	const documentId = item.documentId!;
	const asked = askedFile(this);
	const type = String(asked.downloadType);
	const index = asked.index === undefined ? undefined : Number(asked.index);
	const about: IDataObject = {
		documentId,
		...asked,
		...(index === undefined ? {} : { index }),
	};
	const options = parameter<Body>(this, 'options', {});
	const namedFile = asString(options.fileName);
	const defaultName = defaultFileName(type, documentId, index);
	return await outputDownload(this, {
		about,
		// The link's own name (its Content-Disposition) is known only by reading it.
		file: fetchedFile(
			this,
			'Document → Download File',
			type,
			response,
			{ chosen: namedFile, byDefault: defaultName },
			routeOf(item.request),
		),
		linkOnly: Boolean(options.linkOnly),
		linkLife: `it works for ${DOWNLOAD_LINK_LIFE_SECONDS} seconds from when the service issued it`,
		expiry: { expiresInSeconds: DOWNLOAD_LINK_LIFE_SECONDS },
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

const downloadRequest = v3Request('GET', FETCH_DOCUMENT_PATH, {
	preSend: [putDocumentId('query'), putDownloadFileQuery],
	output: outputLinkedFile,
});

export const downloadOperation: INodePropertyOptions = {
	name: 'Download File',
	value: 'download',
	action: 'Download a file of a document',
	description:
		'Download the signed PDF, audit trail, an attachment or a supporting document of a completed document',
	routing: routingOf(downloadRequest),
};

/** Download File in a workflow: the resource's custom operation (`inWorkflow`). */
export const downloadInWorkflow = inWorkflow(downloadRequest);
