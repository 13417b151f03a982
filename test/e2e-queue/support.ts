import { randomUUID } from 'node:crypto';

/** What the queue-mode suites share: the shortened Bull timings, the node builder, bounded polling. */

/**
 * Bull's lock on a job and its check for stalled jobs, shortened from 60 s and 30 s so that a worker killed
 * mid-run is noticed within the test (what n8n then does is the same).
 */
export const QUEUE_ENV = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/** A workflow node as n8n stores it, version 1 unless `extra` says otherwise. */
export const node = (
	name: string,
	type: string,
	parameters: Record<string, unknown>,
	position: [number, number],
	extra: Record<string, unknown> = {},
) => ({
	id: randomUUID(),
	name,
	type,
	typeVersion: 1,
	position,
	parameters,
	...extra,
});

/** Connections that run the named nodes one after another. */
export const chain = (...names: string[]) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, index) => [
				name,
				{ main: [[{ node: names[index + 1], type: 'main', index: 0 }]] },
			]),
	);

/** Polls `probe` every `everyMs` until it answers something (a probe that throws answers nothing), for at most `timeoutMs`. */
export async function pollFor<T>(
	probe: () => Promise<T | undefined>,
	what: string,
	timeoutMs = 60_000,
	everyMs = 300,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = await probe().catch(() => undefined);
		if (found !== undefined) return found;
		if (Date.now() > deadline)
			throw new Error(`Timed out after ${timeoutMs / 1000} s waiting until ${what}`);
		await new Promise((resolve) => setTimeout(resolve, everyMs));
	}
}
