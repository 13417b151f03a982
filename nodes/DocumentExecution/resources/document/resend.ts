import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';

import { requestOptionsOf, routeOfOptions } from '../../shared/requests/inWorkflow';
import { v3Routing, type ItemRequest } from '../../shared/requests/routing';
import { credentialTypeFor, type Authentication } from '../../../shared/authentication';
import { asNodeError, failedItem, refuseField } from '../../../shared/errors';
import { isObject } from '../../../shared/isObject';
import { refuseOAuth2, serviceRequest } from '../../../shared/transport';
import { showFor } from '../../shared/form/descriptions';
import { parameter } from '../../shared/form/parameters';
import { applyRules, requiredText, type FieldLabels } from '../../shared/form/rules';

/** The service's resend path, relative to `{base_url}`. */
export const RESEND_PATH = '/v3.0/sign/request/resend';

export const MAX_SIGN_URLS = 15;

export const resendSchema = z.object({
	signUrls: z
		.array(requiredText('cannot be empty'))
		.min(1, 'needs at least one sign URL')
		.max(
			MAX_SIGN_URLS,
			`can hold at most ${MAX_SIGN_URLS} sign URLs per item (the service's limit per request)`,
		),
});

export const RESEND_LABELS: FieldLabels = { signUrls: 'Sign URLs' };

export const resendFields: INodeProperties[] = [
	{
		displayName: 'Sign URLs',
		name: 'signUrls',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://app1.leegality.com/sign/…',
		description:
			'One to 15 sign URLs (or their UUIDs), comma- or newline-separated, or an expression giving an array. Items are batched together, up to 15 URLs per request.',
		displayOptions: showFor('document', ['resend']),
	},
];

/** Sign URLs from a parameter value: an array (from an expression) or text split on commas and new lines. */
export function splitSignUrls(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[\n,]+/);
	return parts.map((part) => part.trim()).filter(Boolean);
}

interface Pending {
	itemIndex: number;
	signUrl: string;
}

/**
 * What the service said of one sign URL. Its older description names the per-invitee field `status` (1/0);
 * answers seen in the field name it `success`. Either is read, as a number, boolean or their text; when the
 * answer has neither, the outcome is unknown (null), never a failure the service did not report.
 */
function resentOutcome(invitation: IDataObject): boolean | null {
	const said = invitation.status ?? invitation.success;
	if (said === 1 || said === true || said === '1' || said === 'true') return true;
	if (said === 0 || said === false || said === '0' || said === 'false') return false;
	return null;
}

/** An item's sign URLs, checked; stops the item before any request when they break a rule. */
function checkedSignUrls(node: INode, value: unknown, itemIndex: number): string[] {
	const signUrls = splitSignUrls(value);
	const checked = applyRules(resendSchema, { signUrls }, RESEND_LABELS);
	if (checked.violations) {
		const [{ field, rule }] = checked.violations;
		refuseField(node, field, rule, itemIndex, {
			hint: `Give 1 to ${MAX_SIGN_URLS} sign URLs, comma- or newline-separated.`,
		});
	}
	return signUrls;
}

/** The outcome of each sign URL a request held, in order, from the service's answer to it. */
function resendOutcomes(
	node: INode,
	signUrls: string[],
	response: IN8nHttpFullResponse,
	itemIndex: number,
): IDataObject[] {
	const data = isObject(response.body) && isObject(response.body.data) ? response.body.data : {};
	const invitations = Array.isArray(data.invitations) ? (data.invitations as IDataObject[]) : [];
	if (invitations.length !== signUrls.length) {
		throw new NodeApiError(node, response.body as JsonObject, {
			message: `The service answered ${invitations.length} outcomes for ${signUrls.length} sign URLs`,
			itemIndex,
		});
	}
	return signUrls.map((signUrl, position) => {
		const invitation = invitations[position];
		return {
			signUrl,
			resent: resentOutcome(invitation),
			message: invitation.message ?? null,
			name: invitation.name ?? null,
			email: invitation.email ?? null,
			phone: invitation.phone ?? null,
			reply: invitation,
		};
	});
}

