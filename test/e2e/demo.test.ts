import { join } from 'node:path';

import { freePort } from '../../scripts/lib/n8n';
import { ROOT } from '../../scripts/lib/paths';
import { run } from '../../scripts/lib/proc';

/**
 * The main job, as a script would run it: `npm run demo -- --once` builds, packs and installs the package
 * into n8n, runs examples/send-and-wait-polling.json against the emulator, whose invitees act a few seconds
 * apart, shows the wait round by round, and exits 0 with a readable summary.
 */
describe('npm run demo -- --once', () => {
	it('runs the pipeline in n8n and prints the summary', async () => {
		const result = await run(
			process.execPath,
			[
				join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js'),
				'--transpile-only',
				join(ROOT, 'scripts', 'demo.ts'),
				'--once',
				'--name=e2e-demo',
				`--port=${await freePort()}`,
				`--emulator-port=${await freePort()}`,
			],
			{ cwd: ROOT, allowFailure: true, timeoutMs: 540_000 },
		);
		if (result.code !== 0)
			throw new Error(
				`The demo exited with ${result.code}:\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
			);
		const line = result.stdout.split('\n').find((text) => text.startsWith('DEMO_RESULT '));
		const summary = JSON.parse(line!.slice('DEMO_RESULT '.length)) as {
			documentId: string;
			workflow: string;
			status: string;
			rounds: Array<{ status: string }>;
			endedOn: string;
			pdf: { bytes: number; isPdf: boolean; matchesService: boolean; mimeType: string };
			worked: boolean;
		};
		expect(summary).toEqual(
			expect.objectContaining({
				workflow: 'Send and wait until signed, polling',
				status: 'COMPLETED',
				endedOn: 'Download Signed PDF',
				worked: true,
			}),
		);
		expect(summary.documentId).toMatch(/\S+/);
		expect(summary.pdf).toEqual(
			expect.objectContaining({ isPdf: true, matchesService: true, mimeType: 'application/pdf' }),
		);
		expect(summary.pdf.bytes).toBeGreaterThan(0);
		// It waited: the first rounds found the document SENT, the last COMPLETED.
		expect(summary.rounds.length).toBeGreaterThan(1);
		expect(summary.rounds[0].status).toBe('SENT');
		expect(result.stdout).toMatch(
			/round 1: Get Status read \S+ +\(Ravi Menon: active, Asha Rao: waiting; the next invitee acts in \d+ s\)/,
		);
		expect(result.stdout).toMatch(
			/Waited +\d+ rounds of Get Status, every 2 s: SENT → .*COMPLETED/,
		);
		// A person reads progress lines and the summary.
		expect(result.stdout).toMatch(/Starting n8n 2\.41\.\d+ on http:\/\/127\.0\.0\.1:\d+: done/);
		expect(result.stdout).toContain(`Document ID            ${summary.documentId}`);
		expect(result.stdout).toMatch(/login: owner@example\.com/);
	});
});
