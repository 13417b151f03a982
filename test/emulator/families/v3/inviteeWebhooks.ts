import type { EmulatorEnv } from '../../server';
import type { InviteeWebhookConfig, InviteeWebhookUrls, V3Document, V3State } from './state';
import { isObject } from './validation';

// The workflows' webhook URLs per invitee (control route, seed and in process).

/** Checks a webhook configuration sent to the control route; answers why it is refused, if it is. */
export function parseInviteeWebhooks(body: unknown): InviteeWebhookConfig | string {
	const urls = (entry: unknown, where: string): InviteeWebhookUrls | string => {
		if (!isObject(entry)) return `${where} must be an object`;
		const parsed: InviteeWebhookUrls = {};
		for (const key of ['webhookUrl', 'errorWebhookUrl'] as const) {
			const value = entry[key];
			if (value === undefined || value === null) continue;
			if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value))
				return `${where}.${key} must be an http(s) URL`;
			parsed[key] = value;
		}
		return parsed;
	};
	if (!isObject(body) || 'all' in body === 'invitees' in body)
		return 'Body needs exactly one of {invitees: [...]} or {all: {...}}';
	if ('all' in body) {
		const all = urls(body.all, 'all');
		return typeof all === 'string' ? all : { all };
	}
	if (!Array.isArray(body.invitees)) return 'invitees must be an array';
	const invitees: InviteeWebhookUrls[] = [];
	for (const [index, entry] of body.invitees.entries()) {
		const parsed = urls(entry, `invitees[${index}]`);
		if (typeof parsed === 'string') return parsed;
		invitees.push(parsed);
	}
	return { invitees };
}

/** Sets a workflow's invitee webhooks (replacing what it had); they apply to its documents' later actions. */
export function configureInviteeWebhooks(
	env: EmulatorEnv,
	profileId: string,
	config: InviteeWebhookConfig,
): void {
	const profile = env.slice<V3State>('v3').profiles.get(profileId);
	if (!profile) throw new Error(`No workflow ${profileId}`);
	profile.inviteeWebhooks = config;
}

/** The webhook URLs of a document's invitee, read from its workflow at the time of the action. */
export function inviteeWebhookUrls(
	state: V3State,
	doc: V3Document,
	inviteeIndex: number,
): InviteeWebhookUrls {
	const config = state.profiles.get(doc.profileId)?.inviteeWebhooks;
	if (!config) return {};
	return 'all' in config ? config.all : (config.invitees[inviteeIndex] ?? {});
}
