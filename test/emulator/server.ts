import { EventEmitter } from 'node:events';
import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

import { Accounts } from './accounts';
import { Clock } from './clock';
import {
	FaultPlan,
	FILE_ANSWER_FAULTS,
	REQUEST_FAULTS,
	type FaultRule,
	type RequestFaultKind,
} from './faults';
import { json, Router, type RecordedRequest, type Reply } from './http';
import { InviteeSchedule, type InviteesActAfter } from './inviteeSchedule';
import { Links } from './links';

/** Options a test or the command line can give; each family documents the keys it reads. */
export interface SeedOptions {
	[key: string]: number | string | boolean | undefined;
}

/** What every family module gets: shared services and the other families' state. */
export interface EmulatorEnv {
	clock: Clock;
	accounts: Accounts;
	links: Links;
	/** `http://127.0.0.1:<port>`. */
	origin(): string;
	/** `{base_url}`: `<origin>/api`. */
	baseUrl(): string;
	/** `{auth_url}`: `<origin>/oauth`. */
	authUrl(): string;
	/** The state of another family, by its name. */
	slice<T>(familyName: string): T;
	/**
	 * Cross-family happenings, so that families stay decoupled. Events: `documentDeleted` (documentId) when
	 * a document is permanently deleted: every family drops what it holds about it (webhook history…).
	 */
	events: EventEmitter;
}

/**
 * One part of the service. Each folder in `families/` exports `family` from its index; the server loads them
 * all, so a family is added by adding its folder.
 */
export interface EmulatorFamily<State = unknown> {
	name: string;
	createState(env: EmulatorEnv, seed: SeedOptions): State;
	register(router: Router, env: EmulatorEnv): void;
}

export const DEFAULT_AUTH_TOKEN = 'emulator-token';
export const OTHER_ACCOUNT_AUTH_TOKEN = 'emulator-other-account-token';
export const DEFAULT_SALT = 'emulator-salt';

export interface EmulatorOptions {
	port?: number;
	seed?: SeedOptions;
	/** The main account's private salt; `null` for an account without one. */
	salt?: string | null;
	/** The "invitees act later" mode: the invitees of each new signing request act one by one, later. */
	inviteesActAfter?: InviteesActAfter;
}

export interface Emulator {
	env: EmulatorEnv;
	origin: string;
	baseUrl: string;
	authUrl: string;
	clock: Clock;
	faults: FaultPlan;
	accounts: Accounts;
	links: Links;
	/** Every request received on the service's paths (control and file routes excluded), oldest first. */
	requests: RecordedRequest[];
	/** Requests whose path contains `fragment`. */
	requestsTo(fragment: string): RecordedRequest[];
	slice<T>(familyName: string): T;
	/** The invitees' actions to come, in the "invitees act later" mode. */
	inviteeSchedule?: InviteeSchedule;
	close(): Promise<void>;
}

const SERVICE_PREFIXES = ['/api/', '/oauth/'];
/** Where the service's API answers: the paths on which a GET with a Content-Type loses its query string. */
const API_PREFIX = '/api/';
/** Paths faults apply to: the service's, and the pre-signed links it hands out. */
const FAULTABLE_PREFIXES = [...SERVICE_PREFIXES, '/__files/', '/__upload/'];

