import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialTypeFor, type Authentication } from './authentication';
import { credentialTarget } from './environment';
import {
	asNodeError,
	decodeBody,
	responseError,
	type Creation,
	type ServiceFamily,
} from './errors';
import { networkError, type NetworkAttempt } from './networkErrors';

/**
 * How the package talks to the service: every answer goes through `checkedAnswer`; `serviceRequest` sends what the
 * action node's sender does not (the pickers, both triggers' reads, Resend Invitations' batches).
 */

export type RequestContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IWebhookFunctions;

/** The service takes the OAuth2 credential on its v4 family (packs and media) only. */
export const acceptsOAuth2 = (family: ServiceFamily): boolean => family === 'v4';

/** Where the Auth Token is needed, which decides what the refusal names and the remedy it gives. */
export type AuthTokenPlace =
	| { operation: true }
	/** A picker or a dropdown, as the form names it ("Document ID → From List"). */
	| { picker: string }
	/** A trigger option that reads the service, by its label ("Re-Fetch Current Status"). */
	| { triggerOption: string };

/** The one refusal of OAuth2 for a family that takes only the Auth Token (v3, v1), before anything is sent. */
export function refuseOAuth2(
	node: INode,
	authentication: Authentication,
	family: ServiceFamily,
	place: AuthTokenPlace,
	itemIndex?: number,
): void {
	if (authentication !== 'oAuth2' || acceptsOAuth2(family)) return;
	const { subject, remedy } =
		'picker' in place
			? {
					subject: place.picker,
					remedy: 'Set Authentication to "Auth Token", or give the ID By ID.',
				}
			: 'triggerOption' in place
				? {
						subject: place.triggerOption,
						remedy: `A v3 document can be read only with it: choose the Auth Token credential in this trigger, or turn ${place.triggerOption} off.`,
					}
				: {
						subject: 'Authentication',
						remedy:
							'Set Authentication to "Auth Token" and choose a Document Execution API credential. Nothing was sent to the service.',
					};
	throw new NodeOperationError(node, `${subject}: this needs the Auth Token credential`, {
		itemIndex,
		description: `The service accepts OAuth2 only on its v4 pack and media operations. ${remedy}`,
	});
}

/**
 * The refresh rule: with OAuth2, an answer of HTTP 401 (v4's LE_ERR_AP_080: the token expired) refreshes the
 * token and the request is sent once more; that answer stands. The node's requests do not throw on a 401, so
 * n8n would not refresh by itself (docs/choices/requests.md, The OAuth2 refresh).
 */
export async function answerWithFreshToken(
	context: RequestContext,
	authentication: Authentication,
	answer: IN8nHttpFullResponse,
	sendAgain: () => Promise<IN8nHttpFullResponse>,
): Promise<IN8nHttpFullResponse> {
	if (answer.statusCode !== 401 || authentication !== 'oAuth2') return answer;
	await context.helpers.refreshOAuth2Token.call(context, credentialTypeFor('oAuth2'));
	return await sendAgain();
}

/** What an answer is checked against: whose credential sent it, whose envelope it carries, for which item. */
export interface AnswerCheck {
	authentication: Authentication;
	family: ServiceFamily;
	itemIndex?: number;
	/** Set for an operation that creates: its error answers then say whether it may have been created. */
	creation?: Creation;
}

/** A Content-Type of JSON: `application/json`, or a `+json` type, with or without parameters. */
const JSON_CONTENT_TYPE = /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i;

/** The answer of `send` after the refresh rule and the family's error check: a success, or its error thrown. */
export async function checkedAnswer(
	context: RequestContext,
	check: AnswerCheck,
	send: () => Promise<IN8nHttpFullResponse>,
	sendAgain: () => Promise<IN8nHttpFullResponse>,
): Promise<IN8nHttpFullResponse> {
	const sent = await answerWithFreshToken(context, check.authentication, await send(), sendAgain);
	// Bytes that say they are JSON (a pack download's link) are parsed once, for the check and the output.
	const answer = JSON_CONTENT_TYPE.test(String(sent.headers?.['content-type'] ?? ''))
		? { ...sent, body: decodeBody(sent.body) as IN8nHttpFullResponse['body'] }
		: sent;
	const error = responseError(
		context.getNode(),
		check.family,
		answer,
		check.itemIndex,
		check.creation,
	);
	if (error) throw error;
	return answer;
}

