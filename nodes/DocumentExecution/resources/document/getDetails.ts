import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/descriptions';
import { sectionList } from '../../shared/parameters';
import { refuse, type FieldLabels } from '../../shared/rules';
import { sectionLabel, sectionListSchema, switchQuery } from '../../shared/sectionSwitches';

/** Document → Get Details: the document with the sections asked for. */

/**
 * The v3.3 document details switches, as the 2022 public API description lists them (the spec does not name
 * them; see docs/choices/document.md). Its deprecated invitations_signatureOptionsUsed is left out.
 */
export const DETAIL_SWITCHES = [
	'file',
	'auditTrail',
	'document_scheduledDeletionDate',
	'document_customMessage',
	'document_deleteOnComplete',
	'document_requestSigningOrder',
	'document_requireSigningOrder',
	'sftp',
	'workflow',
	'workflow_name',
	'workflow_type',
	'workflow_subType',
	'template',
	'template_name',
	'account',
	'account_name',
	'account_label',
	'account_brandName',
	'sender',
	'sender_name',
	'folder',
	'folder_name',
	'stampDetails',
	'stampDetails_groupName',
	'stampDetails_groupNumber',
	'stampDetails_maximumValuePermitted',
	'stampDetails_stamps',
	'stampDetails_stamps_associatedDocumentId',
	'referenceAttachments',
	'neslDocumentDetails',
	'neslDocumentDetails_securityDetails',
	'neslDocumentDetails_stampDetails',
	'neslDocumentDetails_stampDetails_firstPartyPin',
	'neslDocumentDetails_stampDetails_secondPartyPin',
	'neslDocumentDetails_stampDetails_firstPartyOVDType',
	'neslDocumentDetails_stampDetails_firstPartyOVDValue',
	'neslDocumentDetails_stampDetails_secondPartyOVDType',
	'neslDocumentDetails_stampDetails_secondPartyOVDValue',
	'cc',
	'coordinatePicker',
	'invitations_inviteeConfigs',
	'invitations_inviteeConfigs_retry',
	'invitations_inviteeConfigs_fixedName',
	'invitations_inviteeConfigs_noName',
	'invitations_inviteeConfigs_supportingDocument',
	'invitations_inviteeConfigs_organizationConfig',
	'invitations_inviteeConfigs_security',
	'invitations_inviteeConfigs_customURL',
	'invitations_inviteeConfigs_customConsent',
	'invitations_inviteeConfigs_enableRejectDocument',
	'invitations_inviteeConfigs_enableRejectMessage',
	'invitations_recordReviewerDetails',
	'invitations_inviteeGroup',
	'invitations_inviteeGroup_name',
	'invitations_inviteeGroup_completionThreshold',
	'invitations_inviteeGroup_size',
	'invitations_inviteeGroup_completed',
	'invitations_signatureOptions',
	'invitations_neslInvitationDetails',
	'invitations_neslInvitationDetails_participantDetails',
	'invitations_InvitationOfflineSignDetails',
	'invitations_invitationStatus_failureReason',
	'invitations_invitationStatus_rejectionMessage',
	'invitations_invitationStatus_signRejectionMessage',
	'invitations_certificateData',
	'invitations_verificationRequest',
	'invitations_verificationResponse',
	'invitations_supportingDocuments',
] as const;
export type DetailSwitch = (typeof DETAIL_SWITCHES)[number];

/** Where the spec is silent (docs/choices/document.md): the sections preselected, the document's file and its audit trail. */
export const DEFAULT_DETAIL_SECTIONS: DetailSwitch[] = ['auditTrail', 'file'];

/** The sections asked for; the Document ID is checked where it is sent (`sendDocumentId`). */
export const detailsQuerySchema = z.object({ sections: sectionListSchema(DETAIL_SWITCHES) });

export const GET_DETAILS_LABELS: FieldLabels = { sections: 'Sections' };

/** preSend of Get Details: the chosen sections become switches, each with its ancestors, so each takes effect. */
export async function sendDetailSections(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const { sections } = refuse(
		this,
		detailsQuerySchema,
		{ sections: sectionList(this, 'sections') },
		GET_DETAILS_LABELS,
	);
	options.qs = { ...(options.qs as IDataObject), ...switchQuery(sections, DETAIL_SWITCHES) };
	return options;
}

