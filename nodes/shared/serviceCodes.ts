/**
 * Every code the spec lists, with a sentence a user can act on. The readers in errors.ts look codes up
 * here; a code the service sends that is not listed keeps the service's own message.
 */
export interface CodeExplanation {
	message: string;
	hint?: string;
}

export type CodeTable = Readonly<Record<string, CodeExplanation>>;

export const V3_CODES: CodeTable = {
	'no.document.found': {
		message: 'No document matches this document ID',
		hint: 'Check the ID. Deleted documents cannot be read, and a file can only be fetched once the document is COMPLETED (SENT and DRAFT documents are not found).',
	},
	'document.id.required': { message: 'The document ID is missing' },
	'no.expired.invitation.found': {
		message: 'The document has no expired invitation to reactivate',
		hint: 'Reactivation only applies to invitations whose expired flag is true. Use Get Status to see them.',
	},
	'invalid.expiry.days.value': { message: 'Expiry days must be a whole number from -1 to 365' },
	'invalid.expiry.time': { message: 'The expiry time is in the past or negative' },
	'invalid.expiry.time.maxerror': { message: 'The expiry time is more than 365 days ahead' },
	'document.download.type': {
		message: 'The download type is not valid',
		hint: 'Use DOCUMENT, AUDIT_TRAIL, ATTACHMENT or SUPPORTING_DOCUMENT.',
	},
	'no.attachments.exists': { message: 'The document has no attachment' },
	'index.out.of.bound': { message: 'There is no file at this index', hint: 'Indexes start at 0.' },
	'index.not.negative': { message: 'The index cannot be negative' },
	'invitation.not.found': { message: 'No invitation matches this sign URL' },
	'validator.invalid': { message: 'The service rejected the request parameters' },
	'invitation.not.exists': {
		message: 'The invitation cannot be signed with a document signer certificate',
		hint: 'The sign URL may be invalid, of another sign type, already signed, expired, on a completed document, or the Auth Token belongs to another account than the invitee.',
	},
	'invalid.consent': {
		message: "The consent text does not match the service's constant",
		hint: 'It must match exactly, including case, spacing and punctuation.',
	},
	'profile.not.exists': {
		message: "No document signer profile with this ID exists in the invitee's account",
	},
	// Not in the spec: public client code against the live service (collected 2026-11-25).
	'file.content.type.not.allowed': {
		message: 'A file of the signing request is not a PDF',
		hint: 'The document, the additional files and the stamp paper must each be a PDF (its bytes start with %PDF-).',
	},
	'invalid.auth.token': {
		message: 'The service refused the Auth Token',
		hint: 'Check the token in the credential and that it belongs to the chosen environment.',
	},
};

export const V4_CODES: CodeTable = {
	LE_ERR_AP_007: { message: 'Max must be at least 1' },
	LE_ERR_AP_066: { message: 'Max cannot be more than 40' },
	LE_ERR_AP_061: {
		message: 'A query parameter is not valid',
		hint: 'Max and offset must be whole numbers.',
	},
	LE_ERR_AP_067: { message: 'Offset must be a whole number of 0 or more' },
	LE_ERR_AP_011: {
		message: 'Offset plus max cannot pass 1000 without a status filter',
		hint: 'Filter by status to read past the first 1000 packs.',
	},
	LE_ERR_AP_009: { message: 'Sort by must be createdAt or updatedAt' },
	LE_ERR_AP_010: { message: 'Sort order must be asc or desc' },
	LE_ERR_AP_013: { message: 'Status must be DRAFT, SENT, EXPIRED or COMPLETED' },
	LE_ERR_AP_043: { message: 'The download type is missing' },
	LE_ERR_AP_044: { message: 'The download type is not supported' },
	LE_ERR_AP_029: {
		message: 'A document ID is needed for DOCUMENT, AUDIT_TRAIL and ATTACHMENT downloads',
	},
	LE_ERR_AP_045: { message: 'A sign URL is needed for SUPPORTING_DOCUMENT downloads' },
	LE_ERR_AP_046: { message: 'The index cannot be negative' },
	LE_ERR_AP_062: { message: 'The index must be a whole number' },
	LE_ERR_AP_024: {
		message: 'The audit trail is not available yet',
		hint: 'It can be downloaded once the document is fully signed.',
	},
	LE_ERR_AP_080: {
		message: 'The service refused the credentials',
		hint: 'The token is missing, invalid or expired. Check the credential, or reconnect the OAuth2 credential.',
	},
	LE_ERR_AP_001: {
		message: 'No document or pack matches this ID',
		hint: 'Check the ID: a pack document ID or a pack identifier from Search or Get, of this account.',
	},
	LE_ERR_AP_047: {
		message: 'The requested file is not available',
		hint: 'For example, there is no attachment at that index.',
	},
};

/** v1 codes, top-level and inner. */
export const V1_CODES: CodeTable = {
	LE_ERR_SS_400: {
		message: 'The service rejected the request as invalid',
		hint: 'The entries above name the field the service refused (its path).',
	},
	LE_ERR_SS_008: {
		message: 'The licence did not pass validation',
		hint: 'Check that the licence content is the JWT you were given, unchanged.',
	},
	LE_ERR_SS_401: { message: 'The service refused the credentials' },
	LE_ERR_SS_303: {
		message: 'The Auth Token is invalid or expired',
		hint: 'Check the Auth Token in the credential and that it belongs to the chosen environment.',
	},
	LE_ERR_SS_301: {
		message: 'Authentication failed while uploading the licence',
		hint: 'Check the Auth Token in the credential and that it belongs to the chosen environment.',
	},
	LE_ERR_SS_404: { message: 'The requested resource does not exist' },
	LE_ERR_SS_203: {
		message: 'The settings or password policy do not exist yet',
		hint: 'A password policy is created with Password Policy > Create; settings are set up by the service.',
	},
	LE_ERR_SS_001: {
		message: 'A role or entitlement with this ID does not exist',
		hint: 'Entitlement IDs are fixed by the service.',
	},
	LE_ERR_SS_409: { message: 'The resource already exists' },
	LE_ERR_SS_010: {
		message:
			'It already exists (one password policy per organisation; OAuth2 client IDs are unique)',
		hint: 'Read the existing password policy with Password Policy > Get, or choose another client ID.',
	},
	LE_ERR_SS_500: {
		message: 'The service had an internal error',
		hint: "Try again later; if it persists, contact the service's support.",
	},
};
