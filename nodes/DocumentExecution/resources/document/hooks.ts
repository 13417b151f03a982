import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	expectedFileOf,
	fetchTemporaryFile,
	fileLinkJson,
	howToGetTheFile,
	jsonBodyWithFiles,
	noDownloadLinkError,
	readBinary,
	returnsFile,
	toBinaryOutput,
} from '../../shared/binary';
import { responseError } from '../../../shared/errors';
import { switchQuery } from '../../shared/sectionSwitches';
import { refuse } from '../../shared/rules';
import {
	createBodySchema,
	describeFile,
	DETAIL_SWITCHES,
	detailsQuerySchema,
	type DetailSwitch,
	DOC_SIGNER_LABELS,
	FIELD_LABELS,
	docSignerBodySchema,
	documentIdSchema,
	downloadQuerySchema,
	ebgReviewBodySchema,
	isCalendarDate,
	limitSchema,
	listQuerySchema,
	MAX_PAGE_SIZE,
	reactivateBodySchema,
	unwrapBase64,
} from './schema';
import { isObject } from '../../../shared/isObject';

/** Where the spec is silent, the node's choices (docs/choices/document.md). */
export const DOCUMENT_CHOICES = {
	/** File names when the download answer carries none. */
	fileNames: {
		DOCUMENT: (id: string) => `${id}.pdf`,
		AUDIT_TRAIL: (id: string) => `${id}_audit_trail.pdf`,
		ATTACHMENT: (id: string, index: number) => `${id}_attachment_${index}.pdf`,
		SUPPORTING_DOCUMENT: (id: string, index: number) => `${id}_supporting_document_${index}.pdf`,
	} as Record<string, (id: string, index: number) => string>,
	/** Every file the service gives is a PDF; a generic or missing Content-Type is replaced by this. */
	pdfMimeType: 'application/pdf',
	/** Seconds a v3.3 download link lives (the spec's 15 seconds), reported where the link is output instead of the file. */
	downloadLinkLifeSeconds: 15,
	/** Page size used by Get Many unless the Page Size option says otherwise (the service's maximum). */
	pageSize: MAX_PAGE_SIZE,
	/** Get Details' preselected sections: the document's file and its audit trail. */
	detailSections: ['auditTrail', 'file'] as DetailSwitch[],
	/** The consent text of the document signer operation as the service publishes it (the spec gives its start). */
	docSignerConsent:
		'By using this authenticated API and the ProfileID associated with this Document Signer Certificate, I agree that the Document Signer Certificate saved in this Account will be used to eSign documents for me. I also understand that recipients of such electronic documents will be able to see my signing details.',
} as const;

type Body = Record<string, unknown>;



function parseJson(context: IExecuteSingleFunctions, value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	if (!value.trim()) return undefined;
	try {
		return JSON.parse(value) as unknown;
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `${field}: is not valid JSON (${(error as Error).message})`, {
			itemIndex: context.getItemIndex(),
		});
	}
}

const param = <T = unknown>(context: IExecuteSingleFunctions, name: string, fallback?: T): T =>
	context.getNodeParameter(name, fallback as unknown as never) as T;

/** The Document ID as sent: the value of its picker, whichever mode (or a plain string from an older workflow). */
const documentIdParameter = (context: IExecuteSingleFunctions): unknown => context.getNodeParameter('documentId', '', { extractValue: true });

/** Drops empty strings and undefined, so unset optional fields are not sent. */
function compact<T extends Body>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== '' && value !== null)) as T;
}

const asString = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));
/** A value the schema checks (and turns into text where the spec wants text), or undefined when not given. */
const given = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : value);

// ---------------------------------------------------------------- validation preSends

/** preSend: the query (documentId only) is checked before the request. */
export async function validateDocumentIdQuery(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	refuse(this, documentIdSchema, options.qs, FIELD_LABELS);
	return options;
}

