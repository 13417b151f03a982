import { readFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'node:tls';

/**
 * An HTTPS front of a plain-HTTP server on 127.0.0.1: it ends TLS with the self-signed, test-only certificate of
 * test/fixtures/tls/ (which no client trusts) and pipes each connection's bytes to `127.0.0.1:<targetPort>`
 * (the emulator's port), so a client that accepts the certificate talks HTTP to the target through it.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'tls');

export interface TlsFront {
	/** `https://127.0.0.1:<port>`: the front's origin. */
	origin: string;
	/** TLS connections that completed the handshake (a client that refused the certificate adds none). */
	readonly connections: number;
	close(): Promise<void>;
}

export async function startTlsFront(targetPort: number): Promise<TlsFront> {
	const open = new Set<Socket>();
	let connections = 0;
	const server = createServer(
		{
			cert: readFileSync(join(FIXTURES, 'cert.pem')),
			key: readFileSync(join(FIXTURES, 'key.pem')),
		},
		(secure) => {
			connections += 1;
			const target = connect(targetPort, '127.0.0.1');
			open.add(secure).add(target);
			for (const socket of [secure, target]) {
				socket.on('close', () => open.delete(socket));
				// A side that ends abruptly ends the other: the client sees the connection close.
				socket.on('error', () => {
					secure.destroy();
					target.destroy();
				});
			}
			secure.pipe(target).pipe(secure);
		},
	);
	// A client that refuses the certificate aborts the handshake: nothing to do but let it go.
	server.on('tlsClientError', () => undefined);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `https://127.0.0.1:${port}`,
		get connections() {
			return connections;
		},
		close: async () => {
			for (const socket of open) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
