import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import axios from 'axios';

import { startEmulator, type Emulator } from '../emulator/server';

/** A receiver that records what it gets (on any path) and answers with the status a test sets. */
export interface Receiver {
	url: string;
	/** The URL of another path on the same receiver. */
	at(path: string): string;
	got: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }>;
	answer: number;
	close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const receiver = { got: [], answer: 200 } as unknown as Receiver;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			receiver.got.push({
				method: request.method ?? '',
				path: request.url ?? '',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			response.writeHead(receiver.answer).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.at = (path) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
	receiver.url = receiver.at('/hook');
	receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	return receiver;
}

export const hmac = (value: string, key: string) =>
	createHmac('sha1', key).update(value).digest('hex');
export const http = axios.create({ validateStatus: () => true, timeout: 10_000 });

/** A fresh emulator and a fresh receiver for each test of the calling file, both closed after the test. */
export function useEmulatorAndReceiver() {
	let emulator: Emulator;
	let receiver: Receiver;
	beforeEach(async () => {
		emulator = await startEmulator();
		receiver = await startReceiver();
	});
	afterEach(async () => {
		await receiver.close();
		await emulator.close();
	});
	return {
		get emulator() {
			return emulator;
		},
		get receiver() {
			return receiver;
		},
	};
}
