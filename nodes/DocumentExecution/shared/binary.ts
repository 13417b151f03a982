import type {
	IBinaryData,
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { answerBytes, networkError, type NetworkAttempt } from '../../shared/errors';
import { refusal } from './rules';

/** The type of every file the spec calls a PDF, given where a file is described without being read. */
export const PDF_MIME_TYPE = 'application/pdf';

/** preSend/postReceive functions get a single-item context; custom operations get the whole-run one. */
export type NodeContext = IExecuteSingleFunctions | IExecuteFunctions;

const isSingleItem = (context: NodeContext): context is IExecuteSingleFunctions =>
	'getItemIndex' in context;

/**
 * The bytes of an input item's binary property, whatever n8n's binary storage mode (inline, filesystem,
 * S3). `field` is the parameter's display name, so the error tells the user what to fix.
 */
export async function readBinary(
	context: NodeContext,
	propertyName: string,
	field: string,
	itemIndex = isSingleItem(context) ? context.getItemIndex() : 0,
): Promise<Buffer> {
	binaryMetadata(context, propertyName, field, itemIndex);
	return isSingleItem(context)
		? await context.helpers.getBinaryDataBuffer(propertyName)
		: await context.helpers.getBinaryDataBuffer(itemIndex, propertyName);
}

/**
 * An input item's binary property without reading its bytes (to validate before any request), with the
 * same refusal as readBinary when it is missing.
 */
export function binaryMetadata(
	context: NodeContext,
	propertyName: string,
	field: string,
	itemIndex = isSingleItem(context) ? context.getItemIndex() : 0,
): IBinaryData {
	const item = isSingleItem(context) ? context.getInputData() : context.getInputData()[itemIndex];
	const binary = item?.binary?.[propertyName];
	if (!propertyName || !binary) {
		const available = Object.keys(item?.binary ?? {});
		throw refusal(
			context.getNode(),
			field,
			`the input item has no binary property "${propertyName}"`,
			itemIndex,
			{
				hint: available.length
					? `Binary properties on this item: ${available.join(', ')}.`
					: 'This item carries no binary data. Connect a node that outputs a file (Read/Write Files from Disk, HTTP Request, Google Drive, an e-mail trigger…).',
			},
		);
	}
	return binary;
}

/** Bytes read to tell what a file is (a PDF starts with `%PDF-`) before anything is sent. */
const FILE_HEAD_BYTES = 8;

/**
 * Bytes encoded to base64 at a time: a multiple of 3, so pieces join without padding, and small, so the text of
 * each piece is short-lived garbage (the bench's memory figures: docs/performance.md).
 */
const BASE64_SLICE_BYTES = 48 * 1024;

/**
 * A file of an input item known by its size and first bytes, read only while the request carrying it is sent
 * (see jsonBodyWithFiles and uploadToPresignedUrl): from n8n's binary store as a stream, or from the item's own
 * base64 slice by slice. `field` names where it came from as the form does.
 */
export class StoredFile {
	/**
	 * @param read the file's bytes, in pieces of any size
	 * @param storedBase64 the item's own base64 where it is exactly the file's (see isCanonicalBase64)
	 */
	constructor(
		readonly field: string,
		readonly size: number,
		readonly head: Buffer,
		private readonly read: () => AsyncIterable<Buffer>,
		private readonly storedBase64?: string,
	) {}

	static of(field: string, content: Buffer): StoredFile {
		const head = content.subarray(0, FILE_HEAD_BYTES);
		return new StoredFile(field, content.length, head, async function* () {
			yield content;
		});
	}

	/** The file's bytes; another length than the file's is an error, not a body with a wrong length. */
	async *bytes(node: INode): AsyncGenerator<Buffer> {
		let read = 0;
		for await (const chunk of this.read()) {
			read += chunk.length;
			yield chunk;
		}
		if (read !== this.size)
			throw new NodeOperationError(
				node,
				`${this.field}: the file changed while it was sent (${read} bytes, not ${this.size})`,
			);
	}

	/**
	 * The file's base64, piece by piece: the item's own text, sliced and never decoded, where it holds it; else
	 * encoded from the bytes, each piece but the last a multiple of 3 bytes, whatever sizes they come in.
	 */
	async *base64(node: INode): AsyncGenerator<string> {
		const stored = this.storedBase64;
		if (stored !== undefined) {
			const slice = (BASE64_SLICE_BYTES / 3) * 4;
			for (let at = 0; at < stored.length; at += slice) yield stored.slice(at, at + slice);
			return;
		}
		let carried: Buffer = Buffer.alloc(0);
		for await (const chunk of this.bytes(node)) {
			const bytes = carried.length ? Buffer.concat([carried, chunk]) : chunk;
			const whole = bytes.length - (bytes.length % 3);
			for (let at = 0; at < whole; at += BASE64_SLICE_BYTES)
				yield bytes.subarray(at, Math.min(at + BASE64_SLICE_BYTES, whole)).toString('base64');
			carried = bytes.subarray(whole);
		}
		if (carried.length) yield carried.toString('base64');
	}
}

/**
 * Whether an item's base64 is exactly what encoding its bytes gives, as n8n writes it: no line breaks or
 * URL-safe letters, and a last group with no stray bits (full groups of four map to three bytes one to one).
 */
const isCanonicalBase64 = (text: string) =>
	text.length % 4 === 0 &&
	/^[A-Za-z0-9+/]*={0,2}$/.test(text) &&
	Buffer.from(text.slice(-4), 'base64').toString('base64') === text.slice(-4);

/** The first `count` bytes of a stream (fewer if it is shorter); leaving the loop early closes the stream. */
async function firstBytes(stream: AsyncIterable<Buffer>, count: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		chunks.push(chunk);
		length += chunk.length;
		if (length >= count) break;
	}
	return Buffer.concat(chunks).subarray(0, count);
}

