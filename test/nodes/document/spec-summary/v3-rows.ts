import * as documentCommon from '../../../../nodes/DocumentExecution/resources/document/common';
import * as documentDownload from '../../../../nodes/DocumentExecution/resources/document/download';
import * as getDetails from '../../../../nodes/DocumentExecution/resources/document/getDetails';
import * as getMany from '../../../../nodes/DocumentExecution/resources/document/getMany';
import * as reactivateRules from '../../../../nodes/DocumentExecution/resources/document/reactivate';
import * as resend from '../../../../nodes/DocumentExecution/resources/document/resend';
import * as reviewEbg from '../../../../nodes/DocumentExecution/resources/document/reviewEbg';
import * as signer from '../../../../nodes/DocumentExecution/resources/document/signWithDocSigner';
import * as ebgGet from '../../../../nodes/DocumentExecution/resources/ebgNotification/get';
import * as ebgGetMany from '../../../../nodes/DocumentExecution/resources/ebgNotification/getMany';
import * as invitation from '../../../../nodes/DocumentExecution/resources/invitation/common';
import * as stampExpiring from '../../../../nodes/DocumentExecution/resources/stamp/getExpiring';
import * as stampSeries from '../../../../nodes/DocumentExecution/resources/stamp/getSeries';
import { DOWNLOAD_LABELS } from '../../../../nodes/DocumentExecution/shared/files/downloadRequest';
import * as v3ListPager from '../../../../nodes/DocumentExecution/shared/requests/v3ListPager';
import { broken, rule, type Rule } from './rule';

const NOW = Date.now();
const DAY = 24 * 3600_000;
const ebg = (data: Record<string, unknown>) => ({
	data: {
		requestId: 'R',
		loanNumber: 'L',
		reviewStatus: 'Accepted',
		reviewRemarks: 'ok',
		notifTxnId: 'N',
		...data,
	},
});
const download = (query: Record<string, unknown>) => ({
	documentId: 'DOC1',
	downloadType: 'DOCUMENT',
	...query,
});
const { reactivateBodySchema } = reactivateRules;
broken.add(reactivateBodySchema);
const reactivate = reactivateBodySchema(NOW);

/**
 * The rows of the v3 operations other than Create: the other Document operations, Invitation, eBG
 * Notification, Stamp and Wallet.
 */
export function v3Rows(): Rule[] {
	return [
		rule(
			'Document → Delete, Download All Files, Download File, Get Details, Get Status, Mark as Complete, Reactivate',
			documentCommon.documentIdSchema,
			{ documentId: ' ' },
			documentCommon.DOCUMENT_ID_LABELS,
		),
		rule(
			'Document → Get Details',
			getDetails.detailsQuerySchema,
			{ documentId: 'DOC1', sections: ['signature'] },
			getDetails.GET_DETAILS_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'SIGNED' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: '' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: -1 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: 1.5 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'SUPPORTING_DOCUMENT', index: 0 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Get Many',
			getMany.listQuerySchema,
			{ status: 'DONE', max: 40 },
			getMany.GET_MANY_LABELS,
		),
		rule('Document → Get Many', getMany.listQuerySchema, { max: 41 }, getMany.GET_MANY_LABELS),
		rule('Document → Get Many', v3ListPager.limitSchema, { limit: 0 }, getMany.GET_MANY_LABELS),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 366 },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 1.5 },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryTime: NOW - DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryTime: NOW + 366 * DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 1, expiryTime: NOW + DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: [] },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: Array(16).fill('https://app1.leegality.com/sign/1') },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: [' '] },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Review eBG Notification',
			reviewEbg.ebgReviewBodySchema,
			ebg({ reviewStatus: 'accepted' }),
			reviewEbg.REVIEW_EBG_LABELS,
		),
		rule(
			'Document → Review eBG Notification',
			reviewEbg.ebgReviewBodySchema,
			ebg({ notifTxnId: '' }),
			reviewEbg.REVIEW_EBG_LABELS,
		),
		rule(
			'Document → Sign With Document Signer',
			signer.docSignerBodySchema,
			{ signUrl: 'S', profileId: ' ', consent: 'C' },
			signer.SIGN_WITH_DOC_SIGNER_LABELS,
		),
		rule(
			'Document → Sign With Document Signer',
			signer.docSignerBodySchema,
			{ signUrl: 'S', profileId: 'P', consent: '' },
			signer.SIGN_WITH_DOC_SIGNER_LABELS,
		),
		rule(
			'Invitation → Activate, Delete',
			invitation.signUrlQuerySchema,
			{ signUrl: 'https://app1.leegality.com/doc/1' },
			invitation.INVITATION_LABELS,
		),
		rule('eBG Notification → Get', ebgGet.detailSchema, { notifTxnId: ' ' }, ebgGet.GET_LABELS),
		rule(
			'eBG Notification → Get Many',
			ebgGetMany.listQuerySchema,
			{ status: 'DONE' },
			ebgGetMany.GET_MANY_LABELS,
		),
		rule(
			'eBG Notification → Get Many',
			ebgGetMany.listQuerySchema,
			{ max: 0 },
			ebgGetMany.GET_MANY_LABELS,
		),
		rule(
			'Stamp → Get Expiring Series',
			stampExpiring.expiryQuerySchema,
			{ lookUpPeriod: -1 },
			stampExpiring.GET_EXPIRING_LABELS,
		),
		rule(
			'Stamp → Get Series',
			stampSeries.seriesQuerySchema,
			{ include: ['colour'] },
			stampSeries.GET_SERIES_LABELS,
		),
		rule('Wallet → Get Purchases', v3ListPager.limitSchema, { limit: 0 }, v3ListPager.LIMIT_LABELS),
	];
}
