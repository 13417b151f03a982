/**
 * The memory benchmarks' one measurement: how much the n8n server's resident memory grows while a workflow's
 * measured nodes run.
 */
import type { N8n } from '../../scripts/lib/n8n';
import {
	markServerLog,
	memoryOf,
	resetPeak,
	restartWith,
	runWorkflow,
	sleep,
	waitForWebhook,
	type ExecutionResult,
} from './n8n-runs';
import { MB, type BinaryMode } from './options';
import type { BenchWorkflow } from './workflows';

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export interface PeakGrowth {
	/** Peak RSS while the measured nodes ran minus the RSS when the first of them started, bytes. */
	nodes: number;
	/** Peak RSS over the whole execution (its saving included) minus the RSS before it, bytes. */
	whole: number;
	/** How many 5 ms samples fell while the measured nodes ran. */
	samplesDuringNodes: number;
	/** The measured run, for the caller's check of what it produced. */
	result: ExecutionResult;
}

/**
 * Runs `workflow` with `body` on a fresh server with its binary data in `mode` (a heap that an earlier run grew
 * would hide the next run's growth), after two warm-up runs with `warmUpBody` (modules, JIT, pools) and a pause
 * for the server to settle. The peak is Linux's VmHWM, reset through /proc/<pid>/clear_refs before the run when
 * the kernel allows it, and 5 ms samples of VmRSS with their time, which tell the measured nodes' own growth
 * from the upstream nodes' and from the saving of the execution.
 */
export async function measurePeakGrowth(
	n8n: N8n,
	workflow: BenchWorkflow,
	mode: BinaryMode,
	bodies: { warmUp: unknown; measured: unknown },
): Promise<PeakGrowth> {
	await restartWith(n8n, mode);
	await waitForWebhook(n8n, workflow);
	const pid = n8n.pid!;
	await runWorkflow(n8n, workflow, bodies.warmUp);
	await runWorkflow(n8n, workflow, bodies.warmUp);
	await sleep(1500);
	const base = memoryOf(pid).rss;
	const exactPeak = resetPeak(pid);
	const rss: Array<{ at: number; bytes: number }> = [];
	const sampler = setInterval(() => rss.push({ at: Date.now(), bytes: memoryOf(pid).rss }), 5);
	let peak = 0;
	markServerLog(n8n, `measured run of ${workflow.name}, RSS ${mb(base)}`);
	const result = await runWorkflow(n8n, workflow, bodies.measured, () => {
		clearInterval(sampler);
		peak = Math.max(base, ...rss.map((sample) => sample.bytes));
		if (exactPeak) peak = Math.max(peak, memoryOf(pid).hwm);
		markServerLog(n8n, `measured run finished, peak RSS ${mb(peak)}`);
	});
	const runs = workflow.measured.map((name) => result.runData[name][0]);
	const started = Math.min(...runs.map((run) => run.startTime));
	const ended = Math.max(...runs.map((run) => run.startTime + run.executionTime));
	const atStart = rss.filter((sample) => sample.at <= started).pop()?.bytes ?? base;
	const during = rss.filter((sample) => sample.at >= started && sample.at <= ended + 5);
	return {
		nodes: Math.max(atStart, ...during.map((sample) => sample.bytes)) - atStart,
		whole: peak - base,
		samplesDuringNodes: during.length,
		result,
	};
}
