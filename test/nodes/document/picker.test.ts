import type {
	INodeParameters,
	INodeProperties,
	INodePropertyRegexValidation,
	NodeParameterValueType,
} from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { V3_SEED } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { searchList } from '../../harness/methods';
import { oauthCredential, REDIRECT_URI, tokenCredential } from '../../support/credentials';
import { expectNoToken, requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator({ v3ExtraDocuments: 73, oauthRedirectUris: REDIRECT_URI });
});
afterEach(async () => await emulator.close());

const MAIN_DOCUMENTS = 73 + 7;

const searchDocuments = (
	filter?: string,
	paginationToken?: string,
	credential = tokenCredential(emulator),
) =>
	searchList(
		'searchDocuments',
		{
			parameters: { authentication: 'authToken', resource: 'document', operation: 'getStatus' },
			path: 'parameters.documentId',
			filter,
			paginationToken,
		},
		{ credentials: { documentExecutionApi: credential } },
	);

describe('Document ID → From List (listSearch searchDocuments)', () => {
	it('lists the documents of the v3 list as "name (status)" with the document ID as value, 40 a page', async () => {
		const first = await searchDocuments();
		expect(first.results).toHaveLength(40);
		expect(first.paginationToken).toBe('40');
		expect(requestsOn(emulator, servicePaths.list)[0].query).toEqual({ offset: '0', max: '40' });
		const completed = (await searchDocuments(V3_SEED.completedDocumentId)).results;
		expect(completed).toEqual([
			{ name: expect.stringMatching(/ \(COMPLETED\)$/), value: V3_SEED.completedDocumentId },
		]);
	});

	it('pages with the token until the list ends', async () => {
		const second = await searchDocuments(undefined, '40');
		expect(requestsOn(emulator, servicePaths.list)[0].query).toEqual({ offset: '40', max: '40' });
		expect(second.results).toHaveLength(MAIN_DOCUMENTS - 40);
		expect(second.paginationToken).toBeUndefined();
		const first = await searchDocuments();
		const values = [...first.results, ...second.results].map((result) => result.value);
		expect(new Set(values).size).toBe(MAIN_DOCUMENTS);
	});

	it('sends a typed filter as q: a whole name, ID or IRN finds the document, part of one finds nothing', async () => {
		const byIrn = await searchDocuments(` ${V3_SEED.completedIrn} `);
		expect(requestsOn(emulator, servicePaths.list)[0].query).toEqual({
			offset: '0',
			max: '40',
			q: V3_SEED.completedIrn,
		});
		expect(byIrn.results.map((result) => result.value)).toEqual([V3_SEED.completedDocumentId]);
		const partial = await searchDocuments(V3_SEED.completedDocumentId.slice(0, 6));
		expect(partial).toEqual({ results: [], paginationToken: undefined });
	});

	it('turns a refused token into the v3 error, without the token in it', async () => {
		const error = await searchDocuments(
			undefined,
			undefined,
			tokenCredential(emulator, 'wrong-token'),
		).catch((caught: unknown) => caught);
		expect(error).toMatchObject({
			message: 'The service refused the Auth Token [invalid.auth.token]',
		});
		expectNoToken(error, 'wrong-token');
	});

	it('says in one line which host could not be reached when the service is down', async () => {
		const closed = await startV3Emulator();
		const { baseUrl } = closed;
		await closed.close();
		const error = await searchDocuments(undefined, undefined, {
			...tokenCredential(emulator),
			baseUrl,
		}).catch((caught: unknown) => caught);
		expect(error).toMatchObject({
			message: `Document ID → From List: ${new URL(baseUrl).host} refused the connection; check that n8n can reach it (firewall, proxy), then open the list again`,
		});
	});

	it('says the list needs the Auth Token when OAuth2 is chosen, and sends nothing', async () => {
		const request = searchList(
			'searchDocuments',
			{
				parameters: { authentication: 'oAuth2', resource: 'document', operation: 'getStatus' },
				path: 'parameters.documentId',
			},
			{ credentials: { documentExecutionOAuth2Api: await oauthCredential(emulator) } },
		);
		await expect(request).rejects.toMatchObject({
			message: 'Document ID → From List: this needs the Auth Token credential',
			description:
				'The service accepts OAuth2 only on its v4 pack and media operations. Set Authentication to "Auth Token", or give the ID By ID.',
		});
		expect(requestsOn(emulator, servicePaths.list)).toHaveLength(0);
	});
});

