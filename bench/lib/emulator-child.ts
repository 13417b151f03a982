/**
 * The emulator for the benchmark, as a child process (the emulator's own command line, test/emulator/cli.ts,
 * with one addition it has no flag for): `--signed-pdf-bytes=N` gives the seeded COMPLETED document a signed
 * PDF of N bytes, so that Download file has a large file to fetch. Prints the same JSON line as cli.ts.
 */
import { parseArgs } from '../../test/emulator/cli';
import {
	DEFAULT_AUTH_TOKEN,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
} from '../../test/emulator/server';
import { V3_SEED, type V3State } from '../../test/emulator/families/v3';
import { DEFAULT_OAUTH_CLIENT } from '../../test/emulator/families/oauth';
import { makePdf } from '../../test/fixtures/pdf';

async function main(): Promise<void> {
	const own = process.argv.slice(2).filter((arg) => arg.startsWith('--signed-pdf-bytes='));
	const { port, seed, salt } = parseArgs(process.argv.slice(2).filter((arg) => !own.includes(arg)));
	const emulator = await startEmulator({ port, seed, salt });
	const signedBytes = Number(own[0]?.split('=')[1] ?? 0);
	if (signedBytes > 0) {
		const doc = emulator.slice<V3State>('v3').documents.get(V3_SEED.completedDocumentId);
		if (!doc) throw new Error(`The seed has no ${V3_SEED.completedDocumentId}`);
		doc.signedPdf = makePdf(`Signed: ${doc.name}`, signedBytes);
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
			signOnCreate: false,
			oauthClient: DEFAULT_OAUTH_CLIENT,
			seed,
		})}\n`,
	);
	const shutdown = () => void emulator.close().then(() => process.exit(0));
	process.once('SIGINT', shutdown);
	process.once('SIGTERM', shutdown);
}

if (require.main === module)
	main().catch((error: Error) => {
		process.stderr.write(`bench emulator: ${error.message}\n`);
		process.exit(1);
	});