/** preSend of Get Details: the chosen sections become switches, each with its ancestors, so each takes effect. */
export async function sendDetailSections(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const sections = param<unknown>(this, 'sections', []);
	refuse(this, detailsQuerySchema, { ...(options.qs as IDataObject), sections }, FIELD_LABELS);
	options.qs = { ...(options.qs as IDataObject), ...switchQuery(sections as DetailSwitch[], DETAIL_SWITCHES) };
	return options;
}

export async function validateDownloadQuery(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	refuse(this, downloadQuerySchema, options.qs, FIELD_LABELS);
	return options;
}

export async function validateDocSignerBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	options.body = refuse(this, docSignerBodySchema, options.body, { ...FIELD_LABELS, ...DOC_SIGNER_LABELS });
	return options;
}

export async function validateEbgReviewBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	options.body = refuse(this, ebgReviewBodySchema, options.body, FIELD_LABELS);
	return options;
}

export async function validateListQuery(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const pageSize = param<number>(this, 'options.pageSize', DOCUMENT_CHOICES.pageSize);
	refuse(this, listQuerySchema, { ...(options.qs as IDataObject), max: pageSize }, FIELD_LABELS);
	if (!param<boolean>(this, 'returnAll', false)) refuse(this, limitSchema, { limit: param(this, 'limit', 50) }, FIELD_LABELS);
	return options;
}

// ---------------------------------------------------------------- create

/**
 * The places of a create body that hold files: base64 text, or the bytes of a binary field until they are
 * written into the request. Arrays hold one file per entry.
 */
const FILE_PLACES = [
	['file', 'file'],
	['file', 'additionalFiles'],
	['stampUpload', 'stampFile'],
] as const;

const mapFile = (value: unknown, change: (file: unknown) => unknown) => (Array.isArray(value) ? value.map(change) : change(value));

/** `body` with each file replaced by `change(file)`; the objects holding files are copied, nothing else. */
function withFiles(body: Body, change: (file: unknown) => unknown): Body {
	const copy: Body = { ...body };
	for (const [holder, key] of FILE_PLACES) {
		const source = body[holder];
		if (!isObject(source) || source[key] === undefined) continue;
		copy[holder] = { ...(copy[holder] as Body), [key]: mapFile(source[key], change) };
	}
	return copy;
}

/** The files of `from` put back into `into` (the checked body, whose files the schema saw as facts). */
function restoreFiles(into: Body, from: Body): Body {
	for (const [holder, key] of FILE_PLACES) {
		const source = from[holder];
		if (isObject(source) && source[key] !== undefined && isObject(into[holder])) (into[holder] as Body)[key] = source[key];
	}
	return into;
}

/** The body as the schema sees it: each file replaced by facts about its bytes. */
const validationView = (body: Body): Body => withFiles(body, (file) => (Buffer.isBuffer(file) || typeof file === 'string' ? describeFile(file) : file));

const INVITEE_VERIFY = { aadhaarVerify: 'aadhaarConfig', dscVerify: 'dscConfig' } as const;

function inviteesFromParameters(context: IExecuteSingleFunctions): Body[] {
	const entries = param<{ invitee?: Body[] }>(context, 'invitees', {}).invitee ?? [];
	return entries.map((entry, position) => {
		const options = isObject(entry.options) ? entry.options : {};
		const invitee: Body = compact({
			name: given(entry.name),
			email: given(entry.email),
			phone: given(entry.phone),
			groupId: asString(options.groupId),
			groupName: asString(options.groupName),
			organizationName: asString(options.organizationName),
		});
		if (options.completionThreshold !== undefined && options.completionThreshold !== '') invitee.completionThreshold = Number(options.completionThreshold);
		if (options.paymentAmount !== undefined && options.paymentAmount !== '') invitee.workflowPaymentCollectionConfig = { amount: Number(options.paymentAmount) };
		for (const [option, key] of Object.entries(INVITEE_VERIFY)) {
			const checks = options[option];
			if (Array.isArray(checks) && checks.length) invitee[key] = Object.fromEntries(checks.map((check) => [String(check), true]));
		}
		for (const key of ['offlineSignConfig', 'neslConfig']) {
			if (options[key] !== undefined) invitee[key] = parseJson(context, options[key], `Invitees › ${key} (${position + 1})`);
		}
		return invitee;
	});
}

