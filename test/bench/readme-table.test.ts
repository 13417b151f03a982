import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { currentReadmeSection, readmeSection, type BenchResults } from '../../bench/lib/report';

const ROOT = join(__dirname, '..', '..');

describe("The README's performance table", () => {
	it('is the one the last whole npm run bench wrote from bench/results.json', () => {
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		const results = JSON.parse(
			readFileSync(join(ROOT, 'bench', 'results.json'), 'utf8'),
		) as BenchResults;
		expect(currentReadmeSection(readme)).toBe(readmeSection(results));
	});
});
