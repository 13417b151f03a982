// Prints the plain closing line CI reads ("N passed, N failed") from the jest JSON reports
// that `npm test` writes to test-output/.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const folder = join(__dirname, '..', 'test-output');
const reports = existsSync(folder)
	? readdirSync(folder).filter((file) => file.endsWith('.json'))
	: [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
	const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
	// Other files there are not jest's reports (the queue chaos suite's figures, queue-chaos.json).
	if (typeof report.numPassedTests !== 'number') continue;
	passed += report.numPassedTests;
	failed += report.numFailedTests;
	skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
if (reports.length === 0) {
	console.error('No test report found in test-output/');
	process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
