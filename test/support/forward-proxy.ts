import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain-HTTP forwarding proxy on 127.0.0.1, what a user's "Proxy" request option points at: it takes requests
 * in absolute form (`GET http://127.0.0.1:<port>/api/… HTTP/1.1`, as a client sends them to an HTTP proxy),
 * records each, and forwards it to the URL it names (the tests' emulator); it answers what the target answered.
 * Anything else (a request in origin form, a CONNECT tunnel) is refused with 400 and recorded as refused, so a
 * test sees a client that did not speak to it as to a proxy.
 */

export interface ProxiedRequest {
	method: string;
	/** The absolute URL the client asked the proxy for. */
	url: string;
	/** Whether the proxy forwarded it (false: it was not in absolute form). */
	forwarded: boolean;
	/** The Proxy-Authorization header the client sent, if any (the proxy does not check it). */
	proxyAuthorization?: string;
}

export interface ForwardProxy {
	/** `http://127.0.0.1:<port>`: the value of the Proxy request option. */
	url: string;
	/** Every request the proxy was sent, oldest first. */
	requests: ProxiedRequest[];
	close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
	const requests: ProxiedRequest[] = [];
	const server = createServer((incoming, outgoing) => {
		const method = incoming.method ?? 'GET';
		const url = incoming.url ?? '';
		const absolute = url.startsWith('http://');
		const proxyAuthorization = incoming.headers['proxy-authorization'];
		requests.push({ method, url, forwarded: absolute, proxyAuthorization });
		if (!absolute) {
			outgoing.writeHead(400, { 'content-type': 'text/plain' });
			outgoing.end('This proxy forwards only requests in absolute form (http://host/path)');
			return;
		}
		// The proxy's own header stops here, as at any proxy.
		const { 'proxy-authorization': _own, ...headers } = incoming.headers;
		const forwarded = forwardRequest(url, { method, headers, agent: false }, (answer) => {
			outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(outgoing);
		});
		forwarded.on('error', () => outgoing.destroy());
		incoming.pipe(forwarded);
	});
	// CONNECT (a tunnel, which a client opens for an https:// target) is not forwarding: refused.
	server.on('connect', (incoming, socket) => {
		requests.push({ method: 'CONNECT', url: incoming.url ?? '', forwarded: false });
		socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
