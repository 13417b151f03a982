import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { outputDocSigner } from '../../../nodes/DocumentExecution/resources/document/signWithDocSigner';
import { DOC_SIGNER_CONSENT, formatServiceDate, V3_SEED } from '../../emulator/families/v3';
import { OTHER_ACCOUNT_AUTH_TOKEN, type Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import {
	requestsOn,
	runDocument,
	servicePaths,
	startRewritingProxy,
	startV3Emulator,
	v3State,
	wholeRequestsOn,
} from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const signUrlOf = (documentId: string, invitee = 0) =>
	`${emulator.origin}/sign/${v3State(emulator).documents.get(documentId)!.invitees[invitee].uuid}`;
const DAY = 24 * 3600_000;

describe('Reactivate', () => {
	/** The one request Reactivate sends: POST, nothing in the query (the spec has documentId in the body only), `body`. */
	const reactivation = (body: Record<string, unknown>) => [
		{ method: 'POST', path: servicePaths.reactivate, query: {}, body },
	];

	it('sends expiryDays and outputs the reactivation data with the same sign URL', async () => {
		const signUrl = signUrlOf(V3_SEED.expiredDocumentId);
		const result = await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			expiry: 'days',
			expiryDays: -1,
		});
		expect(wholeRequestsOn(emulator, servicePaths.reactivate)).toEqual(
			reactivation({ documentId: V3_SEED.expiredDocumentId, expiryDays: -1 }),
		);
		expect(result.items[0].json).toMatchObject({
			documentId: V3_SEED.expiredDocumentId,
			requests: [expect.objectContaining({ expired: false, signUrl })],
		});
	});

	it('converts a date-time to epoch milliseconds', async () => {
		const when = new Date(Date.now() + 3 * DAY);
		when.setMilliseconds(0);
		const result = await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			expiry: 'dateTime',
			expiryTime: when.toISOString(),
		});
		expect(wholeRequestsOn(emulator, servicePaths.reactivate)).toEqual(
			reactivation({ documentId: V3_SEED.expiredDocumentId, expiryTime: when.getTime() }),
		);
		expect((result.items[0].json.requests as Array<{ expiryDate: string }>)[0].expiryDate).toBe(
			formatServiceDate(when.getTime()),
		);
	});

	it('leaves the expiry to the workflow when asked', async () => {
		await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			expiry: 'workflowDefault',
		});
		expect(wholeRequestsOn(emulator, servicePaths.reactivate)).toEqual(
			reactivation({ documentId: V3_SEED.expiredDocumentId }),
		);
	});

	it('turns no.expired.invitation.found into a clear error', async () => {
		const result = await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.sentDocumentId,
			expiry: 'days',
			expiryDays: 3,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The document has no expired invitation to reactivate [no.expired.invitation.found]',
		);
	});

	it.each([
		[{ expiry: 'days', expiryDays: 366 }, 'Expiry Days: must be from -1 to 365'],
		[{ expiry: 'days', expiryDays: -2 }, 'Expiry Days: must be from -1 to 365'],
		[{ expiry: 'days', expiryDays: 1.5 }, 'Expiry Days: must be a whole number'],
		[
			{ expiry: 'dateTime', expiryTime: new Date(Date.now() - DAY).toISOString() },
			'Expiry Date and Time: must be in the future',
		],
		[
			{ expiry: 'dateTime', expiryTime: new Date(Date.now() + 366 * DAY).toISOString() },
			'Expiry Date and Time: must be at most 365 days ahead',
		],
		[
			{ expiry: 'dateTime', expiryTime: '={{ "not a date" }}' },
			'Expiry Date and Time: is required and must be a date and time',
		],
	])('refuses %j before any request', async (parameters, message) => {
		const result = await runDocument(emulator, {
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			...parameters,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, servicePaths.reactivate)).toHaveLength(0);
	});
});

