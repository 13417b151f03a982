import { describeScanIssues, scanPackage } from '../../scripts/lib/verify';
import { packed } from './support';

/**
 * n8n's scanner, run offline on what we would publish (`npm run scan` runs the same in CI on every push;
 * `n8n-node lint` runs in `npm run lint`).
 */
describe("n8n's verification checks", () => {
	it('@n8n/scan-community-package finds zero issues in the source and in the packed tarball', async () => {
		const report = await scanPackage(packed().tarball);
		expect(report.legs.map((leg) => leg.name)).toEqual(['source', 'tarball']);
		for (const leg of report.legs) expect(leg.files).toBeGreaterThan(0);
		expect(describeScanIssues(report)).toBe('');
		expect(report.passed).toBe(true);
	});
});
