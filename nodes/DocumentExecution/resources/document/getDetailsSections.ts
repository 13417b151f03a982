import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../shared/form/descriptions';

/** Where the spec is silent (docs/choices/document.md): the sections preselected, the document's file and its audit trail. */
export const DEFAULT_DETAIL_SECTIONS = ['auditTrail', 'file'];

/**
 * Sections: the v3.3 document details switches as the 2022 public API description lists them, each with what
 * it adds after that description's text (the spec does not name them; see docs/choices/document.md). Its
 * deprecated invitations_signatureOptionsUsed is left out.
 */
export const detailSectionsField: INodeProperties = {
	displayName: 'Sections',
	name: 'sections',
	type: 'multiOptions',
	options: [
		{
			name: 'Account',
			value: 'account',
			description: 'The account the document was sent from (its ID)',
		},
		{
			name: 'Account > Brand Name',
			value: 'account_brandName',
			description: 'The brand name configured for the account',
		},
		{
			name: 'Account > Label',
			value: 'account_label',
			description: 'The department name of the sender',
		},
		{
			name: 'Account > Name',
			value: 'account_name',
			description: 'The organisation name of the account',
		},
		{
			name: 'Audit Trail',
			value: 'auditTrail',
			description: 'The audit trail, for completed documents only (deleted ones too)',
		},
		{ name: 'CC', value: 'cc', description: 'The CC recipients of the document' },
		{
			name: 'Coordinate Picker',
			value: 'coordinatePicker',
			description: 'Whether the coordinate picker is on and active (the document is not sent yet)',
		},
		{
			name: 'Document > Custom Message',
			value: 'document_customMessage',
			description: 'The custom message of the invitation e-mails and SMS',
		},
		{
			name: 'Document > Delete On Complete',
			value: 'document_deleteOnComplete',
			description: 'Whether delete on complete was on for the document',
		},
		{
			name: 'Document > Request Signing Order',
			value: 'document_requestSigningOrder',
			description: 'Whether the sign links are activated one after another',
		},
		{
			name: 'Document > Require Signing Order',
			value: 'document_requireSigningOrder',
			description: 'Whether a signing order was required',
		},
		{
			name: 'Document > Scheduled Deletion Date',
			value: 'document_scheduledDeletionDate',
			description: 'When the document is due to be deleted (the auto-delete setting)',
		},
		{ name: 'File', value: 'file', description: 'The document file' },
		{ name: 'Folder', value: 'folder', description: 'The folder of the document (its ID)' },
		{ name: 'Folder > Name', value: 'folder_name', description: "The folder's name" },
		{
			name: 'Invitations > Certificate Data',
			value: 'invitations_certificateData',
			description: 'The data of the signing certificate',
		},
		{
			name: 'Invitations > Invitation Offline Sign Details',
			value: 'invitations_InvitationOfflineSignDetails',
			description: 'The details of a cloud DSC invitation',
		},
		{
			name: 'Invitations > Invitation Status > Failure Reason',
			value: 'invitations_invitationStatus_failureReason',
			description: 'Why an invitation failed',
		},
		{
			name: 'Invitations > Invitation Status > Rejection Message',
			value: 'invitations_invitationStatus_rejectionMessage',
			description: 'The reason an approver gave for rejecting',
		},
		{
			name: 'Invitations > Invitation Status > Sign Rejection Message',
			value: 'invitations_invitationStatus_signRejectionMessage',
			description: 'The reason a signer gave for rejecting',
		},
		{
			name: 'Invitations > Invitee Configs',
			value: 'invitations_inviteeConfigs',
			description: "Each invitee's configuration: name, e-mail, phone, invitee type",
		},
		{
			name: 'Invitations > Invitee Configs > Custom Consent',
			value: 'invitations_inviteeConfigs_customConsent',
			description: 'The custom consent the signer must accept',
		},
		{
			name: 'Invitations > Invitee Configs > Custom URL',
			value: 'invitations_inviteeConfigs_customURL',
			description: "The invitee's webhook, error webhook and redirect URLs",
		},
		{
			name: 'Invitations > Invitee Configs > Enable Reject Document',
			value: 'invitations_inviteeConfigs_enableRejectDocument',
			description: 'Whether the signer may reject the invitation',
		},
		{
			name: 'Invitations > Invitee Configs > Enable Reject Message',
			value: 'invitations_inviteeConfigs_enableRejectMessage',
			description: 'Whether the signer must give a reason when rejecting',
		},
		{
			name: 'Invitations > Invitee Configs > Fixed Name',
			value: 'invitations_inviteeConfigs_fixedName',
			description: 'Whether the invitee may edit their name while signing',
		},
		{
			name: 'Invitations > Invitee Configs > No Name',
			value: 'invitations_inviteeConfigs_noName',
			description: "Whether the invitee's name appears in the signature",
		},
		{
			name: 'Invitations > Invitee Configs > Organization Config',
			value: 'invitations_inviteeConfigs_organizationConfig',
			description: 'The organisation seal settings of the signature',
		},
		{
			name: 'Invitations > Invitee Configs > Retry',
			value: 'invitations_inviteeConfigs_retry',
			description: 'The retry attempts allowed to the signer (Aadhaar eSign only)',
		},
		{
			name: 'Invitations > Invitee Configs > Security',
			value: 'invitations_inviteeConfigs_security',
			description:
				'The security modules of the invitee: authentication, location, photo, liveliness',
		},
		{
			name: 'Invitations > Invitee Configs > Supporting Document',
			value: 'invitations_inviteeConfigs_supportingDocument',
			description: 'The supporting documents required from the invitee',
		},
		{
			name: 'Invitations > Invitee Group',
			value: 'invitations_inviteeGroup',
			description: 'The group of a group invite (its ID and completion status)',
		},
		{
			name: 'Invitations > Invitee Group > Completed',
			value: 'invitations_inviteeGroup_completed',
			description: 'Whether the group has finished signing',
		},
		{
			name: 'Invitations > Invitee Group > Completion Threshold',
			value: 'invitations_inviteeGroup_completionThreshold',
			description: 'How many group members must sign',
		},
		{
			name: 'Invitations > Invitee Group > Name',
			value: 'invitations_inviteeGroup_name',
			description: "The group's name",
		},
		{
			name: 'Invitations > Invitee Group > Size',
			value: 'invitations_inviteeGroup_size',
			description: 'How many invitees the group has',
		},
		{
			name: 'Invitations > NeSL Invitation Details',
			value: 'invitations_neslInvitationDetails',
			description: 'The NeSL invitation details of each invitee',
		},
		{
			name: 'Invitations > NeSL Invitation Details > Participant Details',
			value: 'invitations_neslInvitationDetails_participantDetails',
			description: 'The NeSL participant details of each invitee',
		},
		{
			name: 'Invitations > Record Reviewer Details',
			value: 'invitations_recordReviewerDetails',
			description: 'Whether reviewer details are recorded in the audit trail',
		},
		{
			name: 'Invitations > Signature Options',
			value: 'invitations_signatureOptions',
			description: 'The signature options each invitation allows (OTP, biometric, drawn…)',
		},
		{
			name: 'Invitations > Supporting Documents',
			value: 'invitations_supportingDocuments',
			description: 'The supporting documents the signer uploaded',
		},
		{
			name: 'Invitations > Verification Request',
			value: 'invitations_verificationRequest',
			description: 'Which certificate details are to be verified (Aadhaar, cloud DSC, DSC, NeSL)',
		},
		{
			name: 'Invitations > Verification Response',
			value: 'invitations_verificationResponse',
			description: "How the certificate details matched the invitee's",
		},
		{
			name: 'NeSL Document Details',
			value: 'neslDocumentDetails',
			description: 'The NeSL data (transaction ID and loan details) when a NeSL signer is present',
		},
		{
			name: 'NeSL Document Details > Security Details',
			value: 'neslDocumentDetails_securityDetails',
			description: 'The NeSL security details',
		},
		{
			name: 'NeSL Document Details > Stamp Details',
			value: 'neslDocumentDetails_stampDetails',
			description: 'The NeSL stamp details: parties, stamp duty, article code',
		},
		{
			name: 'NeSL Document Details > Stamp Details > First Party OVD Type',
			value: 'neslDocumentDetails_stampDetails_firstPartyOVDType',
			description: "The type of the first party's official document (OVD)",
		},
		{
			name: 'NeSL Document Details > Stamp Details > First Party OVD Value',
			value: 'neslDocumentDetails_stampDetails_firstPartyOVDValue',
			description: "The number of the first party's official document (OVD)",
		},
		{
			name: 'NeSL Document Details > Stamp Details > First Party PIN',
			value: 'neslDocumentDetails_stampDetails_firstPartyPin',
			description: "The PIN code of the stamp's first party",
		},
		{
			name: 'NeSL Document Details > Stamp Details > Second Party OVD Type',
			value: 'neslDocumentDetails_stampDetails_secondPartyOVDType',
			description: "The type of the second party's official document (OVD)",
		},
		{
			name: 'NeSL Document Details > Stamp Details > Second Party OVD Value',
			value: 'neslDocumentDetails_stampDetails_secondPartyOVDValue',
			description: "The number of the second party's official document (OVD)",
		},
		{
			name: 'NeSL Document Details > Stamp Details > Second Party PIN',
			value: 'neslDocumentDetails_stampDetails_secondPartyPin',
			description: "The PIN code of the stamp's second party",
		},
		{
			name: 'Reference Attachments',
			value: 'referenceAttachments',
			description: 'The files the sender attached to the invitation',
		},
		{ name: 'Sender', value: 'sender', description: 'The sender (username)' },
		{ name: 'Sender > Name', value: 'sender_name', description: "The sender's name" },
		{
			name: 'SFTP',
			value: 'sftp',
			description: "Whether SFTP was on for the document, and the SFTP server's ID",
		},
		{
			name: 'Stamp Details',
			value: 'stampDetails',
			description: 'The stamp paper: stamp value and state',
		},
		{
			name: 'Stamp Details > Group Name',
			value: 'stampDetails_groupName',
			description: "The stamp group's name (a group is a set of stamp series of one state)",
		},
		{
			name: 'Stamp Details > Group Number',
			value: 'stampDetails_groupNumber',
			description: "The stamp group's number",
		},
		{
			name: 'Stamp Details > Maximum Value Permitted',
			value: 'stampDetails_maximumValuePermitted',
			description: 'The highest stamp value the stamp group permits',
		},
		{
			name: 'Stamp Details > Stamps',
			value: 'stampDetails_stamps',
			description: 'Each stamp paper: series, amount and serial number',
		},
		{
			name: 'Stamp Details > Stamps > Associated Document ID',
			value: 'stampDetails_stamps_associatedDocumentId',
			description: 'The document ID printed on the stamp paper',
		},
		{
			name: 'Template',
			value: 'template',
			description: 'The template the document was made from (its ID)',
		},
		{ name: 'Template > Name', value: 'template_name', description: "The template's name" },
		{
			name: 'Workflow',
			value: 'workflow',
			description: 'The workflow the document was sent with (its ID)',
		},
		{ name: 'Workflow > Name', value: 'workflow_name', description: "The workflow's name" },
		{
			name: 'Workflow > Sub Type',
			value: 'workflow_subType',
			description: "The workflow's sub-type: single PDF or template, or multiple PDFs",
		},
		{
			name: 'Workflow > Type',
			value: 'workflow_type',
			description: "The workflow's type: PDF or template",
		},
	],
	default: [...DEFAULT_DETAIL_SECTIONS],
	description:
		'Extra parts of the document to return; the service leaves out what is not asked for. A nested section (Parent > Child) only counts when its parents are on, so picking it also sends its parents, and you get what you picked.',
	displayOptions: showFor('document', ['getDetails'], { simplify: [false] }),
};

/** The details switches, as Sections offers them. */
export const DETAIL_SWITCHES = (detailSectionsField.options as INodePropertyOptions[]).map(
	({ value }) => String(value),
);
