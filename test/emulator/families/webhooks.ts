import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, type Agent } from 'node:http';

import { json, type Router } from '../http';
import type { EmulatorEnv, EmulatorFamily } from '../server';
import {
	activeInvitee,
	certificateChecks,
	certificateMismatchText,
	documentStatus,
	expiryFromDays,
	formatServiceDate,
	signTypeOf,
	signUrlOf,
	type V3Document,
	type V3State,
} from './v3';
import type { Pack, V4State } from './v4';
import { makePdf } from '../../fixtures/pdf';

/**
 * The webhooks family: the service's side of webhook deliveries, in two shapes.
 * - Webhook 4.0 envelopes (the spec's Events section): REVIEWER_APPROVAL (and SIGNED, SIGNER_REJECTED,
 *   REVIEWER_REJECTED, as public client code shows), every top-level key present, JSON null where a value does
 *   not apply, `mac` = hex HMAC-SHA1 of document.documentId keyed by the account's salt.
 * - v3 "flat" events (the knowledge base's per-invitee webhooks): signed, reviewerApproved, rejected,
 *   certificateVerificationFailed, with `mac` = hex HMAC-SHA1 of the top-level documentId, in the body of the
 *   webhook version set for the invitee (`current`, `legacy`, `legacyWithFiles`: V3_WEBHOOK_VERSIONS).
 * Either way there is no `mac` key at all when the account has no salt. Every delivery is POSTed to a URL
 * (retried on a non-2xx answer) and kept in the history of its document, dropped when the document is deleted
 * (`documentDeleted`).
 *
 * Deliveries start from tests: in process with `deliverWebhook(env, {...})` or `deliverV3Event(env, {event, ...})`,
 * out of process with `POST /__emulator/webhooks/deliver {url, shape?: 'v3', event?, ...}` (answers the delivery
 * record); `GET /__emulator/webhooks/history?documentId=` lists a document's deliveries. The service's own flat
 * events, sent when invitees act, come from the v3-invitee-actions family.
 *
 * Versions per workflow and invitee: `PUT /__emulator/webhooks/versions/:profileId {all | invitees}`, in process
 * `configureWebhookVersions(env, profileId, config)`.
 *
 * Seed keys: `webhookRetries` (number, default 3): further attempts after a non-2xx answer or a network
 * error; `v3WebhookVersion` (default `current`): the version of every invitee no configuration names. Choices where the spec is silent: test/emulator/choices/webhooks.md.
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
	/** The body object sent (a Webhook 4.0 envelope or a v3 flat event). */
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
	/** Webhook versions per v3 workflow (profile id). */
	versions: Map<string, WebhookVersionConfig>;
	/** The version of an invitee no configuration names (seed `v3WebhookVersion`). */
	defaultVersion: V3WebhookVersion;
}

const isVersion = (value: unknown): value is V3WebhookVersion =>
	V3_WEBHOOK_VERSIONS.includes(value as V3WebhookVersion);

/** A version configuration from a control route's body, or why it is not one. */
export function parseWebhookVersions(body: unknown): WebhookVersionConfig | string {
	const form = `{"all": <version>} or {"invitees": [<version>, ...]}, a version being ${V3_WEBHOOK_VERSIONS.join(', ')}`;
	if (!isObject(body) || Object.keys(body).length !== 1) return `Body must be ${form}`;
	if ('all' in body) return isVersion(body.all) ? { all: body.all } : `Body must be ${form}`;
	if (Array.isArray(body.invitees) && body.invitees.length > 0 && body.invitees.every(isVersion))
		return { invitees: body.invitees };
	return `Body must be ${form}`;
}

/** Sets the webhook versions of a v3 workflow's invitees, as a user does in the dashboard. */
export function configureWebhookVersions(
	env: EmulatorEnv,
	profileId: string,
	config: WebhookVersionConfig,
): void {
	if (!env.slice<V3State>('v3').profiles.has(profileId))
		throw new Error(`No workflow ${profileId}`);
	env.slice<WebhooksState>('webhooks').versions.set(profileId, config);
}

