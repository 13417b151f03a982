import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnFileProperty } from '../../shared/binary';
import { v4Routing } from '../../shared/routing';
import { V4_MAX_PAGE_SIZE, v4SearchPagination } from '../../shared/v4Request';
import { limitProperty, offsetOption, pageSizeOption, returnAllProperty } from '../../shared/descriptions';
import { sectionLabel } from '../../shared/sectionSwitches';
import { postReceivePackDownload, postReceivePackGet, preSendPackDownload, preSendPackGet, preSendPackSearch } from './hooks';
import { packIdLocator } from './packPicker';
import { ALL_SECTIONS, PACK_SECTIONS } from './validation';

const show = (operation: string[]) => ({ show: { resource: ['pack'], operation } });

const sectionOptions: INodePropertyOptions[] = [
	{ name: 'All Sections', value: ALL_SECTIONS, description: 'Every section below (the service\'s payloadForPackEdit switch)' },
	...PACK_SECTIONS.map((section) => ({ name: sectionLabel(section), value: section })),
].sort((a, b) => a.name.localeCompare(b.name));

export const packOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['pack'] } },
	options: [
		{
			name: 'Download',
			value: 'download',
			action: 'Download a pack file',
			description: 'Download a document, audit trail, attachment or supporting document as a file',
			routing: v4Routing('GET', '/v4/packs/download', { preSend: [preSendPackDownload], postReceive: [postReceivePackDownload] }),
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a pack',
			description: 'Get the details of a pack, with the sections you choose',
			routing: v4Routing('GET', '/v4/packs', { preSend: [preSendPackGet], postReceive: [postReceivePackGet] }),
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search packs',
			description: 'Search packs by text, status, workflow or IRN',
			// Pages are requested by the runner, which reads the service's pagination object.
			routing: v4Routing('GET', '/v4/packs/search', { preSend: [preSendPackSearch], pagination: v4SearchPagination }),
		},
	],
	default: 'search',
};

const getFields: INodeProperties[] = [
	{
		displayName: 'Select Pack By',
		name: 'packSelector',
		type: 'options',
		options: [
			{ name: 'Pack ID', value: 'packId', description: 'The pack\'s ULID, as Search returns it' },
			{ name: 'Pack URN', value: 'packUrn', description: 'Your own reference, given when the pack was created' },
			{ name: 'Workflow Run Context ID', value: 'workflowRunContextId', description: 'The pack-run ID that every webhook event of the pack carries' },
		],
		default: 'packId',
		description: 'The service takes exactly one identifier',
		displayOptions: show(['get']),
	},
	packIdLocator({ show: { resource: ['pack'], operation: ['get'], packSelector: ['packId'] } }),
	{
		displayName: 'Pack URN',
		name: 'packUrn',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: { resource: ['pack'], operation: ['get'], packSelector: ['packUrn'] } },
	},
	{
		displayName: 'Workflow Run Context ID',
		name: 'workflowRunContextId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: { resource: ['pack'], operation: ['get'], packSelector: ['workflowRunContextId'] } },
	},
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'multiOptions',
		options: sectionOptions,
		default: [],
		description:
			'Extra parts of the pack to return. A nested section (Parent > Child) only counts when all its parents are on, so picking it also sends its parents, and you get what you picked. Audit Trail appears only on COMPLETED documents.',
		displayOptions: show(['get']),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: show(['get']),
		options: [
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{ name: 'The Pack', value: 'pack', description: 'One item with the pack and its documents' },
					{ name: 'One Item per Document', value: 'documents', description: 'Each document with its pack\'s ID, name and status, ready for Download' },
				],
				default: 'pack',
			},
		],
	},
];

const searchFields: INodeProperties[] = [
	returnAllProperty('pack', 'search'),
	{
		displayName: 'Without a Status filter the service lists only the first 1000 packs: if more match, Return All stops with an error instead of returning part of them. Set Filters > Status to read them all.',
		name: 'windowNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['pack'], operation: ['search'], returnAll: [true] } },
	},
	limitProperty('pack', 'search'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show(['search']),
		options: [
			{ displayName: 'IRN', name: 'irn', type: 'string', default: '', description: 'Exact match on the pack\'s Internal Reference Number' },
			{ displayName: 'Search Text', name: 'text', type: 'string', default: '', description: 'Free text to search packs for' },
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Completed', value: 'COMPLETED' },
					{ name: 'Draft', value: 'DRAFT' },
					{ name: 'Expired', value: 'EXPIRED' },
					{ name: 'Sent', value: 'SENT' },
				],
				default: 'COMPLETED',
				description: 'With a status, every matching pack can be read; without one, only the first 1000',
			},
			{ displayName: 'Workflow ID', name: 'workflowId', type: 'string', default: '', description: 'Packs created from this workflow; an unknown ID finds nothing' },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: show(['search']),
		options: [
			offsetOption('How many matching packs to skip before the first one returned'),
			pageSizeOption(V4_MAX_PAGE_SIZE, `Packs per request (1 to ${V4_MAX_PAGE_SIZE}); fewer requests with larger pages`),
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'createdAt' },
					{ name: 'Updated At', value: 'updatedAt' },
				],
				default: 'createdAt',
			},
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'desc',
			},
		],
	},
];

const indexed = ['ATTACHMENT', 'SUPPORTING_DOCUMENT'];

const downloadFields: INodeProperties[] = [
	{
		displayName: 'Download Type',
		name: 'downloadType',
		type: 'options',
		options: [
			{ name: 'Attachment', value: 'ATTACHMENT', description: 'A file the sender attached to the document, by index' },
			{ name: 'Audit Trail', value: 'AUDIT_TRAIL', description: 'Available once the document is fully signed' },
			{ name: 'Document', value: 'DOCUMENT', description: 'The document, signed as far as it is' },
			{ name: 'Supporting Document', value: 'SUPPORTING_DOCUMENT', description: 'A file an invitee uploaded while signing, by sign URL and index' },
		],
		default: 'DOCUMENT',
		displayOptions: show(['download']),
	},
	{
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 01HV5Z6Q8W3X9YB2C4D6E8F0GH',
		description: 'The document\'s ULID, as Get returns it in documents',
		displayOptions: { show: { resource: ['pack'], operation: ['download'], downloadType: ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT'] } },
	},
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		required: true,
		default: '',
		description: 'The invitee\'s sign URL (whole, or its last part)',
		displayOptions: { show: { resource: ['pack'], operation: ['download'], downloadType: ['SUPPORTING_DOCUMENT'] } },
	},
	{
		displayName: 'Index',
		name: 'index',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Which file, counting from 0',
		displayOptions: { show: { resource: ['pack'], operation: ['download'], downloadType: indexed } },
	},
	returnFileProperty({ resource: ['pack'], operation: ['download'] }),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: show(['download']),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: show(['download']),
		options: [
			{
				displayName: 'File Delivery',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'Account Default', value: 'accountDefault', description: 'The account\'s setting: a short-lived link (downloaded at once) or the file itself' },
					{ name: 'Stream', value: 'stream', description: 'The file itself in the response' },
				],
				default: 'accountDefault',
			},
			{
				displayName: 'Output Link Only',
				name: 'linkOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to output the short-lived link and its expiry instead of the file. If the account is set to send files, the file is output.',
				// As an AI agent tool, Return File says it.
				displayOptions: { hide: { '@tool': [true] } },
			},
		],
	},
];

export const packFields: INodeProperties[] = [...getFields, ...searchFields, ...downloadFields];
