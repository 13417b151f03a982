/**
 * n8n's own lint, as `npm run lint` runs it: `n8n-node lint` (@n8n/node-cli) at the repository's root, then over
 * a copy of what ships set up for n8n Cloud (scripts/lib/verify.ts). The CLI lives in a folder of its own under
 * `.cache/` (it installs only with `overrides`, which n8n's lint forbids in package.json) and is installed on
 * first use. Each run must end with 0 errors and 0 warnings. Arguments (`--fix`) go to the root's run.
 */
import { type LintReport, cloudLint, repositoryLint } from './lib/verify';

function verdict(report: LintReport): boolean {
	const clean = report.code === 0 && report.errors === 0 && report.warnings === 0;
	if (!clean) process.stdout.write(report.output);
	process.stdout.write(
		`n8n-node lint, ${report.where}: ${report.errors} errors, ${report.warnings} warnings` +
			`${report.code === 0 ? '' : ` (exit code ${report.code})`}\n`,
	);
	return clean;
}

async function main(): Promise<void> {
	const passed = [verdict(await repositoryLint(process.argv.slice(2))), verdict(await cloudLint())];
	if (!passed.every(Boolean)) process.exitCode = 1;
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
