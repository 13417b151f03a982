/**
 * n8n's queue mode (test/e2e-queue): Redis, PostgreSQL, an n8n main instance, two workers and a webhook
 * processor on loopback, with the packed package. Slower than the real-n8n suite and apart from `npm test`:
 * `npm run test:queue`. Shares the real-n8n suite's global setup (installs n8n, packs).
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	testTimeout: 300_000,
	maxWorkers: 1,
	forceExit: true,
	verbose: true,
};
