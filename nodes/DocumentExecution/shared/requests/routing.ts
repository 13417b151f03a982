import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteData,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { credentialTypeFor, type Authentication } from '../../../shared/authentication';
import { type DocsTopic, withDocsLink } from '../../../shared/docsLinks';
import { resolveBaseUrl } from '../../../shared/environment';
import {
	responseError,
	retryOnFailRefusal,
	type Creation,
	type ServiceFamily,
} from '../../../shared/errors';
import { createRequestError } from '../../../shared/networkErrors';
import {
	acceptsOAuth2,
	answerWithFreshToken,
	refuseOAuth2,
	sendWithCredential,
} from '../../../shared/transport';
import { showFor } from '../form/descriptions';
import { parameter } from '../form/parameters';

/**
 * The routing of every operation, by the service family it talks to: its request, then the family's steps
 * around the operation's own. Reading one operation's `v3Routing(…)`, `v4Routing(…)` or `v1Routing(…)` (in its
 * file, `<operation>Operation`) shows all that runs for it, but for Document → Resend Invitations in a workflow,
 * which n8n runs as the resource's custom operation (`resendInvitations`, document/resend.ts), not its routing:
 * - before its own preSend steps: the OAuth2 refusal (v3 and v1 take only the Auth Token), for an
 *   operation that creates the Retry On Fail refusal, then the credential's base URL; after them (v4), the
 *   request is kept for a second sending after an OAuth2 token refresh;
 * - first of its postReceive steps: the answer check, which applies the refresh rule (`answerWithFreshToken`,
 *   nodes/shared/transport.ts) and then the family's error envelope check (for an operation that creates, one
 *   whose error says whether it may have been created);
 * - the sender: n8n itself, but for a listing that pages (its pager) and an operation that creates
 *   (`sendCreate`).
 */

type Pagination = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

export interface OperationSteps {
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/** The operation's own sender (`routing.operations.pagination`): a listing that pages. */
	pagination?: Pagination;
	/** Set when the operation creates something at the service, which is not safe to send twice. */
	creates?: Creation;
	/** Runs around the create's sending (`create`): it may answer without sending, as a lookup finds it made. */
	aroundCreate?: (
		this: IExecutePaginationFunctions,
		request: object,
		create: () => Promise<INodeExecutionData[]>,
	) => Promise<INodeExecutionData[]>;
}

/** preSend of the v3 and v1 operations: with the OAuth2 credential, stop before any request. */
const refuseOAuth2Of = (family: ServiceFamily) =>
	async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const authentication = parameter<Authentication>(this, 'authentication', 'authToken');
		refuseOAuth2(this.getNode(), authentication, family, { operation: true }, this.getItemIndex());
		return requestOptions;
	};

/** preSend: n8n's Retry On Fail re-runs the whole node, so an operation that creates refuses to run with it. */
const refuseRetryOnFail = (creation: Creation) =>
	async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (this.getNode().retryOnFail)
			throw retryOnFailRefusal(this.getNode(), creation, this.getItemIndex());
		return requestOptions;
	};

/** What a run's credential gives each request: the base URL, and the hosts its domain restriction allows. */
interface CredentialTarget {
	baseUrl: string;
	/** Undefined: n8n's own value stands (no restriction to specific domains). */
	allowedDomains?: string;
}

/**
 * n8n adds a node's own host to a credential's "Allowed HTTP Request Domains" list ("Specific Domains"), as it
 * does for every declarative node, but it knows that host only from `requestDefaults.baseURL` and before any
 * preSend: so the node's `requestDefaults.baseURL` is the credential's default (production) base URL, a literal
 * n8n never evaluates, and this puts the credential's real host in its place.
 */
function targetOf(credentials: ICredentialDataDecryptedObject): CredentialTarget {
	const baseUrl = resolveBaseUrl(credentials);
	if (credentials.allowedHttpRequestDomains !== 'domains') return { baseUrl };
	const host = new URL(baseUrl).hostname;
	const listed =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	return { baseUrl, allowedDomains: listed ? `${host}, ${listed}` : host };
}

/** Each node run's target, keyed by the run's execute data: its credential is read once per run, not per item. */
const targetOfRun = new WeakMap<object, Promise<CredentialTarget>>();

/**
 * preSend of every operation: the credential's base URL (and its host in the credential's allowed domains). Not
 * an expression in `requestDefaults.baseURL`: n8n 2.41 evaluates that twice per item, for the request and again
 * in `RoutingNode.resolveBaseUrl` for its credential-domain check, and no form of it evaluates once
 * (docs/performance.md).
 */
async function sendToCredentialBaseUrl(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const run = this.getExecuteData() as IExecuteData | undefined;
	let target = run && targetOfRun.get(run);
	if (!target) {
		const authentication = parameter<Authentication>(this, 'authentication', 'authToken');
		target = this.getCredentials(credentialTypeFor(authentication)).then(targetOf);
		if (run) targetOfRun.set(run, target);
	}
	const { baseUrl, allowedDomains } = await target;
	requestOptions.baseURL = baseUrl;
	if (allowedDomains !== undefined) requestOptions.allowedDomains = allowedDomains;
	return requestOptions;
}

