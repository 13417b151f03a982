/**
 * Preloaded into the n8n server to see what its memory is while a benchmark measures it (node refuses
 * `--trace-gc` in NODE_OPTIONS, but accepts `--require`):
 * BENCH_N8N_NODE_OPTIONS="--require $PWD/bench/lib/gc-trace.cjs" npm run bench -- --only=create
 * After each garbage collection it prints one line to the server's log (where bench/lib/memory.ts marks the
 * measured run): the collection's kind and duration, then the process's RSS, V8's heap (used of committed),
 * and the memory outside the heap (ArrayBuffers, Buffers among them), in MB.
 */
const { PerformanceObserver, constants } = require('node:perf_hooks');

const KINDS = {
	[constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
	[constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
	[constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
	[constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};
const mb = (bytes) => (bytes / 1048576).toFixed(1);

new PerformanceObserver((list) => {
	for (const entry of list.getEntries()) {
		const memory = process.memoryUsage();
		process.stdout.write(
			`gc: ${KINDS[entry.detail?.kind] ?? entry.detail?.kind} ${entry.duration.toFixed(1)} ms, rss ${mb(memory.rss)}, heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)}) MB\n`,
		);
	}
}).observe({ entryTypes: ['gc'] });