/** The version configured for the invitee at `inviteeIndex` of a document of the workflow. */
function versionFor(env: EmulatorEnv, profileId: string | undefined, inviteeIndex: number) {
	const state = env.slice<WebhooksState>('webhooks');
	const config = profileId === undefined ? undefined : state.versions.get(profileId);
	if (!config) return state.defaultVersion;
	return 'all' in config ? config.all : (config.invitees[inviteeIndex] ?? state.defaultVersion);
}

interface BodyChanges {
	/**
	 * Values merged over the built body before the MAC is computed (objects one level deep: `{document:
	 * {irn: 'X'}}` changes only irn). A `mac` key here is sent as given instead of the computed one.
	 */
	overrides?: Record<string, unknown>;
	/** Top-level keys to leave out (to build deliveries that break the body's rules). */
	omitKeys?: string[];
}

/**
 * The Webhook 4.0 event types: the spec's REVIEWER_APPROVAL, and those public client code against the live
 * service shows (collected 2026-11-25).
 */
export const WEBHOOK4_EVENT_TYPES = [
	'REVIEWER_APPROVAL',
	'SIGNED',
	'SIGNER_REJECTED',
	'REVIEWER_REJECTED',
] as const;
export type Webhook4EventType = (typeof WEBHOOK4_EVENT_TYPES)[number];

/** The spec's document statuses in events. */
export const WEBHOOK4_DOCUMENT_STATUSES = ['SENT', 'PACK_PENDING_COMPLETION', 'COMPLETED'] as const;
export type Webhook4DocumentStatus = (typeof WEBHOOK4_DOCUMENT_STATUSES)[number];

export interface EnvelopeRequest extends BodyChanges {
	/** Account id (`account-main`, `account-other`); default the main account. */
	account?: string;
	documentId?: string;
	packId?: string;
	/** Default REVIEWER_APPROVAL. */
	eventType?: Webhook4EventType;
	/** `document.documentStatus`; default the pack document's status, else SENT. */
	documentStatus?: Webhook4DocumentStatus;
}

/** What each event type sets in the envelope (choices/webhooks.md). */
const WEBHOOK4_EVENTS: Record<
	Webhook4EventType,
	{
		route: 'SUCCESS' | 'ERROR';
		action: string;
		role: 'SIGNER' | 'REVIEWER';
		invitationStatus: string;
	}
> = {
	REVIEWER_APPROVAL: {
		route: 'SUCCESS',
		action: 'APPROVED',
		role: 'REVIEWER',
		invitationStatus: 'REVIEWER_APPROVED',
	},
	SIGNED: { route: 'SUCCESS', action: 'SIGNED', role: 'SIGNER', invitationStatus: 'SIGNED' },
	SIGNER_REJECTED: {
		route: 'ERROR',
		action: 'REJECTED',
		role: 'SIGNER',
		invitationStatus: 'SIGNER_REJECTED',
	},
	REVIEWER_REJECTED: {
		route: 'ERROR',
		action: 'REJECTED',
		role: 'REVIEWER',
		invitationStatus: 'REVIEWER_REJECTED',
	},
};

/** Whether the service sends an envelope of this event type to the error URL (else to the success URL). */
export const isErrorEnvelope = (eventType: Webhook4EventType) =>
	WEBHOOK4_EVENTS[eventType].route === 'ERROR';

export const V3_EVENT_KINDS = [
	'signed',
	'reviewerApproved',
	'rejected',
	'certificateVerificationFailed',
] as const;
export type V3EventKind = (typeof V3_EVENT_KINDS)[number];

/**
 * The webhook version an invitee is set to in the dashboard, as far as the body goes: `current` (the knowledge
 * base's body), `legacy` (the 2.x body of a capture from a live signing: no webhookType, no documentStatus) and
 * `legacyWithFiles` (the same with the document and its audit trail in base64, `files` and `auditTrail`).
 */
export const V3_WEBHOOK_VERSIONS = ['current', 'legacy', 'legacyWithFiles'] as const;
export type V3WebhookVersion = (typeof V3_WEBHOOK_VERSIONS)[number];

/** A workflow's webhook versions: entry i for its documents' i-th invitee, or one for every invitee. */
export type WebhookVersionConfig = { invitees: V3WebhookVersion[] } | { all: V3WebhookVersion };

