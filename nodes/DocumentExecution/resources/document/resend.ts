import type {
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { z } from 'zod';
import { NodeApiError } from 'n8n-workflow';

import { credentialTypeFor } from '../../../shared/authentication';
import { resolveBaseUrl } from '../../../shared/environment';
import { asNodeError, responseError } from '../../../shared/errors';
import { oauth2Refusal } from '../../shared/routing';
import { applyRules, refusal, requiredText, type FieldLabels } from '../../shared/rules';
import { showFor } from '../../shared/descriptions';
import { isObject } from '../../../shared/isObject';

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

/**
 * Resend Invitations, a custom operation because it batches across items: every item's sign URLs are
 * packed, in order, into requests of at most 15 (the service's limit), and each URL's outcome is given back
 * as one output item paired with the item it came from. A failed request fails the items whose URLs it held
 * (one error item each under Continue On Fail); the others go on.
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
			if (this.getNodeParameter('authentication', itemIndex, 'authToken') === 'oAuth2')
				throw oauth2Refusal(node, itemIndex);
			const signUrls = splitSignUrls(this.getNodeParameter('signUrls', itemIndex, ''));
			const checked = applyRules(resendSchema, { signUrls }, RESEND_LABELS);
			if (checked.violations) {
				const [{ field, rule }] = checked.violations;
				throw refusal(node, field, rule, itemIndex, {
					hint: `Give 1 to ${MAX_SIGN_URLS} sign URLs, comma- or newline-separated.`,
				});
			}
			outcomes.set(itemIndex, []);
			pending.push(...signUrls.map((signUrl) => ({ itemIndex, signUrl })));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(node, error, itemIndex);
			failures.set(itemIndex, error as Error);
		}
	}

	if (pending.length) {
		const credentials = await this.getCredentials(credentialTypeFor('authToken'));
		const url = `${resolveBaseUrl(credentials)}/v3.0/sign/request/resend`;
		for (let start = 0; start < pending.length; start += MAX_SIGN_URLS) {
			const batch = pending.slice(start, start + MAX_SIGN_URLS);
			const firstItem = batch[0].itemIndex;
			try {
				const response = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					credentialTypeFor('authToken'),
					{
						method: 'POST',
						url,
						headers: { Accept: 'application/json' },
						body: { signUrls: batch.map((entry) => entry.signUrl) },
						json: true,
						returnFullResponse: true,
						ignoreHttpStatusErrors: true,
					},
				)) as IN8nHttpFullResponse;
				const error = responseError(node, 'v3', response, firstItem);
				if (error) throw error;
				const data =
					isObject(response.body) && isObject(response.body.data) ? response.body.data : {};
				const invitations = Array.isArray(data.invitations)
					? (data.invitations as IDataObject[])
					: [];
				if (invitations.length !== batch.length) {
					throw new NodeApiError(node, response.body as JsonObject, {
						message: `The service answered ${invitations.length} outcomes for ${batch.length} sign URLs`,
						itemIndex: firstItem,
					});
				}
				batch.forEach((entry, position) => {
					const invitation = invitations[position];
					outcomes.get(entry.itemIndex)?.push({
						signUrl: entry.signUrl,
						resent: resentOutcome(invitation),
						message: invitation.message ?? null,
						name: invitation.name ?? null,
						email: invitation.email ?? null,
						phone: invitation.phone ?? null,
						reply: invitation,
					});
				});
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
			const error = asNodeError(node, failure, itemIndex);
			output.push({ json: { error: error.message }, error, pairedItem: { item: itemIndex } });
			continue;
		}
		for (const outcome of outcomes.get(itemIndex) ?? [])
			output.push({ json: outcome, pairedItem: { item: itemIndex } });
	}
	return [output];
}
