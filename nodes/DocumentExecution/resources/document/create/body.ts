import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerData } from '../../../../shared/accountReads';
import { unwrapBase64 } from '../../../../shared/base64';
import { isObject } from '../../../../shared/isObject';
import { storedFile, StoredFile } from '../../../shared/files/binary';
import { jsonBodyWithFiles, withStreamedBody } from '../../../shared/files/streamedBody';
import { parameter } from '../../../shared/form/parameters';
import { refuseField } from '../../../../shared/errors';
import { refuseBrokenRules } from '../../../shared/form/rules';
import { simplifies, unsimplified } from '../../../shared/requests/outputs';
import { inWorkflow } from '../../../shared/requests/inWorkflow';
import { routingOf, v3Request, type ItemRequest } from '../../../shared/requests/routing';
import { asString, compact, messagesOf, type Body } from '../common';
import { CREATE_SIGNING_REQUEST } from './fields';
import { IF_IRN_EXISTS, lookUpIrnFirst } from './existingIrn';
import { describeFile } from './fileFacts';
import {
	CREATE_LABELS,
	createBodySchema,
	INPUT_FIELDS,
	INPUT_FIELDS_LABELS,
	INPUT_FIELDS_MODE,
	SIZED_TEMPLATE_FIELD_TYPES,
} from './rules';
import { simplifiedInvitee } from './serviceDate';

/** Document → Create Signing Request: the body from the fields or the JSON body, checked, then files encoded. */

function parseJson(context: IExecuteSingleFunctions, value: unknown, field: string): unknown {
	if (typeof value !== 'string') return value;
	if (!value.trim()) return undefined;
	try {
		return JSON.parse(value) as unknown;
	} catch (error) {
		refuseField(
			context.getNode(),
			field,
			`is not valid JSON (${(error as Error).message})`,
			context.getItemIndex(),
		);
	}
}

/**
 * The places of a create body that hold files: base64 text, or a binary field's file until it is encoded into
 * the request. Arrays hold one file per entry.
 */
const FILE_PLACES = [
	['file', 'file'],
	['file', 'additionalFiles'],
	['stampUpload', 'stampFile'],
] as const;

const mapFile = (value: unknown, change: (file: unknown) => unknown) =>
	Array.isArray(value) ? value.map(change) : change(value);

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
		if (isObject(source) && source[key] !== undefined && isObject(into[holder]))
			(into[holder] as Body)[key] = source[key];
	}
	return into;
}

/** The body as the schema sees it: each file replaced by facts about its bytes. */
const validationView = (body: Body): Body =>
	withFiles(body, (file) =>
		file instanceof StoredFile || typeof file === 'string' ? describeFile(file) : file,
	);

/** The verification collections, named by the service's keys: their switches and values are sent as given. */
const VERIFICATION_CONFIGS = ['aadhaarConfig', 'dscConfig'] as const;

function inviteesFromParameters(context: IExecuteSingleFunctions): Body[] {
	const entries = parameter<{ invitee?: Body[] }>(context, 'invitees', {}).invitee ?? [];
	return entries.map((entry, position) => {
		const options = isObject(entry.options) ? entry.options : {};
		const invitee: Body = compact({
			name: entry.name,
			email: entry.email,
			phone: entry.phone,
			groupId: asString(options.groupId),
			groupName: asString(options.groupName),
			organizationName: asString(options.organizationName),
		});
		if (options.completionThreshold !== undefined && options.completionThreshold !== '')
			invitee.completionThreshold = Number(options.completionThreshold);
		if (options.paymentAmount !== undefined && options.paymentAmount !== '')
			invitee.workflowPaymentCollectionConfig = { amount: Number(options.paymentAmount) };
		for (const key of VERIFICATION_CONFIGS) {
			const checks = isObject(options[key]) ? compact(options[key]) : {};
			if (Object.keys(checks).length) invitee[key] = checks;
		}
		for (const key of ['offlineSignConfig', 'neslConfig']) {
			if (options[key] !== undefined)
				invitee[key] = parseJson(
					context,
					options[key],
					`${CREATE_LABELS[`invitees.*.${key}`]} (${position + 1})`,
				);
		}
		return invitee;
	});
}

