import { packGetSchema } from '../../../nodes/DocumentExecution/resources/pack/get';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { AUTH_KINDS, authOf, mainPacks, runV4, startV4Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const details = () =>
	emulator.requestsTo('/v4/packs').filter((request) => request.path === '/api/v4/packs');
// The service's whole pack, with the sections picked (Simplify: simplify.test.ts).
const get = (auth: 'token' | 'oAuth2', parameters: Record<string, unknown>) =>
	runV4(emulator, auth, { resource: 'pack', operation: 'get', simplify: false, ...parameters });

describe.each(AUTH_KINDS)('Pack → Get with the %s credential', (auth) => {
	it.each(['packId', 'packUrn', 'workflowRunContextId'] as const)(
		'selects the pack by %s alone',
		async (selector) => {
			const pack = mainPacks(emulator)[2];
			const result = await get(auth, { packSelector: selector, [selector]: pack[selector] });
			expect(result.nodeError(NODE_NAME)).toBeUndefined();
			expect(details()).toHaveLength(1);
			expect(authOf(details()[0])).toBe(auth);
			expect(details()[0].query).toEqual({ [selector]: pack[selector] });
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json).toMatchObject({
				packId: pack.packId,
				packUrn: pack.packUrn,
				status: pack.status,
			});
		},
	);

	it('sends the ancestors of a picked nested section, so the user gets what they picked', async () => {
		const pack = mainPacks(emulator)[0];
		const result = await get(auth, {
			packId: pack.packId,
			sections: ['combinationConfig_combinationSettings_webhooks', 'sender'],
		});
		expect(details()[0].query).toEqual({
			packId: pack.packId,
			combinationConfig: 'true',
			combinationConfig_combinationSettings: 'true',
			combinationConfig_combinationSettings_webhooks: 'true',
			sender: 'true',
		});
		const data = result.items[0].json as {
			combinationConfig: { combinationSettings: { webhooks: Record<string, unknown> } };
			sender: unknown;
		};
		expect(data.combinationConfig.combinationSettings.webhooks).toMatchObject({
			successUrl: expect.any(String),
			errorUrl: expect.any(String),
		});
		expect(data.sender).toBeDefined();
	});
});

describe('Pack → Get sections and output', () => {
	it('sends only payloadForPackEdit for All Sections', async () => {
		const pack = mainPacks(emulator).find((candidate) => candidate.status === 'COMPLETED')!;
		const result = await get('token', {
			packId: pack.packId,
			sections: ['payloadForPackEdit', 'sender'],
		});
		expect(details()[0].query).toEqual({ packId: pack.packId, payloadForPackEdit: 'true' });
		const data = result.items[0].json as Record<string, unknown> & {
			documents: Array<Record<string, unknown>>;
		};
		expect(data.inviteeSettings).toBeDefined();
		expect(data.documents.every((document) => document.auditTrail)).toBe(true);
	});

	it.each([
		[
			'comma-separated text from an expression',
			'={{ "sender, combinationConfig_combinationSettings_webhooks" }}',
		],
		['comma-separated text', 'sender,combinationConfig_combinationSettings_webhooks'],
		[
			'an object of switches from an expression',
			'={{ { sender: true, combinationConfig_combinationSettings_webhooks: true, cc: false } }}',
		],
		[
			'an object of switches, as older workflows saved it',
			{ sender: true, combinationConfig_combinationSettings_webhooks: true, cc: false },
		],
	])('reads Sections given as %s', async (_form, sections) => {
		const pack = mainPacks(emulator)[0];
		const result = await get('token', { packId: pack.packId, sections });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(details()[0].query).toEqual({
			packId: pack.packId,
			sender: 'true',
			combinationConfig: 'true',
			combinationConfig_combinationSettings: 'true',
			combinationConfig_combinationSettings_webhooks: 'true',
		});
	});

	it('outputs one item per document with its pack, ready for Download', async () => {
		const pack = mainPacks(emulator).find((candidate) => candidate.documents.length === 3)!;
		const result = await get('token', { packId: pack.packId, options: { output: 'documents' } });
		expect(result.items.map((item) => item.json.documentId)).toEqual(
			pack.documents.map((document) => document.documentId),
		);
		expect(result.items[0].json).toMatchObject({
			packId: pack.packId,
			packName: pack.packName,
			packStatus: pack.status,
			documentName: expect.any(String),
		});
	});

	it('reports an unknown pack with the service code, message and trace ID', async () => {
		const result = await get('token', { packId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe('No document or pack matches this ID [LE_ERR_AP_001]');
		expect(error.description).toMatch(/LE_ERR_AP_001: No pack matches this packId \(at packId\)/);
		expect(error.description).toMatch(/Trace ID: [0-9a-f]{32}/);
		expect(error.httpCode).toBe('404');
	});
});

describe('Pack → Get refuses before sending', () => {
	it('an empty identifier, naming the field', async () => {
		const result = await get('token', { packSelector: 'packUrn', packUrn: '  ' });
		const error = result.nodeError(NODE_NAME)!;
		expect(error.message).toBe(
			'Select Pack By: give a Pack ID, a Pack URN or a Workflow Run Context ID',
		);
		expect(error.description).toBe(
			'Nothing was sent to the service. Fix "Select Pack By" and run the node again.',
		);
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it('an unknown section (through an expression), naming the field', async () => {
		const result = await get('token', {
			packId: mainPacks(emulator)[0].packId,
			sections: '={{ ["sender", "everything"] }}',
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Sections: unknown section "everything"; pick from the Sections list',
		);
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it.each([
		['comma-separated text', '={{ "sender, everything" }}'],
		['an object of switches', '={{ { sender: true, everything: true } }}'],
	])('an unknown section in %s, naming the field', async (_form, sections) => {
		const result = await get('token', { packId: mainPacks(emulator)[0].packId, sections });
		expect(result.nodeError(NODE_NAME)?.message).toBe(
			'Sections: unknown section "everything"; pick from the Sections list',
		);
		expect(emulator.requestsTo('/v4/')).toHaveLength(0);
	});

	it('two identifiers at once (the schema; the selector keeps the UI from sending two)', () => {
		const result = packGetSchema.safeParse({
			packId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
			packUrn: 'urn-1',
		});
		expect(result.success).toBe(false);
		expect(result.error!.issues[0]).toMatchObject({
			path: ['packUrn'],
			message: 'select the pack by exactly one identifier (got Pack ID and Pack URN)',
		});
	});
});
