import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPdf, PDF_MIME_TYPE } from '../../../shared/pdf';
import type { NodeContext } from './binary';

/**
 * What a download's answers must be, for Document → Download File, Download All Files and Pack → Download: a
 * link where the service puts one, and behind it the file (not a web page, not empty, a PDF where the spec says
 * so); and what the file is called and typed as, from the answer's headers.
 */

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

/**
 * How long the node waits for a download link to answer (and, once it answers, for each next piece of the
 * file). A link silent for that long has outlived the 15 seconds a v3.3 link lives, so waiting longer only
 * delays the error.
 */
export const DOWNLOAD_LINK = { timeoutMs: 30_000 };

/** The answer's Content-Type, without parameters and in lower case (as MIME types compare); empty when it has none. */
export const contentTypeOf = (headers: IN8nHttpFullResponse['headers']): string =>
	String(headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();

/** What the node checks of a downloaded file: its first bytes (at least CHECKED_HEAD_BYTES), size and type. */
export interface DownloadedFile {
	head: Buffer;
	size: number;
	mimeType: string;
}

/** Bytes of a downloaded file read to tell what it is: enough for a web page's opening tags. */
export const CHECKED_HEAD_BYTES = 512;

/** The answer a downloaded file came in, as the messages of a refused file name it. */
export interface FileAnswer {
	statusCode: number;
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

/** Why the bytes are not the file the answer promised, or undefined when they are. */
function fileProblem(file: DownloadedFile, expected: ExpectedFile): string | undefined {
	if (file.size === 0) return 'an empty body instead of the file';
	if (isWebPage(file))
		return `a web page (${file.mimeType || 'no Content-Type'}) instead of the file`;
	if (expected === 'pdf' && !isPdf(file.head))
		return `${file.mimeType || 'data'} that is not a PDF (it does not start with %PDF-)`;
	return undefined;
}

/** Throws unless the bytes of a successful answer are the file it promised: a file output is the file, or an error. */
export function checkDownloadedFile(
	context: NodeContext,
	file: DownloadedFile,
	answer: FileAnswer,
	itemIndex?: number,
): void {
	const problem = fileProblem(file, answer.expected);
	if (!problem) return;
	const start = file.head
		.subarray(0, 80)
		.toString('latin1')
		.replace(/[^\x20-\x7e]/g, '.');
	throw new NodeApiError(
		context.getNode(),
		{ contentType: file.mimeType, size: file.size },
		{
			message: `${answer.operation}: ${answer.answeredBy} returned ${problem}; ${answer.remedy}`,
			description: `HTTP ${answer.statusCode}, Content-Type ${file.mimeType || 'none'}, ${file.size} bytes${start ? `, starting "${start}"` : ''}.`,
			httpCode: String(answer.statusCode),
			itemIndex,
		},
	);
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
