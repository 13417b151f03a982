import { v3Failure, v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import {
	complete,
	documentStatus,
	hasActed,
	isExpired,
	requestedDocument,
	type V3State,
} from '../../v3';
import type { V3ExtrasState } from '../state';
import { type Account, completeWhenAllActed, isActive, requestedInvitation } from './shared';

// Mark a document as complete, delete and activate one invitation.

export function markComplete(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	body: unknown,
): Reply {
	const requested = requestedDocument(
		v3,
		account,
		typeof body === 'object' && body !== null
			? (body as Record<string, unknown>).documentId
			: undefined,
	);
	if ('failure' in requested) return requested.failure;
	const { doc } = requested;
	const now = env.clock.now();
	const status = documentStatus(doc, now);
	if (status === 'COMPLETED')
		return v3Failure('document.already.completed', 'The document is already completed');
	if (status === 'DRAFT')
		return v3Failure('document.not.sent', 'A draft document cannot be completed');
	if (doc.invitees.some((invitee) => isActive(extras, doc, invitee, now))) {
		return v3Failure(
			'active.invitation.exists',
			'The document has active invitations: delete them before completing it',
		);
	}
	if (!doc.invitees.some(hasActed))
		return v3Failure('no.signed.invitation.found', 'No invitee has signed the document');
	// The invitations nobody acted on (rejected, expired, not yet reached) are revoked by the completion.
	doc.invitees = doc.invitees.filter(hasActed);
	complete(doc, now);
	return v3Success({}, 'document.complete.success', 'Document marked as complete');
}

export function deleteInvitation(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	query: Record<string, string>,
): Reply {
	const requested = requestedInvitation(v3, account, query.signUrl);
	if ('failure' in requested) return requested.failure;
	const { doc, invitee } = requested;
	if (hasActed(invitee))
		return v3Failure('invitation.already.signed', 'A signed invitation cannot be deleted');
	doc.invitees = doc.invitees.filter((candidate) => candidate !== invitee);
	extras.activatedOutOfTurn.delete(invitee.uuid);
	completeWhenAllActed(doc, env.clock.now());
	return v3Success({}, 'invitation.deleted.success', 'Invitation deleted successfully');
}

export function activateInvitation(
	env: EmulatorEnv,
	v3: V3State,
	extras: V3ExtrasState,
	account: Account,
	query: Record<string, string>,
): Reply {
	const requested = requestedInvitation(v3, account, query.signUrl);
	if ('failure' in requested) return requested.failure;
	const { doc, invitee } = requested;
	const now = env.clock.now();
	if (hasActed(invitee))
		return v3Failure('invitation.already.signed', 'The invitee has already signed');
	if (isActive(extras, doc, invitee, now))
		return v3Failure('invitation.already.active', 'The invitation is already active');
	if (doc.baseStatus === 'DRAFT' || invitee.rejected || isExpired(invitee, now)) {
		return v3Failure(
			'invitation.cannot.be.activated',
			'Only an unsigned invitation of a sent document, neither rejected nor expired, can be activated',
		);
	}
	extras.activatedOutOfTurn.add(invitee.uuid);
	return v3Success({}, 'invitation.activate.success', 'Invitation activated');
}
