import type { INodeProperties } from 'n8n-workflow';

import { returnFileProperty } from '../../shared/binary';
import { limitProperty, pageSizeOption, returnAllProperty } from '../../shared/descriptions';
import { sectionLabel } from '../../shared/sectionSwitches';
import {
	buildCreateBody,
	buildReactivateBody,
	DOCUMENT_CHOICES,
	downloadLinkedFile,
	outputCreated,
	outputData,
	outputDeleted,
	outputDocSigner,
	outputEbgReview,
	paginateList,
	sendDetailSections,
	validateDocSignerBody,
	validateDocumentIdQuery,
	validateDownloadQuery,
	validateEbgReviewBody,
	validateListQuery,
} from './hooks';
import {
	DETAIL_SWITCHES,
	type DetailSwitch,
	DOWNLOAD_TYPES,
	LIST_STATUSES,
	MAX_PAGE_SIZE,
	NESL_DATE_FIELDS,
	NESL_ENUMS,
	NESL_TEXT_FIELDS,
	OVD_TYPES,
	REGISTRATION_TYPES,
	TEMPLATE_FIELD_TYPES,
} from './schema';
import { documentIdLocator } from './documentPicker';
import type { Creation } from '../../../shared/errors';
import { createNotice, v3Routing } from '../../shared/routing';

export const RESOURCE = 'document';

const CREATE_SIGNING_REQUEST: Creation = {
	operation: 'Document → Create Signing Request',
	thing: 'the signing request',
	check: 'check with Document → Get Many (search for its IRN or document name) before running the node again',
};

const show = (operation: string[], extra: Record<string, unknown[]> = {}) => ({
	show: { resource: [RESOURCE], operation, ...extra },
});

const humanize = (value: string) =>
	value
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/_/g, ' ')
		.toLowerCase()
		.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

const enumOptions = (values: readonly string[]) =>
	[...values].sort().map((value) => ({ name: humanize(value), value }));

/** The Document ID field of `operations`, sent where their endpoint takes it: the query, or the JSON body. */
const documentId = (operations: string[], sentIn: 'query' | 'body', description = 'The ID of the document, as Create Signing Request or Get Many return it'): INodeProperties =>
	documentIdLocator(description, show(operations), { send: { type: sentIn, property: 'documentId' } });

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: [RESOURCE] } },
	default: 'create',
	options: [
		{
			name: 'Create Signing Request',
			value: 'create',
			action: 'Create a signing request',
			description: 'Send a PDF or a template to invitees for e-signing through a published workflow',
			routing: v3Routing('POST', '/v3.0/sign/request', { creates: CREATE_SIGNING_REQUEST, preSend: [buildCreateBody], postReceive: [outputCreated] }),
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a document',
			description: 'Permanently delete a document with its files, invitee data, sign URLs and webhook history',
			routing: v3Routing('DELETE', '/v3.0/sign/request', { preSend: [validateDocumentIdQuery], postReceive: [outputDeleted] }),
		},
		{
			name: 'Download File',
			value: 'download',
			action: 'Download a file of a document',
			description: 'Download the signed PDF, audit trail, an attachment or a supporting document of a completed document',
			routing: v3Routing('GET', '/v3.3/document/fetchDocument', { preSend: [validateDownloadQuery], postReceive: [downloadLinkedFile] }),
		},
		{
			name: 'Get Details',
			value: 'getDetails',
			action: 'Get the details of a document',
			description: 'Get configurable detail about a document: files, audit trail, invitees, workflow, stamps, NeSL data',
			routing: v3Routing('GET', '/v3.3/document/details', { preSend: [sendDetailSections], postReceive: [outputData] }),
		},
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many documents',
			description: 'List or search documents by name, ID or IRN, optionally filtered by status',
			routing: v3Routing('GET', '/v3.0/sign/request/list', { preSend: [validateListQuery], pagination: paginateList }),
		},
		{
			name: 'Get Status',
			value: 'getStatus',
			action: 'Get the signing status of a document',
			description: 'Get each invitee\'s signing state, the file URLs and, once signed, the signer certificate data',
			routing: v3Routing('GET', '/v3.2/sign/request', { preSend: [validateDocumentIdQuery], postReceive: [outputData] }),
		},
		{
			name: 'Reactivate',
			value: 'reactivate',
			action: 'Reactivate expired invitations',
			description: 'Give expired invitations of a document a new expiry; sign URLs stay the same',
			routing: v3Routing('POST', '/v3.0/sign/request/reactivate', { preSend: [buildReactivateBody], postReceive: [outputData] }),
		},
		{
			name: 'Resend Invitations',
			value: 'resend',
			action: 'Resend invitation notifications',
			description: 'Resend the e-mail and SMS invitation to invitees who have not signed (at most 5 times each)',
		},
		{
			name: 'Review eBG Notification',
			value: 'reviewEbg',
			action: 'Review an electronic bank guarantee notification',
			description: 'Accept or reject an electronic bank guarantee event notification',
			routing: v3Routing('POST', '/v3.3/nesl/notification/review', { preSend: [validateEbgReviewBody], postReceive: [outputEbgReview] }),
		},
		{
			name: 'Sign With Document Signer',
			value: 'signWithDocSigner',
			action: 'Sign with a document signer certificate',
			description: 'Sign an invitation with a document signer certificate profile of the invitee\'s account',
			routing: v3Routing('POST', '/v3.0/sign/docSigner/invitation', { preSend: [validateDocSignerBody], postReceive: [outputDocSigner] }),
		},
	],
};

