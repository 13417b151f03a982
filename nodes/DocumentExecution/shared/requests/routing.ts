import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IExecuteData,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { credentialTypeFor, type Authentication } from '../../../shared/authentication';
import { type DocsTopic, withDocsLink } from '../../../shared/docsLinks';
import {
	credentialTarget,
	SERVICE_HOSTS,
	type CredentialTarget,
} from '../../../shared/environment';
import {
	asNodeError,
	failedItem,
	refuseRetryOnFail,
	type Creation,
	type ServiceFamily,
} from '../../../shared/errors';
import { isObject } from '../../../shared/isObject';
import { createRequestError, type NetworkAttempt } from '../../../shared/networkErrors';
import {
	alreadyRead,
	checkedAnswer,
	refuseOAuth2,
	routeOf,
	sendWithCredential,
} from '../../../shared/transport';
import { showFor } from '../form/descriptions';
import { parameter } from '../form/parameters';

/**
 * The request steps, by one operation. Document → Create Signing Request (document/create/body.ts) is
 *
 *   v3Request('POST', '/v3.0/sign/request', {
 *     creates: CREATE_SIGNING_REQUEST,
 *     build: buildCreateBody,
 *     aroundSend: lookUpIrnFirst,
 *     output: outputCreated,
 *   })
 *
 * Its routing (`routingOf` the request) or, in a workflow, `inWorkflow` builds each item's request from the
 * fields and Request Options and hands it to `sendItem`, which refuses OAuth2 (v3 and v1 take only the Auth
 * Token) and, as the operation `creates`, Retry On Fail, puts in the credential's base URL, then runs the
 * operation's steps in this order:
 * 1. preSend: none here; Get Details has `[putDocumentId('query'), putDetailSections]`: a `check…` step refuses
 *    a field that breaks a rule, a `put…` step puts one into the request;
 * 2. build: the body, checked, and what the item's request carries (`ItemRequest`: the IRN);
 * 3. aroundSend: looks the IRN up first and may answer without sending; else the request is sent, refreshed
 *    after an OAuth2 401 and checked against the family's error envelope (`sendChecked`);
 * 4. output: the items made of the answer; without it, the answer's body is the one item;
 * 5. paginate: none here; a listing (Pack → Search) sends its pages itself, in place of 3 and 4.
 * Every output item pairs with its input item; under Continue On Fail a failure is its one item (`failedItem`).
 * Get Status and Download File run the same way. Why the sender sends by itself: docs/choices/requests.md.
 */

/**
 * The action node's `requestDefaults`, copied by `inWorkflow`. `baseURL` is a literal that the sender replaces by
 * the credential's (docs/choices/document.md, "Base URL"); no HTTP status throws, as `checkedAnswer` reads the
 * service's codes from the error bodies.
 */
export const NODE_REQUEST_DEFAULTS = {
	baseURL: SERVICE_HOSTS.production,
	headers: { Accept: 'application/json' },
	ignoreHttpStatusErrors: true,
};

/** What one item's request carries from the steps that built it to its sending and its output. */
export interface ItemRequest {
	/** The request as the steps built it: sent as it is, and sent again after an OAuth2 token refresh. */
	request: IHttpRequestOptions;
	documentId?: string;
	/** Create's IRN, once its rules held: the IRN lookup's key. */
	irn?: string;
}

/** What a request sent for an item besides its own is for, as a failure's message names it (`networkError`). */
export type RequestPurpose = Omit<NetworkAttempt, 'url' | 'timeoutMs'>;

/** Sends one request of the item (a listing's page) and answers it refreshed and checked. */
export type SendRequest = (
	request: IHttpRequestOptions,
	purpose?: RequestPurpose,
) => Promise<IN8nHttpFullResponse>;

/**
 * Reads `url` for the item as its own request travels (base URL, allowed domains, Request Options, credential),
 * refreshed and checked, and never as a create (its failure says nothing was created).
 */
export type ReadRequest = (
	url: string,
	qs: IDataObject,
	purpose?: RequestPurpose,
) => Promise<IN8nHttpFullResponse>;

/** An operation's output from the checked answer; `read` reads what the answer lacks (Simplify's status, files). */
export type OutputStep = (
	this: IExecuteSingleFunctions,
	answer: IN8nHttpFullResponse,
	item: ItemRequest,
	read: ReadRequest,
) => Promise<INodeExecutionData[]>;

/** A listing's pager: sends page after page of the item's request through `send`; one item per entry. */
export type Pager = (
	this: IExecuteSingleFunctions,
	item: ItemRequest,
	send: SendRequest,
) => Promise<INodeExecutionData[]>;

