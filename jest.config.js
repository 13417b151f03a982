/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// The real-n8n suites are slow and have their own configs: jest.e2e.config.js (npm run test:e2e), jest.queue.config.js (npm run test:queue).
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/e2e-queue/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/setup/env.ts'],
	// Jest's order, or with JEST_FILE_ORDER_SEED set, the files shuffled by that seed.
	testSequencer: '<rootDir>/test/setup/shuffle-sequencer.js',
	testTimeout: 30000,
};