export interface V3EventRequest extends BodyChanges {
	event: V3EventKind;
	/** Default: the version configured for the document's workflow and invitee, else the seed's. */
	version?: V3WebhookVersion;
	/** A v3 document of the emulator (its data is used) or any id (plausible fresh values around it). */
	documentId?: string;
	/** Account id; default the document's account, else the main account. */
	account?: string;
	/** The invitee who acted; default the active invitee, else the first. */
	inviteeIndex?: number;
}

export interface DeliveryOptions {
	url: string;
	/** Further attempts after a failure; default the seed's `webhookRetries`. */
	retries?: number;
	/** Send this body instead of the JSON of the built body (to send broken bodies). */
	rawBody?: string | Buffer;
	contentType?: string;
	/** A keep-alive agent for many deliveries in a row. */
	agent?: Agent;
}

export interface DeliverRequest extends EnvelopeRequest, DeliveryOptions {}
export interface DeliverV3EventRequest extends V3EventRequest, DeliveryOptions {}

/** `dd-MM-yyyy HH:mm:ss` in India Standard Time, without a zone marker (the spec's timestamp format). */
export const webhookTimestamp = formatServiceDate;

/** The service's MAC: lowercase hex HMAC-SHA1 of the document id keyed by the salt. */
export const webhookMac = (documentId: string, salt: string) =>
	createHmac('sha1', salt).update(documentId, 'utf8').digest('hex');

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

function accountOf(env: EmulatorEnv, accountId: string) {
	const account = env.accounts.byId(accountId);
	if (!account) throw new Error(`Unknown account ${accountId}`);
	return account;
}

/**
 * Applies a test's overrides and omissions, then the MAC over `macMessage(body)` (unless an override gives
 * one). A `mac` key already in `body` keeps its place; it is removed when there is no salt.
 */
function seal(
	body: Record<string, unknown>,
	changes: BodyChanges,
	salt: string | undefined,
	macMessage: (body: Record<string, unknown>) => unknown,
) {
	for (const [key, value] of Object.entries(changes.overrides ?? {})) {
		if (key === 'mac') continue;
		body[key] =
			isObject(value) && isObject(body[key]) ? { ...(body[key] as object), ...value } : value;
	}
	if (changes.overrides && Object.prototype.hasOwnProperty.call(changes.overrides, 'mac'))
		body.mac = changes.overrides.mac;
	else if (salt !== undefined) body.mac = webhookMac(String(macMessage(body)), salt);
	else delete body.mac;
	for (const key of changes.omitKeys ?? []) delete body[key];
	return body;
}

/**
 * A Webhook 4.0 envelope as the service builds it, REVIEWER_APPROVAL unless `eventType` says otherwise. When
 * the pack (by packId, or the pack holding documentId) exists in the v4 family, its ids, status, IRN and URN are
 * used; otherwise fresh ids.
 */
export function buildEnvelope(
	env: EmulatorEnv,
	input: EnvelopeRequest = {},
): Record<string, unknown> {
	const eventType = input.eventType ?? 'REVIEWER_APPROVAL';
	if (!WEBHOOK4_EVENT_TYPES.includes(eventType))
		throw new Error(`eventType must be one of ${WEBHOOK4_EVENT_TYPES.join(', ')}`);
	if (
		input.documentStatus !== undefined &&
		!WEBHOOK4_DOCUMENT_STATUSES.includes(input.documentStatus)
	)
		throw new Error(`documentStatus must be one of ${WEBHOOK4_DOCUMENT_STATUSES.join(', ')}`);
	const shape = WEBHOOK4_EVENTS[eventType];
	const reviewer = shape.role === 'REVIEWER';
	const rejected = shape.action === 'REJECTED';
	const accountId = input.account ?? 'account-main';
	const account = accountOf(env, accountId);
	const now = env.clock.now();
	const packs = v4Packs(env).filter((pack) => pack.accountId === accountId);
	const pack =
		(input.packId ? packs.find((candidate) => candidate.packId === input.packId) : undefined) ??
		(input.documentId
			? packs.find((candidate) =>
					candidate.documents.some((doc) => doc.documentId === input.documentId),
				)
			: undefined);
	const packDocument = pack
		? (pack.documents.find((doc) => doc.documentId === input.documentId) ??
			(input.documentId ? undefined : pack.documents[0]))
		: undefined;
	const documentId = input.documentId ?? packDocument?.documentId ?? randomUlid(now);

	const envelope: Record<string, unknown> = {
		webhookType: shape.route,
		eventType,
		rejectionReason: rejected ? 'Rejected by the invitee.' : null,
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
			// The spec: a rejected document stays SENT.
			documentStatus:
				input.documentStatus ?? (rejected ? 'SENT' : (packDocument?.status ?? 'SENT')),
			irn: null,
			action: shape.action,
			signatureType: eventType === 'SIGNED' ? 'AADHAAR' : null,
		},
		invitationGroup: {
			uuid: randomUUID(),
			groupName: reviewer ? 'Reviewers' : 'Signers',
			// A rejection ends the group's turn without completing it.
			groupStatus: rejected ? 'ACTIVE' : 'COMPLETED',
			type: shape.role,
		},
		invitee: {
			uuid: randomUUID(),
			inviteeName: pack?.invitees[0]?.name ?? (reviewer ? 'Riya Reviewer' : 'Asha Rao'),
			inviteeEmail:
				pack?.invitees[0]?.email ??
				(reviewer ? 'riya.reviewer@example.com' : 'asha.rao@example.com'),
			inviteeMobile: '9876543210',
			invitationStatus: shape.invitationStatus,
		},
		messages: [],
	};
	return seal(
		envelope,
		input,
		account.salt,
		(sealed) => (sealed.document as Record<string, unknown> | null)?.documentId,
	);
}

