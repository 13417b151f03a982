/**
 * What every benchmark of `npm run bench` is (bench/benchmarks/<name>.ts) and what the runner (bench/run.ts)
 * hands it: nothing is shared between benchmarks but this context.
 */
import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n } from '../../scripts/lib/n8n';
import type { LatencyProxy } from './latency-proxy';
import type { BenchOptions } from './options';
import type { ResultsSink } from './report';
import type { BenchWorkflow } from './workflows';

export interface BenchContext {
	/** The started n8n server, the package installed and every workflow active. */
	n8n: N8n;
	emulator: EmulatorProcess;
	/** The workflows against the emulator itself. */
	workflows: Record<string, BenchWorkflow>;
	/** The workflows against the emulator behind the latency proxy, and that proxy. */
	distant: { workflows: Record<string, BenchWorkflow>; proxy: LatencyProxy };
	/** The 15 MB PDF and a 1 KB one, in the folder n8n may read. */
	files: { big: string; small: string };
	options: BenchOptions;
	results: ResultsSink;
}

export interface Benchmark {
	/** Its name for `--only`. */
	name: string;
	/** The step's title in the log. */
	title(options: BenchOptions): string;
	run(context: BenchContext): Promise<void>;
}

/** `pair` in the order ours, reference on even runs and reference, ours on odd ones. */
export const interleaved = <T>(run: number, pair: readonly T[]): T[] =>
	run % 2 ? [...pair].reverse() : [...pair];
