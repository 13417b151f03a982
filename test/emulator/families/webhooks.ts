import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, type Agent } from 'node:http';

import { json, type Router } from '../http';
import type { EmulatorEnv, EmulatorFamily } from '../server';
import type { Pack, V4State } from './v4';

/**
 * The webhooks family: the service's side of Webhook 4.0 deliveries. It builds REVIEWER_APPROVAL envelopes
 * (every top-level key present, JSON null where a value does not apply, `mac` = hex HMAC-SHA1 of
 * document.documentId keyed by the account's salt, and no `mac` key at all when the account has no salt),
 * POSTs them to a URL, and keeps the delivery history of each document, which it drops when the document
 * is deleted (`documentDeleted`).
 *
 * There is no service API for webhooks (they are configured in the dashboard), so deliveries are started by
 * tests: in process with `deliverWebhook(emulator.env, {...})`, out of process with
 * `POST /__emulator/webhooks/deliver {url, account?, documentId?, packId?, overrides?, retries?}` (answers
 * the delivery record), and `GET /__emulator/webhooks/history?documentId=` lists a document's deliveries.
 *
 * Seed key: `webhookRetries` (number, default 3): further attempts after a non-2xx answer or a network
 * error. Choices where the spec is silent: test/emulator/choices/webhooks.md.
 */

export interface DeliveryAttempt {
	/** HTTP status of the answer; 0 when the connection failed. */
	status: number;
	error?: string;
	at: number;
}

export interface Delivery {
	deliveryId: string;
	url: string;
	accountId: string;
	documentId: string;
	envelope: Record<string, unknown>;
	/** The exact bytes sent. */
	body: string;
	attempts: DeliveryAttempt[];
	/** Whether an attempt got a 2xx. */
	acknowledged: boolean;
}

export interface WebhooksState {
	/** Deliveries per document id, oldest first. */
	history: Map<string, Delivery[]>;
	retries: number;
}

export interface EnvelopeRequest {
	/** Account id (`account-main`, `account-other`); default the main account. */
	account?: string;
	documentId?: string;
	packId?: string;
	/**
	 * Values merged over the built envelope before the MAC is computed (objects one level deep: `{document:
	 * {irn: 'X'}}` changes only irn). A `mac` key here is sent as given instead of the computed one.
	 */
	overrides?: Record<string, unknown>;
	/** Top-level keys to leave out (to build deliveries that break the envelope rules). */
	omitKeys?: string[];
}

export interface DeliverRequest extends EnvelopeRequest {
	url: string;
	/** Further attempts after a failure; default the seed's `webhookRetries`. */
	retries?: number;
	/** Send this body instead of the JSON of the envelope (to send broken bodies). */
	rawBody?: string | Buffer;
	contentType?: string;
	/** A keep-alive agent for many deliveries in a row. */
	agent?: Agent;
}

