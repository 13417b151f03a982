import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { V1_CODES, V3_CODES, V4_CODES, type CodeTable } from './serviceCodes';
import { isObject } from './isObject';

/** The service's three error envelopes (see the spec's Errors section). */
export type ServiceFamily = 'v3' | 'v4' | 'v1';

interface ServiceMessage {
	code?: string | null;
	message?: string | null;
	path?: string | null;
}

function describe(table: CodeTable, messages: ServiceMessage[], extra: string[] = []) {
	const first = messages[0] ?? {};
	const known = first.code ? table[first.code] : undefined;
	const message = known?.message ?? first.message ?? 'The service reported an error';
	const details = messages.map(
		(entry) =>
			`${entry.code ?? 'error'}: ${entry.message ?? ''}${entry.path ? ` (at ${entry.path})` : ''}`,
	);
	const description = [...details, ...extra, known?.hint].filter(Boolean).join('\n');
	return { message: first.code ? `${message} [${first.code}]` : message, description };
}

function apiError(
	node: INode,
	body: JsonObject,
	statusCode: number,
	message: string,
	description: string,
	itemIndex?: number,
) {
	return new NodeApiError(node, body, {
		message,
		description,
		httpCode: String(statusCode),
		itemIndex,
	});
}

/**
 * The bytes of an answer read with `encoding: 'arraybuffer'`, as they are: n8n's request helper already
 * answers a Buffer (axios in Node), and `Buffer.from` of a Buffer would copy a downloaded file once more.
 */
export const answerBytes = (body: unknown): Buffer =>
	Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);

/**
 * Bodies read as bytes (`encoding: 'arraybuffer'`, for operations that may answer with a file) are decoded
 * when they hold JSON, so that an error envelope is read the same way whatever the request asked for.
 */
