/**
 * Installs everything the real-n8n checks use into .cache/ (Node 24, n8n, the scanner, n8n's node CLI,
 * Chromium); a second run reuses what the first installed. `--only=n8n,scanner,...` picks some; `n8n1` (the newest n8n 1.x) is installed only when named.
 */
import {
	ensureChromium,
	ensureN8n,
	ensureNodeCli,
	ensureNode24,
	ensureScanner,
	N8N_1_SPEC,
} from './lib/install';
import { info, timings } from './lib/log';
import { installExitHooks } from './lib/proc';

const all = {
	node24: ensureNode24,
	n8n: () => ensureN8n(),
	scanner: ensureScanner,
	nodeCli: ensureNodeCli,
	chromium: ensureChromium,
	n8n1: () => ensureN8n(N8N_1_SPEC),
};

async function main(): Promise<void> {
	installExitHooks();
	const only = process.argv
		.find((arg) => arg.startsWith('--only='))
		?.slice('--only='.length)
		.split(',');
	for (const [name, ensure] of Object.entries(all)) {
		if (only ? !only.includes(name) : name === 'n8n1') continue;
		await ensure();
	}
	for (const { title, seconds } of timings) info(`timing: ${title}: ${seconds.toFixed(1)} s`);
	info('Everything is installed.');
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
