import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { networkError, type NetworkAttempt } from '../../../shared/networkErrors';
import type { RequestRoute } from '../../../shared/transport';
import { parameter } from '../form/parameters';
import { firstBytes, storedHead, storedSize } from './binary';
import {
	CHECKED_HEAD_BYTES,
	checkDownloadedFile,
	contentTypeOf,
	DOWNLOAD_LINK,
	type ExpectedFile,
	type FileAnswer,
	fileNameFromDisposition,
	outputMimeType,
} from './downloads';
import { requestPresignedUrl } from './presignedUrls';

/**
 * The one path of a downloaded file (Document → Download File, Download All Files, Pack → Download): from where
 * the service put it (behind a short-lived link, or in its own answer) to the file in n8n's binary store, or,
 * without the file (Output Link Only, or an AI agent tool with Return File off), to what is known of it; then
 * the output item. Each operation only says where its answer put the file: a FileSource.
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

/** A file behind a short-lived, pre-signed link: read at once, as it dies within seconds. */
export interface LinkedFile {
	url: string;
	/** How long the service's links live, as the messages say it: "download links live 15 seconds". */
	life: string;
	/** The file's name and type as known without reading the link, for a download without its file. */
	unread: Pick<FileDescription, 'fileName' | 'mimeType'>;
	/** The route of the item's request that answered the link: the link is read through its proxy and SSL choice. */
	route: RequestRoute;
}

/** A file the service sent in its own answer, read by routing as bytes. */
export interface AnsweredFile {
	answer: Pick<IN8nHttpFullResponse, 'statusCode' | 'headers'> & { body: Buffer };
	/** What to do about an answer that is not the file. */
	remedy: string;
}

/** Where a download's answer put the file, and what the node expects it to be. */
export interface FileSource {
	/** The operation as the node's form names it ("Document → Download File"); every message starts with it. */
	operation: string;
	expected: ExpectedFile;
	file: LinkedFile | AnsweredFile;
}

/** An output file's name: `chosen` (a File Name option) before the answer's own, `byDefault` after it. */
export interface FileNaming {
	chosen?: string;
	byDefault?: string;
}

/** What a download made of its file: the file stored, or, without the file, what is known of it. */
export type ReceivedFile =
	| { stored: IBinaryData; fileSize: number }
	| { described: FileDescription };

/** An answer body as n8n's request helper gives it for `encoding: 'stream'`, as prepareBinaryData takes it. */
type StreamOfBytes = AsyncIterable<Buffer> &
	Parameters<IExecuteSingleFunctions['helpers']['prepareBinaryData']>[0];

/** A file as it arrives: a link's answer (a stream) or the service's own answer (bytes). */
interface ArrivingFile extends FileAnswer {
	body: Buffer | StreamOfBytes;
	/** The answer's Content-Type (contentTypeOf). */
	mimeType: string;
	/** The name in the answer's Content-Disposition, if any. */
	fileName?: string;
	/** A link, read while its file is stored: a network failure then reads as one on the link. */
	link?: NetworkAttempt;
}

/**
 * Opens a short-lived download link at once (v3.3 links die after 15 seconds). The link is pre-signed, so
 * no credentials are sent with it. A network failure or an error status is an error that says so; the file
 * itself is read as it is stored.
 */
