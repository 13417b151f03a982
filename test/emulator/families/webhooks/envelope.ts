import { randomBytes, randomUUID } from 'node:crypto';

import type { EmulatorEnv } from '../../server';
import { accountOf, randomUlid, seal, v4Packs, webhookTimestamp } from './body';
import {
	type EnvelopeRequest,
	WEBHOOK4_DOCUMENT_STATUSES,
	WEBHOOK4_EVENT_TYPES,
	WEBHOOK4_EVENTS,
} from './state';

// Webhook 4.0 envelopes.

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
