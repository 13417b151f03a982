import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INode, INodeExecutionData, INodeParameters, INodeProperties } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import type { V1State } from '../../emulator/families/v1';
import { V3_SEED } from '../../emulator/families/v3';
import type { FaultKind } from '../../emulator/faults';
import { startEmulator, type Emulator } from '../../emulator/server';
import { NODE_NAME, runWorkflow } from '../../harness/engine';
import { nodeTypeName } from '../../harness/types';
import { tokenCredential } from '../../support/credentials';
import { expectNoToken, pdfItem } from '../document/setup';

/**
 * The operations that create something at the service: what a failure that leaves open whether the service
 * acted says, and n8n's Retry On Fail, which would run them again.
 */
interface CreateCase {
	operation: string;
	path: string;
	parameters: INodeParameters;
	input: () => Promise<INodeExecutionData[]>;
	thing: string;
	check: string;
}

const CREATES: CreateCase[] = [
	{
		operation: 'Document → Create Signing Request',
		path: '/api/v3.0/sign/request',
		parameters: {
			resource: 'document',
			operation: 'create',
			profileId: V3_SEED.pdfProfileId,
			documentSource: 'binary',
			invitees: { invitee: [{ name: 'Asha Rao', phone: '9876543210' }] },
		},
		input: async () => [await pdfItem()],
		thing: 'the signing request',
		check:
			'check with Document → Get Many (search for its IRN or document name) before running the node again',
	},
	{
		operation: 'Password Policy → Create',
		path: '/api/api/v1/password-policy',
		parameters: {
			resource: 'passwordPolicy',
			operation: 'create',
			minimumPasswordLength: 10,
			numbersRequired: true,
			specialCharactersRequired: true,
			uppercaseRequired: true,
		},
		input: async () => [{ json: {} }],
		thing: 'the password policy',
		check: 'check with Password Policy → Get before running the node again',
	},
	{
		operation: 'OAuth2 Client → Create',
		path: '/api/api/v1/oauth2-clients',
		parameters: { resource: 'oauth2Client', operation: 'create', clientId: 'reporting-bot' },
		input: async () => [{ json: {} }],
		thing: 'the OAuth2 client',
		check:
			'if running the node again answers that the client already exists, it was created and its secret, shown only once, is lost: create another Client ID',
	},
];

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

/** n8n's node settings a test sets: Retry On Fail (two tries, 1 ms apart) and On Error. */
interface Settings {
	retryOnFail?: boolean;
	onError?: INode['onError'];
	input?: INodeExecutionData[];
	credential?: ReturnType<typeof tokenCredential>;
}

async function run(parameters: INodeParameters, settings: Settings = {}) {
	const node: INode = {
		id: randomUUID(),
		name: NODE_NAME,
		type: nodeTypeName('documentExecution'),
		typeVersion: 1,
		position: [0, 0],
		// A short time-out, so that a service that never answers fails the test's request in 0.3 s.
		parameters: { authentication: 'authToken', requestOptions: { timeout: 300 }, ...parameters },
		...(settings.retryOnFail ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 } : {}),
		onError: settings.onError,
	};
	const result = await runWorkflow(
		{ nodes: [node], connections: {} },
		{
			credentials: { documentExecutionApi: settings.credential ?? tokenCredential(emulator) },
			input: settings.input,
		},
	);
	return { error: result.nodeError(NODE_NAME), items: result.output(NODE_NAME) };
}

const sentTo = (path: string) =>
	emulator.requests.filter((request) => request.path === path && request.method === 'POST');

const CAUSES: Array<[FaultKind, RegExp]> = [
	['http500', /^The service had a server error \(HTTP 500\): /],
	['http502', /^The service had a server error \(HTTP 502\): /],
	['http503', /^The service had a server error \(HTTP 503\): /],
	['timeout', /^.+ → .+: 127\.0\.0\.1:\d+ did not answer within 0\.3 s; /],
	['reset', /^.+ → .+: the connection to 127\.0\.0\.1:\d+ was cut before the answer arrived; /],
];

describe('a create that fails without a clear answer says the service may have created it', () => {
	it.each(
		CREATES.flatMap((create) =>
			CAUSES.map(([fault, cause]) => [create.operation, fault, create, cause] as const),
		),
	)('%s, %s', async (_operation, fault, create, cause) => {
		emulator.faults.inject({ kind: fault, method: 'POST', path: create.path });
		const { error } = await run(create.parameters, { input: await create.input() });
		expect(error?.message).toMatch(cause);
		expect(
			error?.message.endsWith(`the service may have created ${create.thing}; ${create.check}`),
		).toBe(true);
		if (fault !== 'http500' && fault !== 'http502' && fault !== 'http503')
			expect(error?.message.startsWith(create.operation)).toBe(true);
		expect(error?.description).toContain('see "Retrying a create safely" in the package\'s README');
		expect(error?.description).not.toMatch(/turn on Retry On Fail/);
		expect(sentTo(create.path)).toHaveLength(1);
		expectNoToken(error);
	});

	it('an unreadable success answer (malformed JSON, HTTP 200) leaves it open too', async () => {
		const [document] = CREATES;
		emulator.faults.inject({ kind: 'malformedJson', method: 'POST', path: document.path });
		const { error } = await run(document.parameters, { input: await document.input() });
		expect(error?.message).toBe(
			`The service answered with malformed JSON (HTTP 200): the service may have created the signing request; ${document.check}`,
		);
	});

	it("a v1 internal error in the service's own envelope (LE_ERR_SS_500) leaves it open too", async () => {
		const [, policy] = CREATES;
		emulator.slice<V1State>('v1').internalErrors = 1;
		const { error } = await run(policy.parameters);
		expect(error?.message).toBe(
			`Internal server error [LE_ERR_SS_500]: the service may have created the password policy; ${policy.check}`,
		);
		expect(error?.httpCode).toBe('500');
	});
});

