/**
 * `npm run emulator -- [--port=8377] [--seed=key=value ...] [--seed-json='{...}'] [--salt=value|--no-salt]
 *   [--sign-on-create | --invitees-act-after=<ms> [--reviewers=<positions>]]`
 *
 * `--sign-on-create`: every invitee of a new v3 signing request signs at once (as the in-process example test
 * does), so that a workflow that creates, reads the status and downloads finds a COMPLETED document.
 * `--invitees-act-after=<ms>`: the "invitees act later" mode (inviteeSchedule.ts): the invitees of a new
 * signing request act one by one in signing order, each `<ms>` after its turn starts, as on the live service;
 * `--reviewers=1,3`: the signing-order positions at which the workflows put a reviewer, who approves.
 *
 * Starts the emulator for processes other than a test (the real n8n, the demo script, a person with curl).
 * Prints one JSON line that scripts parse (origin, base URL, auth URL, tokens, salt, OAuth2 client), then
 * stays up until SIGINT or SIGTERM. Steer it through the control routes under `/__emulator/`.
 */
import { DEFAULT_OAUTH_CLIENT } from './families/oauth';
import { complete, type V3State } from './families/v3';
import type { InviteesActAfter } from './inviteeSchedule';
import {
	DEFAULT_AUTH_TOKEN,
	DEFAULT_SALT,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
	type SeedOptions,
} from './server';

function parseValue(raw: string): string | number | boolean {
	if (raw === 'true') return true;
	if (raw === 'false') return false;
	if (raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
	return raw;
}

export function parseArgs(argv: string[]): {
	port: number;
	seed: SeedOptions;
	salt: string | null;
	signOnCreate: boolean;
	inviteesActAfter?: InviteesActAfter;
} {
	let port = 0;
	let signOnCreate = false;
	let actAfterMs: number | undefined;
	let reviewerPositions: number[] = [];
	let salt: string | null = DEFAULT_SALT;
	const seed: SeedOptions = {};
	for (const arg of argv) {
		const [flag, ...rest] = arg.split('=');
		const value = rest.join('=');
		if (flag === '--port') port = Number(value);
		else if (flag === '--salt') salt = value;
		else if (flag === '--no-salt') salt = null;
		else if (flag === '--sign-on-create') signOnCreate = true;
		else if (flag === '--invitees-act-after') actAfterMs = Number(value);
		else if (flag === '--reviewers') reviewerPositions = value.split(',').map(Number);
		else if (flag === '--seed-json') Object.assign(seed, JSON.parse(value) as SeedOptions);
		else if (flag === '--seed') {
			const [key, ...parts] = value.split('=');
			seed[key] = parts.length ? parseValue(parts.join('=')) : true;
		} else throw new Error(`Unknown argument ${arg}`);
	}
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`Invalid --port ${port}`);
	if (actAfterMs !== undefined && (!Number.isInteger(actAfterMs) || actAfterMs < 0))
		throw new Error(`Invalid --invitees-act-after ${actAfterMs}: a number of milliseconds`);
	if (reviewerPositions.some((position) => !Number.isInteger(position) || position < 1))
		throw new Error(`Invalid --reviewers ${reviewerPositions.join(',')}: positions from 1`);
	if (reviewerPositions.length && actAfterMs === undefined)
		throw new Error('--reviewers needs --invitees-act-after');
	if (signOnCreate && actAfterMs !== undefined)
		throw new Error('--sign-on-create and --invitees-act-after exclude each other');
	const inviteesActAfter =
		actAfterMs === undefined ? undefined : { ms: actAfterMs, reviewerPositions };
	return { port, seed, salt, signOnCreate, inviteesActAfter };
}

async function main(): Promise<void> {
	const { port, seed, salt, signOnCreate, inviteesActAfter } = parseArgs(process.argv.slice(2));
	const emulator = await startEmulator({ port, seed, salt, inviteesActAfter });
	if (signOnCreate) {
		emulator.env.events.on('v3DocumentCreated', (documentId: string) => {
			const doc = emulator.slice<V3State>('v3').documents.get(documentId);
			if (doc) complete(doc, emulator.clock.now());
		});
	}
	process.stdout.write(
		`${JSON.stringify({
			ready: true,
			pid: process.pid,
			origin: emulator.origin,
			baseUrl: emulator.baseUrl,
			authUrl: emulator.authUrl,
			authToken: DEFAULT_AUTH_TOKEN,
			otherAuthToken: OTHER_ACCOUNT_AUTH_TOKEN,
			salt,
			signOnCreate,
			inviteesActAfter: inviteesActAfter ?? null,
			oauthClient: DEFAULT_OAUTH_CLIENT,
			seed,
		})}\n`,
	);
	let closing = false;
	const shutdown = () => {
		if (closing) return;
		closing = true;
		void emulator.close().then(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

if (require.main === module) {
	main().catch((error: Error) => {
		process.stderr.write(`emulator: ${error.message}\n`);
		process.exit(1);
	});
}
