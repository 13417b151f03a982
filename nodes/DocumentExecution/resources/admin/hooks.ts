import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { z } from 'zod';

import { readBinary, toText } from '../../shared/binary';
import { CLIENT_SECRET_NOTICE, MAX_SEARCH_PAGES, SEARCH_PAGE_SIZE } from './common';
import {
	check,
	licenceInstall,
	notificationRuleLabels,
	notificationRuleUpdate,
	oauth2ClientCreate,
	oauth2ClientLabels,
	passwordPolicyCreate,
	passwordPolicyLabels,
	roleLabels,
	roleUpdate,
	searchLabels,
	searchRequest,
	settingsLabels,
	settingsUpdate,
	type Invalid,
} from './validation';

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/** Stops the item before any request, naming the field and the rule. */
function refuse(context: IExecuteSingleFunctions, invalid: Invalid): never {
	throw new NodeOperationError(context.getNode(), invalid.message, {
		itemIndex: context.getItemIndex(),
		description: `${invalid.details}\nNothing was sent to the service.`,
	});
}

function valid<T>(context: IExecuteSingleFunctions, schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown, labels: Record<string, string>): T {
	const result = check(schema, input, labels);
	if ('invalid' in result) refuse(context, result.invalid);
	return result.data;
}

const parameter = (context: IExecuteSingleFunctions, name: string): unknown => context.getNodeParameter(name, null);

/** A list parameter: comma-separated text or, from an expression, an array. Empty text is an empty list. */
function list(value: unknown): unknown {
	if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'string' ? entry.trim() : entry));
	if (typeof value === 'string') return value.split(',').map((entry) => entry.trim()).filter(Boolean);
	return value;
}

/**
 * The fields of an "Update Fields" collection, exactly as set: only the fields the user added are sent,
 * so the service keeps every other value. A field added but left without a value is refused rather than
 * dropped or sent empty (list fields excepted: empty text is an empty list, which clears them).
 */
function setFields(context: IExecuteSingleFunctions, collection: string, labels: Record<string, string>, listFields: string[] = []): IDataObject {
	const fields = { ...((context.getNodeParameter(collection, {}) as IDataObject) ?? {}) };
	for (const [key, value] of Object.entries(fields)) {
		if (listFields.includes(key)) fields[key] = list(value) as IDataObject[keyof IDataObject];
		else if (value === undefined || value === null || value === '') {
			refuse(context, {
				message: `'${labels[key] ?? key}' has no value`,
				details: `'${labels[key] ?? key}' has no value. Remove it from ${labels[collection] ?? 'the collection'} to leave it unchanged.`,
			});
		}
	}
	return fields;
}

/** The body without the path ID (validated with the body, sent in the URL). */
const withoutId = (fields: object): IDataObject => Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'id')) as IDataObject;

const withBody = (requestOptions: IHttpRequestOptions, body: IDataObject) => {
	requestOptions.body = body;
	return requestOptions;
};

export const buildPasswordPolicy: PreSend = async function (requestOptions) {
	const input = Object.fromEntries(Object.keys(passwordPolicyLabels).map((name) => [name, parameter(this, name)]));
	return withBody(requestOptions, valid(this, passwordPolicyCreate, input, passwordPolicyLabels));
};

export const buildSettingsUpdate: PreSend = async function (requestOptions) {
	const fields = setFields(this, 'updateFields', settingsLabels);
	return withBody(requestOptions, valid(this, settingsUpdate, fields, settingsLabels) as IDataObject);
};

export const buildNotificationRuleUpdate: PreSend = async function (requestOptions) {
	const fields = setFields(this, 'updateFields', { ...notificationRuleLabels, updateFields: 'Update Fields' }, ['additionalEmailRecipients', 'userIds']);
	const input = { id: parameter(this, 'ruleId'), ruleType: parameter(this, 'ruleType'), ...fields };
	return withBody(requestOptions, withoutId(valid(this, notificationRuleUpdate, input, notificationRuleLabels)));
};

export const buildRoleUpdate: PreSend = async function (requestOptions) {
	const fields = setFields(this, 'updateFields', { ...roleLabels, updateFields: 'Update Fields' }, ['entitlementIds']);
	const input = { id: parameter(this, 'roleId'), name: parameter(this, 'name'), ...fields };
	return withBody(requestOptions, withoutId(valid(this, roleUpdate, input, roleLabels)));
};

/** The licence content: the text of a binary property (any file extension) or a text parameter. */
export const buildLicence: PreSend = async function (requestOptions) {
	const fromBinary = parameter(this, 'licenceSource') === 'binary';
	let file: unknown;
	let label = 'Licence Content';
	if (fromBinary) {
		label = 'Input Binary Field';
		const propertyName = String(parameter(this, 'binaryPropertyName') ?? '').trim();
		file = toText(await readBinary(this, propertyName, label));
	} else {
		file = parameter(this, 'licenceContent');
	}
	return withBody(requestOptions, valid(this, licenceInstall, { file }, { file: label }));
};

export const buildOauth2Client: PreSend = async function (requestOptions) {
	return withBody(requestOptions, valid(this, oauth2ClientCreate, { clientId: parameter(this, 'clientId') }, oauth2ClientLabels));
};

