import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkV1Response,
	checkV3Response,
	checkV4Response,
	createRequestError,
	responseError,
	retryOnFailRefusal,
	type Creation,
	type ServiceFamily,
} from '../shared/errors';
import type { ResourceModule } from './resources/types';

const checks = { v3: checkV3Response, v4: checkV4Response, v1: checkV1Response };

async function refuseOAuth2(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	throw new NodeOperationError(this.getNode(), 'Authentication: this operation needs the Auth Token credential', {
		itemIndex: this.getItemIndex(),
		description:
			'The service accepts OAuth2 only on its v4 pack and media operations. Set Authentication to "Auth Token" and choose a Document Execution API credential.',
	});
	return requestOptions;
}

const resourcesOf = (modules: ResourceModule[], keep: (family: ServiceFamily) => boolean) =>
	modules.filter((module) => keep(module.family)).map((module) => module.option.value);

/** preSend: n8n's Retry On Fail re-runs the whole node, so an operation that creates refuses to run with it. */
const refuseRetryOnFail = (creation: Creation) =>
	async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (this.getNode().retryOnFail) throw retryOnFailRefusal(this.getNode(), creation, this.getItemIndex());
		return requestOptions;
	};

/**
 * `operations.pagination` of an operation that creates, used to send its one request: it is the only step of
 * routing that sees a request fail without an answer (a reset, a time-out), which it reports as such.
 */
const sendCreate = (creation: Creation) =>
	async function (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		try {
			return await this.makeRoutingRequest(requestData);
		} catch (error) {
			const { baseURL, url, timeout } = requestData.options;
			throw createRequestError(this.getNode(), error, creation, { url: `${baseURL ?? ''}${url}`, timeoutMs: timeout }, this.getItemIndex());
		}
	};

/** postReceive: the family's envelope check, telling of an answer that leaves open whether it was created. */
const checkCreateResponse = (family: ServiceFamily, creation: Creation) =>
	async function (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const error = responseError(this.getNode(), family, response, this.getItemIndex(), creation);
		if (error) throw error;
		return items;
	};

/** One hidden property per operation that creates: no Retry On Fail, and errors that say it may exist. */
function createGuards(modules: ResourceModule[]): INodeProperties[] {
	return modules.flatMap((module) =>
		Object.entries(module.creates ?? {}).map(
			([operation, creation]): INodeProperties => ({
				displayName: `Create Guard ${module.option.value} ${operation}`,
				name: `${module.option.value}${operation[0].toUpperCase()}${operation.slice(1)}Guard`,
				type: 'hidden',
				default: '',
				displayOptions: { show: { resource: [module.option.value], operation: [operation] } },
				routing: {
					send: { preSend: [refuseRetryOnFail(creation)], paginate: true },
					operations: { pagination: sendCreate(creation) },
					output: { postReceive: [checkCreateResponse(module.family, creation)] },
				},
			}),
		),
	);
}

/**
 * Hidden properties that give every routed operation of a family the same first steps: refuse OAuth2
 * where the service does not take it (before any request), guard the operations that create, and read the
 * family's error envelope before any other postReceive step. They come before the resources' own properties
 * so that they run first, and the create guards before the envelope checks so that theirs is the error.
 */
export function familyGuards(modules: ResourceModule[]): INodeProperties[] {
	const guards: INodeProperties[] = [];
	const tokenOnly = resourcesOf(modules, (family) => family !== 'v4');
	if (tokenOnly.length) {
		guards.push({
			displayName: 'Token Only',
			name: 'tokenOnlyGuard',
			type: 'hidden',
			default: '',
			displayOptions: { show: { resource: tokenOnly, authentication: ['oAuth2'] } },
			routing: { send: { preSend: [refuseOAuth2] } },
		});
	}
	guards.push(...createGuards(modules));
	for (const family of ['v3', 'v4', 'v1'] as const) {
		const resources = resourcesOf(modules, (candidate) => candidate === family);
		if (!resources.length) continue;
		guards.push({
			displayName: `Service Envelope ${family}`,
			name: `${family}EnvelopeGuard`,
			type: 'hidden',
			default: '',
			displayOptions: { show: { resource: resources } },
			routing: { output: { postReceive: [checks[family]] } },
		});
	}
	return guards;
}

/** The properties of a resource with, after its Operation selector, a notice on each operation that creates. */
export function withCreateNotices(module: ResourceModule): INodeProperties[] {
	const notices = Object.entries(module.creates ?? {}).map(
		([operation, creation]): INodeProperties => ({
			displayName: `${creation.operation} is not safe to repeat, so Retry On Fail must stay off (the node refuses to run with it). After a server error, a time-out or a lost connection the service may have created ${creation.thing}: ${creation.check}.`,
			name: `${operation}RetryNotice`,
			type: 'notice',
			default: '',
			displayOptions: { show: { resource: [module.option.value], operation: [operation] } },
		}),
	);
	const selector = module.properties.findIndex((property) => property.name === 'operation');
	return [...module.properties.slice(0, selector + 1), ...notices, ...module.properties.slice(selector + 1)];
}