// ---------------------------------------------------------------- create

const CREATE = ['create'];
const FIELDS_MODE = { specifyBody: ['fields'] };

const neslDetailOptions: INodeProperties[] = [
	...NESL_TEXT_FIELDS.map(
		(name): INodeProperties => ({
			displayName: humanize(name),
			name,
			type: 'string',
			default: '',
			...(name === 'docRefNo' ? { description: 'Required for the non-lending flow' } : {}),
		}),
	),
	...NESL_DATE_FIELDS.map(
		(name): INodeProperties => ({
			displayName: humanize(name),
			name,
			type: 'string',
			default: '',
			placeholder: '2025-12-31',
			description: `Format yyyy-MM-dd${name === 'dateOfSanction' ? '' : '. Required for eBG.'}`,
		}),
	),
	...Object.entries(NESL_ENUMS).map(
		([name, values]): INodeProperties => {
			const [firstValue] = values;
			return {
				displayName: name === 'event' ? 'eBG Event' : humanize(name),
				name,
				type: 'options',
				options: enumOptions(values),
				default: firstValue,
				...(name === 'event' ? { description: 'Required when the registration type is EBG' } : {}),
			};
		},
	),
].sort((a, b) => a.displayName.localeCompare(b.displayName));

const createFields: INodeProperties[] = [
	{
		displayName: 'Workflow Profile ID',
		name: 'profileId',
		type: 'string',
		required: true,
		default: '',
		description: 'The ID of a published workflow. Sign type, signing order, expiry and webhooks are set on the workflow in the dashboard.',
		displayOptions: show(CREATE, FIELDS_MODE),
	},
	{
		displayName: 'Specify Body',
		name: 'specifyBody',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
		description: 'Whether to build the request from the fields below or send a whole signing request written as JSON',
		displayOptions: show(CREATE),
	},
	{
		displayName: 'JSON Body',
		name: 'jsonBody',
		type: 'json',
		default: '{\n  "profileId": "",\n  "file": { "name": "", "file": "" },\n  "invitees": [{ "name": "", "email": "", "phone": "" }]\n}',
		description: 'The whole signing request as the service takes it (file.file is base64 PDF). It is checked against the same rules as the fields.',
		displayOptions: show(CREATE, { specifyBody: ['json'] }),
	},
	{
		displayName: 'Document Source',
		name: 'documentSource',
		type: 'options',
		options: [
			{ name: 'PDF From Binary Field', value: 'binary', description: 'A PDF from an earlier node (Read File, HTTP Request, Google Drive…)' },
			{ name: 'PDF as Base64 Text', value: 'base64' },
			{ name: 'Template Fields', value: 'template', description: 'For template workflows: the values of the template\'s fields' },
		],
		default: 'binary',
		displayOptions: show(CREATE, FIELDS_MODE),
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the PDF (at most 15 MB)',
		displayOptions: show(CREATE, { ...FIELDS_MODE, documentSource: ['binary'] }),
	},
	{
		displayName: 'PDF (Base64)',
		name: 'fileBase64',
		type: 'string',
		default: '',
		required: true,
		description: 'The PDF encoded as standard base64 (at most 15 MB before encoding). Line breaks and spaces are removed before sending.',
		displayOptions: show(CREATE, { ...FIELDS_MODE, documentSource: ['base64'] }),
	},
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Leave empty to let the first invitee fill the fields',
		displayOptions: show(CREATE, { ...FIELDS_MODE, documentSource: ['template'] }),
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Checked',
						name: 'checked',
						type: 'boolean',
						default: false,
						description: 'Whether the box or option is checked (required for checkbox and radio)',
						displayOptions: { show: { type: ['checkbox', 'radio'] } },
					},
					{ displayName: 'Field ID', name: 'fieldId', type: 'string', default: '' },
					{ displayName: 'Field Name', name: 'fieldName', type: 'string', default: '' },
					{ displayName: 'Height (Px)', name: 'height', type: 'string', default: '', displayOptions: { show: { type: ['files'] } } },
					{
						displayName: 'Multiple',
						name: 'multiple',
						type: 'boolean',
						default: false,
						description: 'Whether several values may be chosen (required for dropdown)',
						displayOptions: { show: { type: ['dropdown'] } },
					},
					{ displayName: 'Required', name: 'required', type: 'boolean', default: false, description: 'Whether the invitee must fill it while signing' },
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: TEMPLATE_FIELD_TYPES.map((value) => ({ name: value === 'files' ? 'Files / Image' : humanize(value), value })),
						default: 'text',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The pre-filled value' },
					{ displayName: 'Width (Px)', name: 'width', type: 'string', default: '', displayOptions: { show: { type: ['files'] } } },
				],
			},
		],
	},
	{
		displayName: 'Auto-Grouped Fields Fill',
		name: 'autoGroupedFieldsFill',
		type: 'boolean',
		default: false,
		description: 'Whether one field per group is enough, the others of the group being filled automatically (HTML templates only, beta)',
		displayOptions: show(CREATE, { ...FIELDS_MODE, documentSource: ['template'] }),
	},
	{
		displayName: 'Document Name',
		name: 'documentName',
		type: 'string',
		default: '',
		placeholder: 'Loan-Agreement_2025.pdf',
		description: 'At most 255 characters: letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces).',
		displayOptions: show(CREATE, FIELDS_MODE),
	},
	{
		displayName: 'Invitees',
		name: 'invitees',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Invitee',
		required: true,
		default: {},
		description: 'The signers, in signing order. Each needs an e-mail or a phone.',
		displayOptions: show(CREATE, FIELDS_MODE),
		options: [
			{
				displayName: 'Invitee',
				name: 'invitee',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
					{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
					{ displayName: 'Phone', name: 'phone', type: 'string', default: '', description: '10-digit mobile number without country code' },
					{
						displayName: 'Options',
						name: 'options',
						type: 'collection',
						placeholder: 'Add Option',
						default: {},
						options: [
							{
								displayName: 'Aadhaar Verification',
								name: 'aadhaarVerify',
								type: 'multiOptions',
								default: [],
								description: 'Details to verify against the Aadhaar eSign',
								options: ['verifyGender', 'verifyName', 'verifyPincode', 'verifySmartName', 'verifyState', 'verifyTitle', 'verifyYob'].map((value) => ({
									name: humanize(value.replace('verify', '')),
									value,
								})),
							},
							{ displayName: 'Completion Threshold', name: 'completionThreshold', type: 'number', default: 1, description: 'For group signing: how many members must sign' },
							{
								displayName: 'DSC Verification',
								name: 'dscVerify',
								type: 'multiOptions',
								default: [],
								description: 'Details to verify against the DSC token certificate',
								options: ['verifyName', 'verifyPincode', 'verifySmartName', 'verifyState'].map((value) => ({ name: humanize(value.replace('verify', '')), value })),
							},
							{ displayName: 'Group ID', name: 'groupId', type: 'string', default: '' },
							{ displayName: 'Group Name', name: 'groupName', type: 'string', default: '' },
							{ displayName: 'NeSL Config (JSON)', name: 'neslConfig', type: 'json', default: '{}' },
							{ displayName: 'Offline Sign Config (JSON)', name: 'offlineSignConfig', type: 'json', default: '{}' },
							{ displayName: 'Organization Name', name: 'organizationName', type: 'string', default: '' },
							{ displayName: 'Payment Amount', name: 'paymentAmount', type: 'number', default: 0, description: 'Amount to collect from this invitee (workflow payment collection)' },
						],
					},
				],
			},
		],
	},
	{
		displayName: 'CC',
		name: 'cc',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add CC Recipient',
		default: {},
		description: 'People who get a copy of the signed document',
		displayOptions: show(CREATE, FIELDS_MODE),
		options: [
			{
				displayName: 'Recipient',
				name: 'recipient',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', required: true },
				],
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(CREATE, FIELDS_MODE),
		options: [
			{
				displayName: 'Additional Files',
				name: 'additionalFiles',
				type: 'string',
				default: '',
				placeholder: 'annexure, schedule',
				description: 'Names of input binary fields holding PDFs to append to the document, comma-separated (at most 15 MB in total)',
			},
			{
				displayName: 'IRN',
				name: 'irn',
				type: 'string',
				default: '',
				description: 'Internal Reference Number, searchable later. At most 255 characters: letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces).',
				hint: 'Give each document its own IRN: if a create fails without a clear answer, Get Many finds it by IRN, so you know whether to run again',
			},
			{
				displayName: 'Multiple Stamp Series',
				name: 'multipleStampSeries',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Series',
				default: {},
				options: [
					{
						displayName: 'Series',
						name: 'series',
						values: [
							{ displayName: 'Stamp Series', name: 'stampSeries', type: 'string', default: '', description: 'Series number' },
							{ displayName: 'Quantity', name: 'seriesQuantity', type: 'number', typeOptions: { minValue: 1, maxValue: 99 }, default: 1, description: 'From 1 to 99' },
						],
					},
				],
			},
			{
				displayName: 'NeSL Data',
				name: 'neslData',
				type: 'fixedCollection',
				placeholder: 'Add NeSL Data',
				default: {},
				description: 'Data for the national electronic debt registry',
				options: [
					{
						displayName: 'Data',
						name: 'data',
						values: [
							{
								displayName: 'Document Detail',
								name: 'documentDetail',
								type: 'collection',
								placeholder: 'Add Detail',
								default: {},
								description: 'Loans and eBG need loan number, sanction number and amount, type of debt, account closed flag, fund type, sanction currency and credit subtype; loans also need date of sanction, EMI amount, rate of interest, tenure and facility name',
								options: neslDetailOptions,
							},
							{
								displayName: 'Other Arrays (JSON)',
								name: 'otherArrays',
								type: 'json',
								default: '{}',
								description: 'The arrays whose fields the service does not publish, as one JSON object: {"entities": [], "participants": [], "neslParties": [], "neslSecurities": []}',
							},
							{
								displayName: 'Registration Type',
								name: 'registrationType',
								type: 'options',
								options: enumOptions(REGISTRATION_TYPES),
								default: 'INDIVIDUAL_LOAN',
								description: 'Decides which document detail fields are mandatory',
							},
							{
								displayName: 'Stamp Data',
								name: 'stampData',
								type: 'fixedCollection',
								typeOptions: { multipleValues: true },
								placeholder: 'Add Stamp',
								default: {},
								options: [
									{
										displayName: 'Stamp',
										name: 'stamp',
										values: [
											{ displayName: 'Article Code', name: 'articleCode', type: 'string', default: '', required: true },
											{ displayName: 'Consideration Price', name: 'considerationPrice', type: 'string', default: '', required: true },
											{ displayName: 'Description of Document', name: 'descriptionOfDocument', type: 'string', default: '', required: true },
											{ displayName: 'First Party', name: 'firstParty', type: 'string', default: '', required: true },
											{
												displayName: 'More',
												name: 'more',
												type: 'collection',
												placeholder: 'Add Field',
												default: {},
												options: [
													{ displayName: 'Article Sub Code', name: 'articleSubCode', type: 'string', default: '' },
													{ displayName: 'First Party OVD Type', name: 'firstPartyOVDType', type: 'options', options: enumOptions(OVD_TYPES), default: 'PAN_CARD' },
													{ displayName: 'First Party OVD Value', name: 'firstPartyOVDValue', type: 'string', default: '' },
													{ displayName: 'First Party Pin', name: 'firstPartyPin', type: 'string', default: '' },
													{ displayName: 'Second Party Pin', name: 'secondPartyPin', type: 'string', default: '' },
												],
											},
											{ displayName: 'Second Party', name: 'secondParty', type: 'string', default: '', required: true },
											{ displayName: 'Stamp Duty Amount', name: 'stampDutyAmount', type: 'string', default: '', required: true },
											{ displayName: 'Stamp Duty Paid By', name: 'stampDutyPaidBy', type: 'string', default: '', required: true },
										],
									},
								],
							},
							{ displayName: 'State', name: 'state', type: 'string', default: '', required: true, description: 'State where the stamp duty is paid' },
						],
					},
				],
			},
			{ displayName: 'Revenue Stamp Quantity', name: 'revenueStampQuantity', type: 'number', default: 1, description: 'Number of revenue stamps' },
			{ displayName: 'Revenue Stamp Series', name: 'revenueStampSeries', type: 'string', default: '' },
			{
				displayName: 'Series Group Name or ID',
				name: 'seriesGroup',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getStampGroups' },
				default: '',
				description: 'The stamp group, from the groups of the account. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Stamp Paper Upload',
				name: 'stampUpload',
				type: 'fixedCollection',
				placeholder: 'Add Stamp Paper',
				default: {},
				description: 'For workflows that use uploaded stamp paper: every field is required',
				options: [
					{
						displayName: 'Stamp Paper',
						name: 'paper',
						values: [
							{ displayName: 'Denomination', name: 'denomination', type: 'string', default: '', required: true },
							{ displayName: 'First Party Name', name: 'firstPartyName', type: 'string', default: '', required: true },
							{ displayName: 'Second Party Name', name: 'secondPartyName', type: 'string', default: '', required: true },
							{ displayName: 'Stamp Paper Binary Field', name: 'stampFileBinaryProperty', type: 'string', default: 'stamp', required: true, description: 'Input binary field holding the stamp paper PDF' },
							{ displayName: 'Stamp Serial', name: 'stampSerial', type: 'string', default: '', required: true },
							{ displayName: 'State', name: 'state', type: 'string', default: '', required: true },
						],
					},
				],
			},
			{ displayName: 'Stamp Series', name: 'stampSeries', type: 'string', default: '', description: 'Stamp series to apply; it must have stamps available' },
			{ displayName: 'Stamp Value', name: 'stampValue', type: 'string', default: '', description: 'Stamp amount' },
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return only the document ID, IRN and each invitee\'s sign URL and expiry instead of the raw response',
		displayOptions: show(CREATE),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(CREATE, { simplify: [true] }),
		options: [
			{
				displayName: 'One Item per Invitee',
				name: 'oneItemPerInvitee',
				type: 'boolean',
				default: false,
				description: 'Whether to output one item per invitee (document ID and IRN repeated), for example to e-mail each one their sign URL',
			},
		],
	},
];

// ---------------------------------------------------------------- reads

/** What each details switch adds, after the 2022 public API description's text of it. */
const DETAIL_SWITCH_DESCRIPTIONS: Record<DetailSwitch, string> = {
	file: 'The document file',
	auditTrail: 'The audit trail, for completed documents only (deleted ones too)',
	document_scheduledDeletionDate: 'When the document is due to be deleted (the auto-delete setting)',
	document_customMessage: 'The custom message of the invitation e-mails and SMS',
	document_deleteOnComplete: 'Whether delete on complete was on for the document',
	document_requestSigningOrder: 'Whether the sign links are activated one after another',
	document_requireSigningOrder: 'Whether a signing order was required',
	sftp: 'Whether SFTP was on for the document, and the SFTP server\'s ID',
	workflow: 'The workflow the document was sent with (its ID)',
	workflow_name: 'The workflow\'s name',
	workflow_type: 'The workflow\'s type: PDF or template',
	workflow_subType: 'The workflow\'s sub-type: single PDF or template, or multiple PDFs',
	template: 'The template the document was made from (its ID)',
	template_name: 'The template\'s name',
	account: 'The account the document was sent from (its ID)',
	account_name: 'The organisation name of the account',
	account_label: 'The department name of the sender',
	account_brandName: 'The brand name configured for the account',
	sender: 'The sender (username)',
	sender_name: 'The sender\'s name',
	folder: 'The folder of the document (its ID)',
	folder_name: 'The folder\'s name',
	stampDetails: 'The stamp paper: stamp value and state',
	stampDetails_groupName: 'The stamp group\'s name (a group is a set of stamp series of one state)',
	stampDetails_groupNumber: 'The stamp group\'s number',
	stampDetails_maximumValuePermitted: 'The highest stamp value the stamp group permits',
	stampDetails_stamps: 'Each stamp paper: series, amount and serial number',
	stampDetails_stamps_associatedDocumentId: 'The document ID printed on the stamp paper',
	referenceAttachments: 'The files the sender attached to the invitation',
	neslDocumentDetails: 'The NeSL data (transaction ID and loan details) when a NeSL signer is present',
	neslDocumentDetails_securityDetails: 'The NeSL security details',
	neslDocumentDetails_stampDetails: 'The NeSL stamp details: parties, stamp duty, article code',
	neslDocumentDetails_stampDetails_firstPartyPin: 'The PIN code of the stamp\'s first party',
	neslDocumentDetails_stampDetails_secondPartyPin: 'The PIN code of the stamp\'s second party',
	neslDocumentDetails_stampDetails_firstPartyOVDType: 'The type of the first party\'s official document (OVD)',
	neslDocumentDetails_stampDetails_firstPartyOVDValue: 'The number of the first party\'s official document (OVD)',
	neslDocumentDetails_stampDetails_secondPartyOVDType: 'The type of the second party\'s official document (OVD)',
	neslDocumentDetails_stampDetails_secondPartyOVDValue: 'The number of the second party\'s official document (OVD)',
	cc: 'The CC recipients of the document',
	coordinatePicker: 'Whether the coordinate picker is on and active (the document is not sent yet)',
	invitations_inviteeConfigs: 'Each invitee\'s configuration: name, e-mail, phone, invitee type',
	invitations_inviteeConfigs_retry: 'The retry attempts allowed to the signer (Aadhaar eSign only)',
	invitations_inviteeConfigs_fixedName: 'Whether the invitee may edit their name while signing',
	invitations_inviteeConfigs_noName: 'Whether the invitee\'s name appears in the signature',
	invitations_inviteeConfigs_supportingDocument: 'The supporting documents required from the invitee',
	invitations_inviteeConfigs_organizationConfig: 'The organisation seal settings of the signature',
	invitations_inviteeConfigs_security: 'The security modules of the invitee: authentication, location, photo, liveliness',
	invitations_inviteeConfigs_customURL: 'The invitee\'s webhook, error webhook and redirect URLs',
	invitations_inviteeConfigs_customConsent: 'The custom consent the signer must accept',
	invitations_inviteeConfigs_enableRejectDocument: 'Whether the signer may reject the invitation',
	invitations_inviteeConfigs_enableRejectMessage: 'Whether the signer must give a reason when rejecting',
	invitations_recordReviewerDetails: 'Whether reviewer details are recorded in the audit trail',
	invitations_inviteeGroup: 'The group of a group invite (its ID and completion status)',
	invitations_inviteeGroup_name: 'The group\'s name',
	invitations_inviteeGroup_completionThreshold: 'How many group members must sign',
	invitations_inviteeGroup_size: 'How many invitees the group has',
	invitations_inviteeGroup_completed: 'Whether the group has finished signing',
	invitations_signatureOptions: 'The signature options each invitation allows (OTP, biometric, drawn…)',
	invitations_neslInvitationDetails: 'The NeSL invitation details of each invitee',
	invitations_neslInvitationDetails_participantDetails: 'The NeSL participant details of each invitee',
	invitations_InvitationOfflineSignDetails: 'The details of a cloud DSC invitation',
	invitations_invitationStatus_failureReason: 'Why an invitation failed',
	invitations_invitationStatus_rejectionMessage: 'The reason an approver gave for rejecting',
	invitations_invitationStatus_signRejectionMessage: 'The reason a signer gave for rejecting',
	invitations_certificateData: 'The data of the signing certificate',
	invitations_verificationRequest: 'Which certificate details are to be verified (Aadhaar, cloud DSC, DSC, NeSL)',
	invitations_verificationResponse: 'How the certificate details matched the invitee\'s',
	invitations_supportingDocuments: 'The supporting documents the signer uploaded',
};

const readFields: INodeProperties[] = [
	documentId(['getStatus', 'getDetails', 'delete', 'download'], 'query'),
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'multiOptions',
		options: DETAIL_SWITCHES.map((section) => ({ name: sectionLabel(section), value: section, description: DETAIL_SWITCH_DESCRIPTIONS[section] })).sort((a, b) =>
			a.name.localeCompare(b.name),
		),
		default: [...DOCUMENT_CHOICES.detailSections],
		description:
			'Extra parts of the document to return; the service leaves out what is not asked for. A nested section (Parent > Child) only counts when its parents are on, so picking it also sends its parents, and you get what you picked.',
		displayOptions: show(['getDetails']),
	},
	returnAllProperty(RESOURCE, 'getMany'),
	limitProperty(RESOURCE, 'getMany'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show(['getMany']),
		options: [
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				description: 'An exact document name, document ID or IRN (case-insensitive, no partial match)',
				routing: { send: { type: 'query', property: 'q' } },
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: enumOptions(LIST_STATUSES),
				default: 'COMPLETED',
				routing: { send: { type: 'query', property: 'status' } },
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(['getMany']),
		options: [
			pageSizeOption(MAX_PAGE_SIZE, `Documents per request, at most ${MAX_PAGE_SIZE} (the service silently turns larger values into 20)`),
		],
	},
];

// ---------------------------------------------------------------- download

const ATTACHMENT_TYPES = ['ATTACHMENT', 'SUPPORTING_DOCUMENT'];

const downloadFields: INodeProperties[] = [
	{
		displayName: 'File Type',
		name: 'fileType',
		type: 'options',
		options: [
			{ name: 'Attachment', value: 'ATTACHMENT', description: 'A file the sender attached, by index' },
			{ name: 'Audit Trail', value: 'AUDIT_TRAIL' },
			{ name: 'Signed Document', value: 'DOCUMENT' },
			{ name: 'Supporting Document', value: 'SUPPORTING_DOCUMENT', description: 'A file an invitee uploaded, by sign URL and index' },
		],
		default: 'DOCUMENT',
		description: `One of ${DOWNLOAD_TYPES.join(', ')}; only COMPLETED documents can be downloaded`,
		displayOptions: show(['download']),
		routing: { send: { type: 'query', property: 'documentDownloadType' } },
	},
	{
		displayName: 'Sign URL',
		name: 'supportDocumentUrl',
		type: 'string',
		default: '',
		required: true,
		description: 'The sign URL of the invitee who uploaded the document, or just its UUID',
		displayOptions: show(['download'], { fileType: ['SUPPORTING_DOCUMENT'] }),
		routing: { send: { type: 'query', property: 'supportDocumentUrl' } },
	},
	{
		displayName: 'Index',
		name: 'index',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Which file, counting from 0',
		displayOptions: show(['download'], { fileType: ATTACHMENT_TYPES }),
		routing: { send: { type: 'query', property: 'index' } },
	},
	returnFileProperty({ resource: ['document'], operation: ['download'] }),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(['download']),
		options: [
			{ displayName: 'File Name', name: 'fileName', type: 'string', default: '', description: 'Name of the output file; by default the name the service gives' },
			{
				displayName: 'Output Link Only',
				name: 'linkOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to output the temporary download link instead of the file. The link dies 15 seconds after it is issued.',
				// As an AI agent tool, Return File says it.
				displayOptions: { hide: { '@tool': [true] } },
			},
			{ displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', default: 'data', hint: 'The name of the output binary field to put the file in' },
		],
	},
];

// ---------------------------------------------------------------- changes

// A plain name, as the linter does not read a member expression as a default.
const { docSignerConsent } = DOCUMENT_CHOICES;

const changeFields: INodeProperties[] = [
	// The spec has Reactivate's documentId in the body only.
	documentId(['reactivate'], 'body'),
	{
		displayName: 'New Expiry',
		name: 'expiry',
		type: 'options',
		options: [
			{ name: 'In Days', value: 'days', description: 'Days from now, ending 11:59 PM' },
			{ name: 'At a Date and Time', value: 'dateTime' },
			{ name: 'Workflow Default', value: 'workflowDefault', description: 'The expiry set on the workflow' },
		],
		default: 'days',
		hint: 'Per the service\'s older public docs, reactivation works only within 30 days of expiry, and never for stamped documents',
		displayOptions: show(['reactivate']),
	},
	{
		displayName: 'Expiry Days',
		name: 'expiryDays',
		type: 'number',
		typeOptions: { minValue: -1, maxValue: 365 },
		default: 7,
		description: '-1: 45 minutes from now; 0: today 11:59 PM; 1: tomorrow 11:59 PM; N (up to 365): N days from now at 11:59 PM',
		displayOptions: show(['reactivate'], { expiry: ['days'] }),
	},
	{
		displayName: 'Expiry Date and Time',
		name: 'expiryTime',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'In the future and at most 365 days ahead',
		displayOptions: show(['reactivate'], { expiry: ['dateTime'] }),
	},
	{
		displayName: 'Sign URLs',
		name: 'signUrls',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://app1.leegality.com/sign/…',
		description: 'One to 15 sign URLs (or their UUIDs), comma- or newline-separated, or an expression giving an array. Items are batched together, up to 15 URLs per request.',
		displayOptions: show(['resend']),
	},
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		default: '',
		required: true,
		description: 'The invitation to sign; it must be set up for the document signer sign type, active and unsigned',
		displayOptions: show(['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'signUrl' } },
	},
	{
		displayName: 'Document Signer Profile ID',
		name: 'docSignerProfileId',
		type: 'string',
		default: '',
		required: true,
		description: 'A document signer certificate profile saved in the invitee\'s account (the credential\'s token must belong to that account)',
		displayOptions: show(['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'profileId' } },
	},
	{
		displayName: 'Consent',
		name: 'consent',
		type: 'string',
		typeOptions: { rows: 4 },
		default: docSignerConsent,
		required: true,
		description: 'The consent the service requires, word for word (case, spacing and punctuation count). The default is the service\'s published text: change it only if the service\'s text changes.',
		displayOptions: show(['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'consent' } },
	},
	...(
		[
			['Request ID', 'requestId'],
			['Loan Number', 'loanNumber'],
			['Notification Transaction ID', 'notifTxnId'],
		] as const
	).map(
		([displayName, name]): INodeProperties => ({
			displayName,
			name,
			type: 'string',
			default: '',
			required: true,
			displayOptions: show(['reviewEbg']),
			routing: { send: { type: 'body', property: `data.${name}` } },
		}),
	),
	{
		displayName: 'Review Status',
		name: 'reviewStatus',
		type: 'options',
		options: [
			{ name: 'Accepted', value: 'Accepted' },
			{ name: 'Rejected', value: 'Rejected' },
		],
		default: 'Accepted',
		displayOptions: show(['reviewEbg']),
		routing: { send: { type: 'body', property: 'data.reviewStatus' } },
	},
	{
		displayName: 'Review Remarks',
		name: 'reviewRemarks',
		type: 'string',
		default: '',
		required: true,
		displayOptions: show(['reviewEbg']),
		routing: { send: { type: 'body', property: 'data.reviewRemarks' } },
	},
];

export const documentProperties: INodeProperties[] = [operation, createNotice(RESOURCE, 'create', CREATE_SIGNING_REQUEST), ...createFields, ...readFields, ...downloadFields, ...changeFields];
