import type { INode, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError, CREATE_IS_NOT_REPEATABLE, mayHaveCreated, type Creation } from './errors';

/**
 * Requests that failed before any answer came back (reset, refused, DNS, time-out): which failure it was and
 * the one-line message that says what happened and what to do. Answers of the service are read in errors.ts.
 */

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

/** The failures after which the request may have reached the service; the others (refused, DNS…) never left. */
const REACHED_THE_SERVICE: NetworkFailure[] = ['reset', 'timeout'];

function errorCode(error: unknown): string | undefined {
	// Routing's network failure carries the system code as its httpCode (docs/choices/document.md, "What n8n does").
	const candidate = error as
		| { code?: unknown; cause?: { code?: unknown }; httpCode?: unknown }
		| undefined;
	const code = candidate?.code ?? candidate?.cause?.code ?? candidate?.httpCode;
	return typeof code === 'string' ? code : undefined;
}

const networkFailureOf = (code: string | undefined): NetworkFailure | undefined =>
	code === undefined ? undefined : NETWORK_FAILURE_CODES[code];

/** Whether `error` is a network failure after which the request may have reached the service (reset, time-out). */
export function mayHaveReachedTheService(error: unknown): boolean {
	const failure = networkFailureOf(errorCode(error));
	return failure !== undefined && REACHED_THE_SERVICE.includes(failure);
}

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
	// Not a NodeApiError, which would show n8n's generic text instead (docs/choices/document.md, "What n8n does").
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
	const reached = mayHaveReachedTheService(error);
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
