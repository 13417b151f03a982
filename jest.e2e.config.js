/**
 * The real-n8n suite (test/e2e): the packed package inside the n8n application, its editor in Chromium,
 * n8n's own package checks. Slow (an n8n install on a fresh machine, n8n starts), so it runs apart from the
 * fast suite, in band: `npm run test:e2e`. docs/real-n8n.md describes it.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	testTimeout: 600_000,
	maxWorkers: 1,
	// The emulator and n8n run as child processes; each test file stops them itself, and whatever is left
	// when jest exits is killed by its process group (scripts/lib/proc.ts). Keep-alive sockets must not hold CI.
	forceExit: true,
	verbose: true,
};
