import { makePdf } from '../../../fixtures/pdf';
import {
	CERTIFICATE_CRITERIA,
	type CertificateCriterion,
	formatServiceDate,
	hasActed,
	type SignerCertificate,
	type SignType,
	type V3Document,
	type V3Invitee,
} from './state';
import { isObject } from './validation';

// What invitees do to a document (sign, approve, reject, fail certificate verification).

/** The sign type an invitation ends up with: a document signer signs with a DSC. */
export const signTypeOf = (invitee: V3Invitee) =>
	invitee.allowedSignType === 'DOC_SIGNER' ? 'DSC' : invitee.allowedSignType;

/** The certificate an invitee signs with unless told otherwise: the invitee's name, in capitals as certificates have it. */
export const defaultCertificate = (invitee: V3Invitee): SignerCertificate => ({
	name: invitee.name.toUpperCase(),
	pincode: '560001',
	state: 'Karnataka',
	title: '1234',
	yob: '1990',
	gender: 'F',
});

/** The signer certificate data status and details show. */
export const certificateOf = (invitee: V3Invitee) => {
	const { name, pincode, state, title } = invitee.signerCertificate ?? defaultCertificate(invitee);
	return { name, pincode, state, title };
};

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const withoutSpaces = (text: string) => text.replace(/\s+/g, '').toLowerCase();
/** A value check matches its certificate field; a switch's `true` in its place never does. */
const sameValue = (value: unknown, field: string) =>
	(typeof value === 'string' || typeof value === 'number') && String(value).trim() === field;

export const VERIFICATION_CONFIG_KEYS: Partial<Record<SignType, string>> = {
	AADHAAR: 'aadhaarConfig',
	DSC: 'dscConfig',
	DOC_SIGNER: 'dscConfig',
};

/**
 * The first check of the invitee's verification config (aadhaarConfig for Aadhaar, dscConfig for DSC and
 * document signers, as given at create) that `certificate` does not match, or undefined when all match.
 * The name switches compare names ignoring case (smart name: ignoring spaces too); every other check
 * compares its value with the certificate's.
 */
export function certificateMismatchOf(
	invitee: V3Invitee,
	certificate: SignerCertificate,
): CertificateCriterion | undefined {
	const key = VERIFICATION_CONFIG_KEYS[invitee.allowedSignType];
	const config = key ? invitee.extra[key] : undefined;
	if (!isObject(config)) return undefined;
	const checks: Array<[unknown, CertificateCriterion, (value: unknown) => boolean]> = [
		[config.verifyName, 'name', () => normalized(invitee.name) === normalized(certificate.name)],
		[
			config.verifySmartName,
			'name',
			() => withoutSpaces(invitee.name) === withoutSpaces(certificate.name),
		],
		[config.verifyPincode, 'pincode', (value) => sameValue(value, certificate.pincode)],
		[
			config.verifyState,
			'state',
			(value) => typeof value === 'string' && normalized(value) === normalized(certificate.state),
		],
		[config.verifyTitle, 'title', (value) => sameValue(value, certificate.title)],
		[config.verifyYob, 'yob', (value) => sameValue(value, certificate.yob)],
		[config.verifyGender, 'gender', (value) => sameValue(value, certificate.gender)],
	];
	return checks.find(
		([value, , matches]) => value !== undefined && value !== false && !matches(value),
	)?.[1];
}

let completions = 0;

/** Produces the signed PDF and the audit trail, and records the first completion (the completed list's order). */
function finish(doc: V3Document, now: number): void {
	doc.completion ??= { at: now, sequence: ++completions };
	if (doc.baseStatus === 'DRAFT') doc.baseStatus = 'SENT';
	doc.signedPdf = makePdf(
		`Signed: ${doc.name} (${doc.invitees.map((invitee) => invitee.name).join(', ')})`,
	);
	doc.auditTrail = makePdf(`Audit trail of ${doc.documentId} at ${formatServiceDate(now)}`);
}

const finishWhenAllActed = (doc: V3Document, now: number) => {
	if (doc.invitees.every(hasActed)) finish(doc, now);
};

export const update = (invitee: V3Invitee, changes: Partial<V3Invitee>) =>
	Object.assign(invitee, changes);

export function signInvitation(
	doc: V3Document,
	invitee: V3Invitee,
	now: number,
	certificate = invitee.signerCertificate,
): void {
	update(invitee, {
		signed: true,
		rejected: false,
		rejectionReason: undefined,
		forcedExpired: false,
		certificateMismatch: undefined,
		signType: signTypeOf(invitee),
		actedAt: now,
		signerCertificate: certificate,
	});
	finishWhenAllActed(doc, now);
}

export function approveInvitation(doc: V3Document, invitee: V3Invitee, now: number): void {
	update(invitee, { approved: true, actedAt: now });
	finishWhenAllActed(doc, now);
}

export function rejectInvitation(invitee: V3Invitee, now: number, reason?: string): void {
	update(invitee, { rejected: true, rejectionReason: reason, actedAt: now });
}

/** The spec's states table: a failed certificate verification expires the invitation. */
export function failCertificateVerification(
	invitee: V3Invitee,
	now: number,
	criterion: CertificateCriterion,
): void {
	update(invitee, { forcedExpired: true, certificateMismatch: criterion, actedAt: now });
}

const CRITERION_LABELS: Record<CertificateCriterion, string> = {
	name: 'Name',
	pincode: 'Pincode',
	state: 'State',
	title: 'Title',
	yob: 'Year of birth',
	gender: 'Gender',
};

/** The service's error text for a certificate mismatch (Leegality's older webhook documentation). */
export const certificateMismatchText = (criterion: CertificateCriterion) =>
	`${CRITERION_LABELS[criterion]} doesn't match with the Digital Signature Certificate.`;

/** Each criterion's outcome: all matched, except the one that did not. */
export const certificateChecks = (mismatch?: CertificateCriterion) =>
	Object.fromEntries(
		CERTIFICATE_CRITERIA.map((criterion) => [criterion, criterion !== mismatch]),
	) as Record<CertificateCriterion, boolean>;

/** Signs what is left and produces the signed PDF and the audit trail, without webhooks (seed, --sign-on-create). */
export function complete(doc: V3Document, now: number): void {
	for (const invitee of doc.invitees) if (!hasActed(invitee)) signInvitation(doc, invitee, now);
	finish(doc, now);
}
