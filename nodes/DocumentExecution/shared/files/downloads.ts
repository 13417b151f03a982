import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPdf } from '../../../shared/pdf';
import type { RequestRoute } from '../../../shared/transport';
import type { NodeContext } from './binary';

/**
 * A download in the package's words, for Document → Download File, Download All Files and Pack → Download: the
 * file on its way from the service to n8n's binary store, what it must be (not a web page, not empty, a PDF
 * where the spec says so) and the check that what came back is that file; and the error of an answer without a
 * link.
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
 * A file on its way from the service to n8n's binary store: what a download operation makes of its answer, and
 * all the download path needs to read, check, name and store the file.
 */
export interface FileOnItsWay {
	/** The operation as the node's form names it ("Document → Download File"); every message starts with it. */
	operation: string;
	expected: ExpectedFile;
	/** What to do about an answer that is not the file. */
	remedy: string;
	/** The output file's name: `chosen` (a File Name option) before the answer's own, `byDefault` after it. */
	name: { chosen?: string; byDefault?: string };
	/**
	 * Where the file comes from: behind a short-lived, pre-signed link (read at once, as it dies within seconds,
	 * through the `route` of the item's request that answered it; `unread`: the file's name and type as known
	 * without reading it), or in the service's own answer, read as bytes.
	 */
	from:
		| {
				url: string;
				unread: { fileName: string | null; mimeType: string | null };
				route: RequestRoute;
		  }
		| { answer: Pick<IN8nHttpFullResponse, 'statusCode' | 'headers'> & { body: Buffer } };
}

/** The remedy of a file behind a link, which lives as `life` says ("download links live 15 seconds"). */
export const freshLinkRemedy = (life: string) => `run the node again to get a fresh link (${life})`;

/** What came back for a file: the answer's status and Content-Type, its first bytes (at least CHECKED_HEAD_BYTES) and size. */
export interface DownloadedFile {
	statusCode: number;
	mimeType: string;
	head: Buffer;
	size: number;
}

/** Bytes of a downloaded file read to tell what it is: enough for a web page's opening tags. */
export const CHECKED_HEAD_BYTES = 512;

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
	file: FileOnItsWay,
	came: DownloadedFile,
	itemIndex?: number,
): void {
	const problem = fileProblem(came, file.expected);
	if (!problem) return;
	const answeredBy = 'url' in file.from ? 'the download link' : 'the service';
	const start = came.head
		.subarray(0, 80)
		.toString('latin1')
		.replace(/[^\x20-\x7e]/g, '.');
	throw new NodeApiError(
		context.getNode(),
		{ contentType: came.mimeType, size: came.size },
		{
			message: `${file.operation}: ${answeredBy} returned ${problem}; ${file.remedy}`,
			description: `HTTP ${came.statusCode}, Content-Type ${came.mimeType || 'none'}, ${came.size} bytes${start ? `, starting "${start}"` : ''}.`,
			httpCode: String(came.statusCode),
			itemIndex,
		},
	);
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
