import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v3Routing, type ItemRequest } from '../../shared/requests/routing';
import { sendDocumentId } from './common';
import { answerData } from '../../../shared/accountReads';
import { PDF_MIME_TYPE } from '../../../shared/pdf';
import { defaultFileName, outputDownload } from '../../shared/files/downloadOutput';
import {
	askedFile,
	DOWNLOAD_TYPES,
	INDEXED_DOWNLOAD_TYPES,
	sendDownloadQuery,
} from '../../shared/files/downloadRequest';
import { expectedFileOf, type FileLink, noDownloadLinkError } from '../../shared/files/downloads';
import { downloadOutputProperties, showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { oneOf } from '../../shared/form/rules';
import { asString, type Body } from './common';

/** Document → Download File: the signed document, its audit trail, an attachment or a supporting document. */

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

/** v3.3's fetchDocument, which answers a link to the file asked for. */
export const FETCH_DOCUMENT_PATH = '/v3.3/document/fetchDocument';

/** A file asked for (as `askedFile` reads it), in fetchDocument's query under v3.3's names. */
export const fetchDocumentQuery = ({
	downloadType,
	index,
	signUrl,
}: {
	downloadType: string;
	index?: unknown;
	signUrl?: unknown;
}): IDataObject => ({
	documentDownloadType: downloadType,
	...(signUrl === undefined ? {} : { supportDocumentUrl: signUrl }),
	...(index === undefined ? {} : { index }),
});

/** preSend of Download File: the file asked for, in the query under v3.3's names. */
export const sendDownloadFileQuery = sendDownloadQuery(
	downloadQuerySchema,
	(context) => askedFile(context),
	fetchDocumentQuery,
);

const DOWNLOAD_FILE = 'Document → Download File';

/**
 * The link fetchDocument answered (`data.file`) to a file of `type`, as `operation`'s messages name it; an
 * answer without one is an error.
 */
export function fetchedLink(
	context: IExecuteSingleFunctions,
	operation: string,
	type: string,
	response: IN8nHttpFullResponse,
): FileLink {
	const url = asString(answerData(response.body).file);
	if (!url)
		throw noDownloadLinkError(context, operation, 'data.file', response, context.getItemIndex());
	return {
		url,
		operation,
		expected: expectedFileOf(type),
		life: `download links live ${DOWNLOAD_LINK_LIFE_SECONDS} seconds`,
	};
}

/**
 * Output of Download File: the link dies in 15 seconds, so it is read here, at once. Without the file
 * (Output Link Only, or Return File off where the node runs as an AI agent tool), the output is the link and
 * what the node knows of the file without reading it: the name it would give it, the type, and the link's life.
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
	const link = fetchedLink(this, DOWNLOAD_FILE, type, response);
	const options = parameter<Body>(this, 'options', {});
	const namedFile = asString(options.fileName);
	const defaultName = defaultFileName(type, documentId, index);
	const lifeSeconds = DOWNLOAD_LINK_LIFE_SECONDS;
	return await outputDownload(this, {
		about,
		answer: {
			link,
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
	routing: v3Routing('GET', FETCH_DOCUMENT_PATH, {
		preSend: [sendDocumentId('query'), sendDownloadFileQuery],
		output: outputLinkedFile,
	}),
};