function templateFieldsFromParameters(context: IExecuteSingleFunctions): Body[] {
	const entries = param<{ field?: Body[] }>(context, 'templateFields', {}).field ?? [];
	return entries.map((entry) => {
		const type = asString(entry.type);
		const field: Body = compact({ id: given(entry.fieldId), name: given(entry.fieldName), type, value: given(entry.value) });
		if (type === 'checkbox' || type === 'radio') field.checked = entry.checked === undefined ? undefined : Boolean(entry.checked);
		if (type === 'dropdown') field.multiple = entry.multiple === undefined ? undefined : Boolean(entry.multiple);
		if (type === 'files') {
			field.width = given(entry.width) ?? '';
			field.height = given(entry.height) ?? '';
		}
		// false is the service's default, so only a required field is marked.
		if (entry.required === true) field.required = true;
		return field;
	});
}

const givenFields = (fields: Body) => Object.entries(fields).map(([key, value]) => [key, given(value)]);

function neslFromParameters(context: IExecuteSingleFunctions, raw: unknown): Body | undefined {
	const data = isObject(raw) && isObject(raw.data) ? raw.data : undefined;
	if (!data) return undefined;
	const nesl: Body = {};
	const detail = compact({
		registrationType: given(data.registrationType),
		state: given(data.state),
		...Object.fromEntries(givenFields(isObject(data.documentDetail) ? data.documentDetail : {})),
	});
	if (Object.keys(detail).length) nesl.documentDetail = detail;
	const stamps = isObject(data.stampData) && Array.isArray(data.stampData.stamp) ? (data.stampData.stamp as Body[]) : [];
	if (stamps.length) {
		nesl.stampData = stamps.map((stamp) => {
			const { more, ...fields } = stamp;
			return compact(Object.fromEntries([...givenFields(fields), ...givenFields(isObject(more) ? more : {})]));
		});
	}
	const arrays = parseJson(context, data.otherArrays, 'NeSL Data › Other Arrays (JSON)');
	if (arrays !== undefined) {
		if (!isObject(arrays)) {
			throw new NodeOperationError(context.getNode(), 'NeSL Data › Other Arrays (JSON): must be a JSON object with entities, participants, neslParties or neslSecurities', {
				itemIndex: context.getItemIndex(),
			});
		}
		Object.assign(nesl, arrays);
	}
	return nesl;
}

const binaryNames = (value: unknown) =>
	String(value ?? '')
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);

