import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v4Routing, type ItemRequest } from '../../shared/requests/routing';
import { routeOf, type RequestRoute } from '../../../shared/transport';
import { answerData } from '../../../shared/accountReads';
import { answerBytes } from '../../../shared/errors';
import { PDF_MIME_TYPE } from '../../../shared/pdf';
import {
	contentTypeOf,
	defaultFileName,
	type Download,
	outputDownload,
} from '../../shared/files/downloadOutput';
import {
	askedFile,
	DOWNLOAD_TYPES,
	fileIndex,
	INDEXED_DOWNLOAD_TYPES,
	requireIndex,
	putDownloadQuery,
} from '../../shared/files/downloadRequest';
import {
	expectedFileOf,
	type FileOnItsWay,
	freshLinkRemedy,
	noDownloadLinkError,
} from '../../shared/files/downloads';
import { downloadOutputProperties, showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { booleanField, oneOf } from '../../shared/form/rules';
import { optionalText, ULID_PATTERN } from './common';

/** Pack → Download, with the parameter names and output of Document → Download File. */

/**
 * v4's rules of the file asked for: a supporting document is found by its Sign URL alone (v4 refuses a Document
 * ID with it), any other file by its Document ID, a pack document's ULID.
 */
export const packDownloadSchema = z
	.object({
		downloadType: oneOf(DOWNLOAD_TYPES),
		documentId: optionalText(),
		signUrl: optionalText(),
		index: fileIndex('cannot be negative'),
		mode: oneOf(['accountDefault', 'stream']),
		linkOnly: booleanField(),
	})
	.superRefine((value, ctx) => {
		const supporting = value.downloadType === 'SUPPORTING_DOCUMENT';
		if (supporting) {
			if (!value.signUrl)
				ctx.addIssue({
					code: 'custom',
					path: ['signUrl'],
					message: 'is required for a Supporting Document',
				});
			if (value.documentId !== undefined) {
				ctx.addIssue({
					code: 'custom',
					path: ['documentId'],
					message: 'must not be sent with a Supporting Document (it is found by its Sign URL)',
				});
			}
		} else {
			if (!value.documentId)
				ctx.addIssue({
					code: 'custom',
					path: ['documentId'],
					message: `is required for ${value.downloadType}`,
				});
			else if (!ULID_PATTERN.test(value.documentId)) {
				ctx.addIssue({
					code: 'custom',
					path: ['documentId'],
					message: 'must be a pack document ID: 26 letters and digits (a ULID)',
				});
			}
			if (value.signUrl !== undefined) {
				ctx.addIssue({
					code: 'custom',
					path: ['signUrl'],
					message: 'is only sent with a Supporting Document',
				});
			}
		}
		requireIndex(value, ctx);
		if (value.linkOnly && value.mode === 'stream') {
			ctx.addIssue({
				code: 'custom',
				path: ['mode'],
				message:
					'Stream returns the file itself, so there is no link to output; turn Output Link Only off or use Account Default',
			});
		}
	});

/** preSend of Pack → Download: the file asked for and the File Delivery, in the query under v4's names. */
export const putPackDownloadQuery = putDownloadQuery(
	packDownloadSchema,
	(context) => {
		const options = parameter<IDataObject>(context, 'options', {});
		return {
			...askedFile(context, 'packDocumentId'),
			mode: options.mode ?? 'accountDefault',
			linkOnly: options.linkOnly === true,
		};
	},
	({ downloadType, documentId, signUrl, index, mode }) => ({
		downloadType,
		...(downloadType === 'SUPPORTING_DOCUMENT' ? { signUrl } : { documentId }),
		...(INDEXED_DOWNLOAD_TYPES.includes(downloadType) ? { index } : {}),
		...(mode === 'stream' ? { mode } : {}),
	}),
);

/** preSend of Pack → Download: the answer is JSON or the file itself, read as bytes (the envelope check decodes JSON). */
export async function putBytesEncoding(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.encoding = 'arraybuffer';
	requestOptions.json = false;
	return requestOptions;
}

const PACK_DOWNLOAD = 'Pack → Download';

/**
 * What a pack file belongs to, for its default name: its document, or, for a supporting document, found by the
 * invitee's sign URL, that URL's last segment (its UUID).
 */
const ownerOf = (asked: IDataObject): string =>
	String(asked.documentId ?? String(asked.signUrl).replace(/\/+$/, '').split('/').pop());

/** A web page in place of a streamed file comes from whatever stands between n8n and the service. */
const STREAM_REMEDY =
	"check the credential's Base URL (a proxy or a login page may be in the way), then run the node again";

/** What the answer says of the file: JSON with a short-lived link (`data.url`), or the file itself. */
type PackAnswer = Pick<Download, 'about' | 'file' | 'linkLife' | 'expiry'>;

/**
 * A JSON answer (parsed once, by the answer check): the link in `data.url` (read at once, it is short-lived) and
 * when it expires. An answer that said JSON but did not parse is still bytes, and has no link.
 */
function linkAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	downloadType: string,
	name: FileOnItsWay['name'],
	route: RequestRoute,
): PackAnswer {
	const data = Buffer.isBuffer(response.body) ? {} : answerData(response.body);
	if (typeof data.url !== 'string' || !data.url)
		throw noDownloadLinkError(context, PACK_DOWNLOAD, 'data.url', response, context.getItemIndex());
	const until = typeof data.expiresAt === 'string' ? data.expiresAt : null;
	const expected = expectedFileOf(downloadType);
	return {
		about: { delivery: 'link' },
		file: {
			operation: PACK_DOWNLOAD,
			expected,
			remedy: freshLinkRemedy(
				`pack download links are short-lived${until ? ` (this one until ${until})` : ''}`,
			),
			name,
			from: {
				url: data.url,
				unread: { fileName: null, mimeType: expected === 'pdf' ? PDF_MIME_TYPE : null },
				route,
			},
		},
		linkLife: until
			? `it works until ${until} (pack download links are short-lived)`
			: 'it is short-lived (the service gave no expiry)',
		expiry: { expiresAt: until },
	};
}