const FLAT_ACTIONS: Record<V3EventKind, string> = {
	signed: 'Signed',
	reviewerApproved: 'Approved',
	rejected: 'Rejected',
	certificateVerificationFailed: 'Failed',
};

/** Whether the service sends an event to the invitee's Error Webhook URL (else to the success Webhook URL). */
export const isErrorEvent = (event: V3EventKind) =>
	event === 'rejected' || event === 'certificateVerificationFailed';

/** The flat body's documentStatus is title case and only Draft, Sent or Completed: an EXPIRED document reads Sent. */
const FLAT_DOCUMENT_STATUSES: Record<string, string> = { DRAFT: 'Draft', COMPLETED: 'Completed' };

function actingInvitee(doc: V3Document, inviteeIndex: number | undefined, now: number) {
	if (inviteeIndex === undefined) return activeInvitee(doc, now) ?? doc.invitees[0];
	const invitee = doc.invitees[inviteeIndex];
	if (!invitee) throw new Error(`Document ${doc.documentId} has no invitee ${inviteeIndex}`);
	return invitee;
}

function v3Event(
	env: EmulatorEnv,
	input: V3EventRequest,
): { accountId: string; body: Record<string, unknown> } {
	const { event } = input;
	if (!V3_EVENT_KINDS.includes(event))
		throw new Error(`event must be one of ${V3_EVENT_KINDS.join(', ')}`);
	if (input.version !== undefined && !isVersion(input.version))
		throw new Error(`version must be one of ${V3_WEBHOOK_VERSIONS.join(', ')}`);
	const known =
		input.documentId === undefined
			? undefined
			: env.slice<V3State>('v3').documents.get(input.documentId);
	const accountId = input.account ?? known?.accountId ?? 'account-main';
	const account = accountOf(env, accountId);
	const doc = known?.accountId === accountId ? known : undefined;
	const now = env.clock.now();
	const invitee = doc && actingInvitee(doc, input.inviteeIndex, now);
	const person = invitee
		? {
				name: invitee.name,
				email: invitee.email ?? null,
				phone: invitee.phone ?? null,
				signUrl: signUrlOf(env, invitee),
				expiresAt: invitee.expiresAt,
			}
		: {
				...(event === 'reviewerApproved'
					? { name: 'Riya Reviewer', email: 'riya.reviewer@example.com' }
					: { name: 'Asha Rao', email: 'asha.rao@example.com' }),
				phone: '9876543210',
				signUrl: `${env.origin()}/sign/${randomUUID()}`,
				expiresAt: expiryFromDays(now, 7),
			};
	const mismatch = invitee?.certificateMismatch ?? 'name';
	const failed = event === 'certificateVerificationFailed';
	const error =
		event === 'rejected'
			? 'Invitation rejected by the signer.'
			: failed
				? certificateMismatchText(mismatch)
				: null;
	const inviteeType = event === 'reviewerApproved' ? 'Reviewer' : 'Signer';
	const version =
		input.version ??
		versionFor(env, doc?.profileId, invitee && doc ? doc.invitees.indexOf(invitee) : 0);
	const documentId = input.documentId ?? randomUlid(now);
	if (version !== 'current') {
		const legacy: Record<string, unknown> = {
			documentId,
			mac: undefined, // keeps the key's place; seal() sets or removes it
			request: {
				action: FLAT_ACTIONS[event],
				active: !failed,
				email: person.email,
				error,
				expired: failed,
				expiryDate: formatServiceDate(person.expiresAt),
				invitationUrl: person.signUrl,
				inviteeType,
				name: person.name,
				phone: person.phone,
			},
		};
		if (version === 'legacyWithFiles') {
			const current = doc?.signedPdf ?? doc?.original ?? makePdf(`Document ${documentId}`);
			const trail = doc?.auditTrail ?? makePdf(`Audit trail (in progress) of ${documentId}`);
			legacy.files = [current.toString('base64')];
			legacy.auditTrail = trail.toString('base64');
		}
		return { accountId, body: seal(legacy, input, account.salt, (sealed) => sealed.documentId) };
	}
	const body: Record<string, unknown> = {
		webhookType: isErrorEvent(event) ? 'Error' : 'Success',
		documentId,
		// Fresh values describe a one-invitee document: the invitee who signed or approved completed it.
		documentStatus: doc
			? (FLAT_DOCUMENT_STATUSES[documentStatus(doc, now)] ?? 'Sent')
			: isErrorEvent(event)
				? 'Sent'
				: 'Completed',
		irn: doc?.irn ?? null,
		mac: undefined, // keeps the key's place; seal() sets or removes it
		messages: failed ? [{ code: 'certificate.verification.failed', message: error }] : [],
		verification: failed ? certificateChecks(mismatch) : null,
		request: {
			inviteeType,
			name: person.name,
			email: person.email,
			phone: person.phone,
			signUrl: person.signUrl,
			// The sign URL stays live after signing or rejecting (public example bodies); a terminated one does not.
			active: !failed,
			action: FLAT_ACTIONS[event],
			signed: event === 'signed',
			rejected: event === 'rejected',
			expired: failed,
			expiryDate: formatServiceDate(person.expiresAt),
			signType: event === 'signed' ? (invitee ? signTypeOf(invitee) : 'AADHAAR') : null,
			error,
			rejectionMessage: event === 'rejected' ? (invitee?.rejectionReason ?? null) : null,
		},
	};
	return { accountId, body: seal(body, input, account.salt, (sealed) => sealed.documentId) };
}

