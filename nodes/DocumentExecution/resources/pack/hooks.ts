import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import {
	checkDownloadedFile,
	expectedFileOf,
	fetchTemporaryFile,
	fileLinkJson,
	fileNameFromDisposition,
	howToGetTheFile,
	noDownloadLinkError,
	returnsFile,
	toBinaryOutput,
} from '../../shared/binary';
import { answerBytes } from '../../../shared/errors';
import { switchQuery } from '../../shared/sectionSwitches';
import {
	ALL_SECTIONS,
	packDownloadSchema,
	packGetSchema,
	packSearchSchema,
	PACK_SECTIONS,
	validate,
	type PackSelector,
} from './validation';

const parameter = <T>(context: IExecuteSingleFunctions, name: string, fallback: T): T =>
	context.getNodeParameter(name, fallback) as T;

// ------------------------------------------------------------------------------------------------ Get

/**
 * The query of a pack-details request. A nested section only takes effect when every ancestor is on, so a
 * picked section brings its ancestors along; "All Sections" is the service's payloadForPackEdit switch.
 */
export function packGetQuery(selector: PackSelector, value: string, sections: string[]): IDataObject {
	const qs: IDataObject = { [selector]: value };
	if (sections.includes(ALL_SECTIONS)) {
		qs[ALL_SECTIONS] = true;
		return qs;
	}
	return { ...qs, ...switchQuery(sections, PACK_SECTIONS) };
}

export async function preSendPackGet(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const selector = parameter<PackSelector>(this, 'packSelector', 'packId');
	// Pack ID is a picker: its value, whichever mode (or a plain string from an older workflow).
	const input = { [selector]: this.getNodeParameter(selector, '', { extractValue: true }), sections: parameter<string[]>(this, 'sections', []) };
	const valid = validate(this, packGetSchema, input);
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...packGetQuery(selector, valid[selector]!, valid.sections) };
	return requestOptions;
}

export async function postReceivePackGet(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const pack = ((items[0]?.json ?? {}) as IDataObject).data as IDataObject | undefined;
	if (!pack) return [];
	if (parameter<string>(this, 'options.output', 'pack') !== 'documents') return [{ json: pack }];
	// One item per document, with the pack it belongs to, ready for a download per document.
	const packContext = {
		packId: pack.packId,
		packName: pack.packName,
		packUrn: pack.packUrn,
		packStatus: pack.status,
		workflowRunContextId: pack.workflowRunContextId,
	};
	return ((pack.documents ?? []) as IDataObject[]).map((document) => ({ json: { ...packContext, ...document } }));
}

// --------------------------------------------------------------------------------------------- Search

export async function preSendPackSearch(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = parameter<IDataObject>(this, 'filters', {});
	const options = parameter<IDataObject>(this, 'options', {});
	const valid = validate(this, packSearchSchema, {
		q: filters.text,
		status: filters.status || undefined,
		workflowId: filters.workflowId,
		irn: filters.irn,
		sortBy: options.sortBy || undefined,
		sortOrder: options.sortOrder || undefined,
		returnAll: parameter(this, 'returnAll', false),
		limit: parameter(this, 'limit', 50),
		offset: options.offset ?? 0,
		max: options.pageSize ?? 40,
	});
	const qs: IDataObject = { offset: valid.offset, max: valid.max };
	for (const key of ['q', 'status', 'workflowId', 'irn', 'sortBy', 'sortOrder'] as const) {
		if (valid[key] !== undefined) qs[key] = valid[key];
	}
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs };
	return requestOptions;
}

// ------------------------------------------------------------------------------------------- Download

export async function preSendPackDownload(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const downloadType = parameter<string>(this, 'downloadType', 'DOCUMENT');
	const options = parameter<IDataObject>(this, 'options', {});
	const supporting = downloadType === 'SUPPORTING_DOCUMENT';
	const indexed = supporting || downloadType === 'ATTACHMENT';
	const valid = validate(this, packDownloadSchema, {
		downloadType,
		documentId: supporting ? undefined : parameter<string>(this, 'documentId', ''),
		signUrl: supporting ? parameter<string>(this, 'signUrl', '') : undefined,
		index: indexed ? parameter<number>(this, 'index', 0) : undefined,
		mode: options.mode ?? 'accountDefault',
		linkOnly: options.linkOnly === true,
	});
	const qs: IDataObject = { downloadType: valid.downloadType };
	if (supporting) qs.signUrl = valid.signUrl;
	else qs.documentId = valid.documentId;
	if (indexed) qs.index = valid.index;
	if (valid.mode === 'stream') qs.mode = 'stream';
	requestOptions.qs = { ...(requestOptions.qs ?? {}), ...qs };
	// The answer is JSON or the file itself: read it as bytes; the envelope check decodes JSON bodies.
	requestOptions.encoding = 'arraybuffer';
	requestOptions.json = false;
	return requestOptions;
}