/**
 * The Auth Token credential as the run read it, handed to n8n with each request so that n8n does not decrypt
 * it again per request (docs/choices/requests.md, Why the sender sends by itself). Undefined for OAuth2, which
 * n8n reads itself, and for a node without that credential.
 */
export function alreadyRead(
	context: RequestContext,
	authentication: Authentication,
	data: ICredentialDataDecryptedObject,
): IAdditionalCredentialOptions | undefined {
	if (authentication !== 'authToken') return undefined;
	const type = credentialTypeFor(authentication);
	const reference = context.getNode().credentials?.[type];
	if (!reference?.id) return undefined;
	return { credentialsDecrypted: { id: reference.id, name: reference.name, type, data } };
}

/** Sends `options` with the credential; a failure before any answer says what happened and what to do. */
export async function sendWithCredential(
	context: RequestContext,
	credentialType: string,
	options: IHttpRequestOptions,
	attempt: Omit<NetworkAttempt, 'url'>,
	itemIndex?: number,
	credential?: IAdditionalCredentialOptions,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialType,
			options,
			credential,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		const node = context.getNode();
		const url = `${options.baseURL ?? ''}${options.url}`;
		throw (
			networkError(node, error, { ...attempt, url }, itemIndex) ??
			asNodeError(node, error, itemIndex)
		);
	}
}

/**
 * How one item's requests travel: its Request Options (Proxy, Ignore SSL Issues, Timeout), which every other
 * request sent for the item takes too; a pre-signed link keeps its own time limit.
 */
export type RequestRoute = Pick<
	IHttpRequestOptions,
	'proxy' | 'skipSslCertificateValidation' | 'timeout'
>;

/** The route of an item's request, as n8n's routing or `inWorkflow` built it. */
export const routeOf = ({
	proxy,
	skipSslCertificateValidation,
	timeout,
}: IHttpRequestOptions): RequestRoute => ({
	...(proxy ? { proxy } : {}),
	...(skipSslCertificateValidation ? { skipSslCertificateValidation } : {}),
	...(timeout ? { timeout } : {}),
});

/** A request to the service, relative to the credential's `{base_url}`. */
export interface ServiceRequest {
	authentication: Authentication;
	/** Whose error envelope the answer carries. */
	family: ServiceFamily;
	method?: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** What the request is for, as the form names it: it starts the message of a request that got no answer. */
	operation: string;
	/** What running again achieves ("open the list again"), for the same message. */
	again: string;
	itemIndex?: number;
	/** For a request sent for an item of the action node: the item's Request Options. */
	route?: RequestRoute;
}

/**
 * Sends `request` with the credential its authentication names and answers the service's success, or throws
 * its error. `credentials`: the credential as the caller read it already, as reading it again costs an
 * expression isolate outside an execution.
 */
export async function serviceRequest(
	context: RequestContext,
	request: ServiceRequest,
	credentials?: ICredentialDataDecryptedObject,
): Promise<IN8nHttpFullResponse> {
	const credentialType = credentialTypeFor(request.authentication);
	const { baseUrl, allowedDomains } = credentialTarget(
		credentials ?? (await context.getCredentials(credentialType)),
	);
	const { operation, again, itemIndex } = request;
	const credential = credentials && alreadyRead(context, request.authentication, credentials);
	const send = async () =>
		await sendWithCredential(
			context,
			credentialType,
			{
				method: request.method ?? 'GET',
				url: `${baseUrl}${request.path}`,
				qs: request.qs,
				body: request.body,
				headers: { Accept: 'application/json' },
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				...(allowedDomains === undefined ? {} : { allowedDomains }),
				...request.route,
			},
			{ operation, again, timeoutMs: request.route?.timeout },
			itemIndex,
			credential,
		);
	const { authentication, family } = request;
	return await checkedAnswer(context, { authentication, family, itemIndex }, send, send);
}
