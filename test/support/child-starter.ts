/**
 * The parent that the "nothing left behind" tests kill: starts what its arguments name (`emulator`, `n8n`,
 * `redis`, `postgres`) through scripts/lib, as the demo and the test suites do, prints their process group ids
 * as one JSON line, and waits to be killed. It installs no exit handler: only the guardian can clean up.
 */
import { join } from 'node:path';

import { startEmulatorProcess } from '../../scripts/lib/emulator';
import { freePorts, N8n } from '../../scripts/lib/n8n';
import { paths } from '../../scripts/lib/paths';
import { ensureQueueServices, startPostgres, startRedis } from '../../scripts/lib/queue';

const starters: Record<string, () => Promise<number | undefined>> = {
	emulator: async () => (await startEmulatorProcess({ name: 'leftovers' })).child.pid,
	n8n: async () => {
		// The folder (its database) is kept between runs: a warm start takes seconds, a first one migrates.
		const n8n = await N8n.create({ name: 'leftovers-n8n' });
		await n8n.start();
		return n8n.pid;
	},
	redis: async () => {
		await ensureQueueServices();
		return (await startRedis(join(paths.runs, 'leftovers-redis'), (await freePorts(1))[0])).child
			.pid;
	},
	postgres: async () => {
		await ensureQueueServices();
		return (await startPostgres(join(paths.runs, 'leftovers-postgres'), (await freePorts(1))[0]))
			.child.pid;
	},
};

async function main(): Promise<void> {
	const names = process.argv.slice(2);
	const unknown = names.filter((name) => !starters[name]);
	if (unknown.length)
		throw new Error(`Unknown: ${unknown.join(', ')} (known: ${Object.keys(starters).join(', ')})`);
	const groups = Object.fromEntries(
		await Promise.all(names.map(async (name) => [name, await starters[name]()] as const)),
	);
	process.stdout.write(`${JSON.stringify({ parent: process.pid, groups })}\n`);
	setInterval(() => undefined, 60_000);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