/**
 * The sender of an operation that creates: `operations.pagination` is the only step of routing that sees a
 * request fail without an answer (a reset, a time-out), which it reports as such. The operation's `around`
 * runs around the sending, after the preSend steps: it may answer without sending (Create's IRN lookup).
 */
const sendCreate = (creation: Creation, around?: OperationSteps['aroundCreate']): Pagination =>
	async function (this: IExecutePaginationFunctions, requestData) {
		const create = async () => {
			try {
				return await this.makeRoutingRequest(requestData);
			} catch (error) {
				const { baseURL, url, timeout } = requestData.options;
				throw createRequestError(
					this.getNode(),
					error,
					creation,
					{ url: `${baseURL ?? ''}${url}`, timeoutMs: timeout },
					this.getItemIndex(),
				);
			}
		};
		return around ? await around.call(this, requestData.options, create) : await create();
	};

/** The request routing sent for each item (keyed by the item's context), for a second sending after a refresh. */
const sentRequests = new WeakMap<IExecuteSingleFunctions, IHttpRequestOptions>();

/** preSend, last of an operation that takes OAuth2: keeps the request as routing sends it. */
async function keepForRefresh(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	sentRequests.set(this, requestOptions);
	return requestOptions;
}

/**
 * The kept request sent once more (the credential's fresh token replaces the Authorization header); a failure
 * without an answer reads as in every request the node sends itself.
 */
async function sendAgain(context: IExecuteSingleFunctions): Promise<IN8nHttpFullResponse> {
	const request = sentRequests.get(context)!;
	return await sendWithCredential(
		context,
		credentialTypeFor('oAuth2'),
		{ ...request, headers: { ...(request.headers ?? {}) } },
		{
			operation: 'The request sent again after the OAuth2 token refresh',
			again: 'run the node again',
		},
		context.getItemIndex(),
	);
}

/**
 * postReceive, first of every operation: the refresh rule, then the family's error envelope check (for an
 * operation that creates, telling of an answer that leaves open whether it was created).
 */
const checkAnswer = (family: ServiceFamily, creation?: Creation) =>
	async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		const answer = acceptsOAuth2(family)
			? await answerWithFreshToken(
					this,
					parameter<Authentication>(this, 'authentication', 'authToken'),
					response,
					async () => await sendAgain(this),
				)
			: response;
		const error = responseError(this.getNode(), family, answer, this.getItemIndex(), creation);
		if (error) throw error;
		if (answer === response) return items;
		// The operation's own postReceive steps are handed routing's answer: it becomes the one after the refresh.
		Object.assign(response, answer);
		return [{ json: answer.body as IDataObject }];
	};

function familyRouting(
	family: ServiceFamily,
	method: IHttpRequestMethods,
	url: string,
	steps: OperationSteps,
): INodePropertyRouting {
	const { creates } = steps;
	const takesOAuth2 = acceptsOAuth2(family);
	const preSend = [
		...(takesOAuth2 ? [] : [refuseOAuth2Of(family)]),
		...(creates ? [refuseRetryOnFail(creates)] : []),
		sendToCredentialBaseUrl,
		...(steps.preSend ?? []),
		...(takesOAuth2 ? [keepForRefresh] : []),
	];
	const postReceive = [checkAnswer(family, creates), ...(steps.postReceive ?? [])];
	const pagination = creates ? sendCreate(creates, steps.aroundCreate) : steps.pagination;
	return {
		request: { method, url },
		send: { preSend, ...(pagination ? { paginate: true } : {}) },
		...(pagination ? { operations: { pagination } } : {}),
		output: { postReceive },
	};
}

/** Routing of a signing (v3) operation. */
export const v3Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	familyRouting('v3', method, url, steps);

/** Routing of a pack or media (v4) operation; a listing gives its pager as `pagination`. */
export const v4Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	familyRouting('v4', method, url, steps);

/**
 * Path prefix of the organisation administration (v1) operations, relative to `{base_url}`.
 *
 * The spec writes these paths as `{base_url}/api/v1/...` while `{base_url}` already ends in `/api`, so,
 * followed literally, requests go to `<base_url>/api/v1/...` (`.../api/api/v1/...`). If the service answers
 * at `<base_url>/v1/...` instead, change this one line to `/v1`. See docs/choices/admin.md.
 */
export const V1_PREFIX = '/api/v1';

/**
 * Routing of an administration (v1) operation. `url` is the path under `V1_PREFIX`: `/settings`, or an
 * expression `=/roles/{{ … }}`.
 */
export const v1Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	familyRouting(
		'v1',
		method,
		url.startsWith('=') ? `=${V1_PREFIX}${url.slice(1)}` : `${V1_PREFIX}${url}`,
		steps,
	);

/**
 * The notice under the Operation selector of an operation that creates, listed with the resource's fields:
 * why Retry On Fail must stay off and what to check after a failure, and `more`, the page that says how.
 */
export const createNotice = (
	resource: string,
	operation: string,
	creation: Creation,
	more: DocsTopic,
): INodeProperties => ({
	displayName: withDocsLink(
		`Not safe to repeat: keep Retry On Fail off (the node refuses it). After a failed run, check whether the service created ${creation.thing} before running it again.`,
		more,
	),
	name: `${operation}RetryNotice`,
	type: 'notice',
	default: '',
	displayOptions: showFor(resource, [operation]),
});
