/**
 * What the benchmark needs from a running n8n beyond scripts/lib/n8n.ts: activate workflows, run one through
 * its production webhook and read that execution's own timings (startedAt/stoppedAt, and each node's
 * executionTime from its run data), and read the server process's memory from /proc.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

import type { N8n } from '../../scripts/lib/n8n';
import type { BinaryMode } from './options';
import type { BenchWorkflow } from './workflows';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A line in the server's log, so that what the server printed there (the lines of bench/lib/gc-trace.cjs,
 * preloaded through BENCH_N8N_NODE_OPTIONS, and of io-trace.cjs) can be read against the run it marks.
 */
export const markServerLog = (n8n: N8n, line: string) =>
	appendFileSync(n8n.logFile, `bench: ${line}\n`);

/**
 * The n8n server's NODE_OPTIONS: BENCH_N8N_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, or
 * gc-trace.cjs), which reaches only the server, then `more` (a benchmark's own preloads).
 */
export const serverNodeOptions = (...more: string[]) => ({
	NODE_OPTIONS: [process.env.BENCH_N8N_NODE_OPTIONS ?? '', ...more].join(' ').trim(),
});

interface ExecutionSummary {
	id: string;
	status: string;
	startedAt?: string;
	stoppedAt?: string;
}

export interface NodeRun {
	/** When the node started, ms since the epoch. */
	startTime: number;
	executionTime: number;
	data?: {
		main: Array<Array<{
			json: Record<string, unknown>;
			binary?: Record<string, Record<string, unknown>>;
		}> | null>;
	};
	error?: { message: string; description?: string };
}

export interface ExecutionResult {
	id: string;
	/** stoppedAt − startedAt of the execution, ms. */
	executionMs: number;
	/** Sum of the measured nodes' executionTime, ms. */
	nodeMs: number;
	runData: Record<string, NodeRun[]>;
}

export async function activate(n8n: N8n, workflow: BenchWorkflow): Promise<void> {
	const stored = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${workflow.id}`);
	await n8n.rest('POST', `/rest/workflows/${workflow.id}/activate`, {
		versionId: stored.versionId,
	});
}

/** Activation registers a webhook a moment after the REST call: a GET answers "not registered for GET" once it is there. */
export async function waitForWebhookUrl(url: string, timeoutMs = 30_000): Promise<void> {
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(500)) {
		if (/not registered for GET/i.test(await (await fetch(url)).text())) return;
	}
	throw new Error(`The webhook ${url} was not registered after ${timeoutMs / 1000} s`);
}

export const waitForWebhook = (n8n: N8n, workflow: BenchWorkflow) =>
	waitForWebhookUrl(`${n8n.url}/webhook/${workflow.path}`);

/**
 * Makes a REST call, waiting out n8n's 503 "Database is not ready!": while a large execution is being saved, its
 * SQLite pool can miss a health ping, and n8n then refuses REST calls for a moment.
 */
async function whileDatabaseBusy<T>(call: () => Promise<T>): Promise<T> {
	const begin = Date.now();
	for (;;) {
		try {
			return await call();
		} catch (error) {
			if (!/answered 503/.test((error as Error).message) || Date.now() - begin > 60_000)
				throw error;
			await sleep(500);
		}
	}
}

export async function executionsOf(
	n8n: N8n,
	workflowId: string,
): Promise<{ count: number; newest?: ExecutionSummary }> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = await whileDatabaseBusy(() =>
		n8n.rest<{ count: number; results: ExecutionSummary[] }>(
			'GET',
			`/rest/executions?filter=${filter}&limit=1`,
		),
	);
	return { count: answer.count, newest: answer.results[0] };
}

const finished = (execution?: ExecutionSummary) =>
	Boolean(execution && !['new', 'running', 'waiting'].includes(execution.status));

/** Waits until an execution newer than `afterId` has finished; returns its summary. */
export async function nextFinished(
	n8n: N8n,
	workflowId: string,
	afterId: number,
	timeoutMs = 120_000,
): Promise<ExecutionSummary> {
	const begin = Date.now();
	while (Date.now() - begin < timeoutMs) {
		const { newest } = await executionsOf(n8n, workflowId);
		if (newest && Number(newest.id) > afterId && finished(newest)) return newest;
		await sleep(100);
	}
	throw new Error(`No finished execution of ${workflowId} after ${timeoutMs / 1000} s`);
}

export async function executionDetails(
	n8n: N8n,
	id: string,
	measured: string[],
): Promise<ExecutionResult> {
	// n8n.execution reads the data with n8n's own `flatted`, loaded only now that n8n is installed.
	const execution = await whileDatabaseBusy(() => n8n.execution(id));
	const { runData, error } = execution.data.resultData as {
		runData: Record<string, NodeRun[]>;
		error?: { message: string; description?: string };
	};
	if (error || execution.status !== 'success') {
		throw new Error(
			`Execution ${id} ended ${execution.status}: ${error?.message ?? ''} ${error?.description ?? ''}`,
		);
	}
	const nodeMs = measured.reduce((sum, name) => {
		const run = runData[name]?.[0];
		if (!run) throw new Error(`Node ${name} did not run in execution ${id}`);
		return sum + run.executionTime;
	}, 0);
	return {
		id,
		executionMs: Date.parse(String(execution.stoppedAt)) - Date.parse(String(execution.startedAt)),
		nodeMs,
		runData,
	};
}

/**
 * POSTs `body` to the workflow's production webhook, waits for its execution to finish, and calls `beforeDetails`
 * (memory readings) before the execution's data is read back (which costs the server memory of its own).
 */
export async function runWorkflow(
	n8n: N8n,
	workflow: BenchWorkflow,
	body: unknown,
	beforeDetails?: () => void,
): Promise<ExecutionResult> {
	const before = Number((await executionsOf(n8n, workflow.id)).newest?.id ?? 0);
	const response = await fetch(`${n8n.url}/webhook/${workflow.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(180_000),
	});
	const text = await response.text();
	if (response.status !== 200)
		throw new Error(
			`${workflow.name}: the webhook answered ${response.status}: ${text.slice(0, 500)}`,
		);
	const summary = await nextFinished(n8n, workflow.id, before);
	beforeDetails?.();
	return await executionDetails(n8n, summary.id, workflow.measured);
}

/** VmRSS and VmHWM (peak) of a process, bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (key: string) =>
		Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
	return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * CPU time the process has used so far (user and system, all its threads), in ms: what a run costs a server,
 * however busy the rest of the machine is.
 */
export function cpuTimeOf(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	// utime and stime (the 14th and 15th fields), in clock ticks of 10 ms.
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux: `5` into /proc/<pid>/clear_refs). */
export function resetPeak(pid: number): boolean {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

/** Restarts the server with binary data `mode`, and `env` added to its environment from now on. */
export async function restartWith(
	n8n: N8n,
	mode: BinaryMode,
	env: NodeJS.ProcessEnv = {},
): Promise<void> {
	await n8n.stop();
	n8n.withEnv({ ...env, N8N_DEFAULT_BINARY_DATA_MODE: mode });
	await n8n.start();
	await n8n.login();
}
