import type { EmulatorEnv } from '../../server';
import type { V3State } from '../v3';
import { isObject } from './body';
import {
	V3_WEBHOOK_VERSIONS,
	type V3WebhookVersion,
	type WebhooksState,
	type WebhookVersionConfig,
} from './state';

// The webhook version of each workflow's invitees.

export const isVersion = (value: unknown): value is V3WebhookVersion =>
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
export function versionFor(env: EmulatorEnv, profileId: string | undefined, inviteeIndex: number) {
	const state = env.slice<WebhooksState>('webhooks');
	const config = profileId === undefined ? undefined : state.versions.get(profileId);
	if (!config) return state.defaultVersion;
	return 'all' in config ? config.all : (config.invitees[inviteeIndex] ?? state.defaultVersion);
}