/** Resend through the node's routing, one request per item: what an AI agent's tool call runs. */
export async function putSignUrls(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const signUrls = checkedSignUrls(
		this.getNode(),
		parameter(this, 'signUrls', ''),
		this.getItemIndex(),
	);
	return { ...options, body: { signUrls } };
}

/** Output of the routed Resend (after the v3 envelope check): one item per sign URL the request held. */
export async function outputResendOutcomes(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	{ request }: ItemRequest,
): Promise<INodeExecutionData[]> {
	const { signUrls } = request.body as { signUrls: string[] };
	return resendOutcomes(this.getNode(), signUrls, response, this.getItemIndex()).map((json) => ({
		json,
	}));
}

/**
 * Resend Invitations in a workflow, a custom operation because it packs the items' sign URLs into requests of
 * at most 15 (the service's limit). A failed request fails only the items whose URLs it held.
 */
export async function resendInvitations(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const node = this.getNode();
	const continueOnFail = this.continueOnFail();
	const failures = new Map<number, Error>();
	const outcomes = new Map<number, IDataObject[]>();
	const pending: Pending[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const authentication = this.getNodeParameter('authentication', itemIndex, 'authToken');
			refuseOAuth2(node, authentication as Authentication, 'v3', { operation: true }, itemIndex);
			const signUrls = checkedSignUrls(
				node,
				this.getNodeParameter('signUrls', itemIndex, ''),
				itemIndex,
			);
			outcomes.set(itemIndex, []);
			pending.push(...signUrls.map((signUrl) => ({ itemIndex, signUrl })));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(node, error, itemIndex);
			failures.set(itemIndex, error as Error);
		}
	}

	if (pending.length) {
		const credentials = await this.getCredentials(credentialTypeFor('authToken'));
		for (let start = 0; start < pending.length; start += MAX_SIGN_URLS) {
			const batch = pending.slice(start, start + MAX_SIGN_URLS);
			const signUrls = batch.map((entry) => entry.signUrl);
			const firstItem = batch[0].itemIndex;
			try {
				const response = await serviceRequest(
					this,
					{
						authentication: 'authToken',
						family: 'v3',
						method: 'POST',
						path: RESEND_PATH,
						body: { signUrls },
						operation: 'Document → Resend Invitations',
						// Each resend counts toward the service's 5 per invitee: a lost answer may have been one.
						again:
							'check the invitees with Document → Get Status before running again (each resend counts toward the 5 an invitee can get)',
						itemIndex: firstItem,
						route: routeOfOptions(node, requestOptionsOf(this, firstItem), firstItem),
					},
					credentials,
				);
				resendOutcomes(node, signUrls, response, firstItem).forEach((outcome, position) =>
					outcomes.get(batch[position].itemIndex)?.push(outcome),
				);
			} catch (error) {
				if (!continueOnFail) throw asNodeError(node, error, firstItem);
				for (const entry of batch) {
					failures.set(entry.itemIndex, error as Error);
					outcomes.delete(entry.itemIndex);
				}
			}
		}
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const failure = failures.get(itemIndex);
		if (failure) {
			output.push(failedItem(node, failure, itemIndex));
			continue;
		}
		for (const outcome of outcomes.get(itemIndex) ?? [])
			output.push({ json: outcome, pairedItem: { item: itemIndex } });
	}
	return [output];
}

export const resendOperation: INodePropertyOptions = {
	name: 'Resend Invitations',
	value: 'resend',
	action: 'Resend invitation notifications',
	description:
		'Resend the e-mail and SMS invitation to invitees who have not signed (at most 5 times each)',
	routing: v3Routing('POST', RESEND_PATH, {
		preSend: [putSignUrls],
		output: outputResendOutcomes,
	}),
};
