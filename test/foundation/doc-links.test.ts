import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { credentialTypes, nodeTypeName, nodeTypes, PACKAGE_NAME, ROOT } from '../harness/types';

/**
 * Every documentation link the package shows in n8n (codex files, credentials, node descriptions) opens a page
 * or a heading that exists in this repository, as GitHub renders it; so does every relative link of the
 * repository's Markdown. And each codex file names its node's one version.
 */

const REPOSITORY = 'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution';

interface Codex {
	node: string;
	nodeVersion: string;
	resources: Record<string, Array<{ url: string }>>;
}

const codexFiles = readdirSync(join(ROOT, 'nodes'))
	.flatMap((folder) =>
		readdirSync(join(ROOT, 'nodes', folder))
			.filter((file) => file.endsWith('.node.json'))
			.map((file) => join('nodes', folder, file)),
	)
	.map((path) => ({ path, codex: JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Codex }));

/** A heading's anchor as GitHub makes it: lowercase, punctuation dropped, each space a hyphen. */
function headingAnchor(heading: string): string {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[`*]/g, '')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks); a repeated heading gets -1, -2… */
function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const anchor = headingAnchor(heading[1]);
		const count = seen.get(anchor) ?? 0;
		seen.set(anchor, count + 1);
		anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
	}
	return anchors;
}

/** Why a repository path with an optional anchor does not open, or null when it does. */
function brokenTarget(path: string, anchor: string | undefined): string | null {
	const file = join(ROOT, path);
	if (!existsSync(file)) return `no file ${path}`;
	if (!anchor || statSync(file).isDirectory()) return null;
	if (path === 'README.md' && anchor === 'readme') return null;
	if (!path.endsWith('.md')) return `${path} is not Markdown, so it has no #${anchor}`;
	return anchorsOf(readFileSync(file, 'utf8')).has(anchor)
		? null
		: `${path} has no heading #${anchor}`;
}

/** Why a link to this repository on GitHub does not open, or null when it does. */
function brokenRepositoryLink(url: string): string | null {
	const [address, anchor] = url.split('#');
	if (address === REPOSITORY) return brokenTarget('README.md', anchor);
	const inRepository = /^\/(?:blob|tree)\/main\/(.+)$/.exec(address.slice(REPOSITORY.length));
	if (!address.startsWith(`${REPOSITORY}/`) || !inRepository)
		return 'not a page of the repository on GitHub';
	return brokenTarget(inRepository[1], anchor);
}

/** Every string in a value, however deep. */
function stringsIn(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(stringsIn);
	if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
	return [];
}

const URL_PATTERN = /https?:\/\/[^\s"'<>)\]]+/g;

const codexLinks = codexFiles.flatMap(({ path, codex }) =>
	Object.values(codex.resources ?? {})
		.flat()
		.map(({ url }) => ({ source: path, url })),
);
const credentialLinks = [...credentialTypes.values()]
	.filter((type) => type.documentationUrl)
	.map((type) => ({ source: `credential ${type.name}`, url: type.documentationUrl! }));
const packageNodes = Object.keys(nodeTypes.data)
	.filter((name) => name.startsWith(`${PACKAGE_NAME}.`))
	.map((name) => nodeTypes.getByName(name) as INodeType);
const descriptionLinks = packageNodes.flatMap((node) =>
	stringsIn(node.description)
		.flatMap((text) => text.match(URL_PATTERN) ?? [])
		.filter((url) => url.startsWith(REPOSITORY))
		.map((url) => ({ source: `node ${node.description.name}`, url })),
);

describe('documentation links shown in n8n', () => {
	it('every codex file links its node to a page and its credentials to a heading', () => {
		expect(codexFiles.length).toBe(packageNodes.length);
		for (const { codex } of codexFiles) {
			expect(codex.resources.primaryDocumentation?.length).toBeGreaterThan(0);
			expect(codex.resources.credentialDocumentation?.length).toBeGreaterThan(0);
		}
		expect(credentialLinks).toHaveLength(credentialTypes.size - 1); // all but n8n's own oAuth2Api
	});

	it.each([...codexLinks, ...credentialLinks, ...descriptionLinks].map((link) => [link.url, link]))(
		'%s opens a page or heading of the repository',
		(_url, link) => {
			expect({ ...link, broken: brokenRepositoryLink(link.url) }).toEqual({
				...link,
				broken: null,
			});
		},
	);

	it('refuses a link to a missing heading, a missing file, or a page outside the repository', () => {
		expect(brokenRepositoryLink(`${REPOSITORY}#readme`)).toBeNull();
		expect(brokenRepositoryLink(`${REPOSITORY}#no-such-heading`)).toBe(
			'README.md has no heading #no-such-heading',
		);
		expect(brokenRepositoryLink(`${REPOSITORY}/blob/main/docs/nowhere.md`)).toBe(
			'no file docs/nowhere.md',
		);
		expect(brokenRepositoryLink('https://example.com/docs#readme')).toBe(
			'not a page of the repository on GitHub',
		);
	});

	it('makes anchors as GitHub does', () => {
		expect(headingAnchor('Install in n8n')).toBe('install-in-n8n');
		expect(headingAnchor('Document → Create Signing Request (v3.0)')).toBe(
			'document--create-signing-request-v30',
		);
		expect(headingAnchor('`npm run bench`: the [figures](docs/performance.md)')).toBe(
			'npm-run-bench-the-figures',
		);
		expect([...anchorsOf('# A\n```\n# B\n```\n## A\n')]).toEqual(['a', 'a-1']);
	});
});

/** The repository's Markdown for people: the README, CONTRIBUTING.md and everything under docs/. */
function markdownPages(folder = 'docs'): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? markdownPages(join(folder, entry.name))
			: entry.name.endsWith('.md')
				? [join(folder, entry.name)]
				: [],
	);
}

describe("the documentation's own links", () => {
	const pages = ['README.md', 'CONTRIBUTING.md', ...markdownPages()];
	const relativeLinks = (page: string) =>
		[...readFileSync(join(ROOT, page), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
			.map((match) => match[1])
			.filter((target) => !/^[a-z]+:/.test(target));

	it('include the pages of every node', () => {
		for (const { codex } of codexFiles)
			for (const { url } of codex.resources.primaryDocumentation)
				expect(pages).toContain(/\/blob\/main\/([^#]+)/.exec(url)?.[1]);
		expect(relativeLinks('README.md').length).toBeGreaterThan(0);
	});

	it.each(pages)('%s: every relative link opens a file or heading of the repository', (page) => {
		const folder = page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '';
		const broken = relativeLinks(page)
			.map((target) => {
				const [path, anchor] = target.split('#');
				return { target, broken: brokenTarget(path ? join(folder, path) : page, anchor) };
			})
			.filter((link) => link.broken);
		expect(broken).toEqual([]);
	});
});

describe('codex versions', () => {
	it.each(codexFiles.map(({ path, codex }) => [path, codex]))(
		"%s names its node's one version",
		(_path, codex) => {
			const node = nodeTypes.getByName(codex.node) as INodeType;
			const { version } = node.description;
			expect(typeof version).toBe('number');
			expect(codex.nodeVersion).toBe((version as number).toFixed(1));
		},
	);

	it('the webhook trigger ships version 2 alone', () => {
		const trigger = nodeTypes.getByName(nodeTypeName('documentExecutionTrigger')) as INodeType;
		expect(trigger.description.version).toBe(2);
		expect(trigger.description.defaultVersion).toBeUndefined();
	});
});
