import { mostWithin, shortestBatchGap } from '../../bench/lib/latency-proxy';

/** `count` arrivals from `from` ms, `step` ms apart. */
const arrivals = (from: number, count: number, step = 1) =>
	Array.from({ length: count }, (_, index) => from + index * step);

describe("The latency proxy's figures for n8n's Batching", () => {
	// Batches of 10 every 1000 ms as n8n makes them: the second batch is prepared 1,040 ms after the first was
	// started, but nine of the first batch's requests reached the service 150 ms late.
	const twoBatches = [0, ...arrivals(150, 9), ...arrivals(1040, 10)];

	it('counts requests of two batches within one second, though the batches are spaced', () => {
		expect(mostWithin(twoBatches, 1000)).toBe(19);
		expect(shortestBatchGap(twoBatches, 10)).toBe(1040);
	});

	it('gives the shortest of the gaps between batch starts', () => {
		const threeBatches = [...arrivals(0, 2, 5), ...arrivals(1100, 2, 5), ...arrivals(2150, 2, 5)];
		expect(shortestBatchGap(threeBatches, 2)).toBe(1050);
		expect(mostWithin(threeBatches, 1000)).toBe(2);
	});

	it('counts requests one second apart in different windows', () => {
		expect(mostWithin(arrivals(0, 5, 1000), 1000)).toBe(1);
		expect(mostWithin(arrivals(0, 5, 999), 1000)).toBe(2);
	});
});
