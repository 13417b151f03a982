import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

import { ensureChromium } from '../../scripts/lib/install';
import { OWNER, type N8n } from '../../scripts/lib/n8n';
import { paths } from '../../scripts/lib/paths';
import { n8nWithPackage, PACKAGE } from './support';

interface Property {
	name: string;
	displayName: string;
	options?: Array<{ name: string; value: string; action?: string }>;
	displayOptions?: { show?: Record<string, string[]> };
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
 * The editor as a person sees it, in headless Chromium: sign in, open a new workflow, find "Document
 * Execution" in the node panel, open it, and see every resource and operation as n8n lists them.
 * Screenshots go to .cache/artifacts/ (not committed).
 */
describe('the n8n editor shows the package', () => {
	let n8n: N8n;
	let browser: Browser;
	let page: Page;

	beforeAll(async () => {
		const executablePath = await ensureChromium();
		n8n = await n8nWithPackage('editor');
		await n8n.start();
		await n8n.setupOwner();
		browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
		page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
		mkdirSync(paths.artifacts, { recursive: true });
	});

	afterAll(async () => {
		if (page && !page.isClosed()) await page.screenshot({ path: join(paths.artifacts, 'editor-last.png') }).catch(() => undefined);
		await browser?.close();
		await n8n?.stop();
	});

	it('signs in as the owner', async () => {
		await page.goto(`${n8n.url}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"]', OWNER.email);
		await page.fill('input[name="password"]', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 60_000 });
	});

	it('finds Document Execution in the node panel of a new workflow and lists its resources and operations', async () => {
		await page.goto(`${n8n.url}/workflow/new`);
		await page.locator('[data-test-id="canvas-plus-button"]').click({ timeout: 60_000 });

		// The first panel offers triggers: ours is among them.
		const search = page.locator('[data-test-id="node-creator-search-bar"]');
		await search.fill('Document Execution');
		await expect(shown(page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Document Execution$/ }))).resolves.toBe(1);

		// Start with a manual trigger, then look for the app's actions as the next step.
		await search.fill('manual');
		await page.keyboard.press('Enter');
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="canvas-node"]').first().waitFor();
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await search.fill('Document Execution');
		const entry = page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Document Execution$/ });
		await expect(shown(entry)).resolves.toBe(1);
		await entry.click();

		// n8n shows it as a community package installed from npm, with the package's own icon.
		await page.getByText('Via npm').waitFor();
		const icon = page.locator(`img[src*="/icons/${PACKAGE}/"]`).first();
		await icon.waitFor();
		expect(await icon.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);

		// Every resource and every operation that n8n's node type lists appears as an action group and action.
		const types = await n8n.rest<Array<{ name: string; properties: Property[] }>>('GET', '/types/nodes.json');
		const node = types.find((type) => type.name === `${PACKAGE}.documentExecution`);
		expect(node).toBeDefined();
		const resources = (node!.properties.find((p) => p.name === 'resource')?.options ?? []).filter((o) => !o.value.startsWith('__'));
		expect(resources.length).toBeGreaterThan(0);
		const groups = await page
			.locator('[data-test-id="item-iterator-item"][data-keyboard-nav-id$=" Actions"]')
			.evaluateAll((items) => items.map((item) => item.getAttribute('data-keyboard-nav-id')));
		expect(groups).toEqual(expect.arrayContaining(resources.map((resource) => `${resource.name} Actions`)));

		const expectedActions = node!.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options ?? []).filter((o) => !o.value.startsWith('__')).map((o) => o.action ?? o.name));
		expect(expectedActions.length).toBeGreaterThan(0);
		const shownActions = await page
			.locator(`[data-keyboard-nav-id^="${PACKAGE}.documentExecution-"] [data-test-id="node-creator-item-name"]`)
			.allInnerTexts();
		expect(shownActions).toEqual(expect.arrayContaining(expectedActions));
		await page.screenshot({ path: join(paths.artifacts, 'editor-node-panel.png'), fullPage: true });
	});

	it('opens an action as a node whose Resource and Operation are set', async () => {
		const first = page.locator(`[data-keyboard-nav-id^="${PACKAGE}.documentExecution-"] [data-test-id="node-creator-item-name"]`).first();
		const label = await first.innerText();
		await first.click();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor({ timeout: 30_000 });
		await expect(ndv.getByText('Resource', { exact: true }).first().isVisible()).resolves.toBe(true);
		await expect(ndv.getByText('Operation', { exact: true }).first().isVisible()).resolves.toBe(true);
		// The node is named after the action that was picked.
		const names = await ndv.evaluate((element) => [
			element.textContent ?? '',
			...[...element.querySelectorAll('input')].map((input) => (input as unknown as { value: string }).value),
		]);
		expect(names.some((text) => text.includes(label))).toBe(true);
		await page.screenshot({ path: join(paths.artifacts, 'editor-node-details.png') });
	});
});