describe('Resend invitations (batched across items)', () => {
	it('batches 20 items of one sign URL each into requests of 15 and 5, one outcome per URL paired with its item', async () => {
		const urls = [signUrlOf(V3_SEED.sentDocumentId, 0), signUrlOf(V3_SEED.sentDocumentId, 1)];
		const input = Array.from({ length: 20 }, (_, index) => ({
			json: { signUrl: urls[index % 2] },
		}));
		const result = await runDocument(
			emulator,
			{ operation: 'resend', signUrls: '={{ $json.signUrl }}' },
			{ input },
		);
		const requests = requestsOn(emulator, servicePaths.resend, 'POST');
		expect(
			requests.map((request) => (request.body as { signUrls: string[] }).signUrls.length),
		).toEqual([15, 5]);
		expect(result.items).toHaveLength(20);
		expect(result.items.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		// Each invitee gets 5 resends at most: 10 URLs each, so the sixth onwards fail in their item.
		const outcomes = result.items.map((item) => item.json.resent);
		expect(outcomes.filter(Boolean)).toHaveLength(10);
		const { reply, ...refused } = result.items[10].json;
		expect(refused).toEqual({
			signUrl: urls[0],
			resent: false,
			message: 'Maximum resend limit (5) reached',
			name: 'Asha Rao',
			email: 'asha.rao@example.com',
			phone: '9876543202',
		});
		// The service's own item, as it answered it.
		expect(reply).toMatchObject({
			status: 0,
			message: 'Maximum resend limit (5) reached',
			signUrl: urls[0],
		});
		expect(result.items[0].json).toMatchObject({
			signUrl: urls[0],
			resent: true,
			name: 'Asha Rao',
		});
	});

	it('reads the outcome whether the service names it status or success, and reports null, never false, when it names neither', async () => {
		const url = signUrlOf(V3_SEED.sentDocumentId, 0);
		const renamed = (rename: (invitation: Record<string, unknown>) => Record<string, unknown>) =>
			startRewritingProxy(emulator, '/api/v3.0/sign/request/resend', (body) => ({
				...body,
				data: { ...body.data, invitations: body.data.invitations.map(rename) },
			}));
		const cases = [
			{
				rename: ({ status, ...rest }: Record<string, unknown>) => ({
					...rest,
					success: status === 1,
				}),
				resent: true,
				said: { success: true },
			},
			{
				rename: ({ status: _status, ...rest }: Record<string, unknown>) => rest,
				resent: null,
				said: {},
			},
			{
				rename: (invitation: Record<string, unknown>) => ({ ...invitation, status: 0 }),
				resent: false,
				said: { status: 0 },
			},
		];
		for (const { rename, resent, said } of cases) {
			const proxy = await renamed(rename);
			try {
				const result = await runDocument(
					emulator,
					{ operation: 'resend', signUrls: url },
					{ credentials: { documentExecutionApi: proxy.credential } },
				);
				expect(result.items).toHaveLength(1);
				const { reply, ...outcome } = result.items[0].json as Record<string, unknown> & {
					reply: Record<string, unknown>;
				};
				expect(outcome).toMatchObject({
					signUrl: url,
					resent,
					message: 'Invitation resent successfully',
				});
				expect(reply).toMatchObject({
					...said,
					signUrl: url,
					message: 'Invitation resent successfully',
				});
				expect(Object.keys(reply).filter((key) => key === 'status' || key === 'success')).toEqual(
					Object.keys(said),
				);
			} finally {
				await proxy.close();
			}
		}
	});

	it('takes several URLs per item, comma- or newline-separated, or an array', async () => {
		const a = signUrlOf(V3_SEED.sentDocumentId, 0);
		const b = signUrlOf(V3_SEED.sentDocumentId, 1);
		const result = await runDocument(
			emulator,
			{ operation: 'resend', signUrls: '={{ $json.urls }}' },
			{ input: [{ json: { urls: `${a},\n${b.split('/').pop()}` } }, { json: { urls: [a] } }] },
		);
		expect(
			(requestsOn(emulator, servicePaths.resend)[0].body as { signUrls: string[] }).signUrls,
		).toEqual([a, b.split('/').pop(), a]);
		expect(result.items.map((item) => [item.pairedItem, item.json.resent])).toEqual([
			[{ item: 0 }, true],
			[{ item: 0 }, true],
			[{ item: 1 }, true],
		]);
	});

	it('refuses an item with more than 15 or no sign URLs before any request; with Continue On Fail the others go on', async () => {
		const ok = signUrlOf(V3_SEED.sentDocumentId, 0);
		const input = [
			{ json: { urls: Array(16).fill(ok) } },
			{ json: { urls: ok } },
			{ json: { urls: '' } },
		];
		const stopped = await runDocument(
			emulator,
			{ operation: 'resend', signUrls: '={{ $json.urls }}' },
			{ input },
		);
		expect(stopped.nodeError(NODE_NAME)?.message).toBe(
			"Sign URLs: can hold at most 15 sign URLs per item (the service's limit per request)",
		);
		expect(requestsOn(emulator, servicePaths.resend)).toHaveLength(0);
		const continued = await runDocument(
			emulator,
			{ operation: 'resend', signUrls: '={{ $json.urls }}' },
			{ input, onError: 'continueRegularOutput' },
		);
		expect(continued.items.map((item) => item.json.error ?? item.json.resent)).toEqual([
			"Sign URLs: can hold at most 15 sign URLs per item (the service's limit per request)",
			true,
			'Sign URLs: needs at least one sign URL',
		]);
		expect(requestsOn(emulator, servicePaths.resend)).toHaveLength(1);
	});

	it('turns a refused request into a clear error (invalid.auth.token), and refuses OAuth2', async () => {
		const result = await runDocument(
			emulator,
			{ operation: 'resend', signUrls: signUrlOf(V3_SEED.sentDocumentId) },
			{
				credentials: {
					documentExecutionApi: {
						environment: 'custom',
						baseUrl: emulator.baseUrl,
						authToken: 'wrong',
					},
				},
			},
		);
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The service refused the Auth Token [invalid.auth.token]',
		);
		const oauth = await runDocument(
			emulator,
			{
				operation: 'resend',
				authentication: 'oAuth2',
				signUrls: signUrlOf(V3_SEED.sentDocumentId),
			},
			{
				credentials: {
					documentExecutionOAuth2Api: { environment: 'custom', baseUrl: emulator.baseUrl },
				},
			},
		);
		expect(oauth.nodeError(NODE_NAME)).toMatchObject({
			message: 'Authentication: this needs the Auth Token credential',
			description:
				'The service accepts OAuth2 only on its v4 pack and media operations. Set Authentication to "Auth Token" and choose a Document Execution API credential. Nothing was sent to the service.',
		});
		expect(requestsOn(emulator, servicePaths.resend)).toHaveLength(1);
	});
});

