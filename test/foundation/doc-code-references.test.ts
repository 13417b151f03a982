import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../support/importGraph';

/**
 * The code the documentation names exists: every repository path in an inline code span of the README,
 * CONTRIBUTING.md, docs/ and test/emulator/choices/ opens a file or folder, and every "`identifier` in `file`"
 * names something that file holds.
 *
 * The rule, for each inline code span outside fenced blocks (`<name>`, `*` and `…` stand for any name):
 * - a span that begins with one of ROOT_FOLDERS (`nodes/…`, `test/…`) is a path from the repository's root;
 * - a short form (`shared/requests/routing.ts`, `create/rules.ts`, `lib/install.ts`), a span with a `/` whose
 *   first folder is the name of a folder of the repository, must be the end of a repository path;
 * - anything else (`application/pdf`, `/api/v1`, `.cache/`, n8n's `packages/cli/…`, a bare `routing.ts`) is
 *   not checked as a path.
 * A path that .gitignore lists by name (a generated file) counts as existing. In "`identifier` in `file`",
 * where `file` is a path as above or a bare file name, the identifier appears in that file (in one of them
 * when several files end so).
 */

const ROOT_FOLDERS = ['nodes', 'credentials', 'test', 'bench', 'scripts', 'docs', 'examples'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

/** Every file and folder of the repository, as paths from its root (folders end in a slash). */
function repositoryEntries(folder = ''): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true })
		.filter((entry) => !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
		.flatMap((entry) => {
			const path = folder ? `${folder}/${entry.name}` : entry.name;
			return entry.isDirectory() ? [`${path}/`, ...repositoryEntries(path)] : [path];
		});
}

const ignoredByName = readFileSync(join(ROOT, '.gitignore'), 'utf8')
	.split('\n')
	.filter((line) => /^[\w./-]+$/.test(line) && !line.endsWith('/'));
const entries = [...repositoryEntries(), ...ignoredByName];
const folderNames = new Set(
	entries
		.filter((entry) => entry.endsWith('/'))
		.map((entry) => entry.slice(0, -1).split('/').pop()),
);

const PATH_SPAN = /^[\w-][\w.\-/*<>…]*$/;

/** Whether a code span names a repository path, and if so, as the whole path or as its end. */
function pathKind(span: string): 'root' | 'short' | null {
	if (!PATH_SPAN.test(span) || !span.includes('/')) return null;
	const first = span.split('/')[0];
	if (ROOT_FOLDERS.includes(first)) return 'root';
	return folderNames.has(first) ? 'short' : null;
}

/** The repository entries a path names: its root form is the whole path, its short form the end of one. */
function entriesNamed(span: string, kind: 'root' | 'short' | 'file'): string[] {
	const pattern = span.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>/]+>|\*+|…/g, '[^/]+');
	const start = kind === 'root' ? '^' : '(^|/)';
	const whole = new RegExp(`${start}${pattern}${span.endsWith('/') ? '' : '/?'}$`);
	return entries.filter((entry) => whole.test(entry));
}

const BARE_FILE = /^[\w.-]+\.(ts|js|json)$/;

/** The repository's Markdown that names code: the README, CONTRIBUTING.md, docs/, the emulator's choices. */
function markdownPages(folder: string): string[] {
	return entries.filter((entry) => entry.startsWith(`${folder}/`) && entry.endsWith('.md'));
}

const pages = [
	'README.md',
	'CONTRIBUTING.md',
	...markdownPages('docs'),
	...markdownPages('test/emulator/choices'),
];

/** A page's text with its fenced code blocks blanked. */
function prose(page: string): string {
	let fenced = false;
	return readFileSync(join(ROOT, page), 'utf8')
		.split('\n')
		.map((line) => {
			const fence = /^\s*(```|~~~)/.test(line);
			if (fence) fenced = !fenced;
			return fence || fenced ? '' : line;
		})
		.join('\n');
}

/** The repository paths a text names that open nothing. */
function missingPaths(text: string): string[] {
	return [...text.matchAll(/`([^`]+)`/g)]
		.map((match) => match[1].replace(/\s+/g, ' '))
		.filter((span) => {
			const kind = pathKind(span);
			return kind !== null && entriesNamed(span, kind).length === 0;
		});
}

const IDENTIFIER = '`[A-Za-z_$][\\w$]*(?:\\([^`)]*\\))?`';
/** "`a` in `file`", "`a`, `b` and `c` in `file`": identifiers, then the file that holds them. */
const IDENTIFIERS_IN_FILE = new RegExp(
	`((?:${IDENTIFIER}(?:,\\s*|\\s+and\\s+))*${IDENTIFIER})\\s+in\\s+\`([^\`\\n]+)\``,
	'g',
);

/** Whether a file's text holds an identifier as a whole word. */
function holds(file: string, identifier: string): boolean {
	const text = readFileSync(join(ROOT, file), 'utf8');
	return new RegExp(`(^|[^\\w$])${identifier.replace(/\$/g, '\\$')}($|[^\\w$])`).test(text);
}

/** Each "`identifier` in `file`" of a text whose file does not hold the identifier. */
function missingIdentifiers(text: string): string[] {
	return [...text.matchAll(IDENTIFIERS_IN_FILE)].flatMap(([, list, span]) => {
		const kind = pathKind(span) ?? (BARE_FILE.test(span) ? 'file' : null);
		if (kind === null) return [];
		const files = entriesNamed(span, kind).filter((entry) => !entry.endsWith('/'));
		return [...list.matchAll(/`([^`(]+)[^`]*`/g)]
			.map((match) => match[1])
			.filter((identifier) => !files.some((file) => holds(file, identifier)))
			.map((identifier) => `\`${identifier}\` in \`${span}\``);
	});
}

describe('code named in the documentation', () => {
	it('reads every page that names code', () => {
		expect(pages).toEqual(
			expect.arrayContaining([
				'CONTRIBUTING.md',
				'docs/choices/document.md',
				'test/emulator/choices/v3.md',
			]),
		);
	});

	it.each(pages)('%s: every repository path opens a file or folder', (page) => {
		expect(missingPaths(prose(page))).toEqual([]);
	});

	it.each(pages)('%s: every "`identifier` in `file`" is in that file', (page) => {
		expect(missingIdentifiers(prose(page))).toEqual([]);
	});

	it('tells a missing path or identifier from one that exists', () => {
		expect(
			missingPaths(
				'`nodes/shared/transport.ts`, `shared/requests/routing.ts`, `test/nodes/<resource>/`, ' +
					'`families/*/index.ts`, `bench/results-queue.json`, `application/pdf`, `packages/cli/src/a.ts`',
			),
		).toEqual([]);
		expect(
			missingPaths('`nodes/DocumentExecution/shared/routing.ts` and `shared/rules.ts`'),
		).toEqual(['nodes/DocumentExecution/shared/routing.ts', 'shared/rules.ts']);
		expect(
			missingIdentifiers(
				'`serviceRequest` in `nodes/shared/transport.ts`, `outputDownload(x)` in `downloadOutput.ts`, ' +
					'`files` in `data`, `returnsFile`, `runsAsTool` in `shared/files/downloadOutput.ts`',
			),
		).toEqual([]);
		expect(
			missingIdentifiers('`serviceRequest` and `serviceRequests` in `nodes/shared/transport.ts`'),
		).toEqual(['`serviceRequests` in `nodes/shared/transport.ts`']);
	});
});