/**
 * A v3 flat event as the service sends it to an invitee's webhook URL. When documentId names a v3 document of
 * the emulator (of the account), its data is used: irn, status, and the acting invitee's name, e-mail, phone,
 * sign URL, expiry, sign type, rejection reason and failed criterion. Nothing is changed: to make an invitee
 * act, use the v3-invitee-actions family.
 */
export const buildV3Event = (env: EmulatorEnv, input: V3EventRequest): Record<string, unknown> =>
	v3Event(env, input).body;

function post(
	url: string,
	body: Buffer,
	contentType: string,
	userAgent: string,
	agent: Agent | undefined,
): Promise<number> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: 'POST',
				agent,
				headers: {
					'content-type': contentType,
					'content-length': String(body.length),
					'user-agent': userAgent,
				},
			},
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			},
		);
		request.setTimeout(10_000, () =>
			request.destroy(new Error('The receiver did not answer within 10 s')),
		);
		request.on('error', reject);
		request.end(body);
	});
}

interface Outgoing {
	accountId: string;
	/** The document whose history keeps the delivery. */
	documentId: string;
	body: Record<string, unknown>;
	userAgent: string;
}

/** POSTs a body to `options.url` (retrying on a non-2xx answer), recording the delivery under its document. */
async function send(
	env: EmulatorEnv,
	options: DeliveryOptions,
	outgoing: Outgoing,
): Promise<Delivery> {
	const state = env.slice<WebhooksState>('webhooks');
	const raw = options.rawBody ?? JSON.stringify(outgoing.body);
	const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
	const delivery: Delivery = {
		deliveryId: randomUUID(),
		url: options.url,
		accountId: outgoing.accountId,
		documentId: outgoing.documentId,
		envelope: outgoing.body,
		body: bytes.toString('utf8'),
		attempts: [],
		acknowledged: false,
	};
	const history = state.history.get(outgoing.documentId) ?? [];
	history.push(delivery);
	state.history.set(outgoing.documentId, history);

	const attempts = 1 + Math.max(0, options.retries ?? state.retries);
	for (let attempt = 0; attempt < attempts && !delivery.acknowledged; attempt++) {
		try {
			const status = await post(
				options.url,
				bytes,
				options.contentType ?? 'application/json',
				outgoing.userAgent,
				options.agent,
			);
			delivery.attempts.push({ status, at: env.clock.now() });
			delivery.acknowledged = status >= 200 && status < 300;
		} catch (error) {
			delivery.attempts.push({ status: 0, error: (error as Error).message, at: env.clock.now() });
		}
	}
	return delivery;
}

