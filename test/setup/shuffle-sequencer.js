// Jest's test sequencer, except that with JEST_FILE_ORDER_SEED set it runs the test files in an order shuffled
// by that seed, to show that no file depends on another having run first (`--randomize` shuffles the tests
// inside each file only):
//   JEST_FILE_ORDER_SEED=7 npx jest --randomize --seed=7
const Sequencer = require('@jest/test-sequencer').default;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let value = state;
		value = Math.imul(value ^ (value >>> 15), value | 1);
		value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
		return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
	};
}

class ShuffleSequencer extends Sequencer {
	sort(tests) {
		const seed = process.env.JEST_FILE_ORDER_SEED;
		if (!seed) return super.sort(tests);
		const random = generator(Number(seed));
		const shuffled = [...tests].sort((a, b) => (a.path < b.path ? -1 : 1));
		for (let index = shuffled.length - 1; index > 0; index--) {
			const other = Math.floor(random() * (index + 1));
			[shuffled[index], shuffled[other]] = [shuffled[other], shuffled[index]];
		}
		process.stderr.write(`Test files in the order of seed ${seed}\n`);
		return shuffled;
	}
}

module.exports = ShuffleSequencer;