/** An operation's steps, in the order the opening example of this file shows. */
export interface OperationSteps {
	preSend?: PreSendAction[];
	build?: (this: IExecuteSingleFunctions, request: IHttpRequestOptions) => Promise<ItemRequest>;
	/** Set when the operation creates something at the service, which is not safe to send twice. */
	creates?: Creation;
	aroundSend?: (
		this: IExecuteSingleFunctions,
		item: ItemRequest,
		send: () => Promise<INodeExecutionData[]>,
		read: ReadRequest,
	) => Promise<INodeExecutionData[]>;
	output?: OutputStep;
	paginate?: Pager;
}

interface RunCredential {
	target: CredentialTarget;
	/** Handed to n8n with each request (`alreadyRead`); undefined for OAuth2. */
	sendWith?: IAdditionalCredentialOptions;
}

/** Each node run's credential, keyed by the run's execute data: read once per run, not per item or request. */
const credentialOfRun = new WeakMap<object, Promise<RunCredential>>();

function runCredential(context: IExecuteSingleFunctions): Promise<RunCredential> {
	const run = context.getExecuteData() as IExecuteData | undefined;
	let read = run && credentialOfRun.get(run);
	if (!read) {
		const authentication = parameter<Authentication>(context, 'authentication', 'authToken');
		read = context.getCredentials(credentialTypeFor(authentication)).then((credentials) => ({
			target: credentialTarget(credentials),
			sendWith: alreadyRead(context, authentication, credentials),
		}));
		if (run) credentialOfRun.set(run, read);
	}
	return read;
}

/**
 * The credential's base URL, and its host among the allowed domains, put into the item's request: not an
 * expression in `requestDefaults.baseURL`, which n8n would evaluate twice per item (docs/choices/document.md,
 * "Base URL").
 */
async function putCredentialBaseUrl(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const { baseUrl, allowedDomains } = (await runCredential(this)).target;
	requestOptions.baseURL = baseUrl;
	if (allowedDomains !== undefined) requestOptions.allowedDomains = allowedDomains;
	return requestOptions;
}

function documentIdIn(request: IHttpRequestOptions): string | undefined {
	const sent =
		request.qs?.documentId ?? (isObject(request.body) ? request.body.documentId : undefined);
	return typeof sent === 'string' ? sent : undefined;
}

/** The request sent once more after an OAuth2 token refresh: the credential's fresh token replaces the header. */
const SENT_AGAIN = {
	operation: 'The request sent again after the OAuth2 token refresh',
	again: 'run the node again',
};

/**
 * Sends one request of an item with its credential, refreshed and checked. A failure without an answer is thrown
 * as n8n's helper threw it, as routing's would be; but a create's says whether it may have been created
 * (`createRequestError`), and a read with a `purpose` or a second sending reads as the node's own requests do.
 */
function sendChecked(
	context: IExecuteSingleFunctions,
	family: ServiceFamily,
	authentication: Authentication,
	creation: Creation | undefined,
): SendRequest {
	const credentialType = credentialTypeFor(authentication);
	const itemIndex = context.getItemIndex();
	const check = { authentication, family, itemIndex, creation };
	return async (request, purpose) => {
		// The run's Auth Token credential as read once, where it is this item's credential too.
		const { sendWith } = await runCredential(context);
		const readAlready =
			sendWith?.credentialsDecrypted?.type === credentialType ? sendWith : undefined;
		const sendOnce = async () =>
			(await context.helpers.httpRequestWithAuthentication.call(
				context,
				credentialType,
				{ ...request, returnFullResponse: true },
				readAlready,
			)) as IN8nHttpFullResponse;
		const sendCreate = (made: Creation) => async () => {
			try {
				return await sendOnce();
			} catch (error) {
				const { baseURL, url, timeout } = request;
				throw createRequestError(
					context.getNode(),
					error,
					made,
					{ url: `${baseURL ?? ''}${url}`, timeoutMs: timeout },
					itemIndex,
				);
			}
		};
		const sendFor =
			(attempt: Omit<NetworkAttempt, 'url'>, credential?: typeof readAlready) => async () =>
				await sendWithCredential(
					context,
					credentialType,
					{ ...request, headers: { ...(request.headers ?? {}) }, returnFullResponse: true },
					attempt,
					itemIndex,
					credential,
				);
		const first = creation
			? sendCreate(creation)
			: purpose
				? sendFor({ ...purpose, timeoutMs: request.timeout }, readAlready)
				: sendOnce;
		return await checkedAnswer(context, check, first, sendFor(purpose ?? SENT_AGAIN));
	};
}

