import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** docs/spec-summary.md as the spec-summary tests read it, and its generated sections as they check or write. */

const SUMMARY_PATH = join(__dirname, '../../../../docs/spec-summary.md');
export const summary = () => readFileSync(SUMMARY_PATH, 'utf8');

const cell = (text: string) => text.replace(/\|/g, '\\|');
export const table = (head: string[], rows: string[][]) =>
	[
		`| ${head.join(' | ')} |`,
		`|${head.map(() => '---').join('|')}|`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	].join('\n');

const between = (name: string) =>
	new RegExp(`(<!-- generated: ${name} -->\\n)([\\s\\S]*?)(<!-- end: ${name} -->)`);

/** Checks a generated section against what it should hold, or writes it with UPDATE_SPEC_SUMMARY=1. */
export function expectGenerated(name: string, content: string) {
	const text = summary();
	const found = between(name).exec(text);
	expect(found).not.toBeNull();
	if (process.env.UPDATE_SPEC_SUMMARY) {
		writeFileSync(SUMMARY_PATH, text.replace(between(name), `$1${content}\n$3`));
		return;
	}
	expect(found![2]).toBe(`${content}\n`);
}
