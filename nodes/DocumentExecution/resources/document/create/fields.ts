import type { INodeProperties } from 'n8n-workflow';

import type { Creation } from '../../../../shared/errors';
import { withDocsLink } from '../../../../shared/docsLinks';
import { showFor, simplifyProperty } from '../../../shared/form/descriptions';
import { INPUT_FIELDS, INPUT_FIELDS_MODE, SIZED_TEMPLATE_FIELD_TYPES } from './rules';

/** The fields of Document → Create Signing Request. */

export const CREATE_SIGNING_REQUEST: Creation = {
	operation: 'Document → Create Signing Request',
	thing: 'the signing request',
	check:
		'check with Document → Get Many (search for its IRN or document name) before running the node again',
};

const CREATE = ['create'];
const FIELDS_MODE = { specifyBody: ['fields'] };
/** Using Fields Below, or Using Input Fields: the fields below, with the row's own fields read from the item. */
const FORM_MODES = { specifyBody: ['fields', INPUT_FIELDS_MODE] };

/** The NeSL document detail fields, by the service's keys. */
const neslDetailOptions: INodeProperties[] = [
	{
		displayName: 'Account Closed Flag',
		name: 'accountClosedFlag',
		type: 'options',
		options: [
			{ name: 'Assigned', value: 'ASSIGNED' },
			{ name: 'No', value: 'NO' },
			{ name: 'Yes', value: 'YES' },
		],
		default: 'YES',
	},
	{ displayName: 'Amount Overdue', name: 'amountOverdue', type: 'string', default: '' },
	{ displayName: 'Branch Address', name: 'branchAddress', type: 'string', default: '' },
	{ displayName: 'Branch Name', name: 'branchName', type: 'string', default: '' },
	{
		displayName: 'Claim Expiry Date',
		name: 'claimExpiryDate',
		type: 'string',
		default: '',
		placeholder: '2025-12-31',
		description: 'Format yyyy-MM-dd. Required for eBG.',
	},
	{ displayName: 'Contract Ref No', name: 'contractRefNo', type: 'string', default: '' },
	{
		displayName: 'Credit Subtype',
		name: 'creditSubtype',
		type: 'options',
		options: [
			{ name: 'Credit Facility', value: 'CREDIT_FACILITY' },
			{ name: 'Hybrid eBG', value: 'HYBRID_EBG' },
			{ name: 'Property Buyer', value: 'PROPERTY_BUYER' },
		],
		default: 'CREDIT_FACILITY',
	},
	{
		displayName: 'Creditor Business Unit',
		name: 'creditorBusinessUnit',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Date Of Sanction',
		name: 'dateOfSanction',
		type: 'string',
		default: '',
		placeholder: '2025-12-31',
		description: 'Format yyyy-MM-dd',
	},
	{ displayName: 'Days Past Due', name: 'daysPastDue', type: 'string', default: '' },
	{ displayName: 'Debt Start Date', name: 'debtStartDate', type: 'string', default: '' },
	{
		displayName: 'Doc Ref No',
		name: 'docRefNo',
		type: 'string',
		default: '',
		description: 'Required for the non-lending flow',
	},
	{ displayName: 'Drawing Power', name: 'drawingPower', type: 'string', default: '' },
	{
		displayName: 'eBG Event',
		name: 'event',
		type: 'options',
		options: [
			{ name: 'Amendment', value: 'Amendment' },
			{ name: 'Cancellation', value: 'Cancellation' },
			{ name: 'Closure', value: 'Closure' },
			{ name: 'Court Injunction', value: 'Court_injunction' },
			{ name: 'Invocation', value: 'Invocation' },
			{ name: 'Issuance', value: 'Issuance' },
			{ name: 'Partial Invocation', value: 'Partial_invocation' },
			{ name: 'Renewal', value: 'Renewal' },
		],
		default: 'Issuance',
		description: 'Required when the registration type is EBG',
	},
	{ displayName: 'EMI Amount', name: 'emiAmount', type: 'string', default: '' },
	{
		displayName: 'Expiry Date Ebg',
		name: 'expiryDateEbg',
		type: 'string',
		default: '',
		placeholder: '2025-12-31',
		description: 'Format yyyy-MM-dd. Required for eBG.',
	},
	{ displayName: 'Facility Name', name: 'facilityName', type: 'string', default: '' },
	{
		displayName: 'Fund Type',
		name: 'fundType',
		type: 'options',
		options: [
			{ name: 'Funded', value: 'FUNDED' },
			{ name: 'Non Funded', value: 'NON_FUNDED' },
		],
		default: 'FUNDED',
	},
	{ displayName: 'Interest Amount', name: 'interestAmount', type: 'string', default: '' },
	{ displayName: 'Loan Number', name: 'loanNumber', type: 'string', default: '' },
	{ displayName: 'Loan Remark', name: 'loanRemark', type: 'string', default: '' },
	{ displayName: 'Old Debt Ref No', name: 'oldDebtRefNo', type: 'string', default: '' },
	{ displayName: 'Other Charge Amount', name: 'otherChargeAmount', type: 'string', default: '' },
	{ displayName: 'Portal ID', name: 'portalId', type: 'string', default: '' },
	{
		displayName: 'Principal Outstanding',
		name: 'principalOutstanding',
		type: 'string',
		default: '',
	},
	{ displayName: 'Rate Of Interest', name: 'rateOfInterest', type: 'string', default: '' },
	{ displayName: 'Sanction Amount', name: 'sanctionAmount', type: 'string', default: '' },
	{
		displayName: 'Sanction Currency',
		name: 'sanctionCurrency',
		type: 'options',
		options: [{ name: 'INR', value: 'INR' }],
		default: 'INR',
	},
	{ displayName: 'Sanction Number', name: 'sanctionNumber', type: 'string', default: '' },
	{ displayName: 'Tenure', name: 'tenure', type: 'string', default: '' },
	{
		displayName: 'Total Outstanding Amount',
		name: 'totalOutstandingAmount',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Type Of Debt',
		name: 'typeOfDebt',
		type: 'options',
		options: [
			{ name: 'Financial', value: 'FINANCIAL' },
			{ name: 'Operational', value: 'OPERATIONAL' },
		],
		default: 'FINANCIAL',
	},
	{ displayName: 'Vendor Code', name: 'vendorCode', type: 'string', default: '' },
];

