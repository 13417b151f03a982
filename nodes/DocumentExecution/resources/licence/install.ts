import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import { readBinary, toText } from '../../shared/files/binary';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { refuseBrokenRules, requiredText, type FieldLabels } from '../../shared/form/rules';

/** Licence → Install: the licence content, from a file of any extension or as text, sent as `file`. */

export const installSchema = z.object({ file: requiredText() }).strict();

/** `file` is named by where its content comes from: Licence Content, or the binary field of the file. */
export const INSTALL_LABELS: FieldLabels = {
	file: 'Licence Content',
	binaryPropertyName: 'Input Binary Field',
};

/** preSend: the licence content, the text of a binary property (any file extension) or a text parameter. */
export async function buildLicence(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	if (parameter<string>(this, 'licenceSource', 'binary') === 'binary') {
		const propertyName = String(parameter<unknown>(this, 'binaryPropertyName', '') ?? '').trim();
		const file = toText(await readBinary(this, propertyName, INSTALL_LABELS.binaryPropertyName));
		requestOptions.body = refuseBrokenRules(
			this,
			installSchema,
			{ file },
			{ file: INSTALL_LABELS.binaryPropertyName },
		);
	} else {
		requestOptions.body = refuseBrokenRules(
			this,
			installSchema,
			{ file: parameter(this, 'licenceContent', null) },
			INSTALL_LABELS,
		);
	}
	return requestOptions;
}

export const installFields: INodeProperties[] = [
	{
		displayName: 'Licence Source',
		name: 'licenceSource',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'The licence file from an input binary field',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'The licence content pasted or from an expression',
			},
		],
		default: 'binary',
		displayOptions: showFor('licence', ['install']),
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the licence file',
		displayOptions: showFor('licence', ['install'], { licenceSource: ['binary'] }),
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
		displayOptions: showFor('licence', ['install'], { licenceSource: ['text'] }),
	},
];

export const installOperation: INodePropertyOptions = {
	name: 'Install',
	value: 'install',
	description:
		'Install a licence from its content (JWT-formatted data, from a file of any extension or as text)',
	action: 'Install a licence',
	routing: v1Routing('POST', '/licenses', { preSend: [buildLicence] }),
};
