import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { v1Routing } from '../../shared/requests/routing';
import { withDocsLink } from '../../../shared/docsLinks';
import type { Creation } from '../../../shared/errors';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { numberAsText, refuseBrokenRules, type FieldLabels } from '../../shared/form/rules';

/** OAuth2 Client → Create: the service answers with the client secret, once. */

export const CREATE_CLIENT: Creation = {
	operation: 'OAuth2 Client → Create',
	thing: 'the OAuth2 client',
	// The spec has no operation that reads clients: a second create with the same ID is the check (409).
	check:
		'if running the node again answers that the client already exists, it was created and its secret, shown only once, is lost: create another Client ID',
};

/** Put into the output of OAuth2 Client > Create, next to the secret the service shows once. */
export const CLIENT_SECRET_NOTICE =
	'The service shows this client secret only once. Store data.clientSecret now (for example in a Document Execution OAuth2 API credential); it cannot be read again.';

export const createSchema = z
	.object({
		clientId: z.preprocess(
			numberAsText,
			z
				.string({ required_error: 'is required', invalid_type_error: 'must be text or a number' })
				.refine((value) => value.trim().length > 0, 'is required')
				.refine(
					(value) => value.trim().length === 0 || (value.length >= 6 && value.length <= 64),
					(value) => ({
						message: `must be 6 to 64 characters long (it has ${value.length})`,
					}),
				),
		),
	})
	.strict();

export const CREATE_LABELS: FieldLabels = { clientId: 'Client ID' };

/** preSend: the body is the Client ID, once it keeps the rules (sent as written, not trimmed). */
export async function buildOauth2Client(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = refuseBrokenRules(
		this,
		createSchema,
		{ clientId: parameter(this, 'clientId', null) },
		CREATE_LABELS,
	);
	return requestOptions;
}

/** The output: the answer, and next to the secret the service shows once, a sentence saying so. */
export async function outputSecretShownOnce(
	this: IExecuteSingleFunctions,
	answer: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: { ...(answer.body as IDataObject), clientSecretNotice: CLIENT_SECRET_NOTICE } }];
}

export const createFields: INodeProperties[] = [
	{
		displayName: withDocsLink(
			"The service shows the new client secret once, in this node's output (data.clientSecret): store it right away. Saved executions keep a copy.",
			'account',
		),
		name: 'clientSecretNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('oauth2Client', ['create']),
	},
	{
		displayName: 'Client ID',
		name: 'clientId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. n8n-production',
		description: 'The identifier of the new client, 6 to 64 characters, unique',
		displayOptions: showFor('oauth2Client', ['create']),
	},
];

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description:
		'Create an OAuth2 client. Its client secret is in the output this once and never again.',
	action: 'Create an oauth2 client',
	routing: v1Routing('POST', '/oauth2-clients', {
		creates: CREATE_CLIENT,
		preSend: [buildOauth2Client],
		output: outputSecretShownOnce,
	}),
};
