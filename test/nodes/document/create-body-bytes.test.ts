import { createHash } from 'node:crypto';

import type { INode } from 'n8n-workflow';

import { StoredFile } from '../../../nodes/DocumentExecution/shared/files/binary';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import {
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	stampPaperUpload,
	startV3Emulator,
} from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

/** A PDF followed by `size` bytes of a fixed pseudo-random sequence, so every base64 group differs. */
function pdfOfSize(text: string, size: number): Buffer {
	const head = makePdf(text);
	const tail = Buffer.alloc(size - head.length);
	let state = 2463534242;
	for (let at = 0; at < tail.length; at++) {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		tail[at] = state & 0xff;
	}
	return Buffer.concat([head, tail]);
}

const MB = 1024 * 1024;
// Sizes that are not multiples of 3 and cross the encoder's slices, so a join in the wrong place shows.
const main = pdfOfSize('Loan agreement', 7 * MB + 1);
const annex = pdfOfSize('Annexure', 3 * MB + 2);
const stamp = pdfOfSize('Stamp paper', 4099);

/**
 * The SHA-256 of the body 0.1.0 sent for these inputs, recorded from its buffered encoder (commit 8c08c77,
 * `jsonBodyWithFiles`): the streamed body must be the same, byte for byte.
 */
const BODY_SHA256 = '8557d14fa2e136eafa720aa21beab6dd7fa96751fcf03917bff303771311abc9';

const parameters = {
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	binaryPropertyName: 'data',
	documentName: 'Loan-Agreement_01.pdf',
	invitees: { invitee: [{ name: 'Asha Rao', email: 'asha@example.com' }] },
	cc: { recipient: [{ name: 'Ops', email: 'ops@example.com' }] },
	additionalFields: {
		irn: 'IRN-2025/001',
		additionalFiles: 'annex',
		stampUpload: stampPaperUpload,
	},
};

/** The create request as the emulator received it, checked to carry the three files whole. */
function receivedCreate() {
	const [request] = requestsOn(emulator, servicePaths.create, 'POST');
	const body = request.body as Record<string, any>;
	expect(Buffer.from(body.file.file, 'base64').equals(main)).toBe(true);
	expect(Buffer.from(body.file.additionalFiles[0], 'base64').equals(annex)).toBe(true);
	expect(Buffer.from(body.stampUpload.stampFile, 'base64').equals(stamp)).toBe(true);
	expect(request.headers['content-type']).toBe('application/json');
	// A length announced up front, as the buffered body had, not chunked transfer.
	expect(request.headers['transfer-encoding']).toBeUndefined();
	expect(Number(request.headers['content-length'])).toBe(request.rawBody.length);
	return createHash('sha256').update(request.rawBody).digest('hex');
}

describe('Create sends files from binary fields as the same JSON bytes, whatever the storage', () => {
	it.each(['default', 'filesystem'] as const)('%s storage', async (mode) => {
		const result = await runDocument(emulator, parameters, {
			input: [await pdfItem(main, { annex, stamp }, mode)],
			binaryMode: mode,
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(receivedCreate()).toBe(BODY_SHA256);
	});

	it('an item whose recorded size is stale (a Code node replaced its base64 and kept bytes)', async () => {
		const item = await pdfItem(main, { annex, stamp });
		item.binary!.data.bytes = 1;
		const result = await runDocument(emulator, parameters, { input: [item] });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(receivedCreate()).toBe(BODY_SHA256);
	});

	const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	it.each([
		[
			'line breaks (as a Code node may write it)',
			(text: string) => text.replace(/.{76}/g, '$&\r\n'),
		],
		[
			// The last character before "=" carries two bits that decoders drop: the same bytes, other text.
			'stray bits in its last group',
			(text: string) => {
				const at = text.length - 2;
				const next = ALPHABET[ALPHABET.indexOf(text[at]) + 1];
				return `${text.slice(0, at)}${next}=`;
			},
		],
	])('an item whose base64 has %s', async (_case, rewrite) => {
		const item = await pdfItem(main, { annex, stamp });
		const data = item.binary!.data;
		const rewritten = rewrite(data.data);
		expect(rewritten).not.toBe(data.data);
		expect(Buffer.from(rewritten, 'base64').equals(main)).toBe(true);
		data.data = rewritten;
		const result = await runDocument(emulator, parameters, { input: [item] });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(receivedCreate()).toBe(BODY_SHA256);
	});
});

describe('A file that changes while it is sent', () => {
	it('ends the request with an error naming the field, not a body of the wrong length', async () => {
		const node = { name: NODE_NAME } as INode;
		const shorter = new StoredFile(
			'Input Binary Field',
			10,
			Buffer.from('%PDF-'),
			async function* () {
				yield Buffer.from('%PDF-1.4');
			},
		);
		const encode = async () => {
			for await (const _piece of shorter.base64(node));
		};
		await expect(encode()).rejects.toThrow(
			'Input Binary Field: the file changed while it was sent (8 bytes, not 10)',
		);
	});
});
