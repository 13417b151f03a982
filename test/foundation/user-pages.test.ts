import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../harness/types';

/** The pages an ops user reads: the README and every page of docs/ but the design record. */
const USER_PAGES = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];
/** The design record: it keeps the why of each choice, with its public sources. */
const CHOICE_PAGES = readdirSync(join(ROOT, 'docs', 'choices'))
	.filter((name) => name.endsWith('.md'))
	.map((name) => `docs/choices/${name}`);

/** What tells the workshop's history instead of what the reader does and gets. */
const WORKSHOP_MARKS: Record<string, RegExp> = {
	'an issue number': /(?<![\w/#-])#\d+\b|\b[Ii]ssue #?\d+/g,
	// 7 to 40 hex digits with a letter and a digit, not inside a UUID or a longer word.
	'a commit hash': /(?<![\w-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])/g,
	'a path outside this repository': /\.\.\/shared\b|\/work\/|\bshared\/(notes|spec)\//g,
	"n8n's compiled files or line numbers": /\bdist\/[\w/.-]+\.js\b|\b[\w-]+\.js:\d+|\bline \d+\b/g,
};
/** History told date by date, or by commit, which git keeps. */
const DATED_HISTORY = /\b(Until|Since|Before|As of) (20\d\d-\d\d-\d\d|commit)\b/g;

/** A public source's address is a citation, even when it pins a commit: only the text around it is read. */
const withoutAddresses = (line: string) => line.replace(/https?:\/\/\S+/g, '');

const marksIn = (page: string, marks: Record<string, RegExp>) =>
	readFileSync(join(ROOT, page), 'utf8')
		.split('\n')
		.map(withoutAddresses)
		.flatMap((line, index) =>
			Object.entries(marks).flatMap(([kind, pattern]) =>
				[...line.matchAll(pattern)].map((match) => `${page}:${index + 1} ${kind}: ${match[0]}`),
			),
		);

describe('the pages an ops user reads', () => {
	it('hold no issue numbers, commit hashes, outside paths, compiled files or dated history', () => {
		const marks = { ...WORKSHOP_MARKS, 'history told by date or commit': DATED_HISTORY };
		expect(USER_PAGES.flatMap((page) => marksIn(page, marks))).toEqual([]);
	});

	it('find each mark in a line that has one, and pass a UUID, an anchor or a date', () => {
		const found = (line: string) =>
			Object.entries({ ...WORKSHOP_MARKS, history: DATED_HISTORY })
				.filter(([, pattern]) => [...withoutAddresses(line).matchAll(pattern)].length > 0)
				.map(([kind]) => kind);
		expect(found('Before commit 0dd7d59 the trigger')).toEqual(['a commit hash', 'history']);
		expect(found('as issue #38 asked')).toEqual(['an issue number']);
		expect(found('see ../shared/notes/service-facts.md')).toEqual([
			'a path outside this repository',
		]);
		expect(found('(`dist/webhooks/live-webhooks.js`)')).toEqual([
			"n8n's compiled files or line numbers",
		]);
		expect(found('Until 2026-11-25 the trigger read')).toEqual(['history']);
		expect(found('https://app.example/sign/5e7f11e5-0000-4000-8000-00000000b3c4')).toEqual([]);
		expect(found('[Compatibility](#compatibility), `2024-09-01T23:59:59+05:30`')).toEqual([]);
		expect(
			found('(https://github.com/a/b/blob/1a4a5663ad9d844234398fc82ca5883913d70460/x.md)'),
		).toEqual([]);
	});
});

describe('the design record (docs/choices)', () => {
	it('cites sources, not issue numbers, commit hashes, outside paths or compiled files', () => {
		expect(CHOICE_PAGES.flatMap((page) => marksIn(page, WORKSHOP_MARKS))).toEqual([]);
	});
});

describe('counts and commands the pages state', () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const exampleWorkflows = readdirSync(join(ROOT, 'examples')).filter((name) =>
		name.endsWith('.json'),
	);

	it("the changelog's count of example workflows is the number of files in examples/", () => {
		const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
		const NUMBER_WORDS: Record<string, number> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13 };
		const [, said = ''] = /\b(\w+) example workflows\b/i.exec(changelog) ?? [];
		expect({ said, count: NUMBER_WORDS[said.toLowerCase()] }).toEqual({
			said,
			count: exampleWorkflows.length,
		});
	});

	it('the README links every example workflow', () => {
		const unlinked = exampleWorkflows.filter((name) => !readme.includes(`](examples/${name})`));
		expect(unlinked).toEqual([]);
	});

	it("CI runs the README's test command", () => {
		const [, commands] = /```bash\n([\s\S]*?)```/.exec(readme) ?? [];
		const testCommand = commands
			.split('\n')
			.map((line) => line.replace(/#.*/, '').trim())
			.find((line) => line.endsWith('npm test'));
		expect(testCommand).toBe('npm ci && npm test');
		const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
		expect(ci).toMatch(/^npm ci\nnpm test$/m);
	});
});