function decodeBody(body: unknown): unknown {
	if (!Buffer.isBuffer(body) && !(body instanceof ArrayBuffer)) return body;
	const bytes = answerBytes(body);
	const start = bytes.subarray(0, 64).toString('utf8').trimStart();
	if (!/^[{[]/.test(start)) return bytes;
	try {
		return JSON.parse(bytes.toString('utf8')) as unknown;
	} catch {
		return bytes;
	}
}

interface Failure {
	body: JsonObject;
	statusCode: number;
	message: string;
	description: string;
	/** The answer does not say whether the service acted on the request: a server error, or no envelope. */
	leavesOpen: boolean;
}

/** What an error answer says, or undefined for a success. `creates`: the request creates something. */
function readFailure(
	family: ServiceFamily,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	creates: boolean,
): Failure | undefined {
	const { statusCode } = response;
	const body = decodeBody(response.body);
	// A file (a download answered as bytes) is a success whatever the family.
	if (Buffer.isBuffer(body) && statusCode < 300) return undefined;
	const leavesOpen = statusCode >= 500;
	if (statusCode === 429) {
		// n8n's Request Options › Batching paces every routed operation (README: Pacing requests).
		const pacing =
			' Over many items, pace the requests with Request Options → Batching (for example 10 items per 1000 ms).';
		const retryAfter = response.headers?.['retry-after'];
		const wait = `Wait${retryAfter ? ` ${String(retryAfter)} s` : ''}`;
		return {
			body: isObject(body) ? (body as JsonObject) : {},
			statusCode,
			message: 'The service is limiting requests (HTTP 429)',
			description: creates
				? `${wait} and run the node again.${pacing}`
				: `${wait} and try again, or turn on Retry On Fail in the node's settings.${pacing}`,
			leavesOpen,
		};
	}
	if (statusCode >= 300 && statusCode < 400) {
		// Only a create gets here: n8n follows redirects of the other requests, and a create is not sent again.
		const location = response.headers?.location;
		return {
			body: location ? { location: String(location) } : {},
			statusCode,
			message: `The service redirected the request (HTTP ${statusCode}${location ? ` to ${String(location)}` : ''})`,
			description:
				"A redirect is not followed for a request that creates something, and nothing was created. Check the credential's Environment and Base URL: the service's address may have changed.",
			leavesOpen: false,
		};
	}
	if (!isObject(body) || Buffer.isBuffer(body)) {
		const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? '');
		const answer = /^\s*</.test(text)
			? 'an HTML page instead of JSON'
			: text.trim()
				? 'malformed JSON'
				: 'an empty body instead of JSON';
		return {
			body: { body: text.slice(0, 200) },
			statusCode,
			message: leavesOpen
				? `The service had a server error (HTTP ${statusCode})`
				: `The service answered with ${answer} (HTTP ${statusCode})`,
			description: leavesOpen
				? `This is on the service side${creates ? '.' : '; try again later or turn on Retry On Fail.'}`
				: 'Check the Base URL of the credential: it must end in /api. A proxy or a login page may be in the way.',
			// A success status whose body cannot be read may be the answer of a request that was carried out.
			leavesOpen: leavesOpen || statusCode < 300,
		};
	}
	const json = body as JsonObject;
	if (family === 'v3') {
		if (statusCode < 300 && json.status !== 0) return undefined;
		const messages = Array.isArray(json.messages) ? (json.messages as ServiceMessage[]) : [];
		return { body: json, statusCode, ...describe(V3_CODES, messages), leavesOpen };
	}
	if (statusCode < 300) return undefined;
	const errors = Array.isArray(json.errors) ? (json.errors as ServiceMessage[]) : [];
	if (family === 'v4') {
		const messages = errors.length
			? errors
			: [{ code: json.code as string, message: json.message as string }];
		return {
			body: json,
			statusCode,
			...describe(V4_CODES, messages, json.traceId ? [`Trace ID: ${String(json.traceId)}`] : []),
			leavesOpen,
		};
	}
	// v1: the top-level code names the HTTP class; an inner code, when present, says what happened. One
	// inner code covers several conditions (LE_ERR_SS_203: settings or password policy; LE_ERR_SS_010:
	// password policy or OAuth2 client), so the service's own message leads and the table explains.
	const topLevel = String(json.code ?? `LE_ERR_SS_${statusCode}`);
	const inner = errors.find((entry) => entry.code)?.code ?? undefined;
	const known = V1_CODES[inner ?? topLevel] ?? V1_CODES[topLevel];
	const serviceMessage = errors.find((entry) => entry.message)?.message;
	const headline = serviceMessage ?? known?.message ?? 'The service reported an error';
	const description = [
		serviceMessage && known ? known.message : undefined,
		...errors.map(
			(entry) =>
				`${entry.code ?? topLevel}: ${entry.message ?? ''}${entry.path ? ` (at ${entry.path})` : ''}`,
		),
		known?.hint,
	]
		.filter(Boolean)
		.join('\n');
	return {
		body: json,
		statusCode,
		message: `${headline} [${topLevel}${inner ? `/${inner}` : ''}]`,
		description,
		leavesOpen,
	};
}

/**
 * The error a response stands for, or undefined when it is a success. Covers the family's own envelope
 * and what any HTTP service may answer instead: rate limits, server errors, bodies that are not JSON.
 * With `creation`, an answer that leaves open whether the service acted says that it may have created it.
 * Only the response body goes into the error, never the request (which carries the credentials).
 */
export function responseError(
	node: INode,
	family: ServiceFamily,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	itemIndex?: number,
	creation?: Creation,
): NodeApiError | undefined {
	const failure = readFailure(family, response, creation !== undefined);
	if (!failure) return undefined;
	const { body, statusCode } = failure;
	if (creation && failure.leavesOpen) {
		const description = [failure.description, CREATE_IS_NOT_REPEATABLE].join('\n');
		return apiError(
			node,
			body,
			statusCode,
			`${failure.message}: ${mayHaveCreated(creation)}`,
			description,
			itemIndex,
		);
	}
	return apiError(node, body, statusCode, failure.message, failure.description, itemIndex);
}

/**
 * `postReceive` hooks, first in every operation's list: they turn an error answer into a NodeApiError
 * and let a success through. The node's `requestDefaults` set `ignoreHttpStatusErrors` so that v4 and v1
 * error bodies reach them.
 */
const check = (family: ServiceFamily) =>
	async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		const error = responseError(this.getNode(), family, response, this.getItemIndex());
		if (error) throw error;
		return items;
	};

export const checkV3Response = check('v3');
export const checkV4Response = check('v4');
export const checkV1Response = check('v1');

/** An error as n8n shows it: node errors pass through, anything else becomes a NodeOperationError. */
export const asNodeError = (
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError =>
	error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error as Error, { itemIndex });

/** The network failures a user can tell apart and act on, each with what happened and what to do. */
type NetworkFailure = 'reset' | 'refused' | 'unreachable' | 'dns' | 'timeout';

/** Node's (and axios's) error codes for each failure; `socket hang up` carries ECONNRESET. */
const NETWORK_FAILURE_CODES: Record<string, NetworkFailure> = {
	ECONNRESET: 'reset',
	EPIPE: 'reset',
	ECONNREFUSED: 'refused',
	EHOSTUNREACH: 'unreachable',
	ENETUNREACH: 'unreachable',
	ENETDOWN: 'unreachable',
	ENOTFOUND: 'dns',
	EAI_AGAIN: 'dns',
	ETIMEDOUT: 'timeout',
	ECONNABORTED: 'timeout',
	ESOCKETTIMEDOUT: 'timeout',
};

/** A request the node sends itself (not through n8n's routing), for the messages of its network failures. */
export interface NetworkAttempt {
	/** The operation as the node's form names it ("Document → Download File"). */
	operation: string;
	url: string;
	/** What running again achieves, e.g. "run the node again to get a fresh link". */
	again: string;
	/** The time limit the request had, when it had one. */
	timeoutMs?: number;
	/** Whether n8n's Retry On Fail may send the request again (never for an operation that creates). Default true. */
	retryOnFail?: boolean;
}