describe('Delete', () => {
	it('deletes and outputs the outcome; a second delete fails with no.document.found', async () => {
		const result = await runDocument(emulator, {
			operation: 'delete',
			documentId: V3_SEED.completedDocumentId,
		});
		expect(requestsOn(emulator, servicePaths.create, 'DELETE')[0].query).toEqual({
			documentId: V3_SEED.completedDocumentId,
		});
		expect(result.items[0].json).toEqual({
			documentId: V3_SEED.completedDocumentId,
			deleted: true,
			code: 'document.delete.success',
			message: expect.any(String),
		});
		const again = await runDocument(emulator, {
			operation: 'delete',
			documentId: V3_SEED.completedDocumentId,
		});
		expect(again.nodeError(NODE_NAME)?.message).toBe(
			'No document matches this document ID [no.document.found]',
		);
	});

	it('refuses an empty document ID before any request', async () => {
		const result = await runDocument(emulator, { operation: 'delete', documentId: '={{ "" }}' });
		expect(result.nodeError(NODE_NAME)?.message).toBe('Document ID: is required');
		expect(requestsOn(emulator, servicePaths.create, 'DELETE')).toHaveLength(0);
	});
});

describe('Sign with document signer', () => {
	const withoutConsent = () => ({
		operation: 'signWithDocSigner',
		signUrl: signUrlOf(V3_SEED.docSignerDocumentId),
		docSignerProfileId: V3_SEED.docSignerProfileId,
	});
	const parameters = () => ({ ...withoutConsent(), consent: DOC_SIGNER_CONSENT });

	it('sends sign URL, profile and consent, and outputs the outcome', async () => {
		const result = await runDocument(emulator, parameters());
		expect(requestsOn(emulator, servicePaths.docSigner)[0].body).toEqual({
			signUrl: parameters().signUrl,
			profileId: V3_SEED.docSignerProfileId,
			consent: DOC_SIGNER_CONSENT,
		});
		expect(result.items[0].json).toEqual({
			signUrl: parameters().signUrl,
			signed: true,
			code: 'signing.success',
			message: expect.any(String),
		});
		expect(v3State(emulator).documents.get(V3_SEED.docSignerDocumentId)!.invitees[0].signed).toBe(
			true,
		);
	});

	it("sends the service's published consent text when Consent is left alone", async () => {
		const result = await runDocument(emulator, withoutConsent());
		expect(
			(requestsOn(emulator, servicePaths.docSigner)[0].body as { consent: string }).consent,
		).toBe(DOC_SIGNER_CONSENT);
		expect(result.items[0].json).toMatchObject({ signed: true, code: 'signing.success' });
	});

	it.each([
		[{ consent: DOC_SIGNER_CONSENT.replace('By', 'by') }, /\[invalid\.consent\]$/],
		[{ docSignerProfileId: 'DSP-NONE' }, /\[profile\.not\.exists\]$/],
	])('turns %j into a clear error', async (change, message) => {
		const result = await runDocument(emulator, { ...parameters(), ...change });
		expect(result.nodeError(NODE_NAME)?.message).toMatch(message);
	});

	it('fails with invitation.not.exists when the token belongs to another account than the invitee', async () => {
		const result = await runDocument(emulator, parameters(), {
			credentials: {
				documentExecutionApi: {
					environment: 'custom',
					baseUrl: emulator.baseUrl,
					authToken: OTHER_ACCOUNT_AUTH_TOKEN,
				},
			},
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'The invitation cannot be signed with a document signer certificate [invitation.not.exists]',
		);
		expect(result.nodeError(NODE_NAME)?.description).toContain('another account');
	});

	it('reads a failure code that comes with status 1 (as the endpoint text allows) as the failure it is', async () => {
		const context = {
			getNode: () => ({ name: NODE_NAME }),
			getItemIndex: () => 0,
			getNodeParameter: () => 'x',
		} as unknown as IExecuteSingleFunctions;
		const response = {
			statusCode: 200,
			headers: {},
			body: {
				status: 1,
				messages: [{ code: 'invalid.consent', message: 'Consent does not match' }],
				data: {},
			},
		};
		await expect(outputDocSigner.call(context, response)).rejects.toThrow(
			"The consent text does not match the service's constant [invalid.consent]",
		);
	});

	it('refuses an empty consent before any request', async () => {
		const result = await runDocument(emulator, { ...parameters(), consent: '={{ "  " }}' });
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			"Consent: is required (the service's consent text, exactly)",
		);
		expect(requestsOn(emulator, servicePaths.docSigner)).toHaveLength(0);
	});
});