/** Adds, next to the secret the service shows once, a sentence saying so. */
export async function noteClientSecretShownOnce(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => ({ ...item, json: { ...item.json, clientSecretNotice: CLIENT_SECRET_NOTICE } }));
}

// -------------------------------------------------------------------------------------------------------
// Search request (certificates and audit logs)

interface ConditionParameter {
	field?: string;
	operator?: string;
	values?: unknown;
}

interface SearchFilter {
	field?: string;
	operator: string;
	value?: unknown[];
	filters?: SearchFilter[];
}

/**
 * Builds the spec's Search request from the node's filter builder (conditions joined by AND or OR, or a
 * JSON filter for nesting), sort rules, Limit and Page. Return All's page size and index are set by
 * `paginateSearch`.
 */
export function buildSearch(fields: [string, ...string[]], booleanFields: string[] = []): PreSend {
	const schema = searchRequest(fields);
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const filterType = parameter(this, 'filterType') ?? 'none';
		const returnAll = parameter(this, 'returnAll') === true;
		const input: Record<string, unknown> = {
			limit: returnAll ? SEARCH_PAGE_SIZE : parameter(this, 'limit'),
			page: returnAll ? 0 : ((this.getNodeParameter('options', {}) as IDataObject).page ?? 0),
		};
		if (filterType === 'conditions') {
			const conditions = ((this.getNodeParameter('conditions', {}) as IDataObject).condition ?? []) as ConditionParameter[];
			input.conditions = conditions.map(({ field, operator, values }) => ({
				field,
				operator,
				value: operator === 'IS_NULL' || operator === 'NOT_NULL' ? [] : list(values ?? ''),
			}));
		}
		if (filterType === 'json') {
			const raw = this.getNodeParameter('filterJson', '') as unknown;
			if (typeof raw === 'string') {
				try {
					input.filterJson = raw.trim() ? JSON.parse(raw) : undefined;
				} catch (error) {
					refuse(this, { message: "'Filter (JSON)' is not valid JSON", details: `'Filter (JSON)' is not valid JSON: ${(error as Error).message}` });
				}
				if (input.filterJson === undefined) refuse(this, { message: "'Filter (JSON)' is empty", details: "'Filter (JSON)' is empty. Set Filter to No Filter to search without one." });
			} else input.filterJson = raw;
		}
		const sortRules = ((this.getNodeParameter('sort', {}) as IDataObject).rule ?? []) as IDataObject[];
		if (sortRules.length) input.sort = sortRules.map(({ field, direction }) => ({ field, direction }));

		const parsed = valid(this, schema, input, searchLabels);
		const body: IDataObject = { limit: parsed.limit, page: parsed.page ?? 0 };
		const conditions: SearchFilter[] = (parsed.conditions ?? []).map(({ field, operator, value }) => ({
			field,
			operator,
			...(operator === 'IS_NULL' || operator === 'NOT_NULL'
				? {}
				: { value: booleanFields.includes(field) ? value.map((entry) => (entry === 'true' ? true : entry === 'false' ? false : entry)) : value }),
		}));
		if (conditions.length === 1) body.filter = conditions[0] as unknown as IDataObject;
		if (conditions.length > 1) {
			body.filter = { operator: (parameter(this, 'combineConditions') as string) || 'AND', filters: conditions as unknown as IDataObject[] };
		}
		if (parsed.filterJson) body.filter = parsed.filterJson as unknown as IDataObject;
		if (parsed.sort) body.sort = parsed.sort;
		return withBody(requestOptions, body);
	};
}

/**
 * Custom pagination for both search operations (routing's `operations.pagination`): one item per record.
 * Without Return All, the one page asked for (Limit records, page index Page). With Return All, pages of
 * SEARCH_PAGE_SIZE from index 0 until `pagination.total` records are read (or a page comes back empty).
 * Each page passes through the operation's postReceive (the v1 error check) in makeRoutingRequest.
 */
export async function paginateSearch(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const body = requestData.options.body as IDataObject;
	const fetchPage = async (page: number) => {
		const [envelope] = await this.makeRoutingRequest({
			...requestData,
			options: { ...requestData.options, body: { ...body, page } },
		});
		const json = (envelope?.json ?? {}) as IDataObject;
		const records = Array.isArray(json.data) ? (json.data as IDataObject[]) : [];
		const total = Number((json.pagination as IDataObject | undefined)?.total ?? records.length);
		return { records, total };
	};
	const toItems = (records: IDataObject[]) => records.map((json) => ({ json, pairedItem: { item: this.getItemIndex() } }));

	if (!this.getNodeParameter('returnAll', false)) return toItems((await fetchPage(body.page as number)).records);

	const all: IDataObject[] = [];
	for (let page = 0; page < MAX_SEARCH_PAGES; page++) {
		const { records, total } = await fetchPage(page);
		all.push(...records);
		if (records.length === 0 || all.length >= total) return toItems(all);
	}
	throw new NodeOperationError(this.getNode(), `Return All stopped after ${MAX_SEARCH_PAGES} pages of ${SEARCH_PAGE_SIZE} records`, {
		itemIndex: this.getItemIndex(),
		description: 'Narrow the search with a filter, or turn off Return All and read it page by page.',
	});
}