/** The body from the fields; files from binary fields are their bytes, in the places FILE_PLACES names. */
async function bodyFromFields(context: IExecuteSingleFunctions): Promise<Body> {
	const extra = param<Body>(context, 'additionalFields', {});
	const source = param<string>(context, 'documentSource', 'binary');
	const file: Body = compact({ name: given(param(context, 'documentName', '')) });
	if (source === 'binary') {
		file.file = (await readBinary(context, param<string>(context, 'binaryPropertyName', 'data'), 'Input Binary Field')).content;
	} else if (source === 'base64') {
		file.file = param<string>(context, 'fileBase64', '');
	} else {
		const fields = templateFieldsFromParameters(context);
		if (fields.length) file.fields = fields;
		const autoFill = param<boolean>(context, 'autoGroupedFieldsFill', false);
		if (autoFill) file.autoGroupedFieldsFill = true;
	}
	const additionalNames = binaryNames(extra.additionalFiles);
	if (additionalNames.length) {
		const additional: Buffer[] = [];
		for (const name of additionalNames) additional.push((await readBinary(context, name, 'Additional Files')).content);
		file.additionalFiles = additional;
	}
	const body: Body = compact({
		profileId: given(param(context, 'profileId', '')),
		file,
		irn: given(extra.irn),
		stampSeries: given(extra.stampSeries),
		seriesGroup: given(extra.seriesGroup),
		stampValue: given(extra.stampValue),
		revenueStampSeries: given(extra.revenueStampSeries),
		revenueStampQuantity: given(extra.revenueStampQuantity),
	});
	const series = isObject(extra.multipleStampSeries) && Array.isArray(extra.multipleStampSeries.series) ? (extra.multipleStampSeries.series as Body[]) : [];
	if (series.length) body.multipleStampSeries = series.map((entry) => ({ stampSeries: given(entry.stampSeries) ?? '', seriesQuantity: given(entry.seriesQuantity) ?? '' }));
	const paper = isObject(extra.stampUpload) && isObject(extra.stampUpload.paper) ? extra.stampUpload.paper : undefined;
	if (paper) {
		const { stampFileBinaryProperty, ...fields } = paper;
		const upload: Body = Object.fromEntries(givenFields(fields).map(([key, value]) => [key, value ?? '']));
		if (asString(stampFileBinaryProperty)) upload.stampFile = (await readBinary(context, String(stampFileBinaryProperty), 'Stamp Paper Upload › Stamp Paper Binary Field')).content;
		body.stampUpload = upload;
	}
	const nesl = neslFromParameters(context, extra.neslData);
	if (nesl) body.neslData = nesl;
	body.invitees = inviteesFromParameters(context);
	const cc = (param<{ recipient?: Body[] }>(context, 'cc', {}).recipient ?? []).map((entry) => compact({ name: given(entry.name), email: given(entry.email) }));
	if (cc.length) body.cc = cc;
	return body;
}

/**
 * preSend of Create: builds the body from the fields (or takes the JSON body), checks every rule on it before
 * anything is sent, and only then encodes the files as base64. Files are checked as bytes, so a file over the
 * limit is refused without ever being encoded; base64 text is sent unwrapped (see `unwrapBase64`).
 */
export async function buildCreateBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	let written: Body;
	if (param<string>(this, 'specifyBody', 'fields') === 'json') {
		const parsed = parseJson(this, param(this, 'jsonBody', '{}'), 'JSON Body');
		if (!isObject(parsed)) throw new NodeOperationError(this.getNode(), 'JSON Body: must be a JSON object (the whole signing request)', { itemIndex: this.getItemIndex() });
		written = parsed;
	} else {
		written = await bodyFromFields(this);
	}
	const unwrapped = withFiles(written, (file) => (typeof file === 'string' ? unwrapBase64(file) : file));
	const body = restoreFiles(refuse(this, createBodySchema, validationView(unwrapped), FIELD_LABELS) as Body, unwrapped);
	// Files from binary fields are written as base64 straight into the request bytes (see jsonBodyWithFiles).
	const placed = new Map<string, Buffer>();
	const placeBytes = (file: unknown) => {
		if (!Buffer.isBuffer(file)) return file;
		const key = `\u0000file:${placed.size}\u0000`;
		placed.set(key, file);
		return key;
	};
	const sent = withFiles(body, placeBytes);
	if (!placed.size) {
		options.body = sent;
		return options;
	}
	options.body = jsonBodyWithFiles(sent, placed);
	options.json = false;
	options.headers = { ...(options.headers ?? {}), 'Content-Type': 'application/json' };
	return options;
}

// ---------------------------------------------------------------- reactivate

