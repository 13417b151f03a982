/**
 * n8n's community package scanner (@n8n/scan-community-package) on the package as `npm publish` would upload
 * it: builds, packs, scans the source and the tarball offline (scripts/scan-package.mjs). Fails on any issue,
 * warnings included. CI runs it on every push.
 */
import { buildAndPack } from './lib/pack';
import { describeScanIssues, scanPackage } from './lib/verify';

async function main(): Promise<void> {
	const { tarball } = await buildAndPack();
	const report = await scanPackage(tarball);
	const issues = describeScanIssues(report);
	if (issues) process.stdout.write(`${issues}\n`);
	for (const leg of report.legs)
		process.stdout.write(
			`scan-community-package, ${leg.name}: ${leg.files} files, ${leg.errors} errors, ${leg.warnings} warnings\n`,
		);
	if (!report.passed) process.exitCode = 1;
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
