import { percentile90, table, toRow } from '../../bench/lib/report';

describe("The bench table's 90th percentile", () => {
	it('is the nearest-rank 90th percentile of the samples', () => {
		expect(percentile90([5, 1, 9, 3, 7, 2, 8, 4, 6, 10])).toBe(9);
		expect(percentile90([0.2, 1.5, 0.1])).toBe(1.5);
	});

	it('shows beside the median only on rows that ask for it', () => {
		const samples = { ours: [0.1, 0.2, 0.3, 0.4, 1.6], reference: [7, 8, 9] };
		const row = { part: '2', figure: 'growth', referenceName: 'ref', unit: '× file' as const };
		const rows = [
			toRow({ ...row, goal: '≤ 0.5× file', showP90: true, samples }),
			toRow({ ...row, goal: '(reported)', samples }),
		];
		const [withP90, without] = table(rows).split('\n').slice(2);
		expect(withP90).toContain(
			'| 0.30×, p90 1.60× (0.10–1.60) | 8.00×, p90 9.00× (7.00–9.00) (ref) |',
		);
		expect(without).toContain('| 0.30× (0.10–1.60) | 8.00× (7.00–9.00) (ref) |');
	});
});
