import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the emulator that answers every request `latencyMs` later than the emulator would, as a
 * service across a network does, and counts what a rate limit would see: requests in flight at once and
 * requests started in any one second. The emulator itself stays as the spec has it; the delay is the network's.
 */
export interface LatencyProxy {
	origin: string;
	/** What arrived since the last reset. */
	stats(): LatencyStats;
	reset(): void;
	close(): Promise<void>;
}

export interface LatencyStats {
	requests: number;
	/** The most requests the proxy held at one time. */
	maxInFlight: number;
	/** The most requests that arrived within any window of one second. */
	maxPerSecond: number;
	/** When each request arrived, in order, ms after the first. */
	arrivals: number[];
	/** From the first arrival to the last answer, in milliseconds. */
	spanMs: number;
	/**
	 * By `METHOD /path` (no query): the answers by status, and the slowest from arrival to the end of the answer
	 * (the latency included). What the service answered, counted without keeping any body.
	 */
	routes: Record<string, RouteStats>;
}

export interface RouteStats {
	statuses: Record<string, number>;
	slowestMs: number;
}

/** The most of `arrivals` (ms, in order) within any window of `windowMs`. */
export function mostWithin(arrivals: number[], windowMs: number): number {
	let most = 0;
	for (let first = 0, last = 0; last < arrivals.length; last++) {
		while (arrivals[last] - arrivals[first] >= windowMs) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

/**
 * The shortest time from the first request of one batch to the first of the next, for `arrivals` (ms, in
 * order) made in batches of `batchSize`: what n8n's Batching spaces (it pauses between batches).
 */
export function shortestBatchGap(arrivals: number[], batchSize: number): number {
	const starts = arrivals.filter((_, index) => index % batchSize === 0);
	return Math.min(...starts.slice(1).map((start, index) => start - starts[index]));
}

export async function startLatencyProxy(target: string, latencyMs: number): Promise<LatencyProxy> {
	const upstream = new URL(target);
	const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
	let arrivals: number[] = [];
	let lastAnswer = 0;
	let inFlight = 0;
	let maxInFlight = 0;
	let routes: Record<string, RouteStats> = {};
	const server: Server = createServer((incoming, outgoing) => {
		const arrived = performance.now();
		arrivals.push(arrived);
		maxInFlight = Math.max(maxInFlight, ++inFlight);
		outgoing.once('close', () => {
			inFlight--;
			lastAnswer = performance.now();
			const route = (routes[
				`${incoming.method} ${new URL(incoming.url ?? '/', 'http://proxy').pathname}`
			] ??= { statuses: {}, slowestMs: 0 });
			const status = String(outgoing.statusCode);
			route.statuses[status] = (route.statuses[status] ?? 0) + 1;
			route.slowestMs = Math.max(route.slowestMs, lastAnswer - arrived);
		});
		const body: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => body.push(chunk));
		// The emulator closes a connection idle for 5 s (Node's default); a request sent on it as it closes is reset
		// before the emulator read it: sent again on a new connection, as Node's docs advise for reused sockets.
		const forward = (again: boolean) => {
			const forwarded = httpRequest(
				{
					host: upstream.hostname,
					port: upstream.port,
					method: incoming.method,
					path: incoming.url,
					headers: { ...incoming.headers, host: upstream.host },
					agent,
				},
				(answer) => {
					outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(outgoing);
				},
			);
			forwarded.on('error', (error: NodeJS.ErrnoException) => {
				if (again && forwarded.reusedSocket && error.code === 'ECONNRESET') forward(false);
				else outgoing.destroy(error);
			});
			forwarded.end(Buffer.concat(body));
		};
		incoming.on('end', () => setTimeout(() => forward(true), latencyMs));
	});
	server.keepAliveTimeout = 60_000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		stats() {
			return {
				requests: arrivals.length,
				maxInFlight,
				maxPerSecond: mostWithin(arrivals, 1000),
				arrivals: arrivals.map((at) => at - arrivals[0]),
				spanMs: arrivals.length ? lastAnswer - arrivals[0] : 0,
				routes,
			};
		},
		reset() {
			arrivals = [];
			routes = {};
			maxInFlight = inFlight;
		},
		async close() {
			agent.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
