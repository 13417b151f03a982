import { v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { StoredFile } from '../../../links';
import type { EmulatorEnv } from '../../../server';
import { fileName, stored } from '../files';
import { inviteeWebhookUrls } from '../inviteeWebhooks';
import {
	CERTIFICATE_CRITERIA,
	type CertificateCriterion,
	documentStatus,
	formatServiceDate,
	type SignType,
	STATUS_LINK_TTL_MS,
	type V3Document,
	type V3Invitee,
	type V3State,
} from '../state';
import {
	certificateChecks,
	certificateMismatchText,
	certificateOf,
	VERIFICATION_CONFIG_KEYS,
} from '../transitions';
import { isObject, NESL_STAMP_REQUIRED, present } from '../validation';
import { type Account, inviteeStatus, requestedDocument } from './shared';

// Details (GET /api/v3.3/document/details): the answer, section by section, behind its switches.

/**
 * v3.3 details switches (query value `true`), in the order of the 2022 API 3.0 description of details, whose
 * `section_field` names the KB uses too (invitations_signatureOptionsUsed, deprecated there, is left out). A
 * child switch (its underscore prefix is itself a switch) takes effect only when every ancestor is on: details()
 * evaluates each child inside its parent's section.
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

const SIGNATURE_OPTIONS: Record<SignType, string[]> = {
	AADHAAR: ['OTP', 'BIOMETRIC', 'IRIS'],
	VIRTUAL: ['DRAW', 'COMPUTER_GENERATED'],
	DSC: [],
	DOC_SIGNER: [],
};
const NESL_STAMP_FIELDS = [
	'firstPartyPin',
	'secondPartyPin',
	'firstPartyOVDType',
	'firstPartyOVDValue',
	'secondPartyOVDType',
	'secondPartyOVDValue',
] as const;

/** The stamp series a create request asked for, with how many stamps of each. */
function requestedStamps(
	request: Record<string, unknown>,
): Array<{ series: string; quantity: number }> {
	const multiple = (
		Array.isArray(request.multipleStampSeries) ? request.multipleStampSeries : []
	) as Array<Record<string, unknown>>;
	return [
		...(present(request.stampSeries) ? [{ series: String(request.stampSeries), quantity: 1 }] : []),
		...multiple.map((entry) => ({
			series: String(entry.stampSeries),
			quantity: Number(entry.seriesQuantity),
		})),
	];
}

/** A details field: the switch that asks for it, its key in the answer, and how its value is computed. */
type SwitchedField = [DetailSwitch, string, () => unknown];

/** What every section of a details answer reads: the document, the switches asked for, how files are linked. */
interface DetailsRead {
	env: EmulatorEnv;
	state: V3State;
	doc: V3Document;
	request: Record<string, unknown>;
	nesl: Record<string, unknown> | undefined;
	/** The fields whose switch is on; values are computed only for those, so a child only within its parent. */
	fields: (entries: SwitchedField[]) => Record<string, unknown>;
	link: (file: StoredFile) => string;
	describeFile: (file: StoredFile) => { file: string; name: string; type: string };
}

export function details(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	const requested = requestedDocument(state, account, query.documentId);
	if ('failure' in requested) return requested.failure;
	const { doc } = requested;
	const now = env.clock.now();
	const status = documentStatus(doc, now);
	const request = doc.request;
	const link = (file: StoredFile) => env.links.createDownload(file, STATUS_LINK_TTL_MS).url;
	const read: DetailsRead = {
		env,
		state,
		doc,
		request,
		nesl: isObject(request.neslData) ? request.neslData : undefined,
		fields: (entries) =>
			Object.fromEntries(
				entries.filter(([name]) => query[name] === 'true').map(([, key, value]) => [key, value()]),
			),
		link,
		describeFile: (file) => ({
			file: link(file),
			name: file.fileName,
			type: file.contentType,
		}),
	};
	return v3Success({
		document: documentSection(read, status),
		invitations: doc.invitees.map((invitee, index) => invitation(read, invitee, index)),
		...read.fields(documentSwitchedSections(read, status)),
	});
}

/** The answer's `document`: what it always holds, then its switched fields. */
function documentSection({ doc, request, fields }: DetailsRead, status: string) {
	const lastAction = Math.max(
		doc.createdAt,
		...doc.invitees.map((invitee) => invitee.actedAt ?? doc.createdAt),
	);
	return {
		id: doc.documentId,
		name: doc.name,
		irn: doc.irn,
		status,
		profileId: doc.profileId,
		deleted: false,
		creationDate: formatServiceDate(doc.createdAt),
		completionDate: status === 'COMPLETED' ? formatServiceDate(lastAction) : null,
		...fields([
			['document_scheduledDeletionDate', 'scheduledDeletionDate', () => null],
			['document_customMessage', 'customMessage', () => request.customMessage ?? null],
			['document_deleteOnComplete', 'deleteOnComplete', () => false],
			['document_requestSigningOrder', 'requestSigningOrder', () => true],
			// The KB's reviewer article: signing order is mandatory once an invitee is a reviewer.
			[
				'document_requireSigningOrder',
				'requireSigningOrder',
				() => doc.invitees.some((invitee) => invitee.approved),
			],
			['sftp', 'sftpEnabled', () => false],
		]),
	};
}

/** The answer's sections beside `document` and `invitations`, each behind its switch. */
function documentSwitchedSections(read: DetailsRead, status: string): SwitchedField[] {
	const { state, doc, fields, link, describeFile } = read;
	const profile = state.profiles.get(doc.profileId);
	return [
		['file', 'file', () => link(stored(doc.signedPdf ?? doc.original, fileName(doc)))],
		[
			'auditTrail',
			'auditTrail',
			() =>
				status === 'COMPLETED' && doc.auditTrail
					? link(stored(doc.auditTrail, fileName(doc, '_audit_trail')))
					: null,
		],
		[
			'workflow',
			'workflow',
			() => ({
				id: doc.profileId,
				...fields([
					[
						'workflow_name',
						'name',
						() => `${profile?.kind === 'template' ? 'Template' : 'PDF'} workflow ${doc.profileId}`,
					],
					['workflow_type', 'type', () => (profile?.kind === 'template' ? 'TEMPLATE' : 'PDF')],
					['workflow_subType', 'subType', () => 'SINGLE'],
				]),
			}),
		],
		[
			'template',
			'template',
			() =>
				profile?.kind === 'template'
					? {
							id: `TPL-${doc.profileId}`,
							...fields([['template_name', 'name', () => `Template of ${doc.profileId}`]]),
						}
					: null,
		],
		[
			'account',
			'account',
			() => ({
				id: doc.accountId,
				...fields([
					['account_name', 'name', () => `Organisation of ${doc.accountId}`],
					['account_label', 'label', () => 'Operations'],
					['account_brandName', 'brandName', () => 'Emulator Brand'],
				]),
			}),
		],
		[
			'sender',
			'sender',
			() => ({
				username: 'sender@example.com',
				...fields([['sender_name', 'name', () => 'Emulator Sender']]),
			}),
		],
		[
			'folder',
			'folders',
			() => [{ id: doc.folderId, ...fields([['folder_name', 'name', () => doc.folderName]]) }],
		],
		['stampDetails', 'stampDetails', () => stampDetails(read)],
		['referenceAttachments', 'referenceAttachments', () => doc.attachments.map(describeFile)],
		['neslDocumentDetails', 'neslDocumentDetails', () => neslDocumentDetails(read) ?? null],
		['cc', 'cc', () => doc.cc],
		['coordinatePicker', 'coordinatePicker', () => []],
	];
}

/** `stampDetails`: the stamps the create asked for (none when they were not applied). */
function stampDetails({ doc, request, fields }: DetailsRead) {
	const stamps = requestedStamps(request);
	if (doc.stampNotApplied || (!stamps.length && !present(request.seriesGroup))) return null;
	const group = present(request.seriesGroup) ? String(request.seriesGroup) : null;
	const amount = present(request.stampValue) ? String(request.stampValue) : '100';
	return {
		stampValue: present(request.stampValue) ? String(request.stampValue) : null,
		state: 'Karnataka',
		...fields([
			['stampDetails_groupName', 'groupName', () => group],
			['stampDetails_groupNumber', 'groupNumber', () => (group ? 1 : null)],
			[
				'stampDetails_maximumValuePermitted',
				'maximumValuePermitted',
				() => (group ? 100_000 : null),
			],
			[
				'stampDetails_stamps',
				'stamps',
				() =>
					stamps
						.flatMap(({ series, quantity }) => Array.from({ length: quantity }, () => series))
						.map((series, index) => ({
							series,
							amount,
							serialNumber: `${series}/${String(index + 1).padStart(6, '0')}`,
							...fields([
								[
									'stampDetails_stamps_associatedDocumentId',
									'associatedDocumentId',
									() => `${doc.documentId}-${index + 1}`,
								],
							]),
						})),
			],
		]),
	};
}

/** `neslDocumentDetails`: the NeSL data the create sent, when it sent some. */
function neslDocumentDetails({ doc, nesl, fields }: DetailsRead) {
	return (
		nesl && {
			transactionId: `NESL-${doc.documentId}`,
			loanDetails: nesl.documentDetail ?? null,
			...fields([
				['neslDocumentDetails_securityDetails', 'securityDetails', () => nesl.neslSecurities ?? []],
				[
					'neslDocumentDetails_stampDetails',
					'stampDetails',
					() =>
						(
							(Array.isArray(nesl.stampData) ? nesl.stampData : []) as Array<
								Record<string, unknown>
							>
						).map((stamp) => ({
							...Object.fromEntries(
								[...NESL_STAMP_REQUIRED, 'articleSubCode'].map((key) => [key, stamp[key] ?? null]),
							),
							...fields(
								NESL_STAMP_FIELDS.map(
									(key): SwitchedField => [
										`neslDocumentDetails_stampDetails_${key}`,
										key,
										() => stamp[key] ?? null,
									],
								),
							),
						})),
				],
			]),
		}
	);
}

/** One entry of `invitations`. */
function invitation(read: DetailsRead, invitee: V3Invitee, index: number) {
	const { env, doc, nesl, fields, describeFile } = read;
	const reading = inviteeStatus(env, doc, invitee);
	const configKey = VERIFICATION_CONFIG_KEYS[invitee.allowedSignType];
	return {
		name: invitee.name,
		email: reading.email,
		phone: reading.phone,
		inviteeType: invitee.approved ? 'Reviewer' : 'Signer',
		invitationUrl: reading.signUrl,
		allowedSignatures: [invitee.allowedSignType],
		usedSignatureType: reading.signType,
		invitationStatus: invitationStatus(read, invitee, reading),
		...fields([
			['invitations_inviteeConfigs', 'inviteeConfigs', () => inviteeConfigs(read, invitee, index)],
			['invitations_recordReviewerDetails', 'recordReviewerDetails', () => false],
			// No invitee groups here, so inviteeGroup is null and its child switches have nothing to add.
			['invitations_inviteeGroup', 'inviteeGroup', () => null],
			[
				'invitations_signatureOptions',
				'signatureOptions',
				() => SIGNATURE_OPTIONS[invitee.allowedSignType],
			],
			[
				'invitations_neslInvitationDetails',
				'neslInvitationDetails',
				() =>
					nesl
						? {
								type: 'PARTICIPANT',
								...fields([
									[
										'invitations_neslInvitationDetails_participantDetails',
										'participantDetails',
										() => ({
											fullName: invitee.name,
											emailId: reading.email,
											mobileNumber: reading.phone,
										}),
									],
								]),
							}
						: null,
			],
			['invitations_InvitationOfflineSignDetails', 'offlineSignDetails', () => null],
			[
				'invitations_certificateData',
				'certificateData',
				() => (invitee.signed ? certificateOf(invitee) : null),
			],
			[
				'invitations_verificationRequest',
				'verificationRequest',
				() =>
					configKey && {
						[configKey]: {
							smartNamePercentage: 80,
							signatureVerification: true,
							...certificateVerificationFlags(() => true),
						},
					},
			],
			[
				'invitations_verificationResponse',
				'verificationResponse',
				() => {
					if (!invitee.signed && !invitee.certificateMismatch) return null;
					const checks = certificateChecks(invitee.certificateMismatch);
					return {
						smartNamePercentage: checks.name ? 100 : 0,
						signatureVerification: true,
						...certificateVerificationFlags((criterion) => checks[criterion]),
					};
				},
			],
			[
				'invitations_supportingDocuments',
				'supportingDocuments',
				() => invitee.supportingDocuments.map(describeFile),
			],
		]),
	};
}

/** An invitation's `invitationStatus`. */
function invitationStatus(
	{ doc, fields }: DetailsRead,
	invitee: V3Invitee,
	reading: ReturnType<typeof inviteeStatus>,
) {
	return {
		active: reading.active,
		signed: invitee.signed,
		reviewed: invitee.approved,
		approved: invitee.approved,
		rejected: invitee.rejected,
		expired: reading.expired,
		creationDate: doc.createdAt,
		expiryDate: invitee.expiresAt,
		signDate: invitee.signed ? (invitee.actedAt ?? null) : null,
		...fields([
			[
				'invitations_invitationStatus_failureReason',
				'failureReason',
				() =>
					invitee.certificateMismatch ? certificateMismatchText(invitee.certificateMismatch) : null,
			],
			// Reviewers only approve in this emulator, so there is never an approver's rejection message.
			['invitations_invitationStatus_rejectionMessage', 'rejectionMessage', () => null],
			[
				'invitations_invitationStatus_signRejectionMessage',
				'signRejectionMessage',
				() => invitee.rejectionReason ?? null,
			],
		]),
	};
}

/** An invitation's `inviteeConfigs`: the settings the workflow gave the invitee. */
function inviteeConfigs({ state, doc, fields }: DetailsRead, invitee: V3Invitee, index: number) {
	return fields([
		['invitations_inviteeConfigs_retry', 'retry', () => 3],
		['invitations_inviteeConfigs_fixedName', 'fixedName', () => false],
		['invitations_inviteeConfigs_noName', 'noName', () => false],
		[
			'invitations_inviteeConfigs_supportingDocument',
			'supportingDocument',
			() => invitee.supportingDocuments.length > 0,
		],
		[
			'invitations_inviteeConfigs_organizationConfig',
			'organizationConfig',
			() => ({
				nameRequired: false,
				fixedName: false,
				name: null,
				requireSeal: false,
				sealType: null,
			}),
		],
		[
			'invitations_inviteeConfigs_security',
			'security',
			() => ({
				enforceAuthentication: false,
				twoFactorAuthentication: false,
				sendDocumentRawUrl: false,
				captureLocation: false,
				capturePhoto: false,
				userLiveliness: false,
			}),
		],
		[
			'invitations_inviteeConfigs_customURL',
			'customURL',
			() => {
				const urls = inviteeWebhookUrls(state, doc, index);
				return {
					webhookURL: urls.webhookUrl ?? null,
					redirectURL: null,
					errorWebhookURL: urls.errorWebhookUrl ?? null,
					baseURL: null,
					webhookVersion: null,
				};
			},
		],
		['invitations_inviteeConfigs_customConsent', 'customConsent', () => null],
		['invitations_inviteeConfigs_enableRejectDocument', 'enableRejectDocument', () => true],
		['invitations_inviteeConfigs_enableRejectMessage', 'enableRejectMessage', () => false],
	]);
}

/** `<criterion>Verification` flags, as the 2022 description names them in verification requests and responses. */
const certificateVerificationFlags = (flag: (criterion: CertificateCriterion) => boolean) =>
	Object.fromEntries(
		CERTIFICATE_CRITERIA.map((criterion) => [`${criterion}Verification`, flag(criterion)]),
	);
