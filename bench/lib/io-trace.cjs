/**
 * Preloaded into the n8n server by the download benchmark for its own runs (bench/benchmarks/download.ts, which
 * marks each run in the server's log; not to be added to BENCH_N8N_NODE_OPTIONS, which would load it twice and
 * print every line twice). It prints one line per event, each with the time since the epoch in ms, the clock of
 * the marks: an outgoing HTTP request's start and its answer's end (the service's and the file link's; not
 * n8n's REST or webhook calls), and the end of each write into n8n's binary data store.
 * bench/lib/download-phases.ts reads them.
 */
const fsPromises = require('node:fs/promises');
const http = require('node:http');

const now = () => (performance.timeOrigin + performance.now()).toFixed(1);
const since = (start) => `${(performance.now() - start).toFixed(1)} ms`;
const print = (line) => process.stdout.write(`io ${now()} ${line}\n`);

const writeFile = fsPromises.writeFile;
fsPromises.writeFile = async function (path, ...rest) {
	const start = performance.now();
	try {
		return await writeFile.call(this, path, ...rest);
	} finally {
		if (String(path).includes('binary_data'))
			print(`binary store write ${since(start)} ${String(path).slice(-40)}`);
	}
};

const request = http.request;
http.request = function (...args) {
	const sent = request.apply(this, args);
	const target = String((typeof args[0] === 'object' && args[0].path) || args[0]);
	if (target.startsWith('/rest/') || target.includes('/webhook')) return sent;
	const start = performance.now();
	print(`request ${target.slice(0, 60)}`);
	sent.on('response', (answer) =>
		answer.on('end', () => print(`answer end after ${since(start)}`)),
	);
	return sent;
};
