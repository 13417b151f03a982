import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../shared/form/descriptions';

/** Sections: the pack-details section switches the spec lists (a child is named `<parent>_<child>`). */
export const packSectionsField: INodeProperties = {
	displayName: 'Sections',
	name: 'sections',
	type: 'multiOptions',
	options: [
		{ name: 'Account', value: 'account' },
		{
			name: 'All Sections',
			value: 'payloadForPackEdit',
			description: "Every section below (the service's payloadForPackEdit switch)",
		},
		{ name: 'Audit Trail', value: 'auditTrail' },
		{ name: 'CC', value: 'cc' },
		{ name: 'Combination Config', value: 'combinationConfig' },
		{
			name: 'Combination Config > Combination Settings',
			value: 'combinationConfig_combinationSettings',
		},
		{
			name: 'Combination Config > Combination Settings > Custom Consent',
			value: 'combinationConfig_combinationSettings_customConsent',
		},
		{
			name: 'Combination Config > Combination Settings > eSign Prioritisation',
			value: 'combinationConfig_combinationSettings_eSignPrioritisation',
		},
		{
			name: 'Combination Config > Combination Settings > Payment Collect',
			value: 'combinationConfig_combinationSettings_paymentCollect',
		},
		{
			name: 'Combination Config > Combination Settings > Reviewer Config',
			value: 'combinationConfig_combinationSettings_reviewerConfig',
		},
		{
			name: 'Combination Config > Combination Settings > Signature Appearance',
			value: 'combinationConfig_combinationSettings_signatureAppearance',
		},
		{
			name: 'Combination Config > Combination Settings > Webhooks',
			value: 'combinationConfig_combinationSettings_webhooks',
		},
		{ name: 'Combination Response', value: 'combinationResponse' },
		{
			name: 'Combination Response > Supporting Documents',
			value: 'combinationResponse_supportingDocuments',
		},
		{
			name: 'Combination Response > Verification Result',
			value: 'combinationResponse_verificationResult',
		},
		{
			name: 'Combination Response > Verification Result > Cloud DSC Verify Certificate Details',
			value: 'combinationResponse_verificationResult_cloudDscVerifyCertificateDetails',
		},
		{
			name: 'Combination Response > Verification Result > DSC Verify Certificate Details',
			value: 'combinationResponse_verificationResult_dscVerifyCertificateDetails',
		},
		{
			name: 'Combination Response > Verification Result > Face Match',
			value: 'combinationResponse_verificationResult_faceMatch',
		},
		{
			name: 'Combination Response > Verification Result > Smart User Liveliness',
			value: 'combinationResponse_verificationResult_smartUserLiveliness',
		},
		{ name: 'Coordinates', value: 'coordinates' },
		{ name: 'Custom Fields', value: 'customFields' },
		{ name: 'Delete On Complete', value: 'deleteOnComplete' },
		{ name: 'Document Folder', value: 'documentFolder' },
		{ name: 'File', value: 'file' },
		{ name: 'Invitee Settings', value: 'inviteeSettings' },
		{
			name: 'Invitee Settings > Certificate Verification',
			value: 'inviteeSettings_certificateVerification',
		},
		{
			name: 'Invitee Settings > Certificate Verification > Cloud DSC Verify Certificate Details',
			value: 'inviteeSettings_certificateVerification_cloudDscVerifyCertificateDetails',
		},
		{
			name: 'Invitee Settings > Certificate Verification > DSC Verify Certificate Details',
			value: 'inviteeSettings_certificateVerification_dscVerifyCertificateDetails',
		},
		{
			name: 'Invitee Settings > Manage Invite Interactions',
			value: 'inviteeSettings_manageInviteInteractions',
		},
		{
			name: 'Invitee Settings > Manage Invite Interactions > Language',
			value: 'inviteeSettings_manageInviteInteractions_language',
		},
		{
			name: 'Invitee Settings > Manage Invite Interactions > Supporting Document Config',
			value: 'inviteeSettings_manageInviteInteractions_supportingDocumentConfig',
		},
		{ name: 'Invitee Settings > Security Options', value: 'inviteeSettings_securityOptions' },
		{
			name: 'Invitee Settings > Security Options > Document Download Link With OTP',
			value: 'inviteeSettings_securityOptions_docDownloadLinkWithOtp',
		},
		{
			name: 'Invitee Settings > Security Options > Face Capture',
			value: 'inviteeSettings_securityOptions_faceCapture',
		},
		{
			name: 'Invitee Settings > Security Options > GPS',
			value: 'inviteeSettings_securityOptions_gps',
		},
		{
			name: 'Invitee Settings > Security Options > Mask Contact Details',
			value: 'inviteeSettings_securityOptions_maskContactDetails',
		},
		{ name: 'Pack Folder', value: 'packFolder' },
		{ name: 'Reference Attachments', value: 'referenceAttachments' },
		{ name: 'Scheduled Deletion Date', value: 'scheduledDeletionDate' },
		{ name: 'Sender', value: 'sender' },
		{ name: 'SFTP', value: 'sftp' },
		{ name: 'Signing Order', value: 'signingOrder' },
		{ name: 'Stamp Details', value: 'stampDetails' },
		{ name: 'Sub Documents', value: 'subDocuments' },
		{ name: 'Sub Documents > Template', value: 'subDocuments_template' },
		{ name: 'Workflow Details', value: 'workflowDetails' },
	],
	default: [],
	description:
		'Extra parts of the pack to return. A nested section (Parent > Child) only counts when all its parents are on, so picking it also sends its parents, and you get what you picked. Audit Trail appears only on COMPLETED documents.',
	displayOptions: showFor('pack', ['get'], { simplify: [false] }),
};

/** The section switches, as Sections offers them. */
export const PACK_SECTIONS = (packSectionsField.options as INodePropertyOptions[]).map(
	({ value }) => String(value),
);
