import { v3Failure } from '../../../envelopes';
import type { Reply, RouteContext } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import {
	activeInvitee,
	formatServiceDate,
	isExpired,
	type V3Document,
	type V3Invitee,
	type V3State,
} from '../state';
import { present } from '../validation';

// What every v3 endpoint uses: authentication, the caller's documents, invitation lookups.

export type Ctx = RouteContext;
export type Account = { id: string };

export function authenticate(env: EmulatorEnv, ctx: Ctx): Account | Reply {
	const account = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
	if (!account) return v3Failure('invalid.auth.token', 'Invalid or missing X-Auth-Token');
	return account;
}

/**
 * The caller's document a request names, or the service's failure: `document.id.required` when the documentId is
 * missing, `no.document.found` when it is unknown or another account's (choices/v3.md).
 */
export function requestedDocument(
	state: V3State,
	account: Account,
	documentId: unknown,
): { doc: V3Document } | { failure: Reply } {
	if (!present(documentId))
		return { failure: v3Failure('document.id.required', 'documentId is required') };
	const doc = ownDocument(state, account, documentId);
	return doc ? { doc } : { failure: v3Failure('no.document.found', 'No document found') };
}

export function ownDocument(
	state: V3State,
	account: Account,
	documentId: unknown,
): V3Document | undefined {
	const doc = typeof documentId === 'string' ? state.documents.get(documentId) : undefined;
	return doc && doc.accountId === account.id ? doc : undefined;
}

export const signUrlOf = (env: EmulatorEnv, invitee: V3Invitee) =>
	`${env.origin()}/sign/${invitee.uuid}`;

/** A sign URL, whole or just its UUID. */
export function uuidOf(value: unknown): string | undefined {
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
		value.trim(),
	);
	return match?.[1]?.toLowerCase();
}

export function findInvitation(state: V3State, account: Account | undefined, signUrl: unknown) {
	const uuid = uuidOf(signUrl);
	if (!uuid) return undefined;
	for (const doc of state.documents.values()) {
		if (account && doc.accountId !== account.id) continue;
		const invitee = doc.invitees.find((candidate) => candidate.uuid === uuid);
		if (invitee) return { doc, invitee };
	}
	return undefined;
}

export function inviteeStatus(env: EmulatorEnv, doc: V3Document, invitee: V3Invitee) {
	const now = env.clock.now();
	return {
		name: invitee.name,
		email: invitee.email ?? null,
		phone: invitee.phone ?? null,
		signUrl: signUrlOf(env, invitee),
		signed: invitee.signed,
		rejected: invitee.rejected,
		expired: isExpired(invitee, now),
		expiryDate: formatServiceDate(invitee.expiresAt),
		signType: invitee.signed ? invitee.signType : null,
		active: activeInvitee(doc, now) === invitee,
	};
}