/** The item's request as a read: where it goes and how it travels, without its method, query or body. */
const readOf = (request: IHttpRequestOptions): Omit<IHttpRequestOptions, 'url'> => ({
	...NODE_REQUEST_DEFAULTS,
	headers: { ...NODE_REQUEST_DEFAULTS.headers },
	baseURL: request.baseURL,
	...(request.allowedDomains === undefined ? {} : { allowedDomains: request.allowedDomains }),
	...routeOf(request),
	method: 'GET',
});

/** Sends one item's request: handed the item's functions and the request n8n (or `inWorkflow`) built for it. */
type ItemSender = (
	context: IExecuteSingleFunctions,
	built: () => IHttpRequestOptions,
) => Promise<INodeExecutionData[]>;

/**
 * The one sender of every operation. It runs the preSend steps and answers a failure under Continue On Fail
 * itself, so that every output item pairs with its input row (docs/choices/requests.md, The choice).
 */
const sendItem =
	(family: ServiceFamily, steps: OperationSteps): ItemSender =>
	async (context, built) => {
		const itemIndex = context.getItemIndex();
		try {
			const node = context.getNode();
			const authentication = parameter<Authentication>(context, 'authentication', 'authToken');
			refuseOAuth2(node, authentication, family, { operation: true }, itemIndex);
			if (steps.creates) refuseRetryOnFail(node, steps.creates, itemIndex);
			let request = await putCredentialBaseUrl.call(context, built());
			for (const step of steps.preSend ?? []) request = await step.call(context, request);
			const made = steps.build ? await steps.build.call(context, request) : { request };
			const item: ItemRequest = { documentId: documentIdIn(made.request), ...made };
			const send = sendChecked(context, family, authentication, steps.creates);
			const sendRead = steps.creates
				? sendChecked(context, family, authentication, undefined)
				: send;
			const read: ReadRequest = async (url, qs, purpose) =>
				await sendRead({ ...readOf(item.request), url, qs }, purpose);
			const sendAndOutput = async () => {
				const answer = await send(item.request);
				return steps.output
					? await steps.output.call(context, answer, item, read)
					: [{ json: answer.body as IDataObject }];
			};
			const output = steps.paginate
				? await steps.paginate.call(context, item, send)
				: steps.aroundSend
					? await steps.aroundSend.call(context, item, sendAndOutput, read)
					: await sendAndOutput();
			return output.map((result) => ({ ...result, pairedItem: { item: itemIndex } }));
		} catch (error) {
			if (!context.continueOnFail()) throw asNodeError(context.getNode(), error, itemIndex);
			return [failedItem(context.getNode(), error, itemIndex)];
		}
	};

/** An operation's request: its method and path (a literal, or an expression for routing), and its sender. */
export interface OperationRequest {
	method: IHttpRequestMethods;
	url: string;
	send: ItemSender;
}

function familyRequest(
	family: ServiceFamily,
	method: IHttpRequestMethods,
	url: string,
	steps: OperationSteps,
): OperationRequest {
	return { method, url, send: sendItem(family, steps) };
}

/** The routing of an operation: as `send.paginate` asks, n8n hands the request it built to the sender. */
export const routingOf = ({ method, url, send }: OperationRequest): INodePropertyRouting => ({
	request: { method, url },
	send: { paginate: true },
	operations: {
		pagination: async function (this: IExecutePaginationFunctions, requestData) {
			// Its URL is set: every operation's routing gives one.
			return await send(this, () => requestData.options as IHttpRequestOptions);
		},
	},
});

/** Routing of a signing (v3) operation. */
export const v3Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	routingOf(familyRequest('v3', method, url, steps));

/** The request of a signing (v3) operation that also runs as a custom operation in a workflow (`inWorkflow`). */
export const v3Request = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	familyRequest('v3', method, url, steps);

/** Routing of a pack or media (v4) operation; a listing gives its pager as `pagination`. */
export const v4Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	routingOf(familyRequest('v4', method, url, steps));

/**
 * Path prefix of the administration (v1) operations. The spec writes `{base_url}/api/v1/...` while `{base_url}`
 * already ends in `/api`; followed literally, that is `.../api/api/v1/...`. If the service answers at
 * `<base_url>/v1/...` instead, change this one line to `/v1` (docs/choices/admin.md).
 */
export const V1_PREFIX = '/api/v1';

/** Routing of an administration (v1) operation; `url` is under `V1_PREFIX`, or an expression `=/roles/{{ … }}`. */
export const v1Routing = (method: IHttpRequestMethods, url: string, steps: OperationSteps = {}) =>
	routingOf(
		familyRequest(
			'v1',
			method,
			url.startsWith('=') ? `=${V1_PREFIX}${url.slice(1)}` : `${V1_PREFIX}${url}`,
			steps,
		),
	);

/** The notice of an operation that creates: why Retry On Fail stays off, and what to check after a failure. */
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
