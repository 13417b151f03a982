import type { INodeProperties } from 'n8n-workflow';

import { v1Routing } from '../../shared/routing';
import { ADMIN, adminOperations, adminResource, showFor, v1Path } from './common';
import { buildLicence } from './hooks';

const resource = ADMIN.licence;

const operation = adminOperations(resource, 'install', [
	{
		name: 'Install',
		value: 'install',
		description: 'Install a licence from its content (JWT-formatted data, from a file of any extension or as text)',
		action: 'Install a licence',
		routing: v1Routing('POST', v1Path('/licenses'), { preSend: [buildLicence] }),
	},
]);

const install = showFor(resource, ['install']);

const fields: INodeProperties[] = [
	{
		displayName: 'Licence Source',
		name: 'licenceSource',
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'binary', description: 'The licence file from an input binary field' },
			{ name: 'Text', value: 'text', description: 'The licence content pasted or from an expression' },
		],
		default: 'binary',
		displayOptions: install,
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the licence file',
		displayOptions: { show: { resource: [resource], operation: ['install'], licenceSource: ['binary'] } },
	},
	{
		displayName: 'Licence Content',
		name: 'licenceContent',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. eyJhbGciOi…',
		description: 'The licence as given to you: JWT-formatted text (three dot-separated parts)',
		displayOptions: { show: { resource: [resource], operation: ['install'], licenceSource: ['text'] } },
	},
];

export const licence = adminResource('Licence', resource, [operation, ...fields]);
