/**
 * Preloaded into the n8n server to see where a download's time goes (bench/benchmarks/download.ts marks each
 * sample in the server's log):
 * BENCH_N8N_NODE_OPTIONS="--require $PWD/bench/lib/io-trace.cjs" npm run bench -- --only=download
 * It prints one line per event, each with the time since the epoch in ms (the marks carry the same clock):
 * an outgoing HTTP request's start, its answer's headers and end (the service's and the file link's; not
 * n8n's own calls), and each write into n8n's binary data store and each opening of a file there.
 */
const fsPromises = require('node:fs/promises');
const http = require('node:http');

const now = () => (performance.timeOrigin + performance.now()).toFixed(1);
const since = (start) => `${(performance.now() - start).toFixed(1)} ms`;
const print = (line) => process.stdout.write(`io ${now()} ${line}\n`);
const inBinaryStore = (path) => String(path).includes('binary_data');

const writeFile = fsPromises.writeFile;
fsPromises.writeFile = async function (path, ...rest) {
	const start = performance.now();
	try {
		return await writeFile.call(this, path, ...rest);
	} finally {
		if (inBinaryStore(path)) print(`binary store write ${since(start)} ${String(path).slice(-40)}`);
	}
};

const open = fsPromises.open;
fsPromises.open = async function (path, ...rest) {
	if (inBinaryStore(path)) print(`binary store open ${String(path).slice(-40)}`);
	return await open.call(this, path, ...rest);
};

const request = http.request;
http.request = function (...args) {
	const sent = request.apply(this, args);
	const target = String((typeof args[0] === 'object' && args[0].path) || args[0]);
	if (target.startsWith('/rest/') || target.includes('/webhook')) return sent;
	const start = performance.now();
	print(`request ${target.slice(0, 60)}`);
	sent.on('response', (answer) => {
		print(`answer headers after ${since(start)}`);
		answer.on('end', () => print(`answer end after ${since(start)}`));
	});
	return sent;
};