/** Every folder of `families/` is a family: its index exports `family`. */
function loadFamilies(): EmulatorFamily[] {
	const folder = join(__dirname, 'families');
	return readdirSync(folder, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
		.map((name) => (require(join(folder, name)) as { family: EmulatorFamily }).family);
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	let origin = '';
	const clock = new Clock();
	const faults = new FaultPlan();
	const accounts = new Accounts(clock);
	const links = new Links(clock, () => origin, faults, await closedLoopbackPort());
	const slices = new Map<string, unknown>();
	const env: EmulatorEnv = {
		clock,
		accounts,
		links,
		origin: () => origin,
		baseUrl: () => `${origin}/api`,
		authUrl: () => `${origin}/oauth`,
		events: new EventEmitter(),
		slice: <T>(name: string) => {
			if (!slices.has(name)) throw new Error(`The emulator has no family named ${name}`);
			return slices.get(name) as T;
		},
	};
	accounts.add({
		id: 'account-main',
		authToken: DEFAULT_AUTH_TOKEN,
		salt: options.salt === null ? undefined : (options.salt ?? DEFAULT_SALT),
	});
	accounts.add({
		id: 'account-other',
		authToken: OTHER_ACCOUNT_AUTH_TOKEN,
		salt: 'other-account-salt',
	});

	const router = new Router();
	router.add('GET', '/__files/:token', (ctx) => links.serveDownload(ctx.params.token));
	router.add('PUT', '/__upload/:mediaId', (ctx) =>
		links.receiveUpload(ctx.params.mediaId, ctx.query.signature, ctx.rawBody, {
			contentType: ctx.headers['content-type'],
			contentLength: ctx.headers['content-length'],
		}),
	);
	const requests: RecordedRequest[] = [];
	const families = loadFamilies();
	registerControlRoutes(router, { clock, faults, requests });

	const sockets = new Set<Socket>();
	const server: Server = createServer((request, response) => {
		void handle(request, response).catch((error: Error) => {
			if (!response.headersSent)
				send(response, json(500, { message: `Emulator fault: ${error.message}` }));
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const recorded = await readRequest(request, clock);
		const isService = SERVICE_PREFIXES.some((prefix) => recorded.path.startsWith(prefix));
		if (isService) requests.push(recorded);
		const faultable = FAULTABLE_PREFIXES.some((prefix) => recorded.path.startsWith(prefix));
		const fault = faultable
			? faults.take(recorded.method, recorded.path, REQUEST_FAULTS)?.kind
			: undefined;
		if (fault) return applyFault(fault, response, request.url ?? recorded.path);
		const found = router.match(recorded.method, recorded.path);
		if (found === 404)
			return send(response, json(404, { message: `No route for ${recorded.path}` }));
		if (found === 405)
			return send(response, json(405, { message: `${recorded.method} is not allowed here` }));
		const reply = await found.handler({ ...asTheServiceReads(recorded), params: found.params });
		send(response, faultable ? withFileAnswerFault(reply, recorded) : reply);
	}

	/** A file's answer with the header a `contentDisposition` rule chose, when one matches. */
	function withFileAnswerFault(reply: Reply, recorded: RecordedRequest): Reply {
		if (reply.headers?.['content-disposition'] === undefined) return reply;
		const rule = faults.take(recorded.method, recorded.path, FILE_ANSWER_FAULTS);
		if (!rule) return reply;
		return { ...reply, headers: { ...reply.headers, 'content-disposition': rule.value } };
	}

	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	for (const family of families)
		slices.set(family.name, family.createState(env, options.seed ?? {}));
	for (const family of families) family.register(router, env);
	const inviteeSchedule = options.inviteesActAfter
		? new InviteeSchedule(env, options.inviteesActAfter)
		: undefined;
	inviteeSchedule?.register(router);

	return {
		env,
		origin,
		baseUrl: env.baseUrl(),
		authUrl: env.authUrl(),
		clock,
		faults,
		accounts,
		links,
		requests,
		requestsTo: (fragment) => requests.filter((request) => request.path.includes(fragment)),
		slice: env.slice,
		inviteeSchedule,
		close: async () => {
			inviteeSchedule?.stop();
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function readRequest(request: IncomingMessage, clock: Clock): Promise<RecordedRequest> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	const rawBody = Buffer.concat(chunks);
	const url = new URL(request.url ?? '/', 'http://emulator');
	const query: Record<string, string> = {};
	const queryAll: Record<string, string[]> = {};
	for (const [key, value] of url.searchParams) {
		query[key] ??= value;
		(queryAll[key] ??= []).push(value);
	}
	return {
		method: (request.method ?? 'GET').toUpperCase(),
		path: url.pathname,
		query,
		queryAll,
		headers: request.headers,
		rawBody,
		body: parseBody(rawBody, request.headers['content-type']),
		at: clock.now(),
	};
}

/**
 * The request as the service's API reads it: a GET that carries a Content-Type loses its query string, as
 * the live service does (choices/http.md). The request log keeps what was sent.
 */
function asTheServiceReads(recorded: RecordedRequest): RecordedRequest {
	const losesQuery =
		recorded.method === 'GET' &&
		recorded.path.startsWith(API_PREFIX) &&
		recorded.headers['content-type'] !== undefined;
	return losesQuery ? { ...recorded, query: {}, queryAll: {} } : recorded;
}

function parseBody(rawBody: Buffer, contentType: string | undefined): unknown {
	if (rawBody.length === 0) return undefined;
	if (contentType?.includes('application/x-www-form-urlencoded')) {
		return Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
	}
	try {
		return JSON.parse(rawBody.toString('utf8'));
	} catch {
		return undefined;
	}
}

function send(response: ServerResponse, reply: Reply): void {
	const headers = { ...(reply.headers ?? {}) };
	let payload: Buffer | string | undefined;
	if (reply.body === undefined) payload = undefined;
	else if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') payload = reply.body;
	else {
		payload = JSON.stringify(reply.body);
		headers['content-type'] ??= 'application/json';
	}
	response.writeHead(reply.status, headers);
	response.end(payload);
}

function applyFault(fault: RequestFaultKind, response: ServerResponse, url: string): void {
	switch (fault) {
		case 'http500':
		case 'http502':
		case 'http503':
			return send(response, {
				status: Number(fault.slice(4)),
				headers: { 'content-type': 'text/plain' },
				body: 'Upstream failure',
			});
		case 'http429':
			return send(response, json(429, { message: 'Too many requests' }, { 'retry-after': '1' }));
		case 'timeout':
			return; // never answered; close() destroys the socket
		case 'reset':
			response.socket?.destroy();
			return;
		case 'html':
			return send(response, {
				status: 200,
				headers: { 'content-type': 'text/html' },
				body: '<!DOCTYPE html><html><body><h1>Sign in</h1></body></html>',
			});
		case 'malformedJson':
			return send(response, {
				status: 200,
				headers: { 'content-type': 'application/json' },
				body: '{"status":1,"data":{"documentId":',
			});
		case 'empty':
			return send(response, { status: 200, body: '' });
		case 'redirect':
			return send(response, { status: 307, headers: { location: url } });
	}
}

/** A loopback port that was free a moment ago: a link to it is refused. */
async function closedLoopbackPort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	return port;
}

/** `/__emulator/*`: lets a process that is not the test (n8n, the demo script) steer the emulator. */
function registerControlRoutes(
	router: Router,
	{ clock, faults, requests }: { clock: Clock; faults: FaultPlan; requests: RecordedRequest[] },
): void {
	router.add('GET', '/__emulator/health', () => json(200, { ok: true }));
	router.add('POST', '/__emulator/clock/advance', (ctx) => {
		clock.advance(Number((ctx.body as { ms?: number })?.ms ?? 0));
		return json(200, { now: clock.now() });
	});
	router.add('POST', '/__emulator/faults', (ctx) => {
		const rule = ctx.body as FaultRule;
		faults.inject(rule);
		return json(200, { injected: rule });
	});
	router.add('GET', '/__emulator/requests', () =>
		json(
			200,
			requests.map(({ rawBody, ...rest }) => ({ ...rest, bodyBytes: rawBody.length })),
		),
	);
	router.add('DELETE', '/__emulator/requests', () => {
		requests.length = 0;
		return json(200, {});
	});
}
