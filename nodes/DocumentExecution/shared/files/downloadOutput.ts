import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { networkError } from '../../../shared/networkErrors';
import { PDF_MIME_TYPE } from '../../../shared/pdf';
import { parameter } from '../form/parameters';
import { storedHead, storedSize } from './binary';
import {
	CHECKED_HEAD_BYTES,
	checkDownloadedFile,
	type ExpectedFile,
	type FileOnItsWay,
} from './downloads';
import { openLink } from './presignedUrls';

/**
 * The one path of a downloaded file, from `FileOnItsWay` to the output item: the link opened (presignedUrls.ts),
 * the answer's type and name read (here), the file stored and read back (binary.ts), then checked (downloads.ts);
 * or, without the file, what is known of it.
 */

/** What is known of a file without its bytes: what a download outputs in place of the file. */
export interface FileDescription {
	/** The short-lived link, or null where the service sent the file itself and there is no link. */
	url: string | null;
	fileName: string | null;
	mimeType: string | null;
	/** Bytes, or null when not known without downloading the file. */
	fileSize: number | null;
}

export type ReceivedFile =
	| { stored: IBinaryData; fileSize: number }
	| { described: FileDescription };

export const contentTypeOf = (headers: IN8nHttpFullResponse['headers']): string =>
	String(headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();

/**
 * The type of an output file: the answer's Content-Type, unless it is none or generic; then `application/pdf`
 * for a file checked to be a PDF, else `application/octet-stream` (docs/choices/document.md, "Files").
 */
export const outputMimeType = (answered: string, expected: ExpectedFile): string =>
	answered && !/octet-stream|^binary\//i.test(answered)
		? answered
		: expected === 'pdf'
			? PDF_MIME_TYPE
			: 'application/octet-stream';

/**
 * The file name an answer's Content-Disposition gives, or undefined. The UTF-8 `filename*` (RFC 6266) comes
 * before the plain `filename`; one that cannot be decoded gives way to a plain name. Whatever a file store or a
 * proxy puts there, the name is never a path: only its last segment is kept, without control characters.
 */
export function fileNameFromDisposition(header: unknown): string | undefined {
	if (typeof header !== 'string') return undefined;
	const encoded = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
	const plain = /(?:^|;)\s*filename\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(header);
	const name = decodedOrUndefined(encoded) ?? plain?.[1] ?? plain?.[2] ?? encoded;
	return name === undefined ? undefined : safeFileName(name);
}

function decodedOrUndefined(encoded: string | undefined): string | undefined {
	if (encoded === undefined) return undefined;
	try {
		return decodeURIComponent(encoded);
	} catch {
		return undefined;
	}
}

const isControlCharacter = (character: string): boolean =>
	character < ' ' || character === '\u007f';

function safeFileName(name: string): string | undefined {
	const printable = [...name].filter((character) => !isControlCharacter(character)).join('');
	const last = printable.split(/[/\\]/).pop()!.trim();
	return last === '' || last === '.' || last === '..' ? undefined : last;
}

/**
 * The file of a download. A link's answer is stored as it arrives, so the node never holds the file, then its
 * first stored bytes and size are checked; a file in the service's answer is checked, then stored as it is.
 * Without the file, a link is not read, and a file the service sent is checked and described.
 */
export async function receiveFile(
	context: IExecuteSingleFunctions,
	file: FileOnItsWay,
	withFile: boolean,
): Promise<ReceivedFile> {
	const itemIndex = context.getItemIndex();
	const { from } = file;
	if ('url' in from && !withFile)
		return { described: { url: from.url, ...from.unread, fileSize: null } };
	const { answer, attempt } =
		'url' in from
			? await openLink(context, file, from)
			: { answer: from.answer, attempt: undefined };
	const { statusCode, headers, body } = answer;
	const mimeType = contentTypeOf(headers);
	const fileName =
		file.name.chosen ??
		fileNameFromDisposition(headers['content-disposition']) ??
		file.name.byDefault;
	const bytes = Buffer.isBuffer(body) ? body : undefined;
	if (bytes) {
		const came = { statusCode, mimeType, head: bytes, size: bytes.length };
		checkDownloadedFile(context, file, came, itemIndex);
	}
	if (bytes && !withFile) {
		const known = { fileName: fileName ?? null, mimeType: mimeType || null };
		return { described: { url: null, ...known, fileSize: bytes.length } };
	}
	let stored: IBinaryData;
	try {
		const type = outputMimeType(mimeType, file.expected);
		stored = await context.helpers.prepareBinaryData(body, fileName, type);
	} catch (error) {
		throw (attempt && networkError(context.getNode(), error, attempt, itemIndex)) ?? error;
	}
	if (bytes) return { stored, fileSize: bytes.length };
	const head = await storedHead(context, stored, CHECKED_HEAD_BYTES);
	const size = await storedSize(context, stored);
	checkDownloadedFile(context, file, { statusCode, mimeType, head, size }, itemIndex);
	return { stored, fileSize: size };
}

/** A tool runs under the node's type name with `Tool` appended (docs/choices/document.md, Outputs). */
const runsAsTool = (context: IExecuteSingleFunctions): boolean =>
	context.getNode().type.endsWith('Tool');

/** Whether a download returns the file: Return File where the node runs as a tool, always otherwise. */
export function returnsFile(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('returnFile', !runsAsTool(context)) === true;
}

/** What the note of a download without its file says to do to get it, as the form names it. */
const howToGetTheFile = (context: IExecuteSingleFunctions): string =>
	returnsFile(context)
		? 'turn Options > Output Link Only off'
		: 'run the download again with Return File on';

/**
 * The JSON of a download that outputs no file, with a note that says in words that the link is short-lived and
 * how to get the file, so that an agent does not hand on a dead link.
 */
function fileLinkJson(
	context: IExecuteSingleFunctions,
	file: FileDescription,
	linkLife = 'it is short-lived',
): IDataObject {
	const toGetTheFile = howToGetTheFile(context);
	const note = file.url
		? `This is a download link, not the file: ${linkLife}, for a download by a server, not a browser. To get the file, ${toGetTheFile}.`
		: `The service sent the file itself, so there is no link to give. To get the file, ${toGetTheFile}.`;
	return { ...file, note };
}

/** Where the spec is silent (docs/choices/document.md): file names when the download answer carries none. */
const DOWNLOAD_FILE_NAMES: Record<string, (id: string, index: number) => string> = {
	DOCUMENT: (id) => `${id}.pdf`,
	AUDIT_TRAIL: (id) => `${id}_audit_trail.pdf`,
	ATTACHMENT: (id, index) => `${id}_attachment_${index}.pdf`,
	SUPPORTING_DOCUMENT: (id, index) => `${id}_supporting_document_${index}.pdf`,
};

export const defaultFileName = (downloadType: string, ownerId: string, index = 0): string =>
	DOWNLOAD_FILE_NAMES[downloadType](ownerId, index);

/** A download as its operation maps its answer: what it is about and the file on its way. */
export interface Download {
	/** What was downloaded, first in the output's JSON: the document, the file type, the index… */
	about: IDataObject;
	file: FileOnItsWay;
	/** Output Link Only: the link instead of the file (`fetchesFile`). */
	linkOnly: boolean;
	/** For the note of a download without its file: how long the link works, in words. */
	linkLife?: string;
	/** What the JSON of a download without its file ends with: when the link expires. */
	expiry: IDataObject;
}

/**
 * The binary fields of a download's output item: the input item's, kept as n8n's HTTP Request and Google Drive
 * downloads keep them, then `files` (a field of the same name is replaced).
 */
export function withInputFiles(
	context: IExecuteSingleFunctions,
	files: Record<string, IBinaryData> = {},
): Pick<INodeExecutionData, 'binary'> {
	const binary = { ...(context.getInputData()?.binary ?? {}), ...files };
	return Object.keys(binary).length ? { binary } : {};
}

/** The item of a file output: its name, type and size, and the file under Put Output File in Field. */
const fileItem = (
	context: IExecuteSingleFunctions,
	about: IDataObject,
	binary: IBinaryData,
	fileSize: number,
): INodeExecutionData[] => [
	{
		json: { ...about, fileName: binary.fileName ?? null, mimeType: binary.mimeType, fileSize },
		...withInputFiles(context, {
			[parameter<string>(context, 'binaryPropertyName', 'data')]: binary,
		}),
	},
];

/**
 * Whether a download fetches its file, rather than output what is known of it:
 *
 * | the file is    | Output Link Only | Return File | the output                                 |
 * | -------------- | ---------------- | ----------- | ------------------------------------------ |
 * | behind a link  | off              | on          | the file, read from the link               |
 * | behind a link  | on               | on or off   | the link                                   |
 * | behind a link  | off              | off         | the link                                   |
 * | in the answer  | on               | on or off   | the file: there is no link to give instead |
 * | in the answer  | off              | on          | the file                                   |
 * | in the answer  | off              | off         | what is known of the file                  |
 */
export const fetchesFile = (file: FileOnItsWay, linkOnly: boolean, returnFile: boolean): boolean =>
	'url' in file.from ? !linkOnly && returnFile : linkOnly || returnFile;

/** The output item of a download: the file, or the JSON that describes it. */
export async function outputDownload(
	context: IExecuteSingleFunctions,
	{ about, file, linkOnly, linkLife, expiry }: Download,
): Promise<INodeExecutionData[]> {
	const withFile = fetchesFile(file, linkOnly, returnsFile(context));
	const received = await receiveFile(context, file, withFile);
	if ('described' in received) {
		const described = fileLinkJson(context, received.described, linkLife);
		return [{ json: { ...about, ...described, ...expiry }, ...withInputFiles(context) }];
	}
	return fileItem(context, about, received.stored, received.fileSize);
}
