import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { ensureChromium } from '../../scripts/lib/install';
import { nodeOutput, OWNER, type N8n, type StoredExecution } from '../../scripts/lib/n8n';
import { paths, ROOT } from '../../scripts/lib/paths';
import { V3_SEED } from '../emulator/families/v3';
import { EXTRAS_SEED } from '../emulator/families/v3-extras';
import {
	emulator,
	exampleWorkflows,
	n8nWithPackage,
	PACKAGE,
	tokenCredential,
	withCredentials,
} from './support';

interface Property {
	name: string;
	displayName: string;
	options?: Array<{ name: string; value: string; action?: string }>;
	displayOptions?: { show?: Record<string, string[]> };
}

/** The actions issue #12 added (Document → Mark as Complete and the smaller v3 resources), as the panel names them. */
const ISSUE_12_ACTIONS = [
	'Mark a document as complete',
	'Activate an invitation out of turn',
	'Delete an invitation',
	'Get the wallet balance',
	'Get stamp series',
	'Get stamp groups',
	'Get expiring stamp series',
	'Get an electronic bank guarantee notification',
	'Get many electronic bank guarantee notifications',
];
const ISSUE_12_GROUPS = [
	'Invitation Actions',
	'eBG Notification Actions',
	'Stamp Actions',
	'Wallet Actions',
];

const WORKFLOW_ID = 'DexE2eEditorPick';

/** The examples the README shows as pictures of the editor (docs/images/<example>.png, written by this test). */
const PICTURED_EXAMPLES = [
	'send-and-wait-polling',
	'send-and-wait-resume',
	'document-signed',
	'document-completed-archive',
	'reviewer-approval',
	'reminders',
	'bulk-send',
];
const DOCS_IMAGES = join(ROOT, 'docs', 'images');
const NODE = `${PACKAGE}.documentExecution`;

/**
 * The workflow the picker tests open: both ID fields start on "By ID" and empty, so that a person has to pick
 * from the lists before the workflow can run; Wallet and Stamp read the account in the same run.
 */