/** The checks both verification collections have: the name switches, then the values the certificate must match. */
const nameChecks: INodeProperties[] = [
	{
		displayName: 'Verify Name',
		name: 'verifyName',
		type: 'boolean',
		default: true,
		description: "Whether the name on the certificate must match the invitee's name",
	},
	{
		displayName: 'Verify Smart Name',
		name: 'verifySmartName',
		type: 'boolean',
		default: true,
		description:
			"Whether the name on the certificate must closely match the invitee's name (tolerating small differences)",
	},
];
const pincodeCheck: INodeProperties = {
	displayName: 'Pincode',
	name: 'verifyPincode',
	type: 'string',
	default: '',
	placeholder: '560001',
	description: 'The 6-digit pincode the certificate must match',
};
const stateCheck: INodeProperties = {
	displayName: 'State',
	name: 'verifyState',
	type: 'string',
	default: '',
	placeholder: 'Karnataka',
	description: 'The state the certificate must match',
};

export const createFields: INodeProperties[] = [
	{
		displayName: 'Workflow Profile ID',
		name: 'profileId',
		type: 'string',
		required: true,
		default: '',
		description:
			'The ID of a published workflow. Sign type, signing order, expiry and webhooks are set on the workflow in the dashboard.',
		displayOptions: showFor('document', CREATE, FORM_MODES),
	},
	{
		displayName: 'Specify Body',
		name: 'specifyBody',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{
				name: 'Using Input Fields (Map Automatically)',
				value: INPUT_FIELDS_MODE,
				description:
					"Each item's own fields give its document name, IRN and invitee (a CSV file's columns, say); the rest comes from the fields below",
			},
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
		description:
			"Whether to build the request from the fields below, from each input item's fields, or send a whole signing request written as JSON",
		displayOptions: showFor('document', CREATE),
	},
	{
		displayName: withDocsLink(
			`Each input item's fields give its request: ${Object.keys(INPUT_FIELDS).join(', ')}. No expression per item: the fast way for thousands of rows.`,
			'bulkSend',
		),
		name: 'inputFieldsNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('document', CREATE, { specifyBody: [INPUT_FIELDS_MODE] }),
	},
	{
		displayName: 'JSON Body',
		name: 'jsonBody',
		type: 'json',
		default:
			'{\n  "profileId": "",\n  "file": { "name": "", "file": "" },\n  "invitees": [{ "name": "", "email": "", "phone": "" }]\n}',
		description:
			'The whole signing request as the service takes it (file.file is base64 PDF). It is checked against the same rules as the fields.',
		displayOptions: showFor('document', CREATE, { specifyBody: ['json'] }),
	},
	{
		displayName: 'Document Source',
		name: 'documentSource',
		type: 'options',
		options: [
			{
				name: 'PDF From Binary Field',
				value: 'binary',
				description: 'A PDF from an earlier node (Read File, HTTP Request, Google Drive…)',
			},
			{ name: 'PDF as Base64 Text', value: 'base64' },
			{
				name: 'Template Fields',
				value: 'template',
				description: "For template workflows: the values of the template's fields",
			},
		],
		default: 'binary',
		displayOptions: showFor('document', CREATE, FORM_MODES),
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the PDF (at most 15 MB)',
		displayOptions: showFor('document', CREATE, { ...FORM_MODES, documentSource: ['binary'] }),
	},
	{
		displayName: 'PDF (Base64)',
		name: 'fileBase64',
		type: 'string',
		default: '',
		required: true,
		description:
			'The PDF encoded as standard base64 (at most 15 MB before encoding). Line breaks and spaces are removed before sending.',
		displayOptions: showFor('document', CREATE, { ...FORM_MODES, documentSource: ['base64'] }),
	},
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Leave empty to let the first invitee fill the fields',
		displayOptions: showFor('document', CREATE, { ...FORM_MODES, documentSource: ['template'] }),
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
					{
						displayName: 'Height (Px)',
						name: 'height',
						type: 'string',
						default: '',
						displayOptions: { show: { type: [...SIZED_TEMPLATE_FIELD_TYPES] } },
					},
					{
						displayName: 'Multiple',
						name: 'multiple',
						type: 'boolean',
						default: false,
						description: 'Whether several values may be chosen (required for dropdown)',
						displayOptions: { show: { type: ['dropdown'] } },
					},
					{
						displayName: 'Required',
						name: 'required',
						type: 'boolean',
						default: false,
						description: 'Whether the invitee must fill it while signing',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: [
							{ name: 'Checkbox', value: 'checkbox' },
							{ name: 'Dropdown', value: 'dropdown' },
							{ name: 'File (Dashboard Payload)', value: 'file' },
							{ name: 'Files', value: 'files' },
							{ name: 'Image', value: 'image' },
							{ name: 'Radio', value: 'radio' },
							{ name: 'Select', value: 'select' },
							{ name: 'Text', value: 'text' },
							{ name: 'Textarea', value: 'textarea' },
						],
						default: 'text',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The pre-filled value',
					},
					{
						displayName: 'Width (Px)',
						name: 'width',
						type: 'string',
						default: '',
						displayOptions: { show: { type: [...SIZED_TEMPLATE_FIELD_TYPES] } },
					},
				],
			},
		],
	},
	{
		displayName: 'Auto-Grouped Fields Fill',
		name: 'autoGroupedFieldsFill',
		type: 'boolean',
		default: false,
		description:
			'Whether one field per group is enough, the others of the group being filled automatically (HTML templates only, beta)',
		displayOptions: showFor('document', CREATE, { ...FORM_MODES, documentSource: ['template'] }),
	},
	{
		displayName: 'Document Name',
		name: 'documentName',
		type: 'string',
		default: '',
		placeholder: 'Loan-Agreement_2025.pdf',
		description: 'At most 255 characters: letters, digits, spaces and + | - : ( ) , _ . [ ] & / @.',
		displayOptions: showFor('document', CREATE, FIELDS_MODE),
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
		displayOptions: showFor('document', CREATE, FIELDS_MODE),
		options: [
			{
				displayName: 'Invitee',
				name: 'invitee',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
					},
					{
						displayName: 'Phone',
						name: 'phone',
						type: 'string',
						default: '',
						description: '10-digit mobile number without country code',
					},
					{
						displayName: 'Options',
						name: 'options',
						type: 'collection',
						placeholder: 'Add Option',
						default: {},
						options: [
							{
								displayName: 'Aadhaar Verification',
								name: 'aadhaarConfig',
								type: 'collection',
								placeholder: 'Add Check',
								default: {},
								description:
									'What the Aadhaar eSign certificate must match: a mismatch fails the invitation at signing',
								options: [
									{
										displayName: 'Gender',
										name: 'verifyGender',
										type: 'options',
										options: [
											{ name: 'Female', value: 'F' },
											{ name: 'Male', value: 'M' },
										],
										default: 'F',
									},
									{
										displayName: 'Last 4 Aadhaar Digits',
										name: 'verifyTitle',
										type: 'string',
										default: '',
										placeholder: '1234',
										description: 'The last 4 digits of the Aadhaar number',
									},
									pincodeCheck,
									stateCheck,
									...nameChecks,
									{
										displayName: 'Year of Birth',
										name: 'verifyYob',
										type: 'string',
										default: '',
										placeholder: '1990',
									},
								],
							},
							{
								displayName: 'Completion Threshold',
								name: 'completionThreshold',
								type: 'number',
								default: 1,
								description: 'For group signing: how many members must sign',
							},
							{
								displayName: 'DSC Verification',
								name: 'dscConfig',
								type: 'collection',
								placeholder: 'Add Check',
								default: {},
								description:
									'What the DSC token certificate must match: a mismatch fails the invitation at signing',
								options: [pincodeCheck, stateCheck, ...nameChecks],
							},
							{ displayName: 'Group ID', name: 'groupId', type: 'string', default: '' },
							{ displayName: 'Group Name', name: 'groupName', type: 'string', default: '' },
							{
								displayName: 'NeSL Config (JSON)',
								name: 'neslConfig',
								type: 'json',
								default: '{}',
							},
							{
								displayName: 'Offline Sign Config (JSON)',
								name: 'offlineSignConfig',
								type: 'json',
								default: '{}',
							},
							{
								displayName: 'Organization Name',
								name: 'organizationName',
								type: 'string',
								default: '',
							},
							{
								displayName: 'Payment Amount',
								name: 'paymentAmount',
								type: 'number',
								default: 0,
								description: 'Amount to collect from this invitee (workflow payment collection)',
							},
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
		displayOptions: showFor('document', CREATE, FORM_MODES),
		options: [
			{
				displayName: 'Recipient',
				name: 'recipient',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						required: true,
					},
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
		displayOptions: showFor('document', CREATE, FORM_MODES),
		options: [
			{
				displayName: 'Additional Files',
				name: 'additionalFiles',
				type: 'string',
				default: '',
				placeholder: 'annexure, schedule',
				description:
					'Names of input binary fields holding PDFs to append to the document, comma-separated (at most 15 MB in total)',
			},
			{
				displayName: 'IRN',
				name: 'irn',
				type: 'string',
				default: '',
				description:
					'Internal Reference Number, searchable later. At most 255 characters: letters, digits and + | - : ( ) , _ . [ ] & / @ (no spaces).',
				hint: 'Give each document its own IRN: if a create fails unclearly, Get Many finds it by IRN before you run again',
				// Using Input Fields reads the IRN from each item's irn field.
				displayOptions: { show: { '/specifyBody': ['fields'] } },
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
							{
								displayName: 'Stamp Series',
								name: 'stampSeries',
								type: 'string',
								default: '',
								description: 'Series number',
							},
							{
								displayName: 'Quantity',
								name: 'seriesQuantity',
								type: 'number',
								typeOptions: { minValue: 1, maxValue: 99 },
								default: 1,
								description: 'From 1 to 99',
							},
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
								description:
									'Loans and eBG need loan number, sanction number and amount, type of debt, account closed flag, fund type, sanction currency and credit subtype; loans also need date of sanction, EMI amount, rate of interest, tenure and facility name',
								options: neslDetailOptions,
							},
							{
								displayName: 'Other Arrays (JSON)',
								name: 'otherArrays',
								type: 'json',
								default: '{}',
								description:
									'The arrays whose fields the service does not publish, as one JSON object: {"entities": [], "participants": [], "neslParties": [], "neslSecurities": []}',
							},
							{
								displayName: 'Registration Type',
								name: 'registrationType',
								type: 'options',
								options: [
									{ name: 'eBG', value: 'EBG' },
									{ name: 'Individual Loan', value: 'INDIVIDUAL_LOAN' },
									{ name: 'Non Individual Loan', value: 'NON_INDIVIDUAL_LOAN' },
									{ name: 'Non Lending', value: 'NON_LENDING' },
								],
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
											{
												displayName: 'Article Code',
												name: 'articleCode',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'Consideration Price',
												name: 'considerationPrice',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'Description of Document',
												name: 'descriptionOfDocument',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'First Party',
												name: 'firstParty',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'More',
												name: 'more',
												type: 'collection',
												placeholder: 'Add Field',
												default: {},
												options: [
													{
														displayName: 'Article Sub Code',
														name: 'articleSubCode',
														type: 'string',
														default: '',
													},
													{
														displayName: 'First Party OVD Type',
														name: 'firstPartyOVDType',
														type: 'options',
														options: [
															{ name: 'Any Other Official ID', value: 'ANY_OTHER_OFFICIAL_ID' },
															{ name: 'Driving License', value: 'DRIVING_LICENSE' },
															{ name: 'PAN Card', value: 'PAN_CARD' },
															{ name: 'Passport', value: 'PASSPORT' },
															{ name: 'Voter ID', value: 'VOTER_ID' },
														],
														default: 'PAN_CARD',
													},
													{
														displayName: 'First Party OVD Value',
														name: 'firstPartyOVDValue',
														type: 'string',
														default: '',
													},
													{
														displayName: 'First Party Pin',
														name: 'firstPartyPin',
														type: 'string',
														default: '',
													},
													{
														displayName: 'Second Party Pin',
														name: 'secondPartyPin',
														type: 'string',
														default: '',
													},
												],
											},
											{
												displayName: 'Second Party',
												name: 'secondParty',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'Stamp Duty Amount',
												name: 'stampDutyAmount',
												type: 'string',
												default: '',
												required: true,
											},
											{
												displayName: 'Stamp Duty Paid By',
												name: 'stampDutyPaidBy',
												type: 'string',
												default: '',
												required: true,
											},
										],
									},
								],
							},
							{
								displayName: 'State',
								name: 'state',
								type: 'string',
								default: '',
								required: true,
								description: 'State where the stamp duty is paid',
							},
						],
					},
				],
			},
			{
				displayName: 'Revenue Stamp Quantity',
				name: 'revenueStampQuantity',
				type: 'number',
				default: 1,
				description: 'Number of revenue stamps',
			},
			{
				displayName: 'Revenue Stamp Series',
				name: 'revenueStampSeries',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Series Group Name or ID',
				name: 'seriesGroup',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getStampGroups' },
				default: '',
				description:
					'The stamp group, from the groups of the account. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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
							{
								displayName: 'Denomination',
								name: 'denomination',
								type: 'string',
								default: '',
								required: true,
							},
							{
								displayName: 'First Party Name',
								name: 'firstPartyName',
								type: 'string',
								default: '',
								required: true,
							},
							{
								displayName: 'Second Party Name',
								name: 'secondPartyName',
								type: 'string',
								default: '',
								required: true,
							},
							{
								displayName: 'Stamp Paper Binary Field',
								name: 'stampFileBinaryProperty',
								type: 'string',
								default: 'stamp',
								required: true,
								description: 'Input binary field holding the stamp paper PDF',
							},
							{
								displayName: 'Stamp Serial',
								name: 'stampSerial',
								type: 'string',
								default: '',
								required: true,
							},
							{ displayName: 'State', name: 'state', type: 'string', default: '', required: true },
						],
					},
				],
			},
			{
				displayName: 'Stamp Series',
				name: 'stampSeries',
				type: 'string',
				default: '',
				description: 'Stamp series to apply; it must have stamps available',
			},
			{
				displayName: 'Stamp Value',
				name: 'stampValue',
				type: 'string',
				default: '',
				description: 'Stamp amount',
			},
		],
	},
	simplifyProperty(
		'document',
		'create',
		"only the document ID, IRN and each invitee's sign URL and expiry",
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('document', CREATE),
		options: [
			{
				displayName: 'One Item per Invitee',
				name: 'oneItemPerInvitee',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/simplify': [true] } },
				description:
					'Whether to output one item per invitee (document ID and IRN repeated), for example to e-mail each one their sign URL',
			},
			{
				displayName: 'If the IRN Already Exists',
				name: 'ifIrnExists',
				type: 'options',
				default: 'createAnother',
				options: [
					{
						name: 'Create Another',
						value: 'createAnother',
						description: 'Send the signing request whatever documents carry its IRN',
					},
					{
						name: 'Return the Existing Document',
						value: 'returnExisting',
						description:
							'Send nothing and output the newest document with this IRN (existing: true), as the create would',
					},
					{
						name: 'Stop With an Error',
						value: 'stop',
						description: 'Send nothing and make the item an error naming the existing document',
					},
				],
				description:
					'Whether to look the IRN up before sending, so a re-run of the same items creates nothing twice. Needs the IRN; one read of the document list per item (two to return a document).',
			},
			{
				displayName: 'Stamp Not Applied',
				name: 'stampNotApplied',
				type: 'options',
				default: 'warn',
				options: [
					{
						name: 'Warn',
						value: 'warn',
						description: 'Output the item with the warning in its warnings list',
					},
					{
						name: 'Stop With an Error',
						value: 'error',
						description:
							'Make the item an error that names the document created (its Document ID and IRN)',
					},
				],
				description:
					'What to do when the service creates the document but does not apply its stamps (warning workflow.stamp.warning). The document is created either way; it is never sent twice.',
			},
		],
	},
];
