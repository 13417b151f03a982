// The reference a user could write instead of the nodes: Node's own fetch, nothing else. Run by bench/run.ts
// under the same Node 24 as n8n, one measurement per invocation; prints one JSON line. Loopback only.
//   status:   node raw-client.mjs status <baseUrl> <token> <concurrency> <id>...   (ids from argv, or --ids-file)
//   download: node raw-client.mjs download <baseUrl> <token> <documentId>
//   bulk:     node raw-client.mjs bulk <origin> <token> <concurrency> <plan.json>   (bench/benchmarks/bulk.ts
//             writes the plan: per row, the IRN lookup and the create our node sent, its values put in)
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

/** Every `__TOKEN__` of `template` replaced by the row's value for it. */
const filledIn = (template, row) =>
	Object.entries(row).reduce((text, [token, value]) => text.replaceAll(token, value), template);

/** One row as our node sends it: the IRN lookup, then the create; answers the create's time. */
async function sendRow(origin, plan, row) {
	const lookup = await fetch(`${origin}${filledIn(plan.lookup.url, row)}`, {
		method: plan.lookup.method,
		headers,
	});
	await lookup.arrayBuffer();
	if (lookup.status !== 200) throw new Error(`IRN lookup: ${lookup.status}`);
	const begin = performance.now();
	const created = await fetch(`${origin}${plan.create.url}`, {
		method: 'POST',
		headers: { ...headers, 'content-type': 'application/json' },
		body: filledIn(plan.create.body, row),
	});
	const answer = await created.json();
	if (created.status !== 200 || answer.status !== 1)
		throw new Error(`create: ${created.status} ${JSON.stringify(answer).slice(0, 200)}`);
	return performance.now() - begin;
}

/** Every row of the plan, `concurrency` rows under way at once; counts the rows that failed. */
async function bulk(origin, concurrency, plan) {
	let next = 0;
	let failed = 0;
	let firstFailure;
	let slowestCreateMs = 0;
	const worker = async () => {
		while (next < plan.rows.length) {
			const row = plan.rows[next++];
			try {
				slowestCreateMs = Math.max(slowestCreateMs, await sendRow(origin, plan, row));
			} catch (error) {
				firstFailure ??= `${error.message}${error.cause ? `: ${error.cause.code ?? error.cause.message}` : ''}`;
				failed++;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, plan.rows.length) }, worker));
	return { failed, firstFailure, slowestCreateMs };
}

// A bulk send of 10,000 rows takes minutes; one status or download, seconds.
const deadlineSeconds = mode === 'bulk' ? 900 : 120;
const deadline = setTimeout(() => {
	process.stderr.write(`raw client: gave up after ${deadlineSeconds} s\n`);
	process.exit(2);
}, deadlineSeconds * 1000);

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
} else if (mode === 'bulk') {
	const [concurrency, planFile] = rest;
	const plan = JSON.parse(readFileSync(planFile, 'utf8'));
	const begin = performance.now();
	const { failed, firstFailure, slowestCreateMs } = await bulk(baseUrl, Number(concurrency), plan);
	const ms = performance.now() - begin;
	process.stdout.write(
		`${JSON.stringify({ ms, items: plan.rows.length, failed, firstFailure, slowestCreateMs })}\n`,
	);
} else {
	throw new Error(`unknown mode ${mode}`);
}
clearTimeout(deadline);