/** The first `count` bytes of a stored binary, whatever n8n's binary storage mode. */
async function storedHead(
	context: NodeContext,
	binary: IBinaryData,
	count: number,
): Promise<Buffer> {
	if (!binary.id)
		return Buffer.from(binary.data.slice(0, 4 * Math.ceil(count / 3)), 'base64').subarray(0, count);
	return await firstBytes(await context.helpers.getBinaryStream(binary.id, count), count);
}

/**
 * The size in bytes of a binary: of its base64 when the item holds it (a Code node may have replaced the text
 * and left `bytes` as it was), else what n8n recorded (`bytes` is not given before n8n 2.x).
 */
async function storedSize(context: NodeContext, binary: IBinaryData): Promise<number> {
	if (!binary.id) return Buffer.byteLength(binary.data, 'base64');
	return binary.bytes ?? (await context.helpers.getBinaryMetadata(binary.id)).fileSize;
}

/**
 * An input item's binary property as a StoredFile, whatever n8n's binary storage mode, with the same refusal
 * as readBinary when it is missing. Only its size and first bytes are read here.
 */
export async function storedFile(
	context: IExecuteSingleFunctions,
	propertyName: string,
	field: string,
): Promise<StoredFile> {
	const { helpers } = context;
	const binary = binaryMetadata(context, propertyName, field);
	const { id, data } = binary;
	if (!id && !isCanonicalBase64(data))
		return StoredFile.of(field, await helpers.getBinaryDataBuffer(propertyName));
	const size = await storedSize(context, binary);
	const head = await storedHead(context, binary, FILE_HEAD_BYTES);
	if (id)
		return new StoredFile(field, size, head, async function* () {
			// Pieces of a multiple of 3 bytes are encoded as they come, without joining.
			yield* await helpers.getBinaryStream(id, BASE64_SLICE_BYTES);
		});
	const slice = (BASE64_SLICE_BYTES / 3) * 4;
	return new StoredFile(
		field,
		size,
		head,
		async function* () {
			for (let at = 0; at < data.length; at += slice)
				yield Buffer.from(data.slice(at, at + slice), 'base64');
		},
		data,
	);
}

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * A request body n8n's request helper sends as a stream, with its length: axios, under n8n's helper, reads a
 * Blob through `stream()` and sends `size` as the Content-Length. n8n's rules for community nodes allow no
 * import of Node's `stream`, and a Blob built from parts would hold them all in memory, so the body is an
 * object that reads as a Blob and makes its bytes as they are sent.
 */
class StreamedBody {
	readonly [Symbol.toStringTag] = 'Blob';

	constructor(
		readonly size: number,
		readonly type: string,
		readonly stream: () => AsyncIterable<Buffer | string>,
	) {}
}

/**
 * `options` sending a StreamedBody: as it is, with its type as the Content-Type (axios sets none for an empty
 * Blob), and without following redirects, which would make n8n's request helper keep every byte sent, to send
 * it again (a 301 or 302 would turn the request into a GET anyway). A redirect is then an answer like any
 * other, for the operation's error check to report.
 */
