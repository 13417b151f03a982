import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { credentialTypeFor } from '../../shared/authentication';
import { parameter } from './parameters';

/**
 * The one place that sends v4 requests (packs and media). Every routed v4 operation sets
 * `routing.send.paginate: true` and `routing.operations.pagination` to one of the runners below, so that
 * n8n's RoutingNode hands the request to them instead of sending it itself. Why: the node's
 * `requestDefaults` set `ignoreHttpStatusErrors` (the error bodies carry the service's codes), so a 401 does
 * not throw inside n8n's OAuth2 helper and n8n never refreshes an expired access token on its own. The
 * runners see the 401 (mapped by the v4 envelope check to LE_ERR_AP_080), refresh the token through n8n's
 * own `refreshOAuth2Token` (which stores the new token in the credential) and send the request once more.
 */

/** The v4 code for a missing, invalid or expired token. */
const REFUSED_TOKEN = 'LE_ERR_AP_080';

/** Pack search: the largest page the service serves, and the reach of a search without a status filter. */
export const V4_MAX_PAGE_SIZE = 40;
export const V4_SEARCH_WINDOW = 1000;

type RequestData = DeclarativeRestApiSettings.ResultOptions;

function isRefusedToken(error: unknown): boolean {
	const candidate = error as
		| { httpCode?: string | null; errorResponse?: { code?: unknown } }
		| undefined;
	return candidate?.httpCode === '401' && candidate.errorResponse?.code === REFUSED_TOKEN;
}

/** A fresh copy of the request for each attempt: n8n's helpers add headers (the Bearer token) in place. */
function attempt(requestData: RequestData, qs?: IDataObject): RequestData {
	const { options } = requestData;
	return {
		...requestData,
		options: {
			...options,
			headers: { ...(options.headers ?? {}) },
			qs: { ...(options.qs ?? {}), ...(qs ?? {}) },
		},
	};
}

/**
 * Sends one v4 request through RoutingNode (credentials, the envelope check and the operation's
 * postReceive steps included). With the OAuth2 credential, a refused token is refreshed once and the request
 * is sent again.
 */
export async function sendV4(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
	qs?: IDataObject,
): Promise<INodeExecutionData[]> {
	let failure: unknown;
	try {
		return await this.makeRoutingRequest(attempt(requestData, qs));
	} catch (error) {
		failure = error;
	}
	if (
		!isRefusedToken(failure) ||
		parameter<string>(this, 'authentication', 'authToken') !== 'oAuth2'
	) {
		throw failure instanceof NodeApiError || failure instanceof NodeOperationError
			? failure
			: new NodeApiError(this.getNode(), failure as JsonObject);
	}
	// `call(this)`: the helper reads the credential through the context it is called on.
	await this.helpers.refreshOAuth2Token.call(this, credentialTypeFor('oAuth2'));
	return await this.makeRoutingRequest(attempt(requestData, qs));
}

/** `routing.operations.pagination` of every v4 operation that sends a single request. */
export async function v4SingleRequest(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	return await sendV4.call(this, requestData);
}

interface SearchPage {
	records: IDataObject[];
	totalRecords: number;
}

/** `data.records` and `pagination.totalRecords` (also accepted inside `data`, since the spec is loose on it). */
function readSearchPage(items: INodeExecutionData[]): SearchPage {
	const body = (items[0]?.json ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	const pagination = (body.pagination ?? data.pagination ?? {}) as IDataObject;
	const records = Array.isArray(data.records) ? (data.records as IDataObject[]) : [];
	return { records, totalRecords: Number(pagination.totalRecords ?? records.length) };
}

/**
 * `routing.operations.pagination` of Pack → Search. The preSend step has put the first offset and the
 * page size in `qs` (`offset`, `max`); this reads `returnAll` and `limit`, then asks page after page and
 * stops from `pagination.totalRecords` (never with an extra empty request). Without a status filter the
 * service only lists the first 1000 packs: each page is cut to stay inside that window, and Return All stops
 * with an error naming the fix when more packs match than the window can show.
 */
export async function v4SearchPagination(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const qs = (requestData.options.qs ?? {}) as IDataObject;
	const pageSize = Number(qs.max ?? V4_MAX_PAGE_SIZE);
	const returnAll = parameter<boolean>(this, 'returnAll', false);
	const limit = returnAll ? Infinity : parameter<number>(this, 'limit', 50);
	const windowEnd = qs.status ? Infinity : V4_SEARCH_WINDOW;
	const records: IDataObject[] = [];
	let offset = Number(qs.offset ?? 0);
	for (;;) {
		const max = Math.min(pageSize, limit - records.length, windowEnd - offset);
		const page = readSearchPage(await sendV4.call(this, requestData, { offset, max }));
		records.push(...page.records);
		offset += page.records.length;
		if (returnAll && windowEnd !== Infinity && page.totalRecords > V4_SEARCH_WINDOW) {
			throw new NodeOperationError(
				this.getNode(),
				`Return All: ${page.totalRecords} packs match, but without a Status filter the service lists only the first ${V4_SEARCH_WINDOW}`,
				{
					itemIndex: this.getItemIndex(),
					description: `Set Filters → Status to read every pack of that status (run the node once per status if you need several), or turn Return All off and set a Limit of at most ${V4_SEARCH_WINDOW} to take the first ${V4_SEARCH_WINDOW}.`,
				},
			);
		}
		const done =
			page.records.length === 0 ||
			offset >= page.totalRecords ||
			records.length >= limit ||
			offset >= windowEnd;
		if (done) break;
	}
	return records.map((json) => ({ json }));
}
