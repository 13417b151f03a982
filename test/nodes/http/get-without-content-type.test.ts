import type { INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { V3_SEED } from '../../emulator/families/v3';
import { startEmulator, type Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { loadOptions, searchList } from '../../harness/methods';
import { startPollTrigger } from '../../harness/poll';
import { oauthCredential, REDIRECT_URI, tokenCredential } from '../../support/credentials';
import { completedPackDocument, mainPacks, runV4, type AuthKind } from '../pack/setup';

/**
 * The live service loses the query string of a GET that carries a Content-Type (the emulator models it,
 * test/emulator/choices/http.md): every GET the package sends must go without one.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({
		seed: { oauthRedirectUris: REDIRECT_URI, v1PasswordPolicy: true, v3ExtraDocuments: 60 },
	});
});
afterEach(async () => await emulator.close());

/** Every GET operation of the node, "resource/operation", with parameters that read something real. */
const GET_OPERATIONS: Record<string, () => INodeParameters> = {
	'document/download': () => ({
		documentId: V3_SEED.completedDocumentId,
		downloadType: 'DOCUMENT',
	}),
	'document/downloadAll': () => ({ documentId: V3_SEED.completedDocumentId }),
	'document/getDetails': () => ({ documentId: V3_SEED.sentDocumentId }),
	'document/getMany': () => ({ returnAll: true }),
	'document/getStatus': () => ({ documentId: V3_SEED.sentDocumentId }),
	'ebgNotification/get': () => ({ notifTxnId: V3_SEED.ebgNotification.notifTxnId }),
	'ebgNotification/getMany': () => ({}),
	'stamp/getExpiring': () => ({}),
	'stamp/getGroups': () => ({}),
	'stamp/getSeries': () => ({}),
	'wallet/getBalance': () => ({}),
	'wallet/getPurchases': () => ({ returnAll: false, limit: 5 }),
	'pack/download': () => ({
		downloadType: 'DOCUMENT',
		packDocumentId: completedPackDocument(emulator),
	}),
	'pack/get': () => ({ packSelector: 'packId', packId: mainPacks(emulator)[0].packId }),
	'pack/search': () => ({ returnAll: true }),
	'notificationRule/getTypes': () => ({}),
	'organisationSettings/get': () => ({}),
	'passwordPolicy/get': () => ({}),
};

/** The node's operations whose routing sends a GET. */
function getOperationsOfTheNode(): string[] {
	const { properties } = new DocumentExecution().description;
	return properties
		.filter((property: INodeProperties) => property.name === 'operation')
		.flatMap((selector) =>
			(selector.options as INodePropertyOptions[])
				.filter((option) => option.routing?.request?.method === 'GET')
				.map((option) => `${selector.displayOptions!.show!.resource![0]}/${option.value}`),
		);
}

/** The GETs that reached the service's paths, with the Content-Type each carried. */
const serviceGets = () =>
	emulator.requests
		.filter((request) => request.method === 'GET')
		.map((request) => ({ path: request.path, contentType: request.headers['content-type'] }));

function expectGetsWithoutContentType(): void {
	const gets = serviceGets();
	expect(gets.length).toBeGreaterThan(0);
	expect(gets.filter((get) => get.contentType !== undefined)).toEqual([]);
}

it('the list below holds every GET operation of the node', () => {
	expect(Object.keys(GET_OPERATIONS).sort()).toEqual(getOperationsOfTheNode().sort());
});

const v3AndV1Operations = Object.keys(GET_OPERATIONS).filter((key) => !key.startsWith('pack/'));
const v4Operations = Object.keys(GET_OPERATIONS)
	.filter((key) => key.startsWith('pack/'))
	.flatMap((key) => (['token', 'oAuth2'] as AuthKind[]).map((auth) => [key, auth] as const));

describe('No GET the node sends carries a Content-Type', () => {
	it.each(v3AndV1Operations)('%s', async (key) => {
		const [resource, operation] = key.split('/');
		const result = await runV4(emulator, 'token', {
			resource,
			operation,
			...GET_OPERATIONS[key](),
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expectGetsWithoutContentType();
	});

	it.each(v4Operations)('%s with %s', async (key, auth) => {
		const [resource, operation] = key.split('/');
		const result = await runV4(emulator, auth, { resource, operation, ...GET_OPERATIONS[key]() });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expectGetsWithoutContentType();
	});

	it('nor do the pickers of the editor (documents, packs, stamp groups)', async () => {
		const documentsList = await searchList(
			'searchDocuments',
			{
				parameters: { authentication: 'authToken', resource: 'document', operation: 'getStatus' },
				path: 'parameters.documentId',
			},
			{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
		);
		const packsList = await searchList(
			'searchPacks',
			{
				parameters: { authentication: 'oAuth2', resource: 'pack', operation: 'get' },
				path: 'parameters.packId',
			},
			{ credentials: { documentExecutionOAuth2Api: await oauthCredential(emulator) } },
		);
		const groups = await loadOptions(
			'getStampGroups',
			{
				parameters: { authentication: 'authToken', resource: 'document', operation: 'create' },
				path: 'parameters.additionalFields.seriesGroup',
			},
			{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
		);
		for (const found of [documentsList.results, packsList.results, groups])
			expect(found.length).toBeGreaterThan(0);
		expectGetsWithoutContentType();
	});

	it.each(['documentCompleted', 'documentStatusChanged'])(
		'nor does the polling trigger (%s)',
		async (event) => {
			const trigger = startPollTrigger({
				parameters: { event },
				credentials: { documentExecutionApi: tokenCredential(emulator) },
			});
			await trigger.activate();
			await trigger.poll();
			expectGetsWithoutContentType();
		},
	);
});
