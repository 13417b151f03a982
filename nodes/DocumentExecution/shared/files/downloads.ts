import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPdf } from '../../../shared/pdf';
import type { RequestRoute } from '../../../shared/transport';
import type { NodeContext } from './binary';

/** `pdf` where the spec says the file is a PDF; neither kind may be a web page (a login or expiry page) or empty. */
export type ExpectedFile = 'pdf' | 'file';

/** The spec calls only the signed document a PDF ("download URLs for the signed PDF"). */
const PDF_DOWNLOAD_TYPES = ['DOCUMENT'];

export const expectedFileOf = (downloadType: string): ExpectedFile =>
	PDF_DOWNLOAD_TYPES.includes(downloadType) ? 'pdf' : 'file';

/** A file on its way from the service to n8n's binary store: all a download needs to read, check and name it. */
export interface FileOnItsWay {
	/** The operation as the node's form names it ("Document → Download File"); every message starts with it. */
	operation: string;
	expected: ExpectedFile;
	/** What to do about an answer that is not the file. */
	remedy: string;
	/** The output file's name: `chosen` (a File Name option) before the answer's own, `byDefault` after it. */
	name: { chosen?: string; byDefault?: string };
	/** Behind a short-lived, pre-signed link (`unread`: what is known without reading it), or in the answer itself. */
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

/** What came back for a file; `head` holds at least CHECKED_HEAD_BYTES. */
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

/** Throws unless the bytes of a successful answer are the file it promised. */
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

/** The error of a download answer without its link (v3.3 `data.file`, v4 `data.url`): the answer is at fault. */
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