async function openLink(
	context: IExecuteSingleFunctions,
	{ operation, expected }: FileSource,
	{ url, life, route }: LinkedFile,
): Promise<ArrivingFile> {
	const itemIndex = context.getItemIndex();
	const again = `run the node again to get a fresh link (${life})`;
	const attempt = { operation, again, timeoutMs: DOWNLOAD_LINK.timeoutMs };
	const response = await requestPresignedUrl(
		context,
		{ method: 'GET', url, encoding: 'stream' },
		attempt,
		route,
		itemIndex,
	);
	const body = response.body as StreamOfBytes;
	if (response.statusCode >= 300) {
		const start = await firstBytes(body, 200);
		throw new NodeApiError(context.getNode(), { body: start.toString('utf8') } as JsonObject, {
			message: `The download link could not be read (HTTP ${response.statusCode})`,
			description: 'Download links expire within seconds; run the node again to get a fresh one.',
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	return {
		body,
		statusCode: response.statusCode,
		mimeType: contentTypeOf(response.headers),
		fileName: fileNameFromDisposition(response.headers['content-disposition']),
		operation,
		expected,
		answeredBy: 'the download link',
		remedy: again,
		link: { ...attempt, url },
	};
}

/** A file in the service's own answer, as it arrived. */
const answered = (
	{ operation, expected }: FileSource,
	{ answer, remedy }: AnsweredFile,
): ArrivingFile => ({
	body: answer.body,
	statusCode: answer.statusCode,
	mimeType: contentTypeOf(answer.headers),
	fileName: fileNameFromDisposition(answer.headers['content-disposition']),
	operation,
	expected,
	answeredBy: 'the service',
	remedy,
});

/**
 * The file of a download. A link is read at once (it is short-lived) and its answer stored as it arrives (on
 * disk in n8n's filesystem mode, so the node never holds the file), then its first stored bytes and size are
 * checked; a file in the service's answer is checked, then stored as it is (never copied). Without the file
 * (`withFile` false), a link is not read, and a file the service sent is checked and described. The file is
 * named `naming.chosen`, else as the answer names it, else `naming.byDefault`.
 */
export async function receiveFile(
	context: IExecuteSingleFunctions,
	source: FileSource,
	{ withFile, naming = {} }: { withFile: boolean; naming?: FileNaming },
): Promise<ReceivedFile> {
	const itemIndex = context.getItemIndex();
	const { file } = source;
	if ('url' in file && !withFile)
		return { described: { url: file.url, ...file.unread, fileSize: null } };
	const arriving = 'url' in file ? await openLink(context, source, file) : answered(source, file);
	const { body, mimeType } = arriving;
	const bytes = Buffer.isBuffer(body) ? body : undefined;
	if (bytes)
		checkDownloadedFile(
			context,
			{ head: bytes, size: bytes.length, mimeType },
			arriving,
			itemIndex,
		);
	const fileName = naming.chosen ?? arriving.fileName ?? naming.byDefault;
	if (bytes && !withFile) {
		const known = { fileName: fileName ?? null, mimeType: mimeType || null };
		return { described: { url: null, ...known, fileSize: bytes.length } };
	}
	let stored: IBinaryData;
	try {
		const type = outputMimeType(mimeType, source.expected);
		stored = await context.helpers.prepareBinaryData(body, fileName, type);
	} catch (error) {
		const { link } = arriving;
		throw (link && networkError(context.getNode(), error, link, itemIndex)) ?? error;
	}
	if (bytes) return { stored, fileSize: bytes.length };
	const facts = {
		head: await storedHead(context, stored, CHECKED_HEAD_BYTES),
		size: await storedSize(context, stored),
		mimeType,
	};
	checkDownloadedFile(context, facts, arriving, itemIndex);
	return { stored, fileSize: facts.size };
}

/**
 * Whether the node runs as an AI agent tool: a tool runs under the node's type name with `Tool` appended,
 * whichever way the agent calls it (docs/choices/document.md, Download File as an AI agent tool).
 */
const runsAsTool = (context: IExecuteSingleFunctions): boolean =>
	context.getNode().type.endsWith('Tool');

/** Whether a download returns the file: Return File where the node runs as a tool, always otherwise. */
export function returnsFile(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('returnFile', !runsAsTool(context)) === true;
}

/**
 * What the note of a download without its file says to do to get the file, as the node's form names it: the
 * file is missing because Return File is off (a tool), or else because Output Link Only is on.
 */
const howToGetTheFile = (context: IExecuteSingleFunctions): string =>
	returnsFile(context)
		? 'turn Options > Output Link Only off'
		: 'run the download again with Return File on';

/**
 * The JSON of a download that outputs no file: the link, what is known of the file, and a note that says in
 * words that the link is short-lived (`linkLife`) and how to get the file, so that an agent does not hand on a
 * dead link.
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

/** The name of a downloaded file of `downloadType` whose answer names none, after what it belongs to. */
export const defaultFileName = (downloadType: string, ownerId: string, index = 0): string =>
	DOWNLOAD_FILE_NAMES[downloadType](ownerId, index);

/** A download as its operation maps its answer: what it is about and where the file is. */
export interface Download {
	/** What was downloaded, first in the output's JSON: the document, the file type, the index… */
	about: IDataObject;
	source: FileSource;
	/**
	 * Output Link Only: the link instead of the file. A file the service sent itself is output all the same, as
	 * there is no link to give.
	 */
	linkOnly: boolean;
	/** The output file's name: `chosen` (the File Name option) before the answer's own, `byDefault` after it. */
	fileName?: FileNaming;
	/** For the note of a download without its file: how long the link works, in words. */
	linkLife?: string;
	/** What the JSON of a download without its file ends with: when the link expires. */
	expiry: IDataObject;
}

/**
 * The binary fields of a download's output item: the input item's, kept as n8n's HTTP Request and Google Drive
 * downloads keep them, then `files` under their own names (a field of the same name is replaced). None when
 * there are none, as an item without files has no `binary`.
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
 * The output item of a download: the file (receiveFile), or the JSON that describes it, beside the input item's
 * files. A link is output in place of the file with Output Link Only or Return File off; a file the service
 * sent itself only with Return File off (Output Link Only has no link to give instead).
 */
export async function outputDownload(
	context: IExecuteSingleFunctions,
	{ about, source, linkOnly, fileName, linkLife, expiry }: Download,
): Promise<INodeExecutionData[]> {
	const withFile =
		'url' in source.file ? !linkOnly && returnsFile(context) : linkOnly || returnsFile(context);
	const received = await receiveFile(context, source, { withFile, naming: fileName });
	if ('described' in received) {
		const described = fileLinkJson(context, received.described, linkLife);
		return [{ json: { ...about, ...described, ...expiry }, ...withInputFiles(context) }];
	}
	return fileItem(context, about, received.stored, received.fileSize);
}
