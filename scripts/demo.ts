/**
 * The main job: `npm run demo` (or `npm run demo -- --once`).
 *
 * Installs Node 24 and n8n 2.41.1 into .cache/ (once), builds and packs this package, installs the tarball
 * into a private n8n user folder the way n8n installs a community package, starts the emulator (seeded) and
 * n8n with the package loaded, imports a credential pointed at the emulator and the example workflows, runs
 * examples/send-and-wait-polling.json with `n8n execute` (create, then wait and read the status until the
 * invitees, who act a few seconds apart as on the live service they act hours apart, have signed, then
 * download), showing each round, prints a summary, and leaves the editor at
 * http://127.0.0.1:5678 running until Ctrl-C. `--once` stops after the summary (exit code 0 when the
 * pipeline worked); it also prints the summary as one `DEMO_RESULT {json}` line for scripts.
 * Options: --port=5678 (n8n), --emulator-port=8377, --name=demo (the user folder .cache/runs/<name>, emptied at
 * each start).
 */
import { installCommunityPackage } from './lib/community';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator';
import { ensureN8n } from './lib/install';
import { info, step, timings } from './lib/log';
import { N8n, OWNER } from './lib/n8n';
import { buildAndPack } from './lib/pack';
import {
	DEMO_POLLING,
	DEMO_SIGNING,
	demoCredential,
	exampleWorkflows,
	runPipeline,
	type ImportableWorkflow,
	type PipelineSummary,
} from './lib/pipeline';
import { installExitHooks, stopAll } from './lib/proc';

const flag = (name: string) =>
	process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const once = process.argv.includes('--once');
const port = Number(flag('port') ?? 5678);
const emulatorPort = Number(flag('emulator-port') ?? 8377);
/** The n8n user folder under .cache/runs/ (emptied at each start). */
const runName = flag('name') ?? 'demo';

function printSummary(
	summary: PipelineSummary,
	n8n: N8n,
	emulator: EmulatorProcess,
	imported: ImportableWorkflow[],
): void {
	const trigger = imported.flatMap((workflow) =>
		workflow.nodes.filter((node) => node.webhookId).map((node) => ({ workflow, node })),
	)[0];
	const lines = [
		'',
		'──────────────── Document Execution in n8n ────────────────',
		`  Workflow               ${summary.workflow}`,
		`  Document ID            ${summary.documentId}`,
		`  Waited                 ${summary.rounds.length} rounds of Get Status, every ${DEMO_POLLING.pollEverySeconds} s: ${summary.rounds.map((round) => round.status).join(' → ')}`,
		`  Status                 ${summary.status}${summary.invitees.length ? `  (${summary.invitees.map((i) => `${i.name ?? '?'}: ${i.state}`).join(', ')})` : ''}`,
		`  Signed PDF from n8n    ${summary.pdf.bytes.toLocaleString('en')} bytes, ${summary.pdf.mimeType}${summary.pdf.fileName ? `, ${summary.pdf.fileName}` : ''}`,
		`                         ${summary.pdf.isPdf ? 'a PDF' : 'NOT a PDF'}; ${summary.pdf.matchesService ? "identical to the service's signed copy" : "DIFFERS from the service's signed copy"}`,
		'',
		`  n8n editor             ${n8n.url}   (login: ${OWNER.email} / ${OWNER.password})`,
		`  Emulator               ${emulator.info.origin}   (X-Auth-Token: ${emulator.info.authToken}; each invitee acts ${DEMO_SIGNING.ms / 1000} s after its turn starts, a reviewer first)`,
		...(trigger
			? [
					`  Trigger example        activate "${trigger.workflow.name}", then send it a delivery:`,
					`                         curl -s -X POST ${emulator.info.origin}/__emulator/webhooks/deliver -H 'content-type: application/json' \\`,
					`                           -d '{"url":"${n8n.url}/webhook/${trigger.node.webhookId}/success","documentId":"DOCCOMPLETED01"}'`,
				]
			: []),
		`  n8n log                ${n8n.logFile}`,
		'────────────────────────────────────────────────────────────',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
	installExitHooks(async () => {
		info('Stopping n8n and the emulator...');
	});
	await ensureN8n();
	const packed = await buildAndPack();
	const n8n = await N8n.create({ name: runName, fresh: true, port });
	await step('Installing the tarball as a community package', () =>
		installCommunityPackage(n8n.userFolder, packed.tarball),
	);
	// As on the live service, the invitees act later, one by one: the flow waits for them (DEMO_SIGNING).
	const emulator = await step('Starting the emulator', () =>
		startEmulatorProcess({ name: runName, port: emulatorPort, inviteesActAfter: DEMO_SIGNING }),
	);
	info(`Emulator at ${emulator.info.origin}`);
	const imported = exampleWorkflows();
	await step('Importing the credential and the example workflows', async () => {
		await n8n.importCredentials([demoCredential(emulator)]);
		await n8n.importWorkflows(imported.map(({ file: _file, ...importable }) => importable));
		for (const workflow of imported) info(`  imported examples/${workflow.file}: ${workflow.name}`);
	});
	await step(`Starting n8n ${n8n.version} on ${n8n.url}`, () => n8n.start(), {
		expect: 'about 10 s',
	});
	await n8n.setupOwner();
	const summary = await step('Running send → wait until signed → download in n8n', () =>
		runPipeline(n8n, emulator, (line) => info(`  ${line}`)),
	);
	printSummary(summary, n8n, emulator, imported);
	const worked = summary.pdf.isPdf && summary.pdf.matchesService && summary.status === 'COMPLETED';
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
