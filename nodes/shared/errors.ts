import type { IN8nHttpFullResponse, INode, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { V1_CODES, V3_CODES, V4_CODES, type CodeTable } from './serviceCodes';
import { isObject } from './isObject';

/** The service's three error envelopes (see the spec's Errors section). */
export type ServiceFamily = 'v3' | 'v4' | 'v1';

type Answer = Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>;

interface ServiceMessage {
	code?: string | null;
	message?: string | null;
	path?: string | null;
}

const serviceMessages = (list: unknown): ServiceMessage[] =>
	Array.isArray(list) ? (list as ServiceMessage[]) : [];

/** The first message code of the v3 envelope an error came from: for a caller that takes one code as an answer. */
export function v3CodeOf(error: unknown): string | undefined {
	const envelope = isObject(error) ? error.errorResponse : undefined;
	const [first] = serviceMessages(isObject(envelope) ? envelope.messages : undefined);
	return first?.code ?? undefined;
}

/** One entry of an envelope's message list, as the error's description shows it. */
const detailLine = (entry: ServiceMessage, fallbackCode: string) =>
	`${entry.code ?? fallbackCode}: ${entry.message ?? ''}${entry.path ? ` (at ${entry.path})` : ''}`;

function describe(table: CodeTable, messages: ServiceMessage[], extra: string[] = []) {
	const first = messages[0] ?? {};
	const known = first.code ? table[first.code] : undefined;
	const message = known?.message ?? first.message ?? 'The service reported an error';
	const details = messages.map((entry) => detailLine(entry, 'error'));
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

/** An answer's bytes: n8n already answers a Buffer, which `Buffer.from` would copy once more. */
export const answerBytes = (body: unknown): Buffer =>
	Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);

/** A body read as bytes, decoded when it holds JSON: an error envelope reads the same whatever was asked for. */
export function decodeBody(body: unknown): unknown {
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

const isServerError = (statusCode: number) => statusCode >= 500;

/** HTTP 429: when to send again, and how to pace the requests. */
function rateLimited(response: Answer, body: unknown, creates: boolean): Failure {
	const pacing =
		' Over many items, pace the requests with Request Options → Batching (for example 10 items per 1000 ms).';
	const retryAfter = response.headers?.['retry-after'];
	const wait = `Wait${retryAfter ? ` ${String(retryAfter)} s` : ''}`;
	return {
		body: isObject(body) ? (body as JsonObject) : {},
		statusCode: response.statusCode,
		message: 'The service is limiting requests (HTTP 429)',
		description: creates
			? `${wait} and run the node again.${pacing}`
			: `${wait} and try again, or turn on Retry On Fail in the node's settings.${pacing}`,
		leavesOpen: false,
	};
}

/** A redirect, which only a create gets: n8n follows those of the other requests, and a create is not sent again. */
function redirected(response: Answer): Failure {
	const { statusCode } = response;
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

/** A body that is no JSON object: a server error, or something in the way (a proxy, a login page). */
function unreadable(statusCode: number, body: unknown, creates: boolean): Failure {
	const serverError = isServerError(statusCode);
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? '');
	const answer = /^\s*</.test(text)
		? 'an HTML page instead of JSON'
		: text.trim()
			? 'malformed JSON'
			: 'an empty body instead of JSON';
	return {
		body: { body: text.slice(0, 200) },
		statusCode,
		message: serverError
			? `The service had a server error (HTTP ${statusCode})`
			: `The service answered with ${answer} (HTTP ${statusCode})`,
		description: serverError
			? `This is on the service side${creates ? '.' : '; try again later or turn on Retry On Fail.'}`
			: 'Check the Base URL of the credential: it must end in /api. A proxy or a login page may be in the way.',
		// A success status whose body cannot be read may be the answer of a request that was carried out.
		leavesOpen: serverError || statusCode < 300,
	};
}

/** What a family's envelope says: the error's message and description, or undefined for a success. */
type EnvelopeReader = (
	json: JsonObject,
	statusCode: number,
) => Pick<Failure, 'message' | 'description'> | undefined;

/** v3 answers HTTP 200 whatever happened: `status` 0 is a failure, told by `messages`. */
const readV3Envelope: EnvelopeReader = (json, statusCode) => {
	if (statusCode < 300 && json.status !== 0) return undefined;
	return describe(V3_CODES, serviceMessages(json.messages));
};

/** v4: an error status with `code`, `traceId` and `errors`; the top-level code stands in for empty `errors`. */
const readV4Envelope: EnvelopeReader = (json, statusCode) => {
	if (statusCode < 300) return undefined;
	const errors = serviceMessages(json.errors);
	const messages = errors.length
		? errors
		: [{ code: json.code as string, message: json.message as string }];
	return describe(V4_CODES, messages, json.traceId ? [`Trace ID: ${String(json.traceId)}`] : []);
};

/**
 * v1: the top-level code names the HTTP class; an inner code, when present, says what happened. One inner
 * code covers several conditions (LE_ERR_SS_203: settings or password policy; LE_ERR_SS_010: password
 * policy or OAuth2 client), so the service's own message leads and the table explains.
 */
const readV1Envelope: EnvelopeReader = (json, statusCode) => {
	if (statusCode < 300) return undefined;
	const errors = serviceMessages(json.errors);
	const topLevel = String(json.code ?? `LE_ERR_SS_${statusCode}`);
	const inner = errors.find((entry) => entry.code)?.code ?? undefined;
	const known = V1_CODES[inner ?? topLevel] ?? V1_CODES[topLevel];
	const serviceMessage = errors.find((entry) => entry.message)?.message;
	const headline = serviceMessage ?? known?.message ?? 'The service reported an error';
	const description = [
		serviceMessage && known ? known.message : undefined,
		...errors.map((entry) => detailLine(entry, topLevel)),
		known?.hint,
	]
		.filter(Boolean)
		.join('\n');
	return { message: `${headline} [${topLevel}${inner ? `/${inner}` : ''}]`, description };
};

const ENVELOPE_READERS: Record<ServiceFamily, EnvelopeReader> = {
	v3: readV3Envelope,
	v4: readV4Envelope,
	v1: readV1Envelope,
};

/** What an error answer says, or undefined for a success. `creates`: the request creates something. */
function readFailure(
	family: ServiceFamily,
	response: Answer,
	creates: boolean,
): Failure | undefined {
	const { statusCode } = response;
	const body = decodeBody(response.body);
	// A file (a download answered as bytes) is a success whatever the family.
	if (Buffer.isBuffer(body) && statusCode < 300) return undefined;
	if (statusCode === 429) return rateLimited(response, body, creates);
	if (statusCode >= 300 && statusCode < 400) return redirected(response);
	if (!isObject(body) || Buffer.isBuffer(body)) return unreadable(statusCode, body, creates);
	const json = body as JsonObject;
	const reading = ENVELOPE_READERS[family](json, statusCode);
	return reading && { body: json, statusCode, ...reading, leavesOpen: isServerError(statusCode) };
}

/**
 * The error a response stands for (the family's envelope, or a rate limit, server error or body that is not
 * JSON), or undefined for a success. Only the response body goes into the error, never the request, which
 * carries the credentials.
 */
export function responseError(
	node: INode,
	family: ServiceFamily,
	response: Answer,
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

/** An error as n8n shows it: node errors pass through, anything else becomes a NodeOperationError. */
export const asNodeError = (
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError =>
	error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error as Error, { itemIndex });

/**
 * The output item of an input item that failed under Continue On Fail (either kind), paired with it so that
 * later nodes can read the row that failed (`$('…').item`). Without the error object beside `json`: n8n 2.x's
 * expressions could not read a list holding it (docs/choices/requests.md).
 */
export function failedItem(node: INode, error: unknown, itemIndex: number): INodeExecutionData {
	const nodeError = asNodeError(node, error, itemIndex);
	return { json: { error: nodeError.message }, pairedItem: { item: itemIndex } };
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

/** What a create's error says when the service may have created it all the same. */
export const mayHaveCreated = (creation: Creation) =>
	`the service may have created ${creation.thing}; ${creation.check}`;

export const CREATE_IS_NOT_REPEATABLE =
	'Creating is not safe to repeat blindly: running again may create it twice. For this reason the node does not run with Retry On Fail on; see "Retrying a create safely" in the package\'s README.';

/** Stops an operation that creates under n8n's Retry On Fail, which re-runs the whole node, before any request. */
export function refuseRetryOnFail(node: INode, creation: Creation, itemIndex: number): void {
	if (!node.retryOnFail) return;
	throw new NodeOperationError(
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

/** Stops an item, or a trigger's poll, before any request: `<field>: <rule>`, and that nothing was sent. */
export function refuseField(
	node: INode,
	field: string,
	rule: string,
	itemIndex: number,
	{ hint, others = [] }: { hint?: string; others?: string[] } = {},
): never {
	const also = others.length ? ` Also: ${others.join('; ')}.` : '';
	throw new NodeOperationError(node, `${field}: ${rule}`, {
		itemIndex,
		description: `Nothing was sent to the service. Fix "${field}" and run the node again.${hint ? ` ${hint}` : ''}${also}`,
	});
}
