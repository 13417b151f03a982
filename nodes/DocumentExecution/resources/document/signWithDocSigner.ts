import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { z } from 'zod';

import { v3Routing } from '../../shared/requests/routing';
import { responseError } from '../../../shared/errors';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { refuseBrokenRules, requiredText, type FieldLabels } from '../../shared/form/rules';
import { messageOf } from './common';

/** Document → Sign With Document Signer: sign an invitation with the account's document signer certificate. */

/** The consent text as the service publishes it (the spec gives its start; docs/choices/document.md). */
export const DOC_SIGNER_CONSENT =
	'By using this authenticated API and the ProfileID associated with this Document Signer Certificate, I agree that the Document Signer Certificate saved in this Account will be used to eSign documents for me. I also understand that recipients of such electronic documents will be able to see my signing details.';

export const SIGN_WITH_DOC_SIGNER_LABELS: FieldLabels = {
	signUrl: 'Sign URL',
	profileId: 'Document Signer Profile ID',
	consent: 'Consent',
};

export const docSignerBodySchema = z.object({
	signUrl: requiredText(),
	profileId: requiredText("is required (a document signer profile of the invitee's account)"),
	consent: requiredText("is required (the service's consent text, exactly)"),
});

export async function checkDocSignerBody(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	options.body = refuseBrokenRules(
		this,
		docSignerBodySchema,
		options.body,
		SIGN_WITH_DOC_SIGNER_LABELS,
	);
	return options;
}

/** The codes the document signer operation answers on failure; the node treats them as errors whatever the status. */
const DOC_SIGNER_FAILURES = ['invitation.not.exists', 'invalid.consent', 'profile.not.exists'];

export async function outputDocSigner(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
) {
	const { code, message } = messageOf(response);
	if (code && DOC_SIGNER_FAILURES.includes(code)) {
		// The endpoint's text says failures may come with status 1: read them as the failure they are.
		throw responseError(
			this.getNode(),
			'v3',
			{ ...response, body: { ...(response.body as JsonObject), status: 0 } },
			this.getItemIndex(),
		)!;
	}
	return [
		{
			json: { signUrl: parameter(this, 'signUrl', ''), signed: true, code, message } as IDataObject,
		},
	];
}

export const signWithDocSignerFields: INodeProperties[] = [
	{
		displayName: 'Sign URL',
		name: 'signUrl',
		type: 'string',
		default: '',
		required: true,
		description:
			'The invitation to sign; it must be set up for the document signer sign type, active and unsigned',
		displayOptions: showFor('document', ['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'signUrl' } },
	},
	{
		displayName: 'Document Signer Profile ID',
		name: 'docSignerProfileId',
		type: 'string',
		default: '',
		required: true,
		description:
			"A document signer certificate profile saved in the invitee's account (the credential's token must belong to that account)",
		displayOptions: showFor('document', ['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'profileId' } },
	},
	{
		displayName: 'Consent',
		name: 'consent',
		type: 'string',
		typeOptions: { rows: 4 },
		default: DOC_SIGNER_CONSENT,
		required: true,
		description:
			"The consent the service requires, word for word (case, spacing and punctuation count). The default is the service's published text: change it only if the service's text changes.",
		displayOptions: showFor('document', ['signWithDocSigner']),
		routing: { send: { type: 'body', property: 'consent' } },
	},
];

export const signWithDocSignerOperation: INodePropertyOptions = {
	name: 'Sign With Document Signer',
	value: 'signWithDocSigner',
	action: 'Sign with a document signer certificate',
	description:
		"Sign an invitation with a document signer certificate profile of the invitee's account",
	routing: v3Routing('POST', '/v3.0/sign/docSigner/invitation', {
		preSend: [checkDocSignerBody],
		output: outputDocSigner,
	}),
};