const IST_OFFSET_MS = 5.5 * 3600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** `dd-MM-yyyy HH:mm:ss` in India Standard Time, without a zone marker (the spec's timestamp format). */
export function webhookTimestamp(ms: number): string {
	const d = new Date(ms + IST_OFFSET_MS);
	return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The service's MAC: lowercase hex HMAC-SHA1 of the document id keyed by the salt. */
export const webhookMac = (documentId: string, salt: string) => createHmac('sha1', salt).update(documentId, 'utf8').digest('hex');

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function randomUlid(timeMs: number): string {
	let time = '';
	let rest = timeMs;
	for (let index = 0; index < 10; index++) {
		time = CROCKFORD[rest % 32] + time;
		rest = Math.floor(rest / 32);
	}
	const random = randomBytes(16);
	let tail = '';
	for (let index = 0; index < 16; index++) tail += CROCKFORD[random[index] % 32];
	return time + tail;
}

function v4Packs(env: EmulatorEnv): Pack[] {
	try {
		return env.slice<V4State>('v4').packs;
	} catch {
		return [];
	}
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A REVIEWER_APPROVAL envelope as the service builds it. When the pack (by packId, or the pack holding
 * documentId) exists in the v4 family, its ids, status, IRN and URN are used; otherwise fresh ids.
 */
export function buildEnvelope(env: EmulatorEnv, input: EnvelopeRequest = {}): Record<string, unknown> {
	const accountId = input.account ?? 'account-main';
	const account = env.accounts.byId(accountId);
	if (!account) throw new Error(`Unknown account ${accountId}`);
	const now = env.clock.now();
	const packs = v4Packs(env).filter((pack) => pack.accountId === accountId);
	const pack =
		(input.packId ? packs.find((candidate) => candidate.packId === input.packId) : undefined) ??
		(input.documentId ? packs.find((candidate) => candidate.documents.some((doc) => doc.documentId === input.documentId)) : undefined);
	const packDocument = pack
		? (pack.documents.find((doc) => doc.documentId === input.documentId) ?? (input.documentId ? undefined : pack.documents[0]))
		: undefined;
	const documentId = input.documentId ?? packDocument?.documentId ?? randomUlid(now);

	const envelope: Record<string, unknown> = {
		webhookType: 'SUCCESS',
		eventType: 'REVIEWER_APPROVAL',
		rejectionReason: null,
		combinationUuid: randomUUID(),
		workflowRunContextId: pack?.workflowRunContextId ?? `wrc-${randomBytes(8).toString('hex')}`,
		timestamp: webhookTimestamp(now),
		pack: {
			packId: pack?.packId ?? input.packId ?? randomUlid(now),
			// Events carry SENT, EXPIRED or COMPLETED; a DRAFT pack has not been sent, so it reads SENT.
			packStatus: pack ? (pack.status === 'DRAFT' ? 'SENT' : pack.status) : 'SENT',
			packReferenceNo: pack ? pack.irn : null,
			packUrn: pack ? pack.packUrn : null,
		},
		document: {
			uuid: randomUUID(),
			documentId,
			documentStatus: packDocument?.status ?? 'SENT',
			irn: null,
			action: 'APPROVED',
			signatureType: null,
		},
		invitationGroup: {
			uuid: randomUUID(),
			groupName: 'Reviewers',
			groupStatus: 'COMPLETED',
			type: 'REVIEWER',
		},
		invitee: {
			uuid: randomUUID(),
			inviteeName: pack?.invitees[0]?.name ?? 'Riya Reviewer',
			inviteeEmail: pack?.invitees[0]?.email ?? 'riya.reviewer@example.com',
			inviteeMobile: '9876543210',
			invitationStatus: 'REVIEWER_APPROVED',
		},
		messages: [],
	};
	for (const [key, value] of Object.entries(input.overrides ?? {})) {
		if (key === 'mac') continue;
		envelope[key] = isObject(value) && isObject(envelope[key]) ? { ...(envelope[key] as object), ...value } : value;
	}
	if (input.overrides && Object.prototype.hasOwnProperty.call(input.overrides, 'mac')) envelope.mac = input.overrides.mac;
	else if (account.salt !== undefined) {
		const finalId = (envelope.document as Record<string, unknown> | null)?.documentId;
		envelope.mac = webhookMac(String(finalId), account.salt);
	}
	for (const key of input.omitKeys ?? []) delete envelope[key];
	return envelope;
}

function post(url: string, body: Buffer, contentType: string, agent: Agent | undefined): Promise<number> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent,
				headers: { 'content-type': contentType, 'content-length': String(body.length), 'user-agent': 'DocumentExecution-Webhook/4.0' },
			},
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			},
		);
		request.setTimeout(10_000, () => request.destroy(new Error('The receiver did not answer within 10 s')));
		request.on('error', reject);
		request.end(body);
	});
}

/** Builds an envelope and POSTs it to `url` (retrying on a non-2xx answer), recording the delivery. */
export async function deliverWebhook(env: EmulatorEnv, input: DeliverRequest): Promise<Delivery> {
	const state = env.slice<WebhooksState>('webhooks');
	const envelope = buildEnvelope(env, input);
	const body = input.rawBody ?? JSON.stringify(envelope);
	const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
	const documentId = String((envelope.document as Record<string, unknown> | null)?.documentId ?? '');
	const delivery: Delivery = {
		deliveryId: randomUUID(),
		url: input.url,
		accountId: input.account ?? 'account-main',
		documentId,
		envelope,
		body: bytes.toString('utf8'),
		attempts: [],
		acknowledged: false,
	};
	const history = state.history.get(documentId) ?? [];
	history.push(delivery);
	state.history.set(documentId, history);

	const attempts = 1 + Math.max(0, input.retries ?? state.retries);
	for (let attempt = 0; attempt < attempts && !delivery.acknowledged; attempt++) {
		try {
			const status = await post(input.url, bytes, input.contentType ?? 'application/json', input.agent);
			delivery.attempts.push({ status, at: env.clock.now() });
			delivery.acknowledged = status >= 200 && status < 300;
		} catch (error) {
			delivery.attempts.push({ status: 0, error: (error as Error).message, at: env.clock.now() });
		}
	}
	return delivery;
}

export const family: EmulatorFamily<WebhooksState> = {
	name: 'webhooks',
	createState(env, seed) {
		const state: WebhooksState = { history: new Map(), retries: Number(seed.webhookRetries ?? 3) };
		// The spec: deleting a document removes its webhook history.
		env.events.on('documentDeleted', (documentId: string) => state.history.delete(documentId));
		return state;
	},
	register(router: Router, env: EmulatorEnv) {
		router.add('POST', '/__emulator/webhooks/deliver', async (ctx) => {
			const input = ctx.body as DeliverRequest | undefined;
			if (!isObject(input) || typeof input.url !== 'string') return json(400, { message: 'Body needs {url}' });
			try {
				const { agent: _agent, ...request } = input;
				return json(200, await deliverWebhook(env, request));
			} catch (error) {
				return json(400, { message: (error as Error).message });
			}
		});
		router.add('GET', '/__emulator/webhooks/history', (ctx) =>
			json(200, env.slice<WebhooksState>('webhooks').history.get(ctx.query.documentId ?? '') ?? []),
		);
	},
};