describe('a create that the service answered, or that never reached it, keeps its plain error', () => {
	it('a v3 status 0 answer is a refusal: nothing was created', async () => {
		const [document] = CREATES;
		const { error } = await run(
			{ ...document.parameters, profileId: 'WF-NOPE' },
			{ input: await document.input() },
		);
		expect(error?.message).toMatch(/\[workflow\.not\.found\]$/);
		expect(error?.message).not.toMatch(/may have created/);
	});

	it('a v1 409 says it exists', async () => {
		const [, , client] = CREATES;
		await run(client.parameters);
		const { error } = await run(client.parameters);
		expect(error?.message).toBe('OAuth2 client already exists [LE_ERR_SS_409/LE_ERR_SS_010]');
	});

	it('a rate limit (429) says to wait and run again, not to turn on Retry On Fail', async () => {
		const [document] = CREATES;
		emulator.faults.inject({ kind: 'http429', method: 'POST', path: document.path });
		const { error } = await run(document.parameters, { input: await document.input() });
		expect(error?.message).toBe('The service is limiting requests (HTTP 429)');
		expect(error?.description).toBe(
			'Wait 1 s and run the node again. Over many items, pace the requests with Request Options → Batching (for example 10 items per 1000 ms).',
		);
	});

	it('a refused connection never reached the service, so running again is safe', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const [document] = CREATES;
		const credential = { ...tokenCredential(emulator), baseUrl: `http://127.0.0.1:${port}/api` };
		const { error } = await run(document.parameters, { input: await document.input(), credential });
		expect(error?.message).toBe(
			`Document → Create Signing Request: 127.0.0.1:${port} refused the connection; check that n8n can reach it (firewall, proxy), then run the node again (nothing reached the service, so nothing was created)`,
		);
	});
});

describe('Retry On Fail cannot repeat a create', () => {
	it.each(CREATES.map((create) => [create.operation, create] as const))(
		'%s refuses to run with Retry On Fail on, before sending anything',
		async (_operation, create) => {
			const { error } = await run(create.parameters, {
				retryOnFail: true,
				input: await create.input(),
			});
			expect(error?.message).toBe(
				`Retry On Fail must be off: ${create.operation} is not safe to repeat`,
			);
			expect(error?.description).toContain(
				`To retry safely after a server error, a time-out or a lost connection: ${create.check}.`,
			);
			expect(error?.description).toContain('Nothing was sent to the service.');
			expect(sentTo(create.path)).toHaveLength(0);
		},
	);

	it('with Continue On Fail too: every item is refused and nothing is sent', async () => {
		const [document] = CREATES;
		const input = [...(await document.input()), ...(await document.input())];
		const { items } = await run(document.parameters, {
			retryOnFail: true,
			onError: 'continueRegularOutput',
			input,
		});
		expect(items.map((item) => item.json.error)).toEqual([
			'Retry On Fail must be off: Document → Create Signing Request is not safe to repeat',
			'Retry On Fail must be off: Document → Create Signing Request is not safe to repeat',
		]);
		expect(sentTo(document.path)).toHaveLength(0);
	});

	it('Media → Upload is no create in this sense: Retry On Fail sends it again (an unused media slot lapses)', async () => {
		emulator.faults.inject({ kind: 'http503', method: 'POST', path: '/api/v4/media/upload' });
		const { error, items } = await run(
			{ resource: 'media', operation: 'upload', mediaType: 'SUB_DOCUMENT' },
			{ retryOnFail: true, input: [await pdfItem()] },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.mediaId).toEqual(expect.any(String));
		expect(sentTo('/api/v4/media/upload')).toHaveLength(2);
	});

	it('an operation that only reads keeps Retry On Fail: Get Status is sent again after a 503', async () => {
		emulator.faults.inject({ kind: 'http503', path: '/api/v3.2/sign/request' });
		const { error, items } = await run(
			{ resource: 'document', operation: 'getStatus', documentId: V3_SEED.sentDocumentId },
			{ retryOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.documentId).toBe(V3_SEED.sentDocumentId);
		expect(
			emulator.requests.filter((request) => request.path === '/api/v3.2/sign/request'),
		).toHaveLength(2);
	});

	it('each create shows a notice saying so right under its Operation, and only the creates do', () => {
		const { properties } = new DocumentExecution().description;
		const notices = properties.filter(
			(property: INodeProperties) =>
				property.type === 'notice' && property.name.endsWith('RetryNotice'),
		);
		expect(notices).toHaveLength(CREATES.length);
		for (const create of CREATES) {
			const { resource, operation } = create.parameters as { resource: string; operation: string };
			const shown = (property: INodeProperties) =>
				property.displayOptions?.show?.resource?.[0] === resource;
			const notice = notices.find(
				(candidate) =>
					shown(candidate) && candidate.displayOptions?.show?.operation?.[0] === operation,
			);
			expect(notice?.displayName.replace(/<[^>]*>/g, '')).toBe(
				`Not safe to repeat: keep Retry On Fail off (the node refuses it). After a failed run, check whether the service created ${create.thing} before running it again. More`,
			);
			// The link opens the page that says how to check (test/foundation/doc-links.test.ts resolves it).
			expect(notice?.displayName).toMatch(
				/ <a href="[^"]+\/docs\/[^"]+#[^"]+" target="_blank">More<\/a>$/,
			);
			expect(
				properties[
					properties.findIndex((property) => property.name === 'operation' && shown(property)) + 1
				],
			).toBe(notice);
		}
	});
});