/** preSend of Reactivate: the body routing started (Document ID) with the expiry the New Expiry choice gives. */
export async function buildReactivateBody(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const mode = param<string>(this, 'expiry', 'days');
	const routed = isObject(options.body) ? options.body : {};
	const body: Body = { documentId: asString(routed.documentId) ?? '' };
	if (mode === 'days') {
		const days = param<unknown>(this, 'expiryDays', undefined);
		body.expiryDays = days === '' || days === undefined ? undefined : Number(days);
	} else if (mode === 'dateTime') {
		const raw = param<unknown>(this, 'expiryTime', '');
		const time = raw instanceof Date ? raw.getTime() : typeof raw === 'number' ? raw : Date.parse(String(raw ?? ''));
		// Date.parse rolls an impossible day over (2026-02-30 is read as 2 March), so the date is checked first.
		const impossible = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) && !isCalendarDate(raw);
		if (!Number.isFinite(time) || impossible) {
			const rule = impossible ? `is not a date: ${raw.slice(0, 10)} is not a day of the calendar` : 'is required and must be a date and time';
			throw new NodeOperationError(this.getNode(), `Expiry Date and Time: ${rule}`, { itemIndex: this.getItemIndex() });
		}
		body.expiryTime = time;
	}
	options.body = compact(refuse(this, reactivateBodySchema(Date.now()), body, FIELD_LABELS));
	return options;
}

// ---------------------------------------------------------------- outputs (postReceive)

const dataOf = (response: IN8nHttpFullResponse): Body => (isObject(response.body) && isObject(response.body.data) ? response.body.data : {});
const messagesOf = (response: IN8nHttpFullResponse): Body[] =>
	isObject(response.body) && Array.isArray(response.body.messages) ? (response.body.messages as Body[]) : [];
const messageOf = (response: IN8nHttpFullResponse) => {
	const [first] = messagesOf(response);
	return { code: asString(first?.code) ?? null, message: asString(first?.message) ?? null };
};

/** postReceive: the envelope's `data` as the item. */
export async function outputData(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	return [{ json: dataOf(response) as IDataObject }];
}

/** The invitee list of a create answer: `invitees` in the public descriptions, `invitations` in some answers. */
const createdInvitees = (data: Body): Body[] => {
	const list = Array.isArray(data.invitees) ? data.invitees : data.invitations;
	return Array.isArray(list) ? (list as Body[]) : [];
};

export async function outputCreated(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	if (!param<boolean>(this, 'simplify', true)) return [{ json: response.body as IDataObject }];
	const data = dataOf(response);
	const invitees = createdInvitees(data).map((invitee) => ({
		name: invitee.name ?? null,
		email: invitee.email ?? null,
		phone: invitee.phone ?? null,
		signUrl: invitee.signUrl ?? null,
		expiryDate: invitee.expiryDate ?? null,
		active: invitee.active ?? null,
	}));
	const document = { documentId: data.documentId ?? null, irn: data.irn ?? null };
	// A success can carry a warning (a stamp not applied, workflow.stamp.warning): the messages stay in the output.
	const messages = messagesOf(response).map((entry) => ({ code: asString(entry.code) ?? null, message: asString(entry.message) ?? null }));
	if (param<boolean>(this, 'options.oneItemPerInvitee', false)) {
		return invitees.map((invitee, position) => ({ json: { ...document, inviteeNumber: position + 1, ...invitee, messages } as IDataObject }));
	}
	return [{ json: { ...document, invitees, messages } as IDataObject }];
}

export async function outputDeleted(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	return [{ json: { documentId: documentIdParameter(this), deleted: true, ...messageOf(response) } as IDataObject }];
}

/** The codes the document signer operation answers on failure; the node treats them as errors whatever the status. */
const DOC_SIGNER_FAILURES = ['invitation.not.exists', 'invalid.consent', 'profile.not.exists'];

export async function outputDocSigner(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	const { code, message } = messageOf(response);
	if (code && DOC_SIGNER_FAILURES.includes(code)) {
		// The endpoint's text says failures may come with status 1: read them as the failure they are.
		throw responseError(this.getNode(), 'v3', { ...response, body: { ...(response.body as JsonObject), status: 0 } }, this.getItemIndex())!;
	}
	return [{ json: { signUrl: param(this, 'signUrl', ''), signed: true, code, message } as IDataObject }];
}

