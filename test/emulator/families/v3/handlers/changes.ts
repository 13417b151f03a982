import { v3Failure, v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import {
	activeInvitee,
	DAY_MS,
	DOC_SIGNER_CONSENT,
	documentStatus,
	expiryFromDays,
	isExpired,
	MAX_RESENDS,
	type V3State,
} from '../state';
import { defaultCertificate, signInvitation, update } from '../transitions';
import { invalid, isObject } from '../validation';
import {
	type Account,
	findInvitation,
	inviteeStatus,
	ownDocument,
	requestedDocument,
} from './shared';

// Delete, reactivate, resend, document-signer signing and eBG notification review.

function remove(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	const requested = requestedDocument(state, account, query.documentId);
	if ('failure' in requested) return requested.failure;
	const { doc } = requested;
	state.documents.delete(doc.documentId);
	env.events.emit('documentDeleted', doc.documentId);
	return v3Success({}, 'document.delete.success', 'Document deleted successfully');
}

function reactivate(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const input = isObject(body) ? body : {};
	const doc = ownDocument(state, account, input.documentId);
	if (!doc) return v3Failure('no.document.found', 'No document found');
	const now = env.clock.now();
	let expiresAt: number;
	if (input.expiryDays !== undefined && input.expiryDays !== null) {
		const days = Number(input.expiryDays);
		if (!Number.isInteger(days) || days < -1 || days > 365)
			return v3Failure('invalid.expiry.days.value', 'expiryDays must be from -1 to 365');
		expiresAt = expiryFromDays(now, days);
	} else if (input.expiryTime !== undefined && input.expiryTime !== null) {
		const time = Number(input.expiryTime);
		if (!Number.isFinite(time) || time <= now)
			return v3Failure('invalid.expiry.time', 'expiryTime is in the past or negative');
		if (time > now + 365 * DAY_MS)
			return v3Failure('invalid.expiry.time.maxerror', 'expiryTime is more than 365 days ahead');
		expiresAt = time;
	} else {
		expiresAt = expiryFromDays(now, state.profiles.get(doc.profileId)?.defaultExpiryDays ?? 7);
	}
	const expired = doc.invitees.filter((invitee) => isExpired(invitee, now));
	if (!expired.length)
		return v3Failure('no.expired.invitation.found', 'No expired invitation found');
	for (const invitee of expired)
		update(invitee, {
			forcedExpired: false,
			certificateMismatch: undefined,
			expiresAt,
			resends: 0,
		});
	return v3Success(
		{
			documentId: doc.documentId,
			irn: doc.irn,
			requests: doc.invitees.map((invitee) => inviteeStatus(env, doc, invitee)),
		},
		'signinvitation.activate.success',
		'Invitations reactivated',
	);
}

function resend(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const signUrls = isObject(body) ? body.signUrls : undefined;
	if (!Array.isArray(signUrls) || signUrls.length < 1 || signUrls.length > 15) {
		return invalid('signUrls must hold 1 to 15 sign URLs');
	}
	const now = env.clock.now();
	const invitations = signUrls.map((signUrl) => {
		const found = findInvitation(state, account, signUrl);
		const base = {
			signUrl: String(signUrl),
			name: null as string | null,
			email: null as string | null,
			phone: null as string | null,
		};
		if (!found) return { ...base, status: 0, message: 'Invitation not found' };
		const { doc, invitee } = found;
		const who = {
			...base,
			name: invitee.name,
			email: invitee.email ?? null,
			phone: invitee.phone ?? null,
		};
		if (invitee.signed) return { ...who, status: 0, message: 'Invitee has already signed' };
		if (invitee.approved)
			return { ...who, status: 0, message: 'Invitee has already approved the document' };
		if (invitee.rejected)
			return { ...who, status: 0, message: 'Invitee has rejected the document' };
		if (isExpired(invitee, now)) return { ...who, status: 0, message: 'Invitation has expired' };
		if (doc.baseStatus === 'DRAFT')
			return { ...who, status: 0, message: 'Document has not been sent' };
		if (invitee.resends >= MAX_RESENDS)
			return { ...who, status: 0, message: `Maximum resend limit (${MAX_RESENDS}) reached` };
		invitee.resends += 1;
		return { ...who, status: 1, message: 'Invitation resent successfully' };
	});
	return v3Success({ invitations }, 'invitation.resend.success', 'Resend processed');
}

function docSigner(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	const input = isObject(body) ? body : {};
	const now = env.clock.now();
	// Searched in every account: a sign URL of another account's invitee fails the same way as an unknown one.
	const found = findInvitation(state, undefined, input.signUrl);
	const notExists = () =>
		v3Failure('invitation.not.exists', 'Invitation does not exist or cannot be signed');
	if (!found || found.doc.accountId !== account.id) return notExists();
	const { doc, invitee } = found;
	if (
		invitee.allowedSignType !== 'DOC_SIGNER' ||
		invitee.signed ||
		isExpired(invitee, now) ||
		activeInvitee(doc, now) !== invitee ||
		documentStatus(doc, now) === 'COMPLETED'
	) {
		return notExists();
	}
	if (input.consent !== DOC_SIGNER_CONSENT)
		return v3Failure('invalid.consent', 'Consent does not match');
	const profile = state.docSignerProfiles.get(String(input.profileId ?? ''));
	if (!profile || profile.accountId !== account.id)
		return v3Failure('profile.not.exists', 'Profile does not exist');
	signInvitation(doc, invitee, now, {
		...defaultCertificate(invitee),
		name: profile.name.toUpperCase(),
		title: 'Authorised Signatory',
	});
	return v3Success({}, 'signing.success', 'Document signed successfully');
}

function ebgReview(state: V3State, body: unknown): Reply {
	const data = isObject(body) && isObject(body.data) ? body.data : undefined;
	if (!data) return invalid('data is required');
	const missing = ['requestId', 'loanNumber', 'reviewStatus', 'reviewRemarks', 'notifTxnId'].find(
		(field) => typeof data[field] !== 'string' || !data[field],
	);
	if (missing) return invalid(`data.${missing} is required`);
	if (!['Accepted', 'Rejected'].includes(String(data.reviewStatus)))
		return invalid('data.reviewStatus must be Accepted or Rejected');
	const notification = state.ebgNotifications.get(String(data.notifTxnId));
	if (
		!notification ||
		notification.requestId !== data.requestId ||
		notification.loanNumber !== data.loanNumber
	) {
		return v3Failure(
			'notification.not.found',
			'No eBG notification matches notifTxnId, requestId and loanNumber',
		);
	}
	if (notification.review)
		return v3Failure(
			'notification.already.reviewed',
			'This eBG notification has already been reviewed',
		);
	notification.review = { ...data };
	return v3Success({}, 'ebg.notification.review.success', 'Notification reviewed successfully');
}

// Exported in one list, so that each handler's signature stays on one line.
export { docSigner, ebgReview, reactivate, remove, resend };
