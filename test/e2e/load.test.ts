import { emulator, n8nWithPackage, PACKAGE, packed, tokenCredential } from './support';
import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n } from '../../scripts/lib/n8n';

/**
 * The packed tarball, installed into a real n8n 2.41 user folder as n8n installs a community package,
 * loads: n8n lists its three nodes (the action node, the webhook trigger and the poll trigger) under the
 * package's type names and both credentials as coming from it, and a credential imported with n8n's CLI is one
 * that n8n itself can use against the emulator.
 */
describe('the packed package in n8n 2.41', () => {
	let n8n: N8n;
	let service: EmulatorProcess;

	beforeAll(async () => {
		service = await emulator('load');
		n8n = await n8nWithPackage('load');
		const begin = Date.now();
		await n8n.start();
		process.stdout.write(`n8n ready in ${((Date.now() - begin) / 1000).toFixed(1)} s\n`);
		await n8n.setupOwner();
	});

	afterAll(async () => {
		await n8n?.stop();
		await service?.stop();
	});

	it('ships the files its package.json names', () => {
		expect(packed().files).toEqual(
			expect.arrayContaining([
				'package.json',
				'dist/nodes/DocumentExecution/DocumentExecution.node.js',
				'dist/nodes/DocumentExecutionTrigger/DocumentExecutionTrigger.node.js',
				'dist/nodes/DocumentExecutionPollTrigger/DocumentExecutionPollTrigger.node.js',
				'dist/credentials/DocumentExecutionApi.credentials.js',
				'dist/credentials/DocumentExecutionOAuth2Api.credentials.js',
			]),
		);
	});

	it('lists all three nodes under the community package type names, in the editor API', async () => {
		const types = await n8n.rest<Array<{ name: string; displayName: string; iconUrl?: unknown }>>(
			'GET',
			'/types/nodes.json',
		);
		const ours = types
			.filter((type) => type.name.startsWith(`${PACKAGE}.`))
			.map((type) => type.name);
		expect(ours).toEqual(
			expect.arrayContaining([
				`${PACKAGE}.documentExecution`,
				`${PACKAGE}.documentExecutionTrigger`,
				`${PACKAGE}.documentExecutionPollTrigger`,
			]),
		);
		const displayName = (node: string) =>
			types.find((type) => type.name === `${PACKAGE}.${node}`)?.displayName;
		expect(displayName('documentExecution')).toBe('Document Execution');
		expect(displayName('documentExecutionTrigger')).toBe('Document Execution Trigger');
		expect(displayName('documentExecutionPollTrigger')).toBe('Document Execution Poll Trigger');
		// Not loaded another way (a custom folder would give CUSTOM.*).
		expect(types.some((type) => type.name.startsWith('CUSTOM.documentExecution'))).toBe(false);
		expect(n8n.log()).not.toMatch(/Failed to load package|Skipping package/);
	});

	it('lists both credentials, served from the community package, with the nodes that take each', async () => {
		const credentials = await n8n.rest<
			Array<{ name: string; supportedNodes?: string[]; iconUrl?: { light: string } }>
		>('GET', '/types/credentials.json');
		// The poll trigger reads the service with the Auth Token only.
		const takenBy: Record<string, string[]> = {
			documentExecutionApi: [
				'documentExecution',
				'documentExecutionTrigger',
				'documentExecutionPollTrigger',
			],
			documentExecutionOAuth2Api: ['documentExecution', 'documentExecutionTrigger'],
		};
		for (const [name, nodes] of Object.entries(takenBy)) {
			const type = credentials.find((credential) => credential.name === name);
			expect(type).toBeDefined();
			const ours = (type?.supportedNodes ?? []).filter(
				(node) => node.startsWith(`${PACKAGE}.`) && !node.endsWith('Tool'),
			);
			expect(ours.sort()).toEqual(nodes.map((node) => `${PACKAGE}.${node}`).sort());
			expect(type?.iconUrl?.light).toMatch(new RegExp(`^icons/${PACKAGE}/`));
		}
	});

	it('imports a credential with the n8n CLI, and n8n tests it successfully against the emulator', async () => {
		const credential = tokenCredential(service);
		await n8n.importCredentials([credential]);
		const listed = await n8n.rest<Array<{ id: string; type: string }>>('GET', '/rest/credentials');
		expect(listed).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: credential.id, type: 'documentExecutionApi' }),
			]),
		);

		const before = await service.control<Array<{ path: string; headers: Record<string, string> }>>(
			'GET',
			'/__emulator/requests',
		);
		const tested = await n8n.rest<{ status: string; message: string }>(
			'POST',
			'/rest/credentials/test',
			{
				credentials: {
					id: credential.id,
					name: credential.name,
					type: credential.type,
					data: credential.data,
				},
			},
		);
		expect(tested).toEqual(expect.objectContaining({ status: 'OK' }));
		const after = await service.control<Array<{ path: string; headers: Record<string, string> }>>(
			'GET',
			'/__emulator/requests',
		);
		const sent = after.body.slice(before.body.length);
		expect(sent).toEqual([expect.objectContaining({ path: '/api/v3.0/sign/request/list' })]);
		expect(sent[0].headers['x-auth-token']).toBe(service.info.authToken);
	});

	it('refuses a wrong token through the same credential test', async () => {
		const wrong = { ...tokenCredential(service, 'DexE2eWrongTok01'), name: 'Wrong token' };
		wrong.data.authToken = 'not-a-token';
		await n8n.importCredentials([wrong]);
		const tested = await n8n.rest<{ status: string; message: string }>(
			'POST',
			'/rest/credentials/test',
			{
				credentials: { id: wrong.id, name: wrong.name, type: wrong.type, data: wrong.data },
			},
		);
		expect(tested).toEqual({
			status: 'Error',
			message: expect.stringContaining('refused this Auth Token'),
		});
	});
});