/** Builds a Webhook 4.0 envelope and delivers it. */
export async function deliverWebhook(env: EmulatorEnv, input: DeliverRequest): Promise<Delivery> {
	const envelope = buildEnvelope(env, input);
	const documentId = String(
		(envelope.document as Record<string, unknown> | null)?.documentId ?? '',
	);
	return send(env, input, {
		accountId: input.account ?? 'account-main',
		documentId,
		body: envelope,
		userAgent: 'DocumentExecution-Webhook/4.0',
	});
}

/** Builds a v3 flat event and delivers it. */
export async function deliverV3Event(
	env: EmulatorEnv,
	input: DeliverV3EventRequest,
): Promise<Delivery> {
	const { accountId, body } = v3Event(env, input);
	return send(env, input, {
		accountId,
		documentId: String(body.documentId ?? ''),
		body,
		userAgent: 'DocumentExecution-Webhook',
	});
}

export const family: EmulatorFamily<WebhooksState> = {
	name: 'webhooks',
	createState(env, seed) {
		const defaultVersion = seed.v3WebhookVersion ?? 'current';
		if (!isVersion(defaultVersion))
			throw new Error(`Seed v3WebhookVersion must be one of ${V3_WEBHOOK_VERSIONS.join(', ')}`);
		const state: WebhooksState = {
			history: new Map(),
			retries: Number(seed.webhookRetries ?? 3),
			versions: new Map(),
			defaultVersion,
		};
		// The spec: deleting a document removes its webhook history.
		env.events.on('documentDeleted', (documentId: string) => state.history.delete(documentId));
		return state;
	},
	register(router: Router, env: EmulatorEnv) {
		router.add('POST', '/__emulator/webhooks/deliver', async (ctx) => {
			const input = ctx.body as
				| (DeliverRequest & Partial<DeliverV3EventRequest> & { shape?: unknown })
				| undefined;
			if (!isObject(input) || typeof input.url !== 'string')
				return json(400, { message: 'Body needs {url}' });
			const { agent: _agent, shape, ...request } = input;
			if (shape !== undefined && shape !== 'v3')
				return json(400, {
					message: "shape is 'v3' (a v3 flat event) or absent (a Webhook 4.0 envelope)",
				});
			try {
				return json(
					200,
					shape === 'v3'
						? await deliverV3Event(env, request as DeliverV3EventRequest)
						: await deliverWebhook(env, request),
				);
			} catch (error) {
				return json(400, { message: (error as Error).message });
			}
		});
		router.add('PUT', '/__emulator/webhooks/versions/:profileId', (ctx) => {
			const config = parseWebhookVersions(ctx.body);
			if (typeof config === 'string') return json(400, { message: config });
			try {
				configureWebhookVersions(env, ctx.params.profileId, config);
			} catch (error) {
				return json(404, { message: (error as Error).message });
			}
			return json(200, { profileId: ctx.params.profileId, ...config });
		});
		router.add('GET', '/__emulator/webhooks/history', (ctx) =>
			json(200, env.slice<WebhooksState>('webhooks').history.get(ctx.query.documentId ?? '') ?? []),
		);
	},
};
