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

/**
 * Faults of a file's answer, which is served as usual with one header a test chose: what a file store or a
 * proxy in front of it might send. It applies to the first matching answer that carries a file (a download
 * link's, or v4's streamed download); other answers pass untouched and leave the rule unspent.
 * - `contentDisposition`: the answer's Content-Disposition is the rule's `value` (a name that cannot be
 *   decoded, a path, no name at all)
 */
export type FileAnswerFaultKind = 'contentDisposition';

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
export const FILE_ANSWER_FAULTS: readonly FileAnswerFaultKind[] = ['contentDisposition'];

interface FaultScope {
	/** Only requests with this method (any when absent). */
	method?: string;
	/** Only requests whose path contains this string or matches this pattern (any when absent). */
	path?: string | RegExp;
	/** How many matching requests get the fault; then the rule is spent. Default 1. */
	times?: number;
}

export type FaultRule = FaultScope &
	(
		| { kind: FaultKind }
		| {
				kind: FileAnswerFaultKind;
				/** The header's value, sent as it is. */
				value: string;
		  }
	);

export class FaultPlan {
	private rules: Array<FaultRule & { left: number }> = [];

	inject(rule: FaultRule): void {
		this.rules.push({ ...rule, left: rule.times ?? 1 });
	}

	/** The rule of one of `kinds` for this request, if one matches; consumes one use of that rule. */
	take<Kind extends FaultRule['kind']>(
		method: string,
		path: string,
		kinds: readonly Kind[],
	): (FaultRule & { kind: Kind }) | undefined {
		const rule = this.rules.find(
			(candidate): candidate is FaultRule & { kind: Kind; left: number } =>
				candidate.left > 0 &&
				(kinds as readonly FaultRule['kind'][]).includes(candidate.kind) &&
				(!candidate.method || candidate.method.toUpperCase() === method) &&
				(candidate.path === undefined ||
					(typeof candidate.path === 'string'
						? path.includes(candidate.path)
						: candidate.path.test(path))),
		);
		if (!rule) return undefined;
		rule.left -= 1;
		this.rules = this.rules.filter((candidate) => candidate.left > 0);
		return rule;
	}

	clear(): void {
		this.rules = [];
	}
}
