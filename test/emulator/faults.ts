/**
 * Faults the emulator can inject into chosen requests instead of answering them properly. They apply to the
 * service's paths and to the pre-signed links it hands out (`/__files/…`, `/__upload/…`).
 * - `http500`/`http502`/`http503`: a server error with a plain-text body
 * - `http429`: Too Many Requests with a Retry-After header
 * - `timeout`: the request is read and never answered (the socket stays open until the client gives up)
 * - `reset`: the connection is destroyed without a response
 * - `html`: HTTP 200 with an HTML page (what a proxy or login wall sends)
 * - `malformedJson`: HTTP 200, Content-Type application/json, a truncated JSON body
 * - `empty`: HTTP 200 with an empty body and no Content-Type
 * - `redirect`: HTTP 307 to the same address (what a load balancer moving the service may send), no body
 */
export type RequestFaultKind =
	| 'http500'
	| 'http502'
	| 'http503'
	| 'http429'
	| 'timeout'
	| 'reset'
	| 'html'
	| 'malformedJson'
	| 'empty'
	| 'redirect';

/**
 * Faults of a download link, which no request to the emulator could show: they are taken when the emulator
 * creates the link (its path is `/__files/<token>`), and the link points elsewhere.
 * - `refused`: a closed loopback port (connection refused)
 * - `unresolvable`: a host name under `.invalid`, which never resolves (RFC 6761)
 */
export type LinkFaultKind = 'refused' | 'unresolvable';

export type FaultKind = RequestFaultKind | LinkFaultKind;

export const REQUEST_FAULTS: readonly RequestFaultKind[] = [
	'http500',
	'http502',
	'http503',
	'http429',
	'timeout',
	'reset',
	'html',
	'malformedJson',
	'empty',
	'redirect',
];
export const LINK_FAULTS: readonly LinkFaultKind[] = ['refused', 'unresolvable'];

export interface FaultRule {
	kind: FaultKind;
	/** Only requests with this method (any when absent). */
	method?: string;
	/** Only requests whose path contains this string or matches this pattern (any when absent). */
	path?: string | RegExp;
	/** How many matching requests get the fault; then the rule is spent. Default 1. */
	times?: number;
}

export class FaultPlan {
	private rules: Array<FaultRule & { left: number }> = [];

	inject(rule: FaultRule): void {
		this.rules.push({ ...rule, left: rule.times ?? 1 });
	}

	/** The fault of one of `kinds` for this request, if a rule matches; consumes one use of that rule. */
	take<Kind extends FaultKind>(
		method: string,
		path: string,
		kinds: readonly Kind[],
	): Kind | undefined {
		const rule = this.rules.find(
			(candidate) =>
				candidate.left > 0 &&
				(kinds as readonly FaultKind[]).includes(candidate.kind) &&
				(!candidate.method || candidate.method.toUpperCase() === method) &&
				(candidate.path === undefined ||
					(typeof candidate.path === 'string'
						? path.includes(candidate.path)
						: candidate.path.test(path))),
		);
		if (!rule) return undefined;
		rule.left -= 1;
		this.rules = this.rules.filter((candidate) => candidate.left > 0);
		return rule.kind as Kind;
	}

	clear(): void {
		this.rules = [];
	}
}
