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

/** Where the benchmarks' workflows send their requests. */
export interface WorkflowTarget {
	/** The emulator's base URL. */
	baseUrl: string;
	/** The same base URL behind the latency proxy. */
	distantBaseUrl: string;
	/** The emulator's Auth Token, for the HTTP Request nodes that type it into a header. */
	token: string;
}

export interface BenchContext {
	/** The started n8n server, the package installed and every workflow active. */
	n8n: N8n;
	emulator: EmulatorProcess;
	/** This benchmark's workflows (its `workflows`), by key. */
	workflows: Record<string, BenchWorkflow>;
	/** The latency proxy in front of the emulator. */
	proxy: LatencyProxy;
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
	/** Its workflows, by key: the runner imports and activates every benchmark's before the first one runs. */
	workflows(target: WorkflowTarget, options: BenchOptions): Record<string, BenchWorkflow>;
	run(context: BenchContext): Promise<void>;
}

/** `pair` in the order ours, reference on even runs and reference, ours on odd ones. */
export const interleaved = <T>(run: number, pair: readonly T[]): T[] =>
	run % 2 ? [...pair].reverse() : [...pair];