export async function outputEbgReview(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	return [
		{
			json: {
				notifTxnId: param(this, 'notifTxnId', ''),
				reviewStatus: param(this, 'reviewStatus', ''),
				reviewed: true,
				...messageOf(response),
			} as IDataObject,
		},
	];
}

const DOWNLOAD_FILE = 'Document → Download File';

/**
 * postReceive of Download File: the link dies in 15 seconds, so it is read here, at once. Without the file
 * (Output Link Only, or Return File off where the node runs as an AI agent tool), the output is the link and
 * what the node knows of the file without reading it: the name it would give it, the type, and the link's life.
 */
export async function downloadLinkedFile(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	const url = asString(dataOf(response).file);
	const documentId = String(documentIdParameter(this));
	const type = String(param(this, 'fileType', 'DOCUMENT'));
	const index = type === 'ATTACHMENT' || type === 'SUPPORTING_DOCUMENT' ? Number(param(this, 'index', 0)) : undefined;
	const about: IDataObject = { documentId, fileType: type, ...(index === undefined ? {} : { index }) };
	if (!url) throw noDownloadLinkError(this, DOWNLOAD_FILE, 'data.file', response, this.getItemIndex());
	const options = param<Body>(this, 'options', {});
	const namedFile = asString(options.fileName);
	const lifeSeconds = DOCUMENT_CHOICES.downloadLinkLifeSeconds;
	if (options.linkOnly || !returnsFile(this)) {
		const link = fileLinkJson({
			url,
			// The link's own name (its Content-Disposition) is known only by reading it.
			fileName: namedFile ?? DOCUMENT_CHOICES.fileNames[type](documentId, index ?? 0),
			mimeType: DOCUMENT_CHOICES.pdfMimeType,
			fileSize: null,
			life: `it works for ${lifeSeconds} seconds from when the service issued it`,
			toGetTheFile: howToGetTheFile(this),
		});
		return [{ json: { ...about, ...link, expiresInSeconds: lifeSeconds } }];
	}
	const file = await fetchTemporaryFile(
		this,
		{ url, operation: DOWNLOAD_FILE, expected: expectedFileOf(type), life: `download links live ${lifeSeconds} seconds` },
		this.getItemIndex(),
	);
	const fileName = namedFile ?? file.fileName ?? DOCUMENT_CHOICES.fileNames[type](documentId, index ?? 0);
	const mimeType = !file.mimeType || /octet-stream|^binary/.test(file.mimeType) ? DOCUMENT_CHOICES.pdfMimeType : file.mimeType;
	const binary = await toBinaryOutput(this, { content: file.content, mimeType, fileName });
	const property = asString(options.binaryPropertyName) ?? 'data';
	return [{ json: { ...about, fileName, mimeType, fileSize: file.content.length }, binary: { [property]: binary } }];
}

// ---------------------------------------------------------------- paging

/**
 * Get Many pages at the service's cap of 40 and stops when it has what it needs: the Limit, the list's
 * `data.total`, or a short page (when a response lacks `total`), so no empty page is requested at the end.
 */
export async function paginateList(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
	const pageSize = (this.getNodeParameter('options.pageSize', DOCUMENT_CHOICES.pageSize) as number) || DOCUMENT_CHOICES.pageSize;
	const results: INodeExecutionData[] = [];
	let offset = 0;
	for (;;) {
		const max = Math.min(pageSize, limit - results.length);
		const qs = { ...(requestData.options.qs as IDataObject), max, offset };
		const [page] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs } });
		const data = isObject(page?.json) && isObject(page.json.data) ? page.json.data : {};
		const documents = Array.isArray(data.documents) ? (data.documents as IDataObject[]) : [];
		results.push(...documents.map((json) => ({ json })));
		offset += documents.length;
		const total = typeof data.total === 'number' ? data.total : undefined;
		if (results.length >= limit || documents.length < max || (total !== undefined && offset >= total)) break;
	}
	return results.slice(0, limit);
}