describe('Review eBG notification', () => {
	const parameters = {
		operation: 'reviewEbg',
		...V3_SEED.ebgNotification,
		reviewStatus: 'Rejected',
		reviewRemarks: 'Amount mismatch',
	};

	it('sends the review inside data and outputs the outcome', async () => {
		const result = await runDocument(emulator, parameters);
		expect(requestsOn(emulator, servicePaths.ebg)[0].body).toEqual({
			data: {
				...V3_SEED.ebgNotification,
				reviewStatus: 'Rejected',
				reviewRemarks: 'Amount mismatch',
			},
		});
		expect(result.items[0].json).toEqual({
			notifTxnId: V3_SEED.ebgNotification.notifTxnId,
			reviewStatus: 'Rejected',
			reviewed: true,
			code: 'ebg.notification.review.success',
			message: expect.any(String),
		});
	});

	it('turns a service code into a clear error', async () => {
		const result = await runDocument(emulator, { ...parameters, notifTxnId: 'NTX-NONE' });
		expect(result.nodeError(NODE_NAME)?.message).toMatch(/\[notification\.not\.found\]$/);
	});

	it.each([
		[{ reviewStatus: '={{ "accepted" }}' }, 'Review Status: must be one of Accepted, Rejected'],
		[{ reviewRemarks: '={{ "" }}' }, 'Review Remarks: is required'],
	])('refuses %j before any request', async (change, message) => {
		const result = await runDocument(emulator, { ...parameters, ...change });
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, servicePaths.ebg)).toHaveLength(0);
	});
});
