/**
 * The emulator for the benchmark, as a child process (the emulator's own command line, test/emulator/cli.ts,
 * with two additions it has no flag for): `--signed-pdf-bytes=N` gives the seeded COMPLETED document a signed
 * PDF of N bytes, so that Download file has a large file to fetch; `--file-set-bytes=N` gives the other one
 * (FILE_SET_DOCUMENT_ID) four files of N bytes each for Download All Files: its signed PDF, its audit trail, one
 * attachment and one supporting document of its invitee, whose sign URL ends in FILE_SET_SIGNER_UUID; and adds
 * copies of it with more attachments, `fileSetDocumentId(count)` for each of FILE_SET_COUNTS. Prints the same
 * JSON line as cli.ts.
 */
import { parseArgs } from '../../test/emulator/cli';
import {
	DEFAULT_AUTH_TOKEN,
	OTHER_ACCOUNT_AUTH_TOKEN,
	startEmulator,
} from '../../test/emulator/server';
import { V3_SEED, type V3Document, type V3State } from '../../test/emulator/families/v3';
import { DEFAULT_OAUTH_CLIENT } from '../../test/emulator/families/oauth';
import { makePdf } from '../../test/fixtures/pdf';
import {
	FILE_SET_COUNTS,
	FILE_SET_DOCUMENT_ID,
	FILE_SET_SIGNER_UUID,
	fileSetDocumentId,
} from './options';

const OWN_FLAGS = ['--signed-pdf-bytes=', '--file-set-bytes='];

/**
 * `count` files of `bytes` each on `doc` (its signed PDF, its audit trail, `count` − 3 attachments and one
 * supporting document), every one a PDF showing what it is.
 */
function giveFileSet(doc: V3Document, bytes: number, count: number): void {
	const [invitee] = doc.invitees;
	const file = (what: string) => makePdf(`${what} of ${doc.name}`, bytes);
	doc.signedPdf = file('Signed PDF');
	doc.auditTrail = file('Audit trail');
	doc.attachments = Array.from({ length: count - 3 }, (_, index) => ({
		content: file(`Attachment ${index + 1}`),
		contentType: 'application/pdf',
		fileName: `annexure-${index + 1}.pdf`,
	}));
	invitee.uuid = FILE_SET_SIGNER_UUID;
	invitee.supportingDocuments = [
		{ content: file('Supporting document'), contentType: 'application/pdf', fileName: 'id.pdf' },
	];
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const own = (flag: string) =>
		Number(args.find((arg) => arg.startsWith(flag))?.slice(flag.length) ?? 0);
	const { port, seed, salt } = parseArgs(
		args.filter((arg) => !OWN_FLAGS.some((flag) => arg.startsWith(flag))),
	);
	const emulator = await startEmulator({ port, seed, salt });
	const documents = emulator.slice<V3State>('v3').documents;
	const seeded = (documentId: string) => {
		const doc = documents.get(documentId);
		if (!doc) throw new Error(`The seed has no ${documentId}`);
		return doc;
	};
	const signedBytes = own('--signed-pdf-bytes=');
	if (signedBytes > 0) {
		const doc = seeded(V3_SEED.completedDocumentId);
		doc.signedPdf = makePdf(`Signed: ${doc.name}`, signedBytes);
	}
	const fileSetBytes = own('--file-set-bytes=');
	if (fileSetBytes > 0) {
		const model = seeded(FILE_SET_DOCUMENT_ID);
		for (const count of FILE_SET_COUNTS) {
			const documentId = fileSetDocumentId(count);
			const doc = documentId === model.documentId ? model : { ...model, documentId };
			documents.set(documentId, doc);
			giveFileSet(doc, fileSetBytes, count);
		}
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
