// The reference a user could write instead of the nodes: Node's own fetch, nothing else. Run by bench/run.ts
// under the same Node 24 as n8n, one measurement per invocation; prints one JSON line. Loopback only.
//   status:   node raw-client.mjs status <baseUrl> <token> <concurrency> <id>...   (ids from argv, or --ids-file)
//   download: node raw-client.mjs download <baseUrl> <token> <documentId>
import { readFileSync } from 'node:fs';

const [mode, baseUrl, token, ...rest] = process.argv.slice(2);
const headers = { 'X-Auth-Token': token };

async function status(id) {
	const response = await fetch(
		`${baseUrl}/v3.2/sign/request?documentId=${encodeURIComponent(id)}`,
		{ headers },
	);
	const body = await response.json();
	if (response.status !== 200 || body.status !== 1)
		throw new Error(`status ${id}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
	return body.data;
}

async function statusLoop(concurrency, ids) {
	const results = new Array(ids.length);
	let next = 0;
	const worker = async () => {
		while (next < ids.length) {
			const index = next++;
			results[index] = await status(ids[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
	return results;
}

async function download(documentId) {
	const url = `${baseUrl}/v3.3/document/fetchDocument?documentId=${encodeURIComponent(documentId)}&documentDownloadType=DOCUMENT`;
	const answer = await (await fetch(url, { headers })).json();
	if (!answer.data?.file) throw new Error(`fetchDocument: ${JSON.stringify(answer).slice(0, 200)}`);
	const file = await fetch(answer.data.file);
	const bytes = Buffer.from(await file.arrayBuffer());
	if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
	return bytes.length;
}

const deadline = setTimeout(() => {
	process.stderr.write('raw client: gave up after 120 s\n');
	process.exit(2);
}, 120_000);

if (mode === 'status') {
	const [concurrency, ...idArgs] = rest;
	const ids = idArgs[0] === '--ids-file' ? JSON.parse(readFileSync(idArgs[1], 'utf8')) : idArgs;
	await status(ids[0]); // warm-up: connection and JIT, as n8n is warm
	const begin = performance.now();
	const results = await statusLoop(Number(concurrency), ids);
	const ms = performance.now() - begin;
	process.stdout.write(`${JSON.stringify({ ms, items: results.length })}\n`);
} else if (mode === 'download') {
	await status('DOCSENT0000001'); // warm-up
	const begin = performance.now();
	const bytes = await download(rest[0]);
	const ms = performance.now() - begin;
	process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
} else {
	throw new Error(`unknown mode ${mode}`);
}
clearTimeout(deadline);