/** What each details switch adds, after the 2022 public API description's text of it. */
const DETAIL_SWITCH_DESCRIPTIONS: Record<DetailSwitch, string> = {
	file: 'The document file',
	auditTrail: 'The audit trail, for completed documents only (deleted ones too)',
	document_scheduledDeletionDate:
		'When the document is due to be deleted (the auto-delete setting)',
	document_customMessage: 'The custom message of the invitation e-mails and SMS',
	document_deleteOnComplete: 'Whether delete on complete was on for the document',
	document_requestSigningOrder: 'Whether the sign links are activated one after another',
	document_requireSigningOrder: 'Whether a signing order was required',
	sftp: "Whether SFTP was on for the document, and the SFTP server's ID",
	workflow: 'The workflow the document was sent with (its ID)',
	workflow_name: "The workflow's name",
	workflow_type: "The workflow's type: PDF or template",
	workflow_subType: "The workflow's sub-type: single PDF or template, or multiple PDFs",
	template: 'The template the document was made from (its ID)',
	template_name: "The template's name",
	account: 'The account the document was sent from (its ID)',
	account_name: 'The organisation name of the account',
	account_label: 'The department name of the sender',
	account_brandName: 'The brand name configured for the account',
	sender: 'The sender (username)',
	sender_name: "The sender's name",
	folder: 'The folder of the document (its ID)',
	folder_name: "The folder's name",
	stampDetails: 'The stamp paper: stamp value and state',
	stampDetails_groupName: "The stamp group's name (a group is a set of stamp series of one state)",
	stampDetails_groupNumber: "The stamp group's number",
	stampDetails_maximumValuePermitted: 'The highest stamp value the stamp group permits',
	stampDetails_stamps: 'Each stamp paper: series, amount and serial number',
	stampDetails_stamps_associatedDocumentId: 'The document ID printed on the stamp paper',
	referenceAttachments: 'The files the sender attached to the invitation',
	neslDocumentDetails:
		'The NeSL data (transaction ID and loan details) when a NeSL signer is present',
	neslDocumentDetails_securityDetails: 'The NeSL security details',
	neslDocumentDetails_stampDetails: 'The NeSL stamp details: parties, stamp duty, article code',
	neslDocumentDetails_stampDetails_firstPartyPin: "The PIN code of the stamp's first party",
	neslDocumentDetails_stampDetails_secondPartyPin: "The PIN code of the stamp's second party",
	neslDocumentDetails_stampDetails_firstPartyOVDType:
		"The type of the first party's official document (OVD)",
	neslDocumentDetails_stampDetails_firstPartyOVDValue:
		"The number of the first party's official document (OVD)",
	neslDocumentDetails_stampDetails_secondPartyOVDType:
		"The type of the second party's official document (OVD)",
	neslDocumentDetails_stampDetails_secondPartyOVDValue:
		"The number of the second party's official document (OVD)",
	cc: 'The CC recipients of the document',
	coordinatePicker: 'Whether the coordinate picker is on and active (the document is not sent yet)',
	invitations_inviteeConfigs: "Each invitee's configuration: name, e-mail, phone, invitee type",
	invitations_inviteeConfigs_retry: 'The retry attempts allowed to the signer (Aadhaar eSign only)',
	invitations_inviteeConfigs_fixedName: 'Whether the invitee may edit their name while signing',
	invitations_inviteeConfigs_noName: "Whether the invitee's name appears in the signature",
	invitations_inviteeConfigs_supportingDocument:
		'The supporting documents required from the invitee',
	invitations_inviteeConfigs_organizationConfig: 'The organisation seal settings of the signature',
	invitations_inviteeConfigs_security:
		'The security modules of the invitee: authentication, location, photo, liveliness',
	invitations_inviteeConfigs_customURL: "The invitee's webhook, error webhook and redirect URLs",
	invitations_inviteeConfigs_customConsent: 'The custom consent the signer must accept',
	invitations_inviteeConfigs_enableRejectDocument: 'Whether the signer may reject the invitation',
	invitations_inviteeConfigs_enableRejectMessage:
		'Whether the signer must give a reason when rejecting',
	invitations_recordReviewerDetails: 'Whether reviewer details are recorded in the audit trail',
	invitations_inviteeGroup: 'The group of a group invite (its ID and completion status)',
	invitations_inviteeGroup_name: "The group's name",
	invitations_inviteeGroup_completionThreshold: 'How many group members must sign',
	invitations_inviteeGroup_size: 'How many invitees the group has',
	invitations_inviteeGroup_completed: 'Whether the group has finished signing',
	invitations_signatureOptions:
		'The signature options each invitation allows (OTP, biometric, drawn…)',
	invitations_neslInvitationDetails: 'The NeSL invitation details of each invitee',
	invitations_neslInvitationDetails_participantDetails:
		'The NeSL participant details of each invitee',
	invitations_InvitationOfflineSignDetails: 'The details of a cloud DSC invitation',
	invitations_invitationStatus_failureReason: 'Why an invitation failed',
	invitations_invitationStatus_rejectionMessage: 'The reason an approver gave for rejecting',
	invitations_invitationStatus_signRejectionMessage: 'The reason a signer gave for rejecting',
	invitations_certificateData: 'The data of the signing certificate',
	invitations_verificationRequest:
		'Which certificate details are to be verified (Aadhaar, cloud DSC, DSC, NeSL)',
	invitations_verificationResponse: "How the certificate details matched the invitee's",
	invitations_supportingDocuments: 'The supporting documents the signer uploaded',
};

export const getDetailsFields: INodeProperties[] = [
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'multiOptions',
		options: DETAIL_SWITCHES.map((section) => ({
			name: sectionLabel(section),
			value: section,
			description: DETAIL_SWITCH_DESCRIPTIONS[section],
		})).sort((a, b) => a.name.localeCompare(b.name)),
		default: [...DEFAULT_DETAIL_SECTIONS],
		description:
			'Extra parts of the document to return; the service leaves out what is not asked for. A nested section (Parent > Child) only counts when its parents are on, so picking it also sends its parents, and you get what you picked.',
		displayOptions: showFor('document', ['getDetails']),
	},
];
