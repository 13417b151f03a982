import type { IncomingHttpHeaders } from 'node:http';

/** One request as the emulator saw it; the request log keeps these for tests to assert on. */
export interface RecordedRequest {
	method: string;
	/** Path without the query string, e.g. `/api/v3.2/sign/request`. */
	path: string;
	query: Record<string, string>;
	/** Every value of a repeated query parameter, in order. */
	queryAll: Record<string, string[]>;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
	/** The body parsed as JSON or as a form, when it was one; otherwise undefined. */
	body: unknown;
	at: number;
}

export interface RouteContext extends RecordedRequest {
	/** Named path segments of the matched route (`:id`). */
	params: Record<string, string>;
}

export interface Reply {
	status: number;
	headers?: Record<string, string>;
	/** An object is sent as JSON; a Buffer or string as is. */
	body?: unknown;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

interface Route {
	method: string;
	pattern: RegExp;
	names: string[];
	handler: Handler;
}

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, path: string, handler: Handler): void {
		const names: string[] = [];
		const source = path
			.split('/')
			.map((segment) => {
				if (segment.startsWith(':')) {
					names.push(segment.slice(1));
					return '([^/]+)';
				}
				return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			})
			.join('/');
		this.routes.push({
			method: method.toUpperCase(),
			pattern: new RegExp(`^${source}$`),
			names,
			handler,
		});
	}

	/** The handler for a request, or why there is none (404 for an unknown path, 405 for a known path). */
	match(
		method: string,
		path: string,
	): { handler: Handler; params: Record<string, string> } | 404 | 405 {
		let pathKnown = false;
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			pathKnown = true;
			if (route.method !== method) continue;
			const params: Record<string, string> = {};
			route.names.forEach((name, index) => (params[name] = decodeURIComponent(found[index + 1])));
			return { handler: route.handler, params };
		}
		return pathKnown ? 405 : 404;
	}
}

export const json = (
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): Reply => ({
	status,
	body,
	headers: { 'content-type': 'application/json', ...headers },
});
