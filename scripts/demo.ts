/**
 * The main job: `npm run demo` (or `npm run demo -- --once`).
 *
 * Installs Node 24 and n8n 2.41.1 into .cache/ (once), builds and packs this package, installs the tarball
 * into a private n8n user folder the way n8n installs a community package, starts the emulator (seeded) and
 * n8n with the package loaded, imports a credential pointed at the emulator and the example workflows, runs
 * create → status → download with `n8n execute`, prints a summary, and leaves the editor at
 * http://127.0.0.1:5678 running until Ctrl-C. `--once` stops after the summary (exit code 0 when the
 * pipeline worked); it also prints the summary as one `DEMO_RESULT {json}` line for scripts.
 * Options: --port=5678 (n8n), --emulator-port=8377, --name=demo (the user folder .cache/runs/<name>, emptied at
 * each start).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { installCommunityPackage } from './lib/community';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator';
import { ensureN8n } from './lib/install';
import { info, step, timings } from './lib/log';
import { N8n, OWNER } from './lib/n8n';
import { buildAndPack } from './lib/pack';
import { paths } from './lib/paths';
import { CREDENTIAL, demoCredential, runPipeline, type PipelineSummary } from './lib/pipeline';
import { installExitHooks, stopAll } from './lib/proc';

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const once = process.argv.includes('--once');
const port = Number(flag('port') ?? 5678);
const emulatorPort = Number(flag('emulator-port') ?? 8377);
/** The n8n user folder under .cache/runs/ (emptied at each start). */
const runName = flag('name') ?? 'demo';

/** The example workflows, their credentials pointed at the demo's one; ids derived from the file names. */
function examples(): Array<Record<string, unknown> & { id: string; name: string }> {
	let files: string[] = [];
	try {
		files = readdirSync(paths.examples).filter((file) => file.endsWith('.json')).sort();
	} catch {
		return [];
	}
	return files.map((file, index) => {
		const workflow = JSON.parse(readFileSync(join(paths.examples, file), 'utf8')) as {
			name?: string;
			nodes: Array<{ credentials?: Record<string, unknown> }>;
		};
		return {
			...workflow,
			id: `DexExample${String(index + 1).padStart(6, '0')}`,
			name: workflow.name ?? file,
			active: false,
			nodes: workflow.nodes.map((node) =>
				node.credentials?.documentExecutionApi ? { ...node, credentials: { ...node.credentials, documentExecutionApi: CREDENTIAL } } : node,
			),
		};
	});
}

function printSummary(summary: PipelineSummary, n8n: N8n, emulator: EmulatorProcess): void {
	const lines = [
		'',
		'──────────────── Document Execution in n8n ────────────────',
		`  Document ID            ${summary.documentId}`,
		`  Status after create    ${summary.statusAfterCreate}`,
		`  Status after signing   ${summary.statusAfterSigning}${summary.invitees.length ? `  (${summary.invitees.map((i) => `${i.name ?? '?'}: ${i.status ?? '?'}`).join(', ')})` : ''}`,
		`  Signed PDF from n8n    ${summary.pdf.bytes.toLocaleString('en')} bytes, ${summary.pdf.mimeType}${summary.pdf.fileName ? `, ${summary.pdf.fileName}` : ''}`,
		`                         ${summary.pdf.isPdf ? 'a PDF' : 'NOT a PDF'}; ${summary.pdf.matchesService ? "identical to the service's signed copy" : "DIFFERS from the service's signed copy"}`,
		'',
		`  n8n editor             ${n8n.url}   (login: ${OWNER.email} / ${OWNER.password})`,
		`  Emulator               ${emulator.info.origin}   (X-Auth-Token: ${emulator.info.authToken})`,
		`  n8n log                ${n8n.logFile}`,
		'────────────────────────────────────────────────────────────',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
	let n8n: N8n | undefined;
	let emulator: EmulatorProcess | undefined;
	installExitHooks(async () => {
		info('Stopping n8n and the emulator...');
	});
	await ensureN8n();
	const packed = await buildAndPack();
	n8n = await N8n.create({ name: runName, fresh: true, port });
	await step('Installing the tarball as a community package', () => installCommunityPackage(n8n!.userFolder, packed.tarball));
	emulator = await step('Starting the emulator', () => startEmulatorProcess({ name: runName, port: emulatorPort }));
	info(`Emulator at ${emulator.info.origin}`);
	await step('Importing the credential and the example workflows', async () => {
		await n8n!.importCredentials([demoCredential(emulator!)]);
		for (const workflow of examples()) {
			await n8n!.importWorkflow(workflow);
			info(`  imported ${workflow.name}`);
		}
	});
	await step(`Starting n8n ${n8n.version} on ${n8n.url}`, () => n8n!.start(), { expect: 'about 10 s' });
	await n8n.setupOwner();
	const summary = await step('Running create → status → download in n8n', () => runPipeline(n8n!, emulator!, (line) => info(`  ${line}`)));
	printSummary(summary, n8n, emulator);
	const worked = summary.pdf.isPdf && summary.pdf.matchesService && summary.statusAfterSigning === 'COMPLETED';
	if (once) {
		process.stdout.write(`DEMO_RESULT ${JSON.stringify({ ...summary, worked, timings })}\n`);
		await stopAll();
		process.exit(worked ? 0 : 1);
	}
	info('n8n and the emulator keep running. Press Ctrl-C to stop them.');
	await new Promise(() => undefined);
}

main().catch(async (error: Error) => {
	process.stderr.write(`\nThe demo failed: ${error.message}\n`);
	await stopAll();
	process.exit(1);
});