export const withStreamedBody = (
	options: IHttpRequestOptions,
	body: StreamedBody,
): IHttpRequestOptions => ({
	...options,
	headers: { ...(options.headers ?? {}), 'Content-Type': body.type },
	body: body as unknown as IDataObject,
	json: false,
	disableFollowRedirect: true,
});

/**
 * A JSON body whose file fields are base64, made while it is sent. `body` carries placeholder strings (keys of
 * `files`) where the files go; each file is read and encoded chunk by chunk into its place, so neither the
 * file nor its base64 is ever held whole: the bytes are those of `JSON.stringify` with each file's base64 in
 * place of its placeholder.
 */
export function jsonBodyWithFiles(
	node: INode,
	body: unknown,
	files: Map<string, StoredFile>,
): StreamedBody {
	const pieces: Array<Buffer | StoredFile> = [];
	let rest = JSON.stringify(body);
	for (;;) {
		let next: { at: number; key: string } | undefined;
		for (const key of files.keys()) {
			const at = rest.indexOf(JSON.stringify(key));
			if (at >= 0 && (!next || at < next.at)) next = { at, key };
		}
		if (!next) break;
		pieces.push(Buffer.from(`${rest.slice(0, next.at)}"`), files.get(next.key)!, Buffer.from('"'));
		rest = rest.slice(next.at + JSON.stringify(next.key).length);
	}
	pieces.push(Buffer.from(rest));
	const size = pieces.reduce(
		(total, piece) => total + (Buffer.isBuffer(piece) ? piece.length : base64Length(piece.size)),
		0,
	);
	return new StreamedBody(size, 'application/json', async function* () {
		for (const piece of pieces) {
			if (Buffer.isBuffer(piece)) yield piece;
			else yield* piece.base64(node);
		}
	});
}

/**
 * A text file as the string the service expects (the licence content of Licence > Install): UTF-8, without
 * a byte-order mark or the surrounding whitespace and line breaks editors add.
 */
export const toText = (content: Buffer): string =>
	content
		.toString('utf8')
		.replace(/^\uFEFF/, '')
		.trim();

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

const isPdf = (content: Buffer): boolean => content.subarray(0, 5).toString('latin1') === '%PDF-';

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
 * Sends a request to a pre-signed URL, without credentials (the URL carries its signature), reading the
 * answer as bytes (or as a stream, where `options` asks) whatever its status. A failure before any answer becomes one line naming the host.
 */
