import { join } from 'node:path';

import { node24 } from '../../scripts/lib/install';
import { ROOT } from '../../scripts/lib/paths';
import { run } from '../../scripts/lib/proc';

/** One measurement of the raw client (raw-client.mjs) under the same Node 24 as n8n: its one JSON line. */
export async function runRawClient(
	args: string[],
	timeoutMs = 150_000,
): Promise<{
	ms: number;
	items?: number;
	bytes?: number;
	failed?: number;
	firstFailure?: string;
	slowestCreateMs?: number;
}> {
	const { stdout } = await run(node24(), [join(ROOT, 'bench', 'lib', 'raw-client.mjs'), ...args], {
		timeoutMs,
	});
	return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}
