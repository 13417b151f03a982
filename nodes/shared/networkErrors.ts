import type { INode, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError, CREATE_IS_NOT_REPEATABLE, mayHaveCreated, type Creation } from './errors';

type NetworkFailure = 'reset' | 'refused' | 'unreachable' | 'dns' | 'timeout';

/** `socket hang up` carries ECONNRESET. */
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
	/** As the node's form names it ("Document → Download File"). */
	operation: string;
	url: string;
	/** What running again achieves, e.g. "run the node again to get a fresh link". */
	again: string;
	timeoutMs?: number;
	/** False for an operation that creates: Retry On Fail must not send it again. */
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

/** The others (refused, DNS…) never left n8n. */
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

export function mayHaveReachedTheService(error: unknown): boolean {
	const failure = networkFailureOf(errorCode(error));
	return failure !== undefined && REACHED_THE_SERVICE.includes(failure);
}

/**
 * Undefined when `error` is no network failure. Only the host is named: the rest of a pre-signed URL is its
 * signature.
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

/** After a reset or a time-out the service may have created it, and the error says so. */
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
