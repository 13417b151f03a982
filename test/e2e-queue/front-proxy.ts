import {
	Agent,
	createServer,
	request as httpRequest,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy did with one request: the webhook processor it went to and what became of n8n's answer. */
export interface Passed {
	path: string;
	/** The delivery's document id (top-level, or an envelope's document's), when the body names one. */
	documentId?: string;
	/** Index of the target (webhook processor) it was sent to. */
	target: number;
	/** n8n's status; 502 when the target could not be reached. */
	status: number;
	/** The answer was not passed back: the connection to the sender was cut instead. */
	answerDropped: boolean;
}

function documentIdOf(body: Buffer): string | undefined {
	try {
		const parsed = JSON.parse(body.toString('utf8')) as {
			documentId?: unknown;
			document?: { documentId?: unknown };
		};
		const id = parsed.documentId ?? parsed.document?.documentId;
		return typeof id === 'string' ? id : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The service's side of a load balancer in front of the webhook processors, on loopback: each request goes to the
 * next target in turn (round robin), with the headers `headersFor(path)` adds (the Webhook node's Header Auth
 * secret, which the service itself does not send). A target that is down is answered 502, as a load balancer
 * does. `dropAnswers(n)` passes the next n requests on and cuts the sender's connection instead of passing n8n's
 * answer back: n8n has taken the delivery, the service never learns it and sends it again.
 */
export class FrontProxy {
	readonly passed: Passed[] = [];

	private next = 0;

	private toDrop = 0;

	private readonly sockets = new Set<Socket>();

	private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

	private constructor(
		private readonly server: Server,
		readonly url: string,
		private targets: string[],
		private readonly headersFor: (path: string) => Record<string, string>,
	) {
		server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.once('close', () => this.sockets.delete(socket));
		});
	}

	static async start(
		targets: string[],
		headersFor: (path: string) => Record<string, string> = () => ({}),
	): Promise<FrontProxy> {
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const proxy = new FrontProxy(
			server,
			`http://127.0.0.1:${(server.address() as AddressInfo).port}`,
			targets,
			headersFor,
		);
		server.on('request', (request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () =>
				proxy.forward(request.url ?? '/', request, Buffer.concat(chunks), response),
			);
		});
		return proxy;
	}

	/** From now on, requests alternate between these targets. */
	routeTo(targets: string[]): void {
		this.targets = targets;
		this.next = 0;
	}

	/** The next `count` requests reach n8n, but the sender's connection is cut before n8n's answer. */
	dropAnswers(count: number): void {
		this.toDrop = count;
	}

	private forward(
		url: string,
		request: IncomingMessage,
		body: Buffer,
		response: ServerResponse,
	): void {
		const target = this.next++ % this.targets.length;
		const drop = this.toDrop > 0;
		if (drop) this.toDrop--;
		const path = new URL(url, this.url).pathname;
		const documentId = documentIdOf(body);
		const record = (status: number) =>
			this.passed.push({ path, documentId, target, status, answerDropped: drop });
		const headers = {
			'content-type': request.headers['content-type'] ?? 'application/json',
			'user-agent': request.headers['user-agent'] ?? '',
			'content-length': String(body.length),
			...this.headersFor(path),
		};
		const outgoing = httpRequest(
			`${this.targets[target]}${url}`,
			{ method: request.method, headers, agent: this.agent },
			(answer) => {
				const answerChunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
				answer.on('end', () => {
					record(answer.statusCode ?? 0);
					if (drop) {
						response.socket?.destroy();
						return;
					}
					response.writeHead(answer.statusCode ?? 502, {
						'content-type': answer.headers['content-type'] ?? 'text/plain',
					});
					response.end(Buffer.concat(answerChunks));
				});
			},
		);
		outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')));
		outgoing.on('error', (error) => {
			record(502);
			if (!response.headersSent) response.writeHead(502).end(error.message);
		});
		outgoing.end(body);
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		this.agent.destroy();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
