/**
 * n8n's queue mode (test/e2e-queue): Redis, PostgreSQL, an n8n main instance, two workers and a webhook
 * processor on loopback, with the packed package. The real-n8n suite's settings and global setup (installs
 * n8n, packs), its own folder and a longer time-out: `npm run test:queue`.
 * @type {import('jest').Config}
 */
module.exports = {
	...require('./jest.e2e.config.js'),
	roots: ['<rootDir>/test/e2e-queue'],
	testTimeout: 300_000,
};
