import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../scripts/lib/paths';
import { communityLint, scanPackage, type ScanReport } from '../../scripts/lib/verify';
import { packed } from './support';

const describeIssues = (report: ScanReport) =>
	report.legs
		.flatMap((leg) =>
			leg.messages.map(
				(m) => `${leg.name}: ${m.file}:${m.line} ${m.severity} ${m.rule}: ${m.message}`,
			),
		)
		.join('\n');

/**
 * n8n's own checks of a community package, run offline on what we would publish. The scanner lints with
 * inline configuration off: an `eslint-disable` comment that satisfies `npm run lint` does not satisfy it.
 */
describe("n8n's verification checks", () => {
	it('@n8n/scan-community-package finds zero issues in the source and in the packed tarball', async () => {
		const report = await scanPackage(packed().tarball);
		expect(report.legs.map((leg) => leg.name)).toEqual(['source', 'tarball']);
		for (const leg of report.legs) expect(leg.files).toBeGreaterThan(0);
		expect(describeIssues(report)).toBe('');
		expect(report.passed).toBe(true);
	});

	it('the community lint (n8n-node lint, strict mode) is clean', async () => {
		const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
			string,
			unknown
		>;
		// The strict lint refuses a package.json with an `overrides` field.
		expect(manifest).not.toHaveProperty('overrides');
		const lint = await communityLint();
		if (lint.code !== 0) throw new Error(`n8n-node lint exited with ${lint.code}:\n${lint.output}`);
		expect(lint.code).toBe(0);
	});
});
