/**
 * Faults the emulator can inject into chosen requests instead of answering them properly.
 * - `http500`/`http502`/`http503`: a server error with a plain-text body
 * - `http429`: Too Many Requests with a Retry-After header
 * - `timeout`: the request is read and never answered (the socket stays open until the client gives up)
 * - `reset`: the connection is destroyed without a response
 * - `html`: HTTP 200 with an HTML page (what a proxy or login wall sends)
 * - `malformedJson`: HTTP 200, Content-Type application/json, a truncated JSON body
 */
export type FaultKind = 'http500' | 'http502' | 'http503' | 'http429' | 'timeout' | 'reset' | 'html' | 'malformedJson';

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

	/** The fault for this request, if a rule matches; consumes one use of that rule. */
	take(method: string, path: string): FaultKind | undefined {
		const rule = this.rules.find(
			(candidate) =>
				candidate.left > 0 &&
				(!candidate.method || candidate.method.toUpperCase() === method) &&
				(candidate.path === undefined ||
					(typeof candidate.path === 'string' ? path.includes(candidate.path) : candidate.path.test(path))),
		);
		if (!rule) return undefined;
		rule.left -= 1;
		this.rules = this.rules.filter((candidate) => candidate.left > 0);
		return rule.kind;
	}

	clear(): void {
		this.rules = [];
	}
}
