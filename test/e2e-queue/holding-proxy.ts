import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** When a held request stops: before the service has seen it, or after the service has acted on it. */
export type HoldPoint = 'before' | 'after';

export interface Held {
	/** The body n8n sent. */
	request: string;
	/** The service's answer, which n8n never gets (holding 'after' only). */
	answer?: { status: number; body: string };
}

const HOP_BY_HOP = new Set([
	'host',
	'connection',
	'content-length',
	'transfer-encoding',
	'keep-alive',
	'content-encoding',
]);

function within<T>(timeoutMs: number, what: string, promise: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>(
		(_, reject) =>
			(timer = setTimeout(
				() => reject(new Error(`The proxy saw no ${what} in ${timeoutMs / 1000} s`)),
				timeoutMs,
			)),
	);
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/**
 * Stands between n8n and the emulator and passes everything through, except that it can
 * - hold the next POST to a path and never answer it: without forwarding it, or once the service has answered
 *   it (the service acted; n8n never learns it did);
 * - gather requests to a path until a number of them have arrived, then forward them all at once (so that two
 *   workers meet the service's answer at the same moment).
 * It counts the requests of each `METHOD path` it received from n8n.
 */
export class HoldingProxy {
	readonly received = new Map<string, number>();

	private hold?: { path: string; point: HoldPoint; resolve: (held: Held) => void };

	private gathering?: {
		path: string;
		count: number;
		waiting: Array<() => void>;
		resolve: () => void;
	};

	private readonly sockets = new Set<Socket>();

	private constructor(
		private readonly server: Server,
		readonly url: string,
		private readonly target: string,
	) {
		server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.once('close', () => this.sockets.delete(socket));
		});
	}

	static async start(target: string): Promise<HoldingProxy> {
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const proxy = new HoldingProxy(
			server,
			`http://127.0.0.1:${(server.address() as AddressInfo).port}`,
			target,
		);
		server.on('request', (request, response) => {
			proxy.handle(request).then(
				(answer) => {
					if (!answer) return;
					response.writeHead(answer.status, answer.headers);
					response.end(answer.body);
				},
				(error: Error) => response.writeHead(502).end(error.message),
			);
		});
		return proxy;
	}

	/** Holds the next POST to `path`; resolves once it is held, fails if none came within `timeoutMs`. */
	holdNext(path: string, point: HoldPoint, timeoutMs = 60_000): Promise<Held> {
		return within(
			timeoutMs,
			`a POST to ${path}`,
			new Promise((resolve) => (this.hold = { path, point, resolve })),
		);
	}

	/**
	 * Holds the next requests to `path` until `count` have arrived, then forwards them together; resolves then,
	 * fails if they did not all come within `timeoutMs`.
	 */
	gatherNext(path: string, count: number, timeoutMs = 60_000): Promise<void> {
		return within(
			timeoutMs,
			`${count} requests to ${path}`,
			new Promise((resolve) => (this.gathering = { path, count, waiting: [], resolve })),
		);
	}

	count(method: string, path: string): number {
		return this.received.get(`${method} ${path}`) ?? 0;
	}

	private async handle(
		request: IncomingMessage,
	): Promise<{ status: number; headers: Record<string, string>; body: Buffer } | undefined> {
		const body = await readBody(request);
		const path = new URL(request.url ?? '/', this.url).pathname;
		const key = `${request.method} ${path}`;
		this.received.set(key, (this.received.get(key) ?? 0) + 1);
		const hold =
			this.hold && request.method === 'POST' && path === this.hold.path ? this.hold : undefined;
		if (hold) this.hold = undefined;
		const gathering = this.gathering?.path === path ? this.gathering : undefined;
		if (gathering) {
			await new Promise<void>((release) => {
				gathering.waiting.push(release);
				if (gathering.waiting.length < gathering.count) return;
				this.gathering = undefined;
				for (const waiting of gathering.waiting) waiting();
				gathering.resolve();
			});
		}
		if (hold?.point === 'before') {
			hold.resolve({ request: body.toString('utf8') });
			return undefined;
		}
		const headers = Object.fromEntries(
			Object.entries(request.headers).filter(
				(entry): entry is [string, string] =>
					typeof entry[1] === 'string' && !HOP_BY_HOP.has(entry[0]),
			),
		);
		const response = await fetch(`${this.target}${request.url}`, {
			method: request.method,
			headers,
			body: body.length ? body : undefined,
		});
		const answer = Buffer.from(await response.arrayBuffer());
		if (hold) {
			hold.resolve({
				request: body.toString('utf8'),
				answer: { status: response.status, body: answer.toString('utf8') },
			});
			return undefined;
		}
		const back: Record<string, string> = {};
		response.headers.forEach((value, name) => {
			if (!HOP_BY_HOP.has(name)) back[name] = value;
		});
		return { status: response.status, headers: back, body: answer };
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