function templateFieldsFromParameters(context: IExecuteSingleFunctions): Body[] {
	const entries = parameter<{ field?: Body[] }>(context, 'templateFields', {}).field ?? [];
	return entries.map((entry) => {
		const type = asString(entry.type);
		const field: Body = compact({
			id: entry.fieldId,
			name: entry.fieldName,
			type,
			value: entry.value,
		});
		if (type === 'checkbox' || type === 'radio')
			field.checked = entry.checked === undefined ? undefined : Boolean(entry.checked);
		if (type === 'dropdown')
			field.multiple = entry.multiple === undefined ? undefined : Boolean(entry.multiple);
		if (type && SIZED_TEMPLATE_FIELD_TYPES.includes(type)) {
			field.width = entry.width ?? '';
			field.height = entry.height ?? '';
		}
		// false is the service's default, so only a required field is marked.
		if (entry.required === true) field.required = true;
		return field;
	});
}

function neslFromParameters(context: IExecuteSingleFunctions, raw: unknown): Body | undefined {
	const data = isObject(raw) && isObject(raw.data) ? raw.data : undefined;
	if (!data) return undefined;
	const nesl: Body = {};
	const detail = compact({
		registrationType: data.registrationType,
		state: data.state,
		...(isObject(data.documentDetail) ? data.documentDetail : {}),
	});
	if (Object.keys(detail).length) nesl.documentDetail = detail;
	const stamps =
		isObject(data.stampData) && Array.isArray(data.stampData.stamp)
			? (data.stampData.stamp as Body[])
			: [];
	if (stamps.length) {
		nesl.stampData = stamps.map((stamp) => {
			const { more, ...fields } = stamp;
			return compact({ ...fields, ...(isObject(more) ? more : {}) });
		});
	}
	const arrays = parseJson(context, data.otherArrays, CREATE_LABELS['neslData.otherArrays']);
	if (arrays !== undefined) {
		if (!isObject(arrays)) {
			refuseField(
				context.getNode(),
				CREATE_LABELS['neslData.otherArrays'],
				'must be a JSON object with entities, participants, neslParties or neslSecurities',
				context.getItemIndex(),
			);
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

/** An item's field as Using Input Fields reads it: numbers as text (a phone, an IRN), anything else as it is. */
function inputField(context: IExecuteSingleFunctions, field: keyof typeof INPUT_FIELDS): unknown {
	const value = context.getInputData().json[field];
	return typeof value === 'number' ? String(value) : value;
}

/** The one invitee of Using Input Fields, from the item's inviteeName, inviteeEmail and inviteePhone. */
const inviteeFromInput = (context: IExecuteSingleFunctions): Body =>
	compact({
		name: inputField(context, 'inviteeName'),
		email: inputField(context, 'inviteeEmail'),
		phone: inputField(context, 'inviteePhone'),
	});

/**
 * The body from the fields; files from binary fields are StoredFiles, in the places FILE_PLACES names. Using
 * Input Fields, the document name, IRN and invitee come from the item instead (INPUT_FIELDS).
 */
async function bodyFromFields(context: IExecuteSingleFunctions, fromInput: boolean): Promise<Body> {
	const extra = parameter<Body>(context, 'additionalFields', {});
	const source = parameter<string>(context, 'documentSource', 'binary');
	const file: Body = compact({
		name: fromInput ? inputField(context, 'documentName') : parameter(context, 'documentName', ''),
	});
	if (source === 'binary') {
		file.file = await storedFile(
			context,
			parameter<string>(context, 'binaryPropertyName', 'data'),
			CREATE_LABELS.binaryPropertyName,
		);
	} else if (source === 'base64') {
		file.file = parameter<string>(context, 'fileBase64', '');
	} else {
		const fields = templateFieldsFromParameters(context);
		if (fields.length) file.fields = fields;
		const autoFill = parameter<boolean>(context, 'autoGroupedFieldsFill', false);
		if (autoFill) file.autoGroupedFieldsFill = true;
	}
	const additionalNames = binaryNames(extra.additionalFiles);
	if (additionalNames.length) {
		const additional: StoredFile[] = [];
		for (const name of additionalNames)
			additional.push(await storedFile(context, name, CREATE_LABELS['file.additionalFiles']));
		file.additionalFiles = additional;
	}
	const body: Body = compact({
		profileId: parameter(context, 'profileId', ''),
		file,
		irn: fromInput ? inputField(context, 'irn') : extra.irn,
		stampSeries: extra.stampSeries,
		seriesGroup: extra.seriesGroup,
		stampValue: extra.stampValue,
		revenueStampSeries: extra.revenueStampSeries,
		revenueStampQuantity: extra.revenueStampQuantity,
	});
	const series =
		isObject(extra.multipleStampSeries) && Array.isArray(extra.multipleStampSeries.series)
			? (extra.multipleStampSeries.series as Body[])
			: [];
	if (series.length)
		body.multipleStampSeries = series.map((entry) => ({
			stampSeries: entry.stampSeries ?? '',
			seriesQuantity: entry.seriesQuantity ?? '',
		}));
	const paper =
		isObject(extra.stampUpload) && isObject(extra.stampUpload.paper)
			? extra.stampUpload.paper
			: undefined;
	if (paper) {
		const { stampFileBinaryProperty, ...fields } = paper;
		const upload: Body = Object.fromEntries(
			Object.entries(fields).map(([key, value]) => [key, value ?? '']),
		);
		if (asString(stampFileBinaryProperty))
			upload.stampFile = await storedFile(
				context,
				String(stampFileBinaryProperty),
				CREATE_LABELS['stampUpload.stampFile'],
			);
		body.stampUpload = upload;
	}
	const nesl = neslFromParameters(context, extra.neslData);
	if (nesl) body.neslData = nesl;
	body.invitees = fromInput ? [inviteeFromInput(context)] : inviteesFromParameters(context);
	const cc = (parameter<{ recipient?: Body[] }>(context, 'cc', {}).recipient ?? []).map((entry) =>
		compact({ name: entry.name, email: entry.email }),
	);
	if (cc.length) body.cc = cc;
	return body;
}

/**
 * Create's build step: every rule is checked before the files are encoded, so a file over the limit is refused
 * without ever being encoded. The item's request carries the IRN for the lookup of If the IRN Already Exists,
 * as the body, made while it is sent, cannot be read back.
 */
export async function buildCreateBody(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<ItemRequest> {
	let written: Body;
	const specifyBody = parameter<string>(this, 'specifyBody', 'fields');
	const fromInput = specifyBody === INPUT_FIELDS_MODE;
	if (specifyBody === 'json') {
		const parsed = parseJson(this, parameter(this, 'jsonBody', '{}'), CREATE_LABELS.jsonBody);
		if (!isObject(parsed))
			refuseField(
				this.getNode(),
				CREATE_LABELS.jsonBody,
				'must be a JSON object (the whole signing request)',
				this.getItemIndex(),
			);
		written = parsed;
	} else {
		written = await bodyFromFields(this, fromInput);
	}
	const unwrapped = withFiles(written, (file) =>
		typeof file === 'string' ? unwrapBase64(file) : file,
	);
	// The PDF is named by the field it came from: the binary field, or the base64 text (typed or in the JSON Body).
	const fromBinary = isObject(written.file) && written.file.file instanceof StoredFile;
	const formLabels = fromInput ? INPUT_FIELDS_LABELS : CREATE_LABELS;
	const labels = fromBinary
		? { ...formLabels, 'file.file': CREATE_LABELS.binaryPropertyName }
		: formLabels;
	const body = restoreFiles(
		refuseBrokenRules(this, createBodySchema, validationView(unwrapped), labels) as Body,
		unwrapped,
	);
	const ifIrnExists = parameter<string>(this, 'options.ifIrnExists', IF_IRN_EXISTS.createAnother);
	if (ifIrnExists !== IF_IRN_EXISTS.createAnother && body.irn === undefined)
		refuseField(
			this.getNode(),
			labels.irn,
			'is required when If the IRN Already Exists is "Return the Existing Document" or "Stop With an Error"',
			this.getItemIndex(),
		);
	const placed = new Map<string, StoredFile>();
	const placeFile = (file: unknown) => {
		if (!(file instanceof StoredFile)) return file;
		const key = `\u0000file:${placed.size}\u0000`;
		placed.set(key, file);
		return key;
	};
	const sent = withFiles(body, placeFile);
	if (placed.size)
		options = withStreamedBody(options, jsonBodyWithFiles(this.getNode(), sent, placed));
	else options.body = sent;
	return { request: options, irn: typeof body.irn === 'string' ? body.irn : undefined };
}

/** The invitee list of a create answer: `invitees` in the public descriptions, `invitations` in some answers. */
const createdInvitees = (data: Body): unknown[] => {
	const list = Array.isArray(data.invitees) ? data.invitees : data.invitations;
	return Array.isArray(list) ? (list as unknown[]) : [];
};

/**
 * A placeholder invitee's entry in an answer: `null`, or an entry whose name, contact and sign URL are all null
 * (the live service's answer to an all-blank invitee, docs/choices/document.md).
 */
const isPlaceholderEntry = (entry: unknown) =>
	!isObject(entry) || ['name', 'email', 'phone', 'signUrl'].every((key) => entry[key] == null);

/** A message of a status-1 answer that warns rather than confirms has a code ending so (`workflow.stamp.warning`). */
export const WARNING_CODE_SUFFIX = '.warning';

/** The option that makes a stamp not applied an error of the item (Options › Stamp Not Applied). */
const STAMP_NOT_APPLIED_CODE = 'workflow.stamp.warning';

/**
 * The item's error when Stamp Not Applied is Stop With an Error: the document WAS created, so the message names
 * it, and a run of the item as it is would create a second one.
 */
function stampNotAppliedError(context: IExecuteSingleFunctions, data: Body, warning: Body) {
	const documentId = asString(data.documentId) ?? '(not in the answer)';
	const irn = asString(data.irn) ?? '(none)';
	return new NodeOperationError(
		context.getNode(),
		`The document was created, but its stamps were not applied: Document ID ${documentId}, IRN ${irn}`,
		{
			itemIndex: context.getItemIndex(),
			description: `The service created the signing request and sent it to the invitees without its stamps: "${asString(warning.message) ?? ''}" [${STAMP_NOT_APPLIED_CODE}]. Do not run this item again as it is: that would create a second document (with Options > If the IRN Already Exists > Return the Existing Document, a run again returns this one instead). Check the document with Get Details (Stamp Details), delete it if it must not be signed unstamped, and create it again once its stamps can be applied.`,
		},
	);
}

export async function outputCreated(this: IExecuteSingleFunctions, response: IN8nHttpFullResponse) {
	const data = answerData(response.body);
	const messages = messagesOf(response).map((entry) => ({
		code: asString(entry.code) ?? null,
		message: asString(entry.message) ?? null,
	}));
	// A success can carry a warning (a stamp not applied): listed apart, so a flow can branch on it.
	const warnings = messages.filter((entry) => entry.code?.endsWith(WARNING_CODE_SUFFIX));
	const stampNotApplied = warnings.find((entry) => entry.code === STAMP_NOT_APPLIED_CODE);
	if (stampNotApplied && parameter<string>(this, 'options.stampNotApplied', 'warn') === 'error')
		throw stampNotAppliedError(this, data, stampNotApplied);
	if (!simplifies(this)) return [{ json: { ...unsimplified(response.body), warnings } }];
	const invitees = createdInvitees(data).map((invitee) =>
		!isObject(invitee) || isPlaceholderEntry(invitee) ? null : simplifiedInvitee(invitee),
	);
	const document = { documentId: data.documentId ?? null, irn: data.irn ?? null };
	if (parameter<boolean>(this, 'options.oneItemPerInvitee', false)) {
		return invitees.flatMap((invitee, position) =>
			invitee
				? [
						{
							json: {
								...document,
								inviteeNumber: position + 1,
								...invitee,
								messages,
								warnings,
							} as IDataObject,
						},
					]
				: [],
		);
	}
	return [{ json: { ...document, invitees, messages, warnings } as IDataObject }];
}

const createRequest = v3Request('POST', '/v3.0/sign/request', {
	creates: CREATE_SIGNING_REQUEST,
	build: buildCreateBody,
	aroundSend: lookUpIrnFirst,
	output: outputCreated,
});

export const createOperation: INodePropertyOptions = {
	name: 'Create Signing Request',
	value: 'create',
	action: 'Create a signing request',
	description: 'Send a PDF or a template to invitees for e-signing through a published workflow',
	routing: routingOf(createRequest),
};

/** Create Signing Request in a workflow: the resource's custom operation (`inWorkflow`). */
export const createInWorkflow = inWorkflow(createRequest);
