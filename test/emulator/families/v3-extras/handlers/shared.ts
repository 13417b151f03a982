import { v3Failure } from '../../../envelopes';
import type { Reply } from '../../../http';
import {
	activeInvitee,
	complete,
	hasActed,
	invalid,
	isExpired,
	type V3Document,
	type V3Invitee,
	type V3State,
} from '../../v3';
import type { V3ExtrasState } from '../state';

// What the v3 extras endpoints share: paging and invitation lookups (errors and checks: the v3 family's).

export type Account = { id: string };

/** The knowledge base's accepted truthy values of a boolean query parameter. */
export const isTrue = (value: string | undefined) =>
	value === 'true' || value === 'TRUE' || value === '1';

/** The invitee of one of the account's documents that a sign URL (whole or its UUID) names. */
export function invitationOf(
	v3: V3State,
	account: Account,
	signUrl: string | undefined,
): { doc: V3Document; invitee: V3Invitee } | undefined {
	const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i
		.exec((signUrl ?? '').trim())?.[1]
		?.toLowerCase();
	for (const doc of v3.documents.values()) {
		const invitee =
			doc.accountId === account.id
				? doc.invitees.find((candidate) => candidate.uuid === uuid)
				: undefined;
		if (invitee) return { doc, invitee };
	}
	return undefined;
}

/**
 * The invitation a request's `signUrl` names, or the failure: `validator.invalid` when it is missing,
 * `invitation.not.found` when no invitation of the account matches it.
 */
export function requestedInvitation(
	v3: V3State,
	account: Account,
	signUrl: string | undefined,
): { doc: V3Document; invitee: V3Invitee } | { failure: Reply } {
	if (!signUrl) return { failure: invalid('signUrl is required') };
	return (
		invitationOf(v3, account, signUrl) ?? {
			failure: v3Failure('invitation.not.found', 'No invitation matches signUrl'),
		}
	);
}

export function isActive(
	extras: V3ExtrasState,
	doc: V3Document,
	invitee: V3Invitee,
	now: number,
): boolean {
	return (
		activeInvitee(doc, now) === invitee ||
		(extras.activatedOutOfTurn.has(invitee.uuid) &&
			!hasActed(invitee) &&
			!invitee.rejected &&
			!isExpired(invitee, now))
	);
}

/** The v3 family derives COMPLETED from the invitations; the signed files are made when that happens. */
export function completeWhenAllActed(doc: V3Document, now: number): void {
	if (doc.invitees.length && doc.invitees.every(hasActed)) complete(doc, now);
}