describe('Document ID as a picker', () => {
	const documentIdFields = () =>
		new DocumentExecution().description.properties.filter(
			(property): property is INodeProperties =>
				property.name === 'documentId' &&
				property.displayOptions?.show?.resource?.includes('document') === true,
		);

	it('is a resource locator From List or By ID on every operation that takes one (no URL carries a document ID)', () => {
		const operations = documentIdFields().flatMap(
			(field) => field.displayOptions?.show?.operation ?? [],
		);
		expect([...operations].sort()).toEqual([
			'delete',
			'download',
			'getDetails',
			'getStatus',
			'markComplete',
			'reactivate',
		]);
		for (const field of documentIdFields()) {
			expect(field.type).toBe('resourceLocator');
			expect(field.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(field.modes?.[0].typeOptions).toEqual({
				searchListMethod: 'searchDocuments',
				searchable: true,
			});
		}
	});

	it('checks By ID in the editor only for what no document ID has: spaces and slashes', () => {
		const [, byId] = documentIdFields()[0].modes!;
		const { regex } = (byId.validation![0] as INodePropertyRegexValidation).properties;
		const looksLikeAnId = (value: string) => new RegExp(regex).test(value);
		expect([V3_SEED.completedDocumentId, 'a1B2-c3_D4.e5'].every(looksLikeAnId)).toBe(true);
		expect(['https://app1.leegality.com/sign/5f0c', 'DOC 01', ''].some(looksLikeAnId)).toBe(false);
	});

	type Case = {
		operation: string;
		documentId: string;
		path: string;
		method: string;
		sentIn: 'query' | 'body';
		extra?: INodeParameters;
		prepare?: () => Promise<void>;
	};
	const cases: Case[] = [
		{
			operation: 'getStatus',
			documentId: V3_SEED.completedDocumentId,
			path: servicePaths.status,
			method: 'GET',
			sentIn: 'query',
		},
		{
			operation: 'getDetails',
			documentId: V3_SEED.completedDocumentId,
			path: servicePaths.details,
			method: 'GET',
			sentIn: 'query',
		},
		{
			operation: 'download',
			documentId: V3_SEED.completedDocumentId,
			path: servicePaths.fetch,
			method: 'GET',
			sentIn: 'query',
			extra: { options: { linkOnly: true } },
		},
		{
			operation: 'reactivate',
			documentId: V3_SEED.expiredDocumentId,
			path: servicePaths.reactivate,
			method: 'POST',
			sentIn: 'body',
			extra: { expiry: 'days', expiryDays: 3 },
		},
		{
			operation: 'delete',
			documentId: V3_SEED.completedDocumentId,
			path: servicePaths.create,
			method: 'DELETE',
			sentIn: 'query',
		},
		{
			operation: 'markComplete',
			documentId: V3_SEED.sentDocumentId,
			path: '/api/v3.0/sign/request/complete',
			method: 'POST',
			sentIn: 'body',
			prepare: async () => {
				await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-next');
				await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'reject');
			},
		},
	];
	const ways: Array<[string, (id: string) => NodeParameterValueType, INodeParameters?]> = [
		[
			'picked From List',
			(id) => ({
				__rl: true,
				mode: 'list',
				value: id,
				cachedResultName: 'Loan agreement (COMPLETED)',
			}),
		],
		['given By ID', (id) => ({ __rl: true, mode: 'id', value: id })],
		['as a plain string saved by an older workflow', (id) => id],
		['By ID as an expression', () => ({ __rl: true, mode: 'id', value: '={{ $json.id }}' })],
		['as an old plain-string expression', () => '={{ $json.id }}'],
	];

	describe.each(cases)(
		'$operation',
		({ operation, documentId, path, method, sentIn, extra, prepare }) => {
			it.each(ways)('sends the document ID %s', async (_way, value) => {
				await prepare?.();
				const result = await runDocument(
					emulator,
					{ operation, documentId: value(documentId), ...extra },
					{ input: [{ json: { id: documentId } }] },
				);
				expect(result.nodeError(NODE_NAME)).toBeUndefined();
				const [request] = requestsOn(emulator, path, method);
				expect((request[sentIn] as Record<string, unknown>).documentId).toBe(documentId);
				// Only there: the other place does not carry it too.
				expect(
					(request[sentIn === 'query' ? 'body' : 'query'] as Record<string, unknown> | undefined)
						?.documentId,
				).toBeUndefined();
				if (operation !== 'getDetails' && operation !== 'reactivate')
					expect(result.items[0].json.documentId).toBe(documentId);
			});

			it('refuses an empty resolved value before any request', async () => {
				const result = await runDocument(emulator, {
					operation,
					documentId: { __rl: true, mode: 'id', value: '={{ "  " }}' },
					...extra,
				});
				expect(result.nodeError(NODE_NAME)?.message).toBe('Document ID: is required');
				expect(requestsOn(emulator, path, method)).toHaveLength(0);
			});
		},
	);
});
