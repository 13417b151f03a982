import type {
	IBinaryData,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { networkError, type NetworkAttempt } from '../../../shared/networkErrors';
import { isPdf, PDF_MIME_TYPE } from '../../../shared/pdf';
import { firstBytes, type NodeContext, storedHead, storedSize } from './binary';
import { requestPresignedUrl } from './presignedUrls';

/**
 * Downloads: a short-lived link opened at once and its answer stored as it arrives, and the checks that what
 * came back is the file (not a web page, not empty, a PDF where the spec says so).
 */

/** What the node checks of a downloaded file: its first bytes (at least CHECKED_HEAD_BYTES), size and type. */
export interface DownloadedFile {
	head: Buffer;
	size: number;
	mimeType: string;
}

/** Bytes of a downloaded file read to tell what it is: enough for a web page's opening tags. */
const CHECKED_HEAD_BYTES = 512;

/**
 * What a downloaded file must be: `pdf` where the spec says the file is a PDF, otherwise any `file`. Neither
 * may be a web page (a login or expiry page answered with HTTP 200) or an empty body.
 */
export type ExpectedFile = 'pdf' | 'file';

/**
 * The download types the spec calls PDF: the signed document ("download URLs for the signed PDF"). Audit
 * trails, attachments and supporting documents are not said to be PDFs, so only web pages and empty bodies
 * are refused for them.
 */
const PDF_DOWNLOAD_TYPES = ['DOCUMENT'];

export const expectedFileOf = (downloadType: string): ExpectedFile =>
	PDF_DOWNLOAD_TYPES.includes(downloadType) ? 'pdf' : 'file';

/** Where downloaded bytes came from, as the messages of a refused file name it. */
export interface FileSource {
	/** The operation as the node's form names it ("Document → Download File"); every message starts with it. */
	operation: string;
	expected: ExpectedFile;
	/** What answered: "the download link", "the service". */
	answeredBy: string;
	/** What to do about an answer that is not the file. */
	remedy: string;
}

const isWebPage = (file: DownloadedFile): boolean =>
	/^(text\/html|application\/xhtml\+xml)$/i.test(file.mimeType) ||
	/^(\uFEFF)?\s*<(!doctype\s+html|html)[\s>]/i.test(
		file.head.subarray(0, CHECKED_HEAD_BYTES).toString('utf8'),
	);

/** Why the bytes are not the file the source promised, or undefined when they are. */
function fileProblem(file: DownloadedFile, expected: ExpectedFile): string | undefined {
	if (file.size === 0) return 'an empty body instead of the file';
	if (isWebPage(file))
		return `a web page (${file.mimeType || 'no Content-Type'}) instead of the file`;
	if (expected === 'pdf' && !isPdf(file.head))
		return `${file.mimeType || 'data'} that is not a PDF (it does not start with %PDF-)`;
	return undefined;
}

/**
 * Throws unless the bytes of a successful answer (`statusCode` below 300) are the file `source` promised: a
 * file output is the file, or an error.
 */
export function checkDownloadedFile(
	context: NodeContext,
	file: DownloadedFile,
	statusCode: number,
	source: FileSource,
	itemIndex?: number,
): void {
	const problem = fileProblem(file, source.expected);
	if (!problem) return;
	const start = file.head
		.subarray(0, 80)
		.toString('latin1')
		.replace(/[^\x20-\x7e]/g, '.');
	throw new NodeApiError(
		context.getNode(),
		{ contentType: file.mimeType, size: file.size },
		{
			message: `${source.operation}: ${source.answeredBy} returned ${problem}; ${source.remedy}`,
			description: `HTTP ${statusCode}, Content-Type ${file.mimeType || 'none'}, ${file.size} bytes${start ? `, starting "${start}"` : ''}.`,
			httpCode: String(statusCode),
			itemIndex,
		},
	);
}

/**
 * How long the node waits for a download link to answer (and, once it answers, for each next piece of the
 * file). A link silent for that long has outlived the 15 seconds a v3.3 link lives; n8n's default is 5 minutes.
 */
export const DOWNLOAD_LINK = { timeoutMs: 30_000 };

/** A short-lived, pre-signed download link and what the node expects behind it. */
export interface FileLink {
	url: string;
	/** The operation as the node's form names it; every error message starts with it. */
	operation: string;
	expected: ExpectedFile;
	/** How long the service's links live, as the messages say it: "download links live 15 seconds". */
	life: string;
}

/** A download link's answer, checked to be a success, whose file has not been read yet (see storeDownload). */
export interface OpenDownload {
	/** The answer's Content-Type, without parameters; empty when it has none. */
	mimeType: string;
	/** The name in the answer's Content-Disposition, if any. */
	fileName?: string;
	statusCode: number;
	body: StreamOfBytes;
	link: FileLink;
	/** What the messages say to do: get a fresh link. */
	again: string;
}

/** An answer body as n8n's request helper gives it for `encoding: 'stream'`, as prepareBinaryData takes it. */
type StreamOfBytes = AsyncIterable<Buffer> &
	Parameters<NodeContext['helpers']['prepareBinaryData']>[0];

const attemptOf = (download: Pick<OpenDownload, 'link' | 'again'>): NetworkAttempt => ({
	operation: download.link.operation,
	again: download.again,
	timeoutMs: DOWNLOAD_LINK.timeoutMs,
	url: download.link.url,
});

/**
 * Opens a short-lived download link at once (v3.3 links die after 15 seconds). The link is pre-signed, so
 * no credentials are sent with it. A network failure or an error status is an error that says so; the file
 * itself is read by storeDownload.
 */
export async function fetchTemporaryFile(
	context: NodeContext,
	link: FileLink,
	itemIndex?: number,
): Promise<OpenDownload> {
	const again = `run the node again to get a fresh link (${link.life})`;
	const { url, ...attempt } = attemptOf({ link, again });
	const response = await requestPresignedUrl(
		context,
		{ method: 'GET', url, encoding: 'stream' },
		attempt,
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
		mimeType: String(response.headers['content-type'] ?? '')
			.split(';')[0]
			.trim(),
		fileName: fileNameFromDisposition(response.headers['content-disposition']),
		statusCode: response.statusCode,
		body,
		link,
		again,
	};
}

/**
 * Reads an opened download into n8n's binary store as it arrives (on disk in n8n's filesystem mode, so the
 * node never holds the file), as an output binary property named and typed as `as` says; then checks what was
 * stored: a web page, an empty body, or (where a PDF is expected) anything but a PDF is an error that says so.
 */
export async function storeDownload(
	context: NodeContext,
	download: OpenDownload,
	as: { fileName?: string; mimeType: string },
	itemIndex?: number,
): Promise<{ binary: IBinaryData; fileSize: number }> {
	let binary: IBinaryData;
	try {
		binary = await context.helpers.prepareBinaryData(download.body, as.fileName, as.mimeType);
	} catch (error) {
		throw networkError(context.getNode(), error, attemptOf(download), itemIndex) ?? error;
	}
	const file = {
		head: await storedHead(context, binary, CHECKED_HEAD_BYTES),
		size: await storedSize(context, binary),
		mimeType: download.mimeType,
	};
	const source = {
		operation: download.link.operation,
		expected: download.link.expected,
		answeredBy: 'the download link',
		remedy: download.again,
	};
	checkDownloadedFile(context, file, download.statusCode, source, itemIndex);
	return { binary, fileSize: file.size };
}

/**
 * The type of an output file: the answer's Content-Type, unless it names none or only a generic one
 * (`application/octet-stream`, `binary/…`). Then a file checked to be a PDF (the spec's signed document) is
 * `application/pdf`, and any other file `application/octet-stream`: the spec does not say what audit trails,
 * attachments and supporting documents are (docs/choices/document.md, "Files").
 */
export const outputMimeType = (answered: string, expected: ExpectedFile): string =>
	answered && !/octet-stream|^binary\//i.test(answered)
		? answered
		: expected === 'pdf'
			? PDF_MIME_TYPE
			: 'application/octet-stream';

/** An output file's name: `chosen` (a File Name option) before the answer's own, `byDefault` after it. */
export interface FileNaming {
	chosen?: string;
	byDefault?: string;
}

/**
 * The file behind a short-lived link, read at once and stored as it arrives (checkDownloadedFile refuses what is
 * not the file): named `fileName.chosen`, else as the link names it, else `fileName.byDefault`.
 */
export async function storeLinkedFile(
	context: IExecuteSingleFunctions,
	link: FileLink,
	fileName?: FileNaming,
): Promise<{ binary: IBinaryData; fileSize: number }> {
	const itemIndex = context.getItemIndex();
	const download = await fetchTemporaryFile(context, link, itemIndex);
	return await storeDownload(
		context,
		download,
		{
			fileName: fileName?.chosen ?? download.fileName ?? fileName?.byDefault,
			mimeType: outputMimeType(download.mimeType, link.expected),
		},
		itemIndex,
	);
}

/**
 * The file name an answer's Content-Disposition gives, made safe to store, or undefined when it gives none
 * (the caller's default applies then). The UTF-8 `filename*` (RFC 6266) comes before the plain `filename`; one
 * that cannot be decoded gives way to a plain name, and is kept as sent without one. Whatever a file store or a
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

/** The last segment of a path (`/` or `\`), without control characters; undefined when no name is left. */
function safeFileName(name: string): string | undefined {
	const printable = [...name].filter((character) => !isControlCharacter(character)).join('');
	const last = printable.split(/[/\\]/).pop()!.trim();
	return last === '' || last === '.' || last === '..' ? undefined : last;
}

/**
 * The error of a download answer that carries no link where the service puts it (v3.3 `data.file`, v4
 * `data.url`). The service answered, and its answer is at fault: a NodeApiError with the start of that answer,
 * the same for every download.
 */
export function noDownloadLinkError(
	context: NodeContext,
	operation: string,
	field: string,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body'>,
	itemIndex?: number,
): NodeApiError {
	const { body, statusCode } = response;
	const text = Buffer.isBuffer(body)
		? body.toString('utf8')
		: typeof body === 'string'
			? body
			: JSON.stringify(body ?? null);
	return new NodeApiError(
		context.getNode(),
		{ body: text.slice(0, 200) },
		{
			message: `${operation}: the service answered without a download link (${field})`,
			description: `HTTP ${statusCode}, but the answer has no ${field}, so there is no file to read. Run the node again; if the answer stays the same, the service has changed how it answers.`,
			httpCode: String(statusCode),
			itemIndex,
		},
	);
}