async function requestPresignedUrl(
	context: NodeContext,
	options: IHttpRequestOptions,
	attempt: Omit<NetworkAttempt, 'url'>,
	itemIndex?: number,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequest({
			encoding: 'arraybuffer',
			...options,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: attempt.timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw (
			networkError(context.getNode(), error, { ...attempt, url: options.url }, itemIndex) ?? error
		);
	}
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

export function fileNameFromDisposition(header: unknown): string | undefined {
	if (typeof header !== 'string') return undefined;
	const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
	if (encoded) return decodeURIComponent(encoded[1]);
	return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1];
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

/** Bytes as an output binary property, stored in whatever mode n8n runs in. */
export async function toBinaryOutput(
	context: NodeContext,
	file: { content: Buffer; fileName?: string; mimeType: string },
): Promise<IBinaryData> {
	return await context.helpers.prepareBinaryData(file.content, file.fileName, file.mimeType);
}

/**
 * Whether n8n runs the node as an AI agent tool. n8n makes the tool of a `usableAsTool` node on demand, under
 * the node's type name with `Tool` appended (`n8n-nodes-document-execution.documentExecutionTool`; n8n's
 * packages/cli/src/node-types.ts and tool-generation.ts), and the workflow's node carries that type whichever
 * way the agent calls it: through the tool n8n-core wraps around the node, or as a node the engine runs for the
 * agent. n8n's `isToolExecution()` answers false in the second case, and single-item contexts lack it.
 */
export const runsAsTool = (context: NodeContext): boolean =>
	context.getNode().type.endsWith('Tool');

/**
 * Return File, the switch an AI agent tool has on a download. n8n shows it only on the tool (the `@tool`
 * display condition is true where the node type's name ends in `Tool`), with its default off: most agents
 * cannot read binary output, so a tool gives the link and the file's metadata unless Return File is on (set
 * by the user, or left to the model with n8n's "let the model define this parameter"). A regular node has no
 * such switch and returns the file, as before.
 */
function returnFileProperty(show: NonNullable<IDisplayOptions['show']>): INodeProperties {
	return {
		displayName: 'Return File',
		name: 'returnFile',
		type: 'boolean',
		default: false,
		description:
			"Whether to return the file itself as binary data. Off: the download link, the file's name, type and size when known, and when the link expires (AI agents cannot read binary data).",
		displayOptions: { show: { ...show, '@tool': [true] } },
	};
}

/**
 * The output fields both downloads share, shown for the operation `displayOptions` names: Return File (on the
 * AI agent tool only) and Put Output File in Field.
 */
export const downloadOutputProperties = (displayOptions: IDisplayOptions): INodeProperties[] => [
	returnFileProperty(displayOptions.show ?? {}),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions,
	},
];

/** Whether a download returns the file: Return File where the node runs as a tool, always otherwise. */
export function returnsFile(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('returnFile', !runsAsTool(context)) === true;
}

/**
 * What the note of a download without its file says to do to get the file, as the node's form names it: the
 * file is missing because Return File is off (a tool), or else because Output Link Only is on.
 */
export const howToGetTheFile = (context: IExecuteSingleFunctions): string =>
	returnsFile(context)
		? 'turn Options > Output Link Only off'
		: 'run the download again with Return File on';

/** A download's file described without its bytes, in place of the file (a tool's default, or Output Link Only). */
export interface FileLinkDescription {
	/** The short-lived link, or null where the service sent the file itself and there is no link. */
	url: string | null;
	fileName: string | null;
	mimeType: string | null;
	/** Bytes, or null when not known without downloading the file. */
	fileSize: number | null;
	/** With a link, how long it lives, in words, for the note: "it works for 15 seconds from when the service issued it". */
	life?: string;
	/** What to do to get the file itself (howToGetTheFile). */
	toGetTheFile: string;
}

/**
 * The JSON of a download that outputs no file: the link, what is known of the file, and a note that says in
 * words that the link is short-lived and how to get the file, so that an agent does not hand on a dead link.
 */
export function fileLinkJson(file: FileLinkDescription): IDataObject {
	const note = file.url
		? `This is a download link, not the file: ${file.life ?? 'it is short-lived'}, for a download by a server, not a browser. To get the file, ${file.toGetTheFile}.`
		: `The service sent the file itself, so there is no link to give. To get the file, ${file.toGetTheFile}.`;
	return {
		url: file.url,
		fileName: file.fileName,
		mimeType: file.mimeType,
		fileSize: file.fileSize,
		note,
	};
}

/**
 * How a file goes to a pre-signed upload URL (v4 media upload). The spec does not show the method or the
 * headers; this follows the convention of pre-signed object-store URLs: PUT, the raw bytes as the body with
 * the file's own Content-Type (uploadToPresignedUrl), and no credentials (the URL carries its signature).
 */
export const PRESIGNED_UPLOAD = { method: 'PUT' } as const;

/**
 * Sends a file to a pre-signed upload URL as PRESIGNED_UPLOAD says, read while it is sent (its Content-Length is
 * the file's size); a refusal becomes a NodeApiError, a network failure an error naming `operation` (as the
 * node's form names it) and the host.
 */
export async function uploadToPresignedUrl(
	context: NodeContext,
	operation: string,
	url: string,
	file: StoredFile,
	mimeType: string,
	itemIndex?: number,
): Promise<void> {
	const type = mimeType || 'application/octet-stream';
	const body = new StreamedBody(file.size, type, () => file.bytes(context.getNode()));
	const response = await requestPresignedUrl(
		context,
		withStreamedBody({ method: PRESIGNED_UPLOAD.method, url }, body),
		{ operation, again: 'run the node again to get a fresh upload URL' },
		itemIndex,
	);
	if (response.statusCode < 300) return;
	const text = response.body ? answerBytes(response.body).toString('utf8') : '';
	const reason =
		/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
	throw new NodeApiError(context.getNode(), { body: text.slice(0, 200) } as JsonObject, {
		message: `The file could not be uploaded to the pre-signed URL (HTTP ${response.statusCode}${reason ? `: ${reason}` : ''})`,
		description:
			'Pre-signed upload URLs are valid for 15 minutes and only for the exact URL the service gave; run the node again to get a fresh one.',
		httpCode: String(response.statusCode),
		itemIndex,
	});
}
