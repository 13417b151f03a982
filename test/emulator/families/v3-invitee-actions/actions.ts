import type { EmulatorEnv } from '../../server';
import {
	activeInvitee,
	approveInvitation,
	CERTIFICATE_CRITERIA,
	type CertificateCriterion,
	certificateMismatchOf,
	defaultCertificate,
	documentStatus,
	failCertificateVerification,
	hasActed,
	inviteeWebhookUrls,
	rejectInvitation,
	type SignerCertificate,
	signInvitation,
	type V3Document,
	type V3Invitee,
	type V3State,
} from '../v3';
import { deliverV3Event, type Delivery, isErrorEvent, type V3EventKind } from '../webhooks';

// Invitee actions and the flat webhooks they send.

export const INVITEE_ACTIONS = [
	'sign-next',
	'sign-all',
	'reject',
	'fail-certificate',
	'review-approve',
] as const;
export type InviteeAction = (typeof INVITEE_ACTIONS)[number];

export interface InviteeActionOptions {
	/** reject: the signer's reason (`rejectionMessage`). */
	reason?: string;
	/** fail-certificate: what did not match; default `name`. */
	criterion?: CertificateCriterion;
	/**
	 * sign-next: the certificate the invitee signs with, over the default (the invitee's name in capitals,
	 * pincode 560001, state Karnataka, title 1234, yob 1990, gender F). It is compared with the invitee's
	 * verification config: a mismatch fails the invitation as fail-certificate does, instead of signing.
	 */
	certificate?: Partial<SignerCertificate>;
}

export interface InviteeActionResult {
	documentId: string;
	/** The document's status after the action(s), as the status operation reads it. */
	status: string;
	/** One per notified action, in order; empty when no URL is configured. */
	deliveries: Delivery[];
}

/** Why an action cannot happen: `httpStatus` 404 (no such document), 409 (nobody can act), 400 (bad options). */
export class InviteeActionError extends Error {
	constructor(
		readonly httpStatus: number,
		message: string,
	) {
		super(message);
	}
}

/** What the active invitee does, and the event the service sends for it. */
const STEPS: Record<
	Exclude<InviteeAction, 'sign-all'>,
	{
		event: V3EventKind;
		/** Does the action; answers the event that happened instead of `event`, if another did. */
		act(
			doc: V3Document,
			invitee: V3Invitee,
			now: number,
			options: InviteeActionOptions,
		): V3EventKind | void;
	}
> = {
	'sign-next': {
		event: 'signed',
		act: (doc, invitee, now, options) => {
			const certificate = { ...defaultCertificate(invitee), ...options.certificate };
			const mismatch = certificateMismatchOf(invitee, certificate);
			if (!mismatch) return signInvitation(doc, invitee, now, certificate);
			failCertificateVerification(invitee, now, mismatch);
			return 'certificateVerificationFailed';
		},
	},
	'review-approve': {
		event: 'reviewerApproved',
		act: (doc, invitee, now) => approveInvitation(doc, invitee, now),
	},
	reject: {
		event: 'rejected',
		act: (_doc, invitee, now, options) => rejectInvitation(invitee, now, options.reason),
	},
	'fail-certificate': {
		event: 'certificateVerificationFailed',
		act: (_doc, invitee, now, options) =>
			failCertificateVerification(invitee, now, options.criterion ?? 'name'),
	},
};

function checkOptions(options: InviteeActionOptions): void {
	if (options.reason !== undefined && typeof options.reason !== 'string')
		throw new InviteeActionError(400, 'reason must be a string');
	if (options.criterion !== undefined && !CERTIFICATE_CRITERIA.includes(options.criterion)) {
		throw new InviteeActionError(
			400,
			`criterion must be one of ${CERTIFICATE_CRITERIA.join(', ')}`,
		);
	}
	const { certificate } = options;
	if (certificate === undefined) return;
	const fields = ['name', 'pincode', 'state', 'title', 'yob', 'gender'];
	if (
		typeof certificate !== 'object' ||
		certificate === null ||
		Object.entries(certificate).some(
			([field, value]) => !fields.includes(field) || typeof value !== 'string',
		)
	) {
		throw new InviteeActionError(
			400,
			`certificate must be an object of strings among ${fields.join(', ')}`,
		);
	}
}

/**
 * Makes invitees of a v3 document act and delivers the service's webhook for each action:
 * - `sign-next`: the active invitee signs with `options.certificate` (`signed`; the document is COMPLETED when
 *   it was the last to act), unless the certificate does not match the invitee's verification config: then the
 *   invitation expires as with `fail-certificate`;
 * - `sign-all`: every invitee who has not acted signs in order, one `signed` each (a DRAFT is sent first; a
 *   rejected or expired invitee signs too, as an operator completing the document would have it);
 * - `reject`: the active invitee rejects (`rejected`, with `options.reason`);
 * - `fail-certificate`: the active invitee's certificate does not match `options.criterion` (the invitation
 *   expires; `certificateVerificationFailed`);
 * - `review-approve`: the active invitee approves as a reviewer (`reviewerApproved`; the next invitee is active).
 */
export async function inviteeActs(
	env: EmulatorEnv,
	documentId: string,
	action: InviteeAction,
	options: InviteeActionOptions = {},
): Promise<InviteeActionResult> {
	if (!INVITEE_ACTIONS.includes(action))
		throw new InviteeActionError(400, `action must be one of ${INVITEE_ACTIONS.join(', ')}`);
	checkOptions(options);
	const state = env.slice<V3State>('v3');
	const doc = state.documents.get(documentId);
	if (!doc) throw new InviteeActionError(404, `No document ${documentId}`);
	const deliveries: Delivery[] = [];
	const notify = async (invitee: V3Invitee, event: V3EventKind) => {
		const inviteeIndex = doc.invitees.indexOf(invitee);
		const urls = inviteeWebhookUrls(state, doc, inviteeIndex);
		const url = isErrorEvent(event) ? urls.errorWebhookUrl : urls.webhookUrl;
		if (url) deliveries.push(await deliverV3Event(env, { url, event, documentId, inviteeIndex }));
	};

	if (action === 'sign-all') {
		if (doc.baseStatus === 'DRAFT') doc.baseStatus = 'SENT';
		for (const invitee of doc.invitees.filter((candidate) => !hasActed(candidate))) {
			signInvitation(doc, invitee, env.clock.now());
			await notify(invitee, 'signed');
		}
	} else {
		const invitee = activeInvitee(doc, env.clock.now());
		if (!invitee)
			throw new InviteeActionError(
				409,
				`No invitee of ${documentId} can act: the document is ${documentStatus(doc, env.clock.now())}`,
			);
		const step = STEPS[action];
		const happened = step.act(doc, invitee, env.clock.now(), options);
		await notify(invitee, happened ?? step.event);
	}
	return { documentId, status: documentStatus(doc, env.clock.now()), deliveries };
}
