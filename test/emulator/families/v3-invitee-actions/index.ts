import { json, type Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import {
	INVITEE_ACTIONS,
	InviteeActionError,
	type InviteeActionOptions,
	inviteeActs,
} from './actions';

/**
 * Invitees acting on v3 documents, and the flat webhook the service sends for each action to the URL configured
 * for that invitee on the document's workflow (success URL for signed and approved, error URL for rejected and
 * a failed certificate verification; no URL, no delivery). Configure the URLs with
 * `PUT /__emulator/v3/profiles/:id/webhooks` (v3 family) or the seed keys `v3WebhookUrl`/`v3ErrorWebhookUrl`.
 *
 * In process: `await inviteeActs(emulator.env, documentId, 'sign-next')`. Out of process:
 * `POST /__emulator/v3/documents/:id/<action>` with the options as JSON body. Both answer
 * `{documentId, status, deliveries}` once the deliveries are done (retries included).
 */

export const family: EmulatorFamily<Record<string, never>> = {
	name: 'v3InviteeActions',
	createState: () => ({}),
	register(router: Router, env: EmulatorEnv) {
		for (const action of INVITEE_ACTIONS) {
			router.add('POST', `/__emulator/v3/documents/:id/${action}`, async (ctx) => {
				try {
					return json(
						200,
						await inviteeActs(env, ctx.params.id, action, (ctx.body ?? {}) as InviteeActionOptions),
					);
				} catch (error) {
					if (error instanceof InviteeActionError)
						return json(error.httpStatus, { message: error.message });
					throw error;
				}
			});
		}
	},
};

// What tests and the other families import from this family.
export {
	INVITEE_ACTIONS,
	type InviteeAction,
	InviteeActionError,
	type InviteeActionOptions,
	type InviteeActionResult,
	inviteeActs,
} from './actions';
