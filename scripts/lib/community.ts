import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { node24Env } from './install';
import { run } from './proc';

/**
 * Installs a packed tarball into an n8n user folder the way n8n 2.41 installs a community package
 * (CommunityPackagesService.downloadPackage): unpack into `<user>/.n8n/nodes/node_modules/<name>`, strip
 * dev/peer/optional dependencies from its package.json, `npm install` its own dependencies there with n8n's
 * flags, and record it in the `nodes/package.json` ledger.
 *
 * n8n 2.41 loads every `n8n-nodes-*` folder in `nodes/node_modules` at start (the community-packages
 * module's node loader scans the folder), whether or not the `installed_packages` table has a row. That row
 * only feeds Settings > Community nodes, and n8n writes it only when it installs from a registry itself
 * (the UI, or N8N_REINSTALL_MISSING_PACKAGES), which an unpublished tarball cannot go through.
 */
export async function installCommunityPackage(
	userFolder: string,
	tarball: string,
): Promise<string> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const manifest = JSON.parse(
		execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
	) as {
		name: string;
		version: string;
	};
	const packageDir = join(nodesDir, 'node_modules', manifest.name);
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);

	const packageJsonPath = join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } = JSON.parse(
		readFileSync(packageJsonPath, 'utf8'),
	) as Record<string, unknown>;
	void devDependencies;
	void peerDependencies;
	void optionalDependencies;
	writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2), 'utf8');
	await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir, env: node24Env() },
	);

	const ledgerPath = join(nodesDir, 'package.json');
	const ledger = existsSync(ledgerPath)
		? (JSON.parse(readFileSync(ledgerPath, 'utf8')) as { dependencies?: Record<string, string> })
		: { name: 'installed-nodes', private: true, dependencies: {} };
	ledger.dependencies = { ...(ledger.dependencies ?? {}), [manifest.name]: manifest.version };
	writeFileSync(ledgerPath, JSON.stringify(ledger, null, 2), 'utf8');
	return packageDir;
}
