import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { currentTableSection, tableSection, type BenchResults } from '../../bench/lib/report';

const ROOT = join(__dirname, '..', '..');

describe("docs/performance.md's table", () => {
	it('is the one the last whole npm run bench wrote from bench/results.json', () => {
		const performance = readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8');
		const results = JSON.parse(
			readFileSync(join(ROOT, 'bench', 'results.json'), 'utf8'),
		) as BenchResults;
		expect(currentTableSection(performance)).toBe(tableSection(results));
	});
});