const PACK_DOWNLOAD = 'Pack → Download';

/** The type of a file the spec calls a PDF (expectedFileOf), given without reading it. */
const PDF_MIME_TYPE = 'application/pdf';

/** A web page in place of a streamed file comes from whatever stands between n8n and the service. */
const STREAM_REMEDY = "check the credential's Base URL (a proxy or a login page may be in the way), then run the node again";

/**
 * The Content-Type tells what came back: JSON `data.url` (read at once, the link is short-lived) or the
 * file itself. The file becomes the output binary; the JSON describes it. Without the file (Output Link Only,
 * or Return File off where the node runs as an AI agent tool), the JSON gives the link and what is known of
 * the file without reading it; a file the service sent itself is described, and not output, when Return File
 * is off (Output Link Only outputs it, as there is no link).
 */
export async function postReceivePackDownload(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const downloadType = parameter<string>(this, 'downloadType', 'DOCUMENT');
	const options = parameter<IDataObject>(this, 'options', {});
	const binaryPropertyName = parameter<string>(this, 'binaryPropertyName', 'data');
	const expected = expectedFileOf(downloadType);
	// The bytes as n8n's request helper gave them: the file itself when streamed, which is not copied.
	const body = answerBytes(response.body);
	const contentType = String(response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	const source: IDataObject = { downloadType };
	if (downloadType === 'SUPPORTING_DOCUMENT') source.signUrl = parameter(this, 'signUrl', '');
	else source.documentId = parameter(this, 'documentId', '');
	if (downloadType === 'ATTACHMENT' || downloadType === 'SUPPORTING_DOCUMENT') source.index = parameter(this, 'index', 0);

	if (contentType === 'application/json' || contentType.endsWith('+json')) {
		const data = ((JSON.parse(body.toString('utf8')) as IDataObject).data ?? {}) as IDataObject;
		if (typeof data.url !== 'string' || !data.url) throw noDownloadLinkError(this, PACK_DOWNLOAD, 'data.url', { ...response, body }, this.getItemIndex());
		const until = typeof data.expiresAt === 'string' ? data.expiresAt : null;
		if (options.linkOnly === true || !returnsFile(this)) {
			const link = fileLinkJson({
				url: data.url,
				fileName: null,
				mimeType: expected === 'pdf' ? PDF_MIME_TYPE : null,
				fileSize: null,
				life: until ? `it works until ${until} (pack download links are short-lived)` : 'it is short-lived (the service gave no expiry)',
				toGetTheFile: howToGetTheFile(this),
			});
			return [{ json: { ...source, delivery: 'link', ...link, expiresAt: until } }];
		}
		const life = `pack download links are short-lived${until ? ` (this one until ${until})` : ''}`;
		const file = await fetchTemporaryFile(this, { url: data.url, operation: PACK_DOWNLOAD, expected, life }, this.getItemIndex());
		const binary = await toBinaryOutput(this, file);
		return [
			{
				json: { ...source, delivery: 'link', fileName: binary.fileName ?? null, mimeType: binary.mimeType, fileSize: file.content.length },
				binary: { [binaryPropertyName]: binary },
			},
		];
	}
	// The file itself (mode=stream, or an account configured to stream). With Output Link Only there is no
	// link to give: the file is output rather than dropped.
	const file = { content: body, fileName: fileNameFromDisposition(response.headers['content-disposition']), mimeType: contentType };
	const streamed = { operation: PACK_DOWNLOAD, expected, answeredBy: 'the service', remedy: STREAM_REMEDY };
	checkDownloadedFile(this, file, response.statusCode, streamed, this.getItemIndex());
	if (options.linkOnly !== true && !returnsFile(this)) {
		const described = fileLinkJson({
			url: null,
			fileName: file.fileName ?? null,
			mimeType: contentType || null,
			fileSize: body.length,
			toGetTheFile: howToGetTheFile(this),
		});
		return [{ json: { ...source, delivery: 'stream', ...described, expiresAt: null } }];
	}
	const binary = await toBinaryOutput(this, { ...file, mimeType: contentType || 'application/octet-stream' });
	return [
		{
			json: { ...source, delivery: 'stream', fileName: binary.fileName ?? null, mimeType: binary.mimeType, fileSize: body.length },
			binary: { [binaryPropertyName]: binary },
		},
	];
}
