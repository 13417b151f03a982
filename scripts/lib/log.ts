/** Progress lines: one when a step starts, one when it ends, a heartbeat while a long one runs. */
const started = Date.now();

const stamp = () => `[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s]`;

export function info(message: string): void {
	process.stdout.write(`${stamp()} ${message}\n`);
}

export interface StepOptions {
	/** Print "still working" every this many ms (default 30 s). */
	heartbeatMs?: number;
	/** What a person should expect, e.g. "about 3 min". */
	expect?: string;
	quiet?: boolean;
}

/** Times a step; returns its result and records its duration in `timings`. */
export async function step<T>(
	title: string,
	run: () => Promise<T>,
	options: StepOptions = {},
): Promise<T> {
	const begin = Date.now();
	if (!options.quiet) info(`${title}${options.expect ? ` (${options.expect})` : ''}...`);
	const heartbeat = options.quiet
		? undefined
		: setInterval(
				() => info(`  ... ${title}: ${((Date.now() - begin) / 1000).toFixed(0)} s so far`),
				options.heartbeatMs ?? 30_000,
			);
	heartbeat?.unref();
	try {
		const result = await run();
		const seconds = (Date.now() - begin) / 1000;
		timings.push({ title, seconds });
		if (!options.quiet) info(`${title}: done in ${seconds.toFixed(1)} s`);
		return result;
	} catch (error) {
		if (!options.quiet)
			info(`${title}: FAILED after ${((Date.now() - begin) / 1000).toFixed(1)} s`);
		throw error;
	} finally {
		if (heartbeat) clearInterval(heartbeat);
	}
}

export const timings: Array<{ title: string; seconds: number }> = [];