function pickerWorkflow(credential: { id: string; name: string }) {
	const credentials = { documentExecutionApi: credential };
	const node = (name: string, y: number, parameters: Record<string, unknown>) => ({
		id: randomUUID(),
		name,
		type: NODE,
		typeVersion: 1,
		position: [260, y],
		parameters,
		credentials,
	});
	const names = ['Mark as Complete', 'Get Pack', 'Wallet Balance', 'Stamp Groups'];
	return {
		id: WORKFLOW_ID,
		name: 'Pick a document and a pack (e2e)',
		active: false,
		nodes: [
			{
				id: randomUUID(),
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 200],
				parameters: {},
			},
			node(names[0], 0, {
				resource: 'document',
				operation: 'markComplete',
				documentId: { __rl: true, mode: 'id', value: '' },
			}),
			node(names[1], 160, {
				resource: 'pack',
				operation: 'get',
				packId: { __rl: true, mode: 'id', value: '' },
			}),
			node(names[2], 320, { resource: 'wallet', operation: 'getBalance' }),
			node(names[3], 480, { resource: 'stamp', operation: 'getGroups' }),
		],
		connections: {
			'Manual Trigger': { main: [names.map((name) => ({ node: name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
	};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Recorded {
	method: string;
	path: string;
	headers: Record<string, string>;
	body: unknown;
}

/** How many elements match, once at least one is visible. */
async function shown(locator: Locator): Promise<number> {
	await locator.first().waitFor({ timeout: 30_000 });
	return await locator.count();
}

/** Flags for Debian's Chromium as root on a machine without internet (see the toolchain notes). */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/**
 * The editor as a person sees it, in headless Chromium, with a credential pointing at a running emulator: sign
 * in; open a saved workflow, pick a document and a pack from lists the service fills, save, and run it with
 * Execute Workflow; open a new workflow, find "Document Execution" and its poll trigger in the node panel, and
 * see every resource and operation as n8n lists them; open the examples the README pictures. Screenshots go to
 * .cache/artifacts/ (not committed), except the examples' pictures, which go to docs/images/ (committed).
 */
describe('the n8n editor shows the package', () => {
	let n8n: N8n;
	let service: EmulatorProcess;
	let browser: Browser;
	let page: Page;
	let credential: { id: string; name: string; type: string };

	beforeAll(async () => {
		const executablePath = await ensureChromium();
		service = await emulator('editor');
		n8n = await n8nWithPackage('editor');
		await n8n.start();
		await n8n.setupOwner();
		// The credential and the workflow a person would have made, through the editor's own REST API.
		const { name, type, data } = tokenCredential(service);
		credential = {
			...(await n8n.rest<{ id: string; name: string }>('POST', '/rest/credentials', {
				name,
				type,
				data,
			})),
			type,
		};
		await n8n.rest(
			'POST',
			'/rest/workflows',
			pickerWorkflow({ id: credential.id, name: credential.name }),
		);
		browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
		// A context of its own, so that a second tab shares the sign-in (browser.newPage's cannot open one).
		const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
		page = await context.newPage();
		mkdirSync(paths.artifacts, { recursive: true });
	});

	afterAll(async () => {
		if (page && !page.isClosed())
			await page
				.screenshot({ path: join(paths.artifacts, 'editor-last.png') })
				.catch(() => undefined);
		await browser?.close();
		await n8n?.stop();
		await service?.stop();
	});

	it('signs in as the owner', async () => {
		await page.goto(`${n8n.url}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"]', OWNER.email);
		await page.fill('input[name="password"]', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 60_000 });
	});

	/** Opens a node of the picker workflow, switches an ID field to "From list" and opens its list. */
	async function openFromList(
		nodeName: string,
		parameter: string,
	): Promise<{ field: Locator; items: Locator }> {
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).dblclick();
		const field = page.locator(`[data-test-id="resource-locator-${parameter}"]`);
		await field.waitFor({ timeout: 30_000 });
		await field.locator('[data-test-id="rlc-mode-selector"]').click();
		await page.locator('.el-select-dropdown__item:visible', { hasText: /^From list$/i }).click();
		await field.locator('[data-test-id="rlc-input"]').click();
		const items = page.locator('[data-test-id="rlc-item"]:visible');
		await items.first().waitFor({ timeout: 30_000 });
		return { field, items };
	}

	async function pick(field: Locator, label: string): Promise<void> {
		await page
			.locator('[data-test-id="rlc-item"]:visible')
			.getByText(label, { exact: true })
			.click();
		await expect(field.locator('[data-test-id="rlc-input"]').inputValue()).resolves.toBe(label);
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
	}

	/** A read of the service with the emulator's token, as the node makes it. */
	async function serviceRead<T>(path: string): Promise<T> {
		const response = await fetch(`${service.info.baseUrl}${path}`, {
			headers: { 'X-Auth-Token': service.info.authToken },
		});
		return ((await response.json()) as { data: T }).data;
	}

	const requests = async () =>
		(await service.control<Recorded[]>('GET', '/__emulator/requests')).body;

	let pickedPack = { packId: '', label: '' };

	it("fills Mark as Complete's Document ID from the service's documents when the user picks From list", async () => {
		// Signed in, n8n shows the workflow list: open the picker workflow from it, as a person would.
		await page
			.locator('[data-test-id="workflow-card-name"]', {
				hasText: 'Pick a document and a pack (e2e)',
			})
			.click({ timeout: 60_000 });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		await service.control('DELETE', '/__emulator/requests');

		const { field, items } = await openFromList('Mark as Complete', 'documentId');
		const listed = await items.allInnerTexts();
		await page.screenshot({ path: join(paths.artifacts, 'editor-document-picker.png') });

		// The account's documents, newest first, each by its name and status; not the other account's.
		expect(listed).toEqual(
			expect.arrayContaining([
				'Sent agreement (SENT)',
				'Completed agreement (COMPLETED)',
				'Draft agreement (DRAFT)',
			]),
		);
		expect(listed.some((label) => label.startsWith('Other account agreement'))).toBe(false);
		const { documents } = await serviceRead<{ documents: Array<{ name: string; status: string }> }>(
			'/v3.0/sign/request/list?offset=0&max=40',
		);
		expect(listed).toEqual(documents.map((document) => `${document.name} (${document.status})`));
		// n8n read them with the credential's token.
		const reads = (await requests()).filter(
			(request) => request.path === '/api/v3.0/sign/request/list',
		);
		expect(reads.length).toBeGreaterThan(0);
		expect(
			reads.every((request) => request.headers['x-auth-token'] === service.info.authToken),
		).toBe(true);

		await pick(field, 'Sent agreement (SENT)');
	});

	it("fills Pack → Get's Pack ID from the service's packs when the user picks From list", async () => {
		const { field, items } = await openFromList('Get Pack', 'packId');
		const listed = await items.allInnerTexts();
		await page.screenshot({ path: join(paths.artifacts, 'editor-pack-picker.png') });

		const { records } = await serviceRead<{
			records: Array<{ packId: string; packName: string; status: string }>;
		}>('/v4/packs/search?offset=0&max=40');
		expect(records.length).toBeGreaterThan(3);
		expect(listed).toEqual(records.map((pack) => `${pack.packName} (${pack.status})`));
		const completed = records.find((pack) => pack.status === 'COMPLETED')!;
		pickedPack = { packId: completed.packId, label: `${completed.packName} (${completed.status})` };
		await pick(field, pickedPack.label);
	});

	it('saves the picked IDs, and Execute Workflow runs Mark as Complete on the picked document, Wallet and Stamp against the service', async () => {
		expect(pickedPack.packId).not.toBe('');
		await page.keyboard.press('Control+s');
		type Stored = {
			nodes: Array<{ name: string; parameters: Record<string, { value?: string } | string> }>;
		};
		const stored = async (name: string, parameter: string) =>
			(await n8n.rest<Stored>('GET', `/rest/workflows/${WORKFLOW_ID}`)).nodes.find(
				(node) => node.name === name,
			)?.parameters[parameter];
		// Saving is asynchronous: wait (10 s at most) until n8n holds the last pick.
		const packIdStored = async () =>
			Boolean(((await stored('Get Pack', 'packId')) as { value?: string } | undefined)?.value);
		for (let tries = 0; tries < 50 && !(await packIdStored()); tries++) await sleep(200);
		// The picker stores the ID; the name is only what the editor shows.
		expect(await stored('Mark as Complete', 'documentId')).toEqual(
			expect.objectContaining({ __rl: true, mode: 'list', value: V3_SEED.sentDocumentId }),
		);
		expect(await stored('Get Pack', 'packId')).toEqual(
			expect.objectContaining({ __rl: true, mode: 'list', value: pickedPack.packId }),
		);

		// The first invitee signs and the second rejects: the document can be completed by hand.
		expect(
			(
				await service.control(
					'POST',
					`/__emulator/v3/documents/${V3_SEED.sentDocumentId}/sign-next`,
				)
			).status,
		).toBe(200);
		expect(
			(await service.control('POST', `/__emulator/v3/documents/${V3_SEED.sentDocumentId}/reject`))
				.status,
		).toBe(200);
		await service.control('DELETE', '/__emulator/requests');

		await page.locator('[data-test-id="execute-workflow-button"]').click();
		const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
		let executions: Array<{ id: string }> = [];
		for (let tries = 0; tries < 120 && executions.length === 0; tries++) {
			executions = (
				await n8n.rest<{ results: Array<{ id: string }> }>(
					'GET',
					`/rest/executions?filter=${filter}`,
				)
			).results;
			if (executions.length === 0) await sleep(500);
		}
		expect(executions).toHaveLength(1);
		const execution: StoredExecution = await n8n.finishedExecution(executions[0].id);
		expect(execution).toMatchObject({ status: 'success', mode: 'manual' });
		// What the person sees: n8n's toast, and each node's item count on the canvas (editor-run.png).
		await page.getByText('Workflow executed successfully').waitFor({ timeout: 30_000 });
		await page.screenshot({ path: join(paths.artifacts, 'editor-run.png') });
		const output = (name: string) =>
			nodeOutput({ data: execution.data }, name).map((item) => item.json);

		expect(output('Mark as Complete')).toEqual([
			{
				documentId: V3_SEED.sentDocumentId,
				completed: true,
				code: 'document.complete.success',
				message: 'Document marked as complete',
			},
		]);
		const completions = (await requests()).filter(
			(request) => request.path === '/api/v3.0/sign/request/complete',
		);
		expect(completions.map((request) => [request.method, request.body])).toEqual([
			['POST', { documentId: V3_SEED.sentDocumentId }],
		]);
		const { documents } = await serviceRead<{
			documents: Array<{ documentId: string; status: string }>;
		}>(`/v3.0/sign/request/list?q=${V3_SEED.sentDocumentId}`);
		expect(
			documents.find((document) => document.documentId === V3_SEED.sentDocumentId)?.status,
		).toBe('COMPLETED');

		expect(output('Get Pack')).toEqual([
			expect.objectContaining({ packId: pickedPack.packId, status: 'COMPLETED' }),
		]);
		expect(output('Wallet Balance')).toEqual([EXTRAS_SEED.wallet]);
		expect(output('Stamp Groups')).toEqual([
			{
				groupName: EXTRAS_SEED.stampGroup,
				state: 'Karnataka',
				series: [V3_SEED.stampSeries, V3_SEED.emptyStampSeries],
			},
		]);
	});

	it('finds Document Execution in the node panel of a new workflow and lists its resources and operations', async () => {
		await page.goto(`${n8n.url}/workflow/new`);
		await page.locator('[data-test-id="canvas-plus-button"]').click({ timeout: 60_000 });

		// The first panel offers triggers: ours is among them.
		const search = page.locator('[data-test-id="node-creator-search-bar"]');
		await search.fill('Document Execution');
		await expect(
			shown(
				page.locator('[data-test-id="node-creator-item-name"]', {
					hasText: /^Document Execution$/,
				}),
			),
		).resolves.toBe(1);
		// The poll trigger is a trigger of its own (n8n drops "Trigger" from its name), with its description.
		const types = await n8n.rest<
			Array<{ name: string; description?: string; properties: Property[] }>
		>('GET', '/types/nodes.json');
		const pollTrigger = page.locator(
			`[data-keyboard-nav-id^="${PACKAGE}.documentExecutionPollTrigger-"]`,
		);
		await expect(shown(pollTrigger)).resolves.toBe(1);
		await expect(
			pollTrigger.locator('[data-test-id="node-creator-item-name"]').innerText(),
		).resolves.toBe('Document Execution Poll');
		const pollDescription = types.find(
			(type) => type.name === `${PACKAGE}.documentExecutionPollTrigger`,
		)?.description;
		expect(pollDescription).toMatch(/schedule/);
		await expect(pollTrigger.innerText()).resolves.toContain(pollDescription);

		// Start with a manual trigger, then look for the app's actions as the next step.
		await search.fill('manual');
		await page.keyboard.press('Enter');
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="canvas-node"]').first().waitFor();
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await search.fill('Document Execution');
		const entry = page.locator('[data-test-id="node-creator-item-name"]', {
			hasText: /^Document Execution$/,
		});
		await expect(shown(entry)).resolves.toBe(1);
		await entry.click();

		// n8n shows it as a community package installed from npm, with the package's own icon.
		await page.getByText('Via npm').waitFor();
		const icon = page.locator(`img[src*="/icons/${PACKAGE}/"]`).first();
		await icon.waitFor();
		expect(
			await icon.evaluate(
				(img) =>
					(img as unknown as { complete: boolean; naturalWidth: number }).complete &&
					(img as unknown as { naturalWidth: number }).naturalWidth > 0,
			),
		).toBe(true);

		// Every resource and every operation that n8n's node type lists appears as an action group and action.
		const node = types.find((type) => type.name === `${PACKAGE}.documentExecution`);
		expect(node).toBeDefined();
		const resources = (node!.properties.find((p) => p.name === 'resource')?.options ?? []).filter(
			(o) => !o.value.startsWith('__'),
		);
		expect(resources.length).toBeGreaterThan(0);
		// The panel renders its groups over several frames: wait for each before reading them all.
		for (const resource of resources)
			await page
				.locator(`[data-keyboard-nav-id="${resource.name} Actions"]`)
				.waitFor({ state: 'attached', timeout: 10_000 });
		const groups = await page
			.locator('[data-test-id="item-iterator-item"][data-keyboard-nav-id$=" Actions"]')
			.evaluateAll((items) => items.map((item) => item.getAttribute('data-keyboard-nav-id')));
		expect(groups).toEqual(
			expect.arrayContaining(resources.map((resource) => `${resource.name} Actions`)),
		);
		expect(groups).toEqual(expect.arrayContaining(ISSUE_12_GROUPS));

		const expectedActions = node!.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options ?? []).filter((o) => !o.value.startsWith('__')).map((o) => o.action ?? o.name),
			);
		expect(expectedActions.length).toBeGreaterThan(0);
		const shownActions = await page
			.locator(
				`[data-keyboard-nav-id^="${PACKAGE}.documentExecution-"] [data-test-id="node-creator-item-name"]`,
			)
			.allInnerTexts();
		expect(shownActions).toEqual(expect.arrayContaining(expectedActions));
		expect(expectedActions).toEqual(expect.arrayContaining(ISSUE_12_ACTIONS));
		expect(shownActions).toEqual(expect.arrayContaining(ISSUE_12_ACTIONS));
		await page.screenshot({ path: join(paths.artifacts, 'editor-node-panel.png'), fullPage: true });
	});

	it('opens an action as a node whose Resource and Operation are set', async () => {
		const first = page
			.locator(
				`[data-keyboard-nav-id^="${PACKAGE}.documentExecution-"] [data-test-id="node-creator-item-name"]`,
			)
			.first();
		const label = await first.innerText();
		await first.click();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor({ timeout: 30_000 });
		await expect(ndv.getByText('Resource', { exact: true }).first().isVisible()).resolves.toBe(
			true,
		);
		await expect(ndv.getByText('Operation', { exact: true }).first().isVisible()).resolves.toBe(
			true,
		);
		// The node is named after the action that was picked.
		const names = await ndv.evaluate((element) => [
			element.textContent ?? '',
			...[...element.querySelectorAll('input')].map(
				(input) => (input as unknown as { value: string }).value,
			),
		]);
		expect(names.some((text) => text.includes(label))).toBe(true);
		await page.screenshot({ path: join(paths.artifacts, 'editor-node-details.png') });
	});

	it.each(PICTURED_EXAMPLES)(
		'opens examples/%s.json, imported with the credential, and pictures its canvas for the docs',
		async (example) => {
			const found = exampleWorkflows().find((candidate) => candidate.file === `${example}.json`);
			expect(found).toBeDefined();
			const id = `DexE2eDocs${String(PICTURED_EXAMPLES.indexOf(example)).padStart(6, '0')}`;
			await n8n.rest('POST', '/rest/workflows', withCredentials(found!.workflow, [credential], id));
			// A tab of its own, signed in, so that what the tests above left open does not show.
			const tab = await page.context().newPage();
			try {
				await tab.setViewportSize({ width: 1200, height: 560 });
				await tab.goto(`${n8n.url}/workflow/${id}`);
				const nodes = tab.locator('[data-test-id="canvas-node"]');
				await nodes.first().waitFor({ timeout: 60_000 });
				await expect(
					nodes.evaluateAll((elements) =>
						elements.map((element) => element.getAttribute('data-node-name')),
					),
				).resolves.toEqual(
					// Sticky notes are drawn apart from the nodes (not canvas-node elements).
					expect.arrayContaining(
						found!.workflow.nodes
							.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
							.map((node) => node.name),
					),
				);
				await tab.locator('[data-test-id="zoom-to-fit"]').click();
				// The fit is animated: let it settle before the picture.
				await sleep(1000);
				mkdirSync(DOCS_IMAGES, { recursive: true });
				const file = join(DOCS_IMAGES, `${example}.png`);
				// The canvas without the strip its Editor/Executions tabs float over.
				const canvas = await tab.locator('[data-test-id="canvas-wrapper"]').boundingBox();
				expect(canvas).not.toBeNull();
				const tabs = 40;
				await tab.screenshot({
					path: file,
					clip: { ...canvas!, y: canvas!.y + tabs, height: canvas!.height - tabs },
				});
				expect(statSync(file).size).toBeGreaterThan(10_000);
			} finally {
				await tab.close();
			}
		},
	);
});
