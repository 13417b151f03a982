import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { V3_SEED, type V3State } from '../../emulator/families/v3';
import {
	DEFAULT_AUTH_TOKEN,
	startEmulator,
	type Emulator,
	type SeedOptions,
} from '../../emulator/server';
import {
	runNode,
	storeBinary,
	type BinaryMode,
	type SingleNodeOptions,
} from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import { tokenCredential } from '../../support/credentials';

export async function startV3Emulator(seed: SeedOptions = {}): Promise<Emulator> {
	return await startEmulator({ seed });
}

export const v3State = (emulator: Emulator) => emulator.slice<V3State>('v3');

/**
 * A fresh v3 emulator for each test of the calling file or block, and the rewriting proxies a test opens in
 * front of it (see startRewritingProxy), all closed after the test.
 */
export function useV3Emulator(seed: SeedOptions = {}) {
	let emulator: Emulator;
	const proxies: RewritingProxy[] = [];
	beforeEach(async () => {
		emulator = await startV3Emulator(seed);
	});
	afterEach(async () => {
		await Promise.all(proxies.splice(0).map(async (proxy) => await proxy.close()));
		await emulator.close();
	});
	return {
		get emulator() {
			return emulator;
		},
		/** Run options that send the node through a proxy rewriting the JSON answers on `path`, for this test. */
		async rewriteAnswers(
			path: string,
			rewrite: (body: Record<string, any>) => Record<string, any>,
		): Promise<SingleNodeOptions> {
			const proxy = await startRewritingProxy(emulator, path, rewrite);
			proxies.push(proxy);
			return { credentials: { documentExecutionApi: proxy.credential } };
		},
	};
}

/** Runs the node on the document resource with the Auth Token credential. */
export async function runDocument(
	emulator: Emulator,
	parameters: INodeParameters,
	options: SingleNodeOptions = {},
) {
	return await runNode(
		{ authentication: 'authToken', resource: 'document', ...parameters },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) }, ...options },
	);
}

/** Create Signing Request of the input's PDF for one invitee, the least the service takes. */
export const CREATE_FOR_ONE = {
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	invitees: { invitee: [{ name: 'Asha Rao', email: 'asha@example.com' }] },
};

/** The same with an IRN, looked up first (If the IRN Already Exists: Return the Existing Document). */
export const createWithIrn = (irn: string) => ({
	...CREATE_FOR_ONE,
	additionalFields: { irn },
	options: { ifIrnExists: 'returnExisting' },
});

/** An input item carrying a PDF (or any bytes) as binary, stored the way an upstream node would. */
export async function pdfItem(
	content: Buffer = makePdf('Contract for signing'),
	extra: Record<string, Buffer> = {},
	mode: BinaryMode = 'default',
	json: INodeExecutionData['json'] = {},
): Promise<INodeExecutionData> {
	const binary: INodeExecutionData['binary'] = {
		data: await storeBinary(
			content,
			{ fileName: 'contract.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' },
			mode,
		),
	};
	for (const [name, bytes] of Object.entries(extra)) {
		binary[name] = await storeBinary(
			bytes,
			{ fileName: `${name}.pdf`, mimeType: 'application/pdf', fileExtension: 'pdf' },
			mode,
		);
	}
	return { json, binary };
}

/** Create's Stamp Paper Upload, filled in, with the stamp paper PDF in the input's `stamp` binary field. */
export const stampPaperUpload = {
	paper: {
		state: 'KA',
		denomination: '100',
		firstPartyName: 'A',
		secondPartyName: 'B',
		stampSerial: 'S-1',
		stampFileBinaryProperty: 'stamp',
	},
};

/** Asserts that neither serialization of an error (cause and context included) holds the token. */
export function expectNoToken(error: unknown, token = DEFAULT_AUTH_TOKEN): void {
	expect(error).toBeDefined();
	const asJson = JSON.stringify(error, (_key, value: unknown) =>
		value instanceof Error
			? {
					...value,
					message: value.message,
					stack: value.stack,
					cause: (value as { cause?: unknown }).cause,
				}
			: value,
	);
	expect(asJson).not.toContain(token);
	expect(inspect(error, { depth: 12, showHidden: true })).not.toContain(token);
}

export { servicePaths } from '../../support/servicePaths';

/** Requests that reached the emulator on exactly this path (the create and status paths share a prefix). */
export const requestsOn = (emulator: Emulator, path: string, method?: string) =>
	emulator.requests.filter(
		(request) => request.path === path && (!method || request.method === method),
	);

/** The requests that reached the emulator on exactly this path, whole as it recorded them: method, path, query and body. */
export const wholeRequestsOn = (emulator: Emulator, path: string) =>
	requestsOn(emulator, path).map(({ method, path: on, query, body }) => ({
		method,
		path: on,
		query,
		body,
	}));

export interface RewritingProxy {
	/** The credential data that sends the node through the proxy. */
	credential: ReturnType<typeof tokenCredential>;
	close(): Promise<void>;
}

/**
 * The emulator behind a proxy that passes the JSON answers on one path through `rewrite`: for answers the
 * service may give and the emulator does not (another key name, a warning). Every request still reaches the
 * emulator, which records it.
 */
export async function startRewritingProxy(
	emulator: Emulator,
	path: string,
	rewrite: (body: Record<string, any>) => Record<string, any>,
): Promise<RewritingProxy> {
	const server = createServer((incoming, outgoing) => {
		const target = new URL(incoming.url ?? '/', emulator.origin);
		const forwarded = forwardRequest(
			target,
			{ method: incoming.method, headers: incoming.headers, agent: false },
			(answer) => {
				const chunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => chunks.push(chunk));
				answer.on('end', () => {
					const raw = Buffer.concat(chunks);
					const body =
						target.pathname === path
							? Buffer.from(JSON.stringify(rewrite(JSON.parse(raw.toString('utf8')))))
							: raw;
					const {
						'content-length': _length,
						'transfer-encoding': _encoding,
						...headers
					} = answer.headers;
					outgoing.writeHead(answer.statusCode ?? 502, {
						...headers,
						'content-length': body.length,
					});
					outgoing.end(body);
				});
			},
		);
		incoming.pipe(forwarded);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		credential: { ...tokenCredential(emulator), baseUrl: `http://127.0.0.1:${port}/api` },
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
