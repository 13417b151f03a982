import { json, type Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import { isObject } from './body';
import { deliverV3Event, deliverWebhook } from './delivery';
import {
	type DeliverRequest,
	type DeliverV3EventRequest,
	V3_WEBHOOK_VERSIONS,
	type WebhooksState,
} from './state';
import { configureWebhookVersions, isVersion, parseWebhookVersions } from './versions';

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

// What tests and the other families import from this family.
export { webhookMac, webhookTimestamp } from './body';
export { deliverV3Event, deliverWebhook } from './delivery';
export { buildEnvelope } from './envelope';
export {
	type DeliverRequest,
	type DeliverV3EventRequest,
	type Delivery,
	type DeliveryAttempt,
	type DeliveryOptions,
	type EnvelopeRequest,
	isErrorEnvelope,
	V3_EVENT_KINDS,
	V3_WEBHOOK_VERSIONS,
	type V3EventKind,
	type V3EventRequest,
	type V3WebhookVersion,
	WEBHOOK4_DOCUMENT_STATUSES,
	WEBHOOK4_EVENT_TYPES,
	type Webhook4DocumentStatus,
	type Webhook4EventType,
	type WebhooksState,
	type WebhookVersionConfig,
} from './state';
export { buildV3Event, isErrorEvent } from './v3Events';
export { configureWebhookVersions, parseWebhookVersions } from './versions';