/** The file itself in the answer (File Delivery: Stream, or an account set to send files). */
const streamedAnswer = (
	response: IN8nHttpFullResponse,
	body: Buffer,
	downloadType: string,
	name: FileOnItsWay['name'],
): PackAnswer => ({
	about: { delivery: 'stream' },
	file: {
		operation: PACK_DOWNLOAD,
		expected: expectedFileOf(downloadType),
		remedy: STREAM_REMEDY,
		name,
		from: { answer: { ...response, body } },
	},
	expiry: { expiresAt: null },
});

/** Output of Pack → Download: the Content-Type tells whether a link or the file itself came back. */
export async function outputPackDownload(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	{ request }: ItemRequest,
): Promise<INodeExecutionData[]> {
	const downloadType = parameter<string>(this, 'downloadType', 'DOCUMENT');
	const linkOnly = parameter<IDataObject>(this, 'options', {}).linkOnly === true;
	const contentType = contentTypeOf(response.headers);
	const asked = askedFile(this, 'packDocumentId');
	const name = {
		byDefault: defaultFileName(downloadType, ownerOf(asked), Number(asked.index ?? 0)),
	};
	const answer =
		contentType === 'application/json' || contentType.endsWith('+json')
			? linkAnswer(this, response, downloadType, name, routeOf(request))
			: // The bytes as n8n's request helper gave them: the file itself, which is not copied.
				streamedAnswer(response, answerBytes(response.body), downloadType, name);
	return await outputDownload(this, {
		...answer,
		about: { ...asked, ...answer.about },
		linkOnly,
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
				description: 'A file the sender attached to the document, by index',
			},
			{
				name: 'Audit Trail',
				value: 'AUDIT_TRAIL',
				description: 'Available once the document is fully signed',
			},
			{ name: 'Document', value: 'DOCUMENT', description: 'The document, signed as far as it is' },
			{
				name: 'Supporting Document',
				value: 'SUPPORTING_DOCUMENT',
				description: 'A file an invitee uploaded while signing, by sign URL and index',
			},
		],
		default: 'DOCUMENT',
		displayOptions: showFor('pack', ['download']),
	},
	{
		displayName: 'Document ID',
		// Not `documentId`: a name shared with Document's Document ID would make that field cost two more
		// evaluations an item (docs/choices/performance.md, Expression evaluations).
		name: 'packDocumentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 01HV5Z6Q8W3X9YB2C4D6E8F0GH',
		description: "The document's ULID, as Get returns it in documents",
		displayOptions: showFor('pack', ['download'], {
			downloadType: ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT'],
		}),
	},
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		required: true,
		default: '',
		description: "The invitee's sign URL (whole, or its last part)",
		displayOptions: showFor('pack', ['download'], { downloadType: ['SUPPORTING_DOCUMENT'] }),
	},
	{
		displayName: 'Index',
		name: 'index',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Which file, counting from 0',
		displayOptions: showFor('pack', ['download'], { downloadType: INDEXED_DOWNLOAD_TYPES }),
	},
	...downloadOutputProperties(showFor('pack', ['download'])),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: showFor('pack', ['download']),
		options: [
			{
				displayName: 'File Delivery',
				name: 'mode',
				type: 'options',
				options: [
					{
						name: 'Account Default',
						value: 'accountDefault',
						description:
							"The account's setting: a short-lived link (downloaded at once) or the file itself",
					},
					{ name: 'Stream', value: 'stream', description: 'The file itself in the response' },
				],
				default: 'accountDefault',
			},
			{
				displayName: 'Output Link Only',
				name: 'linkOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to output the short-lived link and its expiry instead of the file. If the account is set to send files, the file is output.',
				// As an AI agent tool, Return File says it.
				displayOptions: { hide: { '@tool': [true] } },
			},
		],
	},
];

export const downloadOperation: INodePropertyOptions = {
	name: 'Download',
	value: 'download',
	action: 'Download a pack file',
	description: 'Download a document, audit trail, attachment or supporting document as a file',
	routing: v4Routing('GET', '/v4/packs/download', {
		preSend: [putPackDownloadQuery, putBytesEncoding],
		output: outputPackDownload,
	}),
};