const NETWORK_FAILURES: Record<NetworkFailure, (host: string, attempt: NetworkAttempt) => string> =
	{
		reset: (host, { again }) =>
			`the connection to ${host} was cut before the answer arrived; ${again}`,
		refused: (host, { again }) =>
			`${host} refused the connection; check that n8n can reach it (firewall, proxy), then ${again}`,
		unreachable: (host, { again }) =>
			`${host} cannot be reached from n8n's network; check its network and proxy settings, then ${again}`,
		dns: (host, { again }) =>
			`the host name ${host} could not be resolved (DNS); check n8n's DNS settings, then ${again}`,
		timeout: (host, { again, timeoutMs, retryOnFail = true }) =>
			`${host} did not answer${timeoutMs ? ` within ${timeoutMs / 1000} s` : ' in time'}; ${again}${retryOnFail ? ', or turn on Retry On Fail' : ''}`,
	};

function errorCode(error: unknown): string | undefined {
	// n8n's routing wraps a network failure in a NodeApiError whose httpCode is the system error code.
	const candidate = error as
		| { code?: unknown; cause?: { code?: unknown }; httpCode?: unknown }
		| undefined;
	const code = candidate?.code ?? candidate?.cause?.code ?? candidate?.httpCode;
	return typeof code === 'string' ? code : undefined;
}

const networkFailureOf = (code: string | undefined): NetworkFailure | undefined =>
	code === undefined ? undefined : NETWORK_FAILURE_CODES[code];

/**
 * The error for a request the node sent itself that failed before any answer (reset, refused, DNS, time-out),
 * in one line: the operation, the host and what to do. Undefined when `error` is no network failure. Only the
 * host is named: the rest of a pre-signed URL is its signature.
 */
export function networkError(
	node: INode,
	error: unknown,
	attempt: NetworkAttempt,
	itemIndex?: number,
): NodeOperationError | undefined {
	const code = errorCode(error);
	const failure = networkFailureOf(code);
	if (!code || !failure) return undefined;
	const { host } = new URL(attempt.url);
	// Not a NodeApiError: that class replaces any message by n8n's generic text for a known network code.
	return new NodeOperationError(
		node,
		`${attempt.operation}: ${NETWORK_FAILURES[failure](host, attempt)}`,
		{
			description: `Network error ${code} on the request to ${host}; no answer came back.`,
			itemIndex,
		},
	);
}

/**
 * An operation that creates something at the service. Creating is not idempotent: a request whose answer was
 * lost or unreadable (a server error, a time-out, a reset) may have created it all the same.
 */
export interface Creation {
	/** The operation as the node's form names it ("Document → Create Signing Request"). */
	operation: string;
	/** What it creates ("the signing request"). */
	thing: string;
	/** How to find out whether a failed attempt created it, and what to do then. */
	check: string;
}

const mayHaveCreated = (creation: Creation) =>
	`the service may have created ${creation.thing}; ${creation.check}`;

const CREATE_IS_NOT_REPEATABLE =
	'Creating is not safe to repeat blindly: running again may create it twice. For this reason the node does not run with Retry On Fail on; see "Retrying a create safely" in the package\'s README.';

/** The failures after which the request may have reached the service; the others (refused, DNS…) never left. */
const REACHED_THE_SERVICE: NetworkFailure[] = ['reset', 'timeout'];

/**
 * The error of a create request that failed without an answer, from the error n8n's routing threw: after a
 * reset or a time-out it says the service may have created it; any other error is handed back as it is.
 */
export function createRequestError(
	node: INode,
	error: unknown,
	creation: Creation,
	request: { url: string; timeoutMs?: number },
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	const failure = networkFailureOf(errorCode(error));
	const reached = failure !== undefined && REACHED_THE_SERVICE.includes(failure);
	const again = reached
		? mayHaveCreated(creation)
		: 'run the node again (nothing reached the service, so nothing was created)';
	const attempt = {
		operation: creation.operation,
		url: request.url,
		again,
		timeoutMs: request.timeoutMs,
		retryOnFail: false,
	};
	const explained = networkError(node, error, attempt, itemIndex);
	if (!explained) return asNodeError(node, error, itemIndex);
	if (reached) explained.description = [explained.description, CREATE_IS_NOT_REPEATABLE].join('\n');
	return explained;
}

/** Refuses to run an operation that creates under n8n's Retry On Fail, which re-runs the whole node. */
export function retryOnFailRefusal(
	node: INode,
	creation: Creation,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(
		node,
		`Retry On Fail must be off: ${creation.operation} is not safe to repeat`,
		{
			itemIndex,
			description: [
				`After a failure n8n's Retry On Fail runs the whole node again, every item included: the items already done would create ${creation.thing} a second time, and the failed one may have created it too.`,
				`Turn Retry On Fail off in the node's Settings. To retry safely after a server error, a time-out or a lost connection: ${creation.check}.`,
				'Nothing was sent to the service.',
			].join('\n'),
		},
	);
}
