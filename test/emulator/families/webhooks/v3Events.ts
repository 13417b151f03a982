import { randomUUID } from 'node:crypto';

import { makePdf } from '../../../fixtures/pdf';
import type { EmulatorEnv } from '../../server';
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
} from '../v3';
import { accountOf, randomUlid, seal } from './body';
import {
	V3_EVENT_KINDS,
	V3_WEBHOOK_VERSIONS,
	type V3EventKind,
	type V3EventRequest,
} from './state';
import { isVersion, versionFor } from './versions';

// v3 flat events, in the body of each webhook version.

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

export function v3Event(
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
