import type {
	ICredentialDataDecryptedObject,
	INodeParameters,
	INodeProperties,
	INodePropertyRegexValidation,
	NodeParameterValueType,
} from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import type { Emulator } from '../../emulator/server';
import { TestCredentialsHelper } from '../../harness/credentials-helper';
import { NODE_NAME } from '../../harness/engine';
import { searchList } from '../../harness/methods';
import { oauthCredential, tokenCredential } from '../../support/credentials';
import { AUTH_KINDS, type AuthKind, authOf, mainPacks, runV4, startV4Emulator } from './setup';

const PACK_COUNT = 45;

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator({ packCount: PACK_COUNT })));
afterEach(async () => await emulator.close());

const searches = () => emulator.requestsTo('/v4/packs/search');

async function credentialsFor(
	auth: AuthKind,
): Promise<Record<string, ICredentialDataDecryptedObject>> {
	return auth === 'token'
		? { documentExecutionApi: tokenCredential(emulator) }
		: { documentExecutionOAuth2Api: await oauthCredential(emulator) };
}

const searchPacks = async (
	auth: AuthKind,
	filter?: string,
	paginationToken?: string,
	credentialsHelper?: TestCredentialsHelper,
) =>
	await searchList(
		'searchPacks',
		{
			parameters: {
				authentication: auth === 'token' ? 'authToken' : 'oAuth2',
				resource: 'pack',
				operation: 'get',
				packSelector: 'packId',
			},
			path: 'parameters.packId',
			filter,
			paginationToken,
		},
		credentialsHelper ? { credentialsHelper } : { credentials: await credentialsFor(auth) },
	);

describe.each(AUTH_KINDS)('Pack ID → From List (listSearch searchPacks) with %s', (auth) => {
	it('lists the packs as "packName (status)" with the pack ID as value, 40 a page, then the rest', async () => {
		const first = await searchPacks(auth);
		expect(first.results).toHaveLength(40);
		expect(first.paginationToken).toBe('40');
		const [pack] = mainPacks(emulator).filter(
			(candidate) => candidate.packId === first.results[0].value,
		);
		expect(first.results[0].name).toBe(`${pack.packName} (${pack.status})`);
		const second = await searchPacks(auth, undefined, '40');
		expect(second.results).toHaveLength(PACK_COUNT - 40);
		expect(second.paginationToken).toBeUndefined();
		expect(searches().map((request) => request.query)).toEqual([
			{ offset: '0', max: '40' },
			{ offset: '40', max: '40' },
		]);
		expect(searches().map(authOf)).toEqual([auth, auth]);
		expect(new Set([...first.results, ...second.results].map((result) => result.value))).toEqual(
			new Set(mainPacks(emulator).map((candidate) => candidate.packId)),
		);
	});

	it('sends the typed text as the free-text q, which matches part of a name', async () => {
		const { results } = await searchPacks(auth, ' nda ');
		expect(searches()[0].query).toEqual({ offset: '0', max: '40', q: 'nda' });
		// The service matches q in the pack's name, and also in its ID, IRN and URN (test/emulator/choices/v4.md):
		// a random pack ID can hold "NDA" too.
		const matches = (pack: ReturnType<typeof mainPacks>[number]) =>
			[pack.packName, pack.packId, pack.irn ?? '', pack.packUrn].some((field) =>
				field.toLowerCase().includes('nda'),
			);
		const expected = mainPacks(emulator).filter(matches);
		expect(expected.some((pack) => pack.packName.toLowerCase().includes('nda'))).toBe(true);
		expect(results.map((result) => result.value).sort()).toEqual(
			expected.map((pack) => pack.packId).sort(),
		);
	});
});

describe('Pack ID → From List errors and tokens', () => {
	it('turns a refused Auth Token into LE_ERR_AP_080 and refreshes nothing', async () => {
		const request = searchList(
			'searchPacks',
			{
				parameters: { authentication: 'authToken', resource: 'pack', operation: 'get' },
				path: 'parameters.packId',
			},
			{ credentials: { documentExecutionApi: tokenCredential(emulator, 'wrong-token') } },
		);
		await expect(request).rejects.toMatchObject({
			message: 'The service refused the credentials [LE_ERR_AP_080]',
			httpCode: '401',
		});
		expect(emulator.requestsTo('/oauth/')).toHaveLength(0);
	});

	it('refreshes an expired OAuth2 access token through n8n, stores it, and reads the list again', async () => {
		const credentialsHelper = new TestCredentialsHelper({
			documentExecutionOAuth2Api: await oauthCredential(emulator),
		});
		emulator.requests.length = 0;
		emulator.clock.advance(3600 * 1000 + 1000);
		const { results } = await searchPacks('oAuth2', undefined, undefined, credentialsHelper);
		expect(results).toHaveLength(40);
		expect(credentialsHelper.tokenUpdates.get('documentExecutionOAuth2Api')).toBe(1);
		expect(emulator.requests.map((request) => request.path)).toEqual([
			'/api/v4/packs/search',
			'/oauth/oauth2/token',
			'/api/v4/packs/search',
		]);
	});
});

describe('Pack ID as a picker on Pack → Get', () => {
	it('is a resource locator From List or By ID (a ULID); no URL carries a pack ID', () => {
		const field = new DocumentExecution().description.properties.find(
			(property): property is INodeProperties => property.name === 'packId',
		)!;
		expect(field.type).toBe('resourceLocator');
		expect(field.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		const [, byId] = field.modes!;
		const { regex } = (byId.validation![0] as INodePropertyRegexValidation).properties;
		expect(new RegExp(regex).test(mainPacks(emulator)[0].packId)).toBe(true);
		expect(new RegExp(regex).test(mainPacks(emulator)[0].packId.toLowerCase())).toBe(true);
		expect(new RegExp(regex).test('https://example.com/packs/1')).toBe(false);
	});

	const ways: Array<[string, (id: string) => NodeParameterValueType]> = [
		[
			'picked From List',
			(id) => ({ __rl: true, mode: 'list', value: id, cachedResultName: 'Mutual NDA 2 (SENT)' }),
		],
		['given By ID', (id) => ({ __rl: true, mode: 'id', value: id })],
		['as a plain string saved by an older workflow', (id) => id],
		['By ID as an expression', () => ({ __rl: true, mode: 'id', value: '={{ $json.id }}' })],
		['as an old plain-string expression', () => '={{ $json.id }}'],
	];

	it.each(ways)('sends the pack ID %s', async (_way, value) => {
		const { packId } = mainPacks(emulator)[1];
		const parameters: INodeParameters = {
			resource: 'pack',
			operation: 'get',
			packSelector: 'packId',
			packId: value(packId),
		};
		const result = await runV4(emulator, 'token', parameters, {
			input: [{ json: { id: packId } }],
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(emulator.requestsTo('/v4/packs')[0].query).toEqual({ packId });
		expect(result.items[0].json.packId).toBe(packId);
	});

	it('refuses an empty resolved value before any request', async () => {
		const parameters: INodeParameters = {
			resource: 'pack',
			operation: 'get',
			packSelector: 'packId',
			packId: { __rl: true, mode: 'id', value: '={{ " " }}' },
		};
		const result = await runV4(emulator, 'token', parameters);
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Select Pack By: give a Pack ID, a Pack URN or a Workflow Run Context ID',
		);
		expect(emulator.requests).toHaveLength(0);
	});
});
