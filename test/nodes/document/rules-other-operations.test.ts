import { documentIdSchema } from '../../../nodes/DocumentExecution/resources/document/common';
import { downloadQuerySchema } from '../../../nodes/DocumentExecution/resources/document/download';
import { detailsQuerySchema } from '../../../nodes/DocumentExecution/resources/document/getDetails';
import { listQuerySchema } from '../../../nodes/DocumentExecution/resources/document/getMany';
import { reactivateBodySchema } from '../../../nodes/DocumentExecution/resources/document/reactivate';
import { resendSchema } from '../../../nodes/DocumentExecution/resources/document/resend';
import { ebgReviewBodySchema } from '../../../nodes/DocumentExecution/resources/document/reviewEbg';
import {
	docSignerBodySchema,
	SIGN_WITH_DOC_SIGNER_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/signWithDocSigner';
import { limitSchema } from '../../../nodes/DocumentExecution/shared/requests/v3ListPager';
import { itChecksEachRule, type RuleRow } from './rule-rows';

/**
 * The rules of the document operations other than Create: the Document ID, Get Details, Download File,
 * Get Many, Reactivate, Resend Invitations, Sign With Document Signer and Review eBG Notification.
 */

const NOW = Date.UTC(2025, 0, 1);
const DAY = 24 * 3600_000;

const rules: RuleRow[] = [
	[
		'document ID required',
		documentIdSchema,
		{ documentId: 'D' },
		{ documentId: '' },
		'Document ID: is required',
	],
	[
		'details sections are switches the service lists',
		detailsQuerySchema,
		{ documentId: 'D', sections: ['workflow_name'] },
		{ documentId: 'D', sections: ['invitees'] },
		'Sections: unknown section "invitees"; pick from the Sections list',
	],
	[
		'details sections are a list',
		detailsQuerySchema,
		{ documentId: 'D' },
		{ documentId: 'D', sections: { file: true } },
		'Sections: must be a list of sections',
	],
	[
		'download type enumeration',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'DOCUMENT' },
		{ documentId: 'D', downloadType: 'document' },
		'File Type: must be one of DOCUMENT, AUDIT_TRAIL, ATTACHMENT, SUPPORTING_DOCUMENT',
	],
	[
		'index required for ATTACHMENT',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: 0 },
		{ documentId: 'D', downloadType: 'ATTACHMENT' },
		'Index: is required for ATTACHMENT',
	],
	[
		'index not negative',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: 2 },
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: -1 },
		'Index: cannot be negative',
	],
	[
		'index whole number',
		downloadQuerySchema,
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: '3' },
		{ documentId: 'D', downloadType: 'ATTACHMENT', index: 0.5 },
		'Index: must be a whole number',
	],
	[
		'sign URL for SUPPORTING_DOCUMENT',
		downloadQuerySchema,
		{
			documentId: 'D',
			downloadType: 'SUPPORTING_DOCUMENT',
			index: 0,
			signUrl: 'u',
		},
		{ documentId: 'D', downloadType: 'SUPPORTING_DOCUMENT', index: 0 },
		'Sign URL: is required for SUPPORTING_DOCUMENT',
	],
	[
		'page size at most 40',
		listQuerySchema,
		{ max: 40 },
		{ max: 41 },
		'Page Size: cannot be more than 40',
	],
	[
		'page size at least 1',
		listQuerySchema,
		{ max: 1 },
		{ max: 0 },
		'Page Size: must be at least 1',
	],
	[
		'list status enumeration',
		listQuerySchema,
		{ max: 40, status: 'SIGNED' },
		{ max: 40, status: 'signed' },
		'Status: must be one of DRAFT, SENT, RECEIVED, SIGNED, COMPLETED, EXPIRED',
	],
	['limit at least 1', limitSchema, { limit: 1 }, { limit: 0 }, 'Limit: must be at least 1'],
	[
		'expiryDays at least -1',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryDays: -1 },
		{ documentId: 'D', expiryDays: -2 },
		'Expiry Days: must be from -1 to 365',
	],
	[
		'expiryDays at most 365',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryDays: 365 },
		{ documentId: 'D', expiryDays: 366 },
		'Expiry Days: must be from -1 to 365',
	],
	[
		'expiryTime in the future',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryTime: NOW + 1 },
		{ documentId: 'D', expiryTime: NOW },
		'Expiry Date and Time: must be in the future',
	],
	[
		'expiryTime at most 365 days ahead',
		reactivateBodySchema(NOW),
		{ documentId: 'D', expiryTime: NOW + 365 * DAY },
		{ documentId: 'D', expiryTime: NOW + 365 * DAY + 1 },
		'Expiry Date and Time: must be at most 365 days ahead',
	],
	[
		'one of expiryDays and expiryTime',
		reactivateBodySchema(NOW),
		{ documentId: 'D' },
		{ documentId: 'D', expiryDays: 1, expiryTime: NOW + DAY },
		'Expiry Days: and Expiry Date and Time cannot both be set',
	],
	[
		'1 sign URL at least',
		resendSchema,
		{ signUrls: ['u'] },
		{ signUrls: [] },
		'needs at least one sign URL',
	],
	[
		'15 sign URLs at most',
		resendSchema,
		{ signUrls: Array(15).fill('u') },
		{ signUrls: Array(16).fill('u') },
		'can hold at most 15 sign URLs per item',
	],
	[
		'doc signer consent required',
		docSignerBodySchema,
		{ signUrl: 'u', profileId: 'p', consent: 'c' },
		{ signUrl: 'u', profileId: 'p', consent: '' },
		"Consent: is required (the service's consent text, exactly)",
	],
	[
		'doc signer profile required',
		docSignerBodySchema,
		{ signUrl: 'u', profileId: 'p', consent: 'c' },
		{ signUrl: 'u', consent: 'c' },
		'Document Signer Profile ID: is required',
		SIGN_WITH_DOC_SIGNER_LABELS,
	],
	[
		'eBG review status enumeration',
		ebgReviewBodySchema,
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'Rejected',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'rejected',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		'Review Status: must be one of Accepted, Rejected',
	],
	[
		'eBG remarks required',
		ebgReviewBodySchema,
		{
			data: {
				requestId: 'r',
				loanNumber: 'l',
				reviewStatus: 'Accepted',
				reviewRemarks: 'x',
				notifTxnId: 'n',
			},
		},
		{ data: { requestId: 'r', loanNumber: 'l', reviewStatus: 'Accepted', notifTxnId: 'n' } },
		'Review Remarks: is required',
	],
];

describe('document rules (one test per rule)', () => {
	itChecksEachRule(rules);
});
