// Runs @n8n/scan-community-package's analysis offline, as its command line does for a published package
// (which needs registry provenance we cannot have before publishing): one leg over the source
// (package.json and {nodes,credentials}/**/*.{js,ts,json}) and one over the packed tarball's compiled
// `.js` files and package.json, with the scanner's own ESLint configuration (buildScanConfig).
// Unlike analyzePackage, which fails only on errors, this counts warnings too: the gate is zero issues.
//
// node scripts/scan-package.mjs --scanner=<folder with node_modules> --source=<repo> --tarball=<.tgz>
// Prints one JSON line: { passed, legs: [{ name, files, errors, warnings, messages }] }.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = Object.fromEntries(
	process.argv.slice(2).map((arg) => {
		const [key, ...rest] = arg.replace(/^--/, '').split('=');
		return [key, rest.join('=')];
	}),
);
args.scanner = resolve(args.scanner);
args.source = resolve(args.source);
const require = createRequire(join(args.scanner, 'node_modules', '.package-lock.json'));
const scannerModule = join(
	args.scanner,
	'node_modules',
	'@n8n',
	'scan-community-package',
	'scanner',
	'scanner.mjs',
);
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scannerModule).href);
const { ESLint } = await import(pathToFileURL(require.resolve('eslint')).href);
const glob = (await import(pathToFileURL(require.resolve('fast-glob')).href)).default;

async function leg(name, dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const results = files.length ? await eslint.lintFiles(files) : [];
	const messages = results.flatMap((result) =>
		result.messages.map((message) => ({
			file: result.filePath.slice(dir.length + 1),
			line: message.line,
			rule: message.ruleId,
			severity: message.severity === 2 ? 'error' : 'warning',
			message: message.message,
		})),
	);
	return {
		name,
		files: files.length,
		errors: messages.filter((message) => message.severity === 'error').length,
		warnings: messages.filter((message) => message.severity === 'warning').length,
		messages,
	};
}

const unpacked = mkdtempSync(join(tmpdir(), 'dex-scan-'));
try {
	execFileSync('tar', ['-xzf', args.tarball, '-C', unpacked, '--strip-components=1']);
	const legs = [
		await leg('source', args.source, SOURCE_FILE_PATTERNS),
		await leg('tarball', unpacked, ['**/*.js', 'package.json']),
	];
	const passed = legs.every(
		(result) => result.files > 0 && result.errors === 0 && result.warnings === 0,
	);
	process.stdout.write(`${JSON.stringify({ passed, legs })}\n`);
} finally {
	rmSync(unpacked, { recursive: true, force: true });
}
