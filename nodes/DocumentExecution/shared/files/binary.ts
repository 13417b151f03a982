import type { IBinaryData, IExecuteFunctions, IExecuteSingleFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { refuseField } from '../../../shared/errors';

/** An operation's steps get one item's functions; a custom operation gets the whole run's. */
export type NodeContext = IExecuteSingleFunctions | IExecuteFunctions;

const isSingleItem = (context: NodeContext): context is IExecuteSingleFunctions =>
	'getItemIndex' in context;

/** The bytes of an input item's binary property; `field`, the parameter's label, names what to fix. */
export async function readBinary(
	context: NodeContext,
	propertyName: string,
	field: string,
	itemIndex = isSingleItem(context) ? context.getItemIndex() : 0,
): Promise<Buffer> {
	binaryMetadata(context, propertyName, field, itemIndex);
	return isSingleItem(context)
		? await context.helpers.getBinaryDataBuffer(propertyName)
		: await context.helpers.getBinaryDataBuffer(itemIndex, propertyName);
}

/** An input item's binary property without its bytes, to validate before any request. */
export function binaryMetadata(
	context: NodeContext,
	propertyName: string,
	field: string,
	itemIndex = isSingleItem(context) ? context.getItemIndex() : 0,
): IBinaryData {
	const item = isSingleItem(context) ? context.getInputData() : context.getInputData()[itemIndex];
	const binary = item?.binary?.[propertyName];
	if (!propertyName || !binary) {
		const available = Object.keys(item?.binary ?? {});
		refuseField(
			context.getNode(),
			field,
			`the input item has no binary property "${propertyName}"`,
			itemIndex,
			{
				hint: available.length
					? `Binary properties on this item: ${available.join(', ')}.`
					: 'This item carries no binary data. Connect a node that outputs a file (Read/Write Files from Disk, HTTP Request, Google Drive, an e-mail trigger…).',
			},
		);
	}
	return binary;
}

/** Bytes read to tell what a file is (a PDF starts with `%PDF-`) before anything is sent. */
const FILE_HEAD_BYTES = 8;

/**
 * Bytes encoded to base64 at a time: a multiple of 3, so pieces join without padding, and small, so the text of
 * each piece is short-lived garbage (docs/choices/performance.md, Files).
 */
const BASE64_SLICE_BYTES = 48 * 1024;

/**
 * A file of an input item known by its size and first bytes, read only while the request carrying it is sent
 * (jsonBodyWithFiles, uploadToPresignedUrl), so that the node never holds it whole.
 */
export class StoredFile {
	/** @param storedBase64 the item's own base64 where it is exactly the file's (isCanonicalBase64) */
	constructor(
		readonly field: string,
		readonly size: number,
		readonly head: Buffer,
		private readonly read: () => AsyncIterable<Buffer>,
		private readonly storedBase64?: string,
	) {}

	static of(field: string, content: Buffer): StoredFile {
		const head = content.subarray(0, FILE_HEAD_BYTES);
		return new StoredFile(field, content.length, head, async function* () {
			yield content;
		});
	}

	/** The file's bytes; another length than the file's is an error, not a body with a wrong length. */
	async *bytes(node: INode): AsyncGenerator<Buffer> {
		let read = 0;
		for await (const chunk of this.read()) {
			read += chunk.length;
			yield chunk;
		}
		if (read !== this.size)
			throw new NodeOperationError(
				node,
				`${this.field}: the file changed while it was sent (${read} bytes, not ${this.size})`,
			);
	}

	/** The file's base64 piece by piece: the item's own text sliced, else each piece but the last of 3n bytes. */
	async *base64(node: INode): AsyncGenerator<string> {
		const stored = this.storedBase64;
		if (stored !== undefined) {
			const slice = (BASE64_SLICE_BYTES / 3) * 4;
			for (let at = 0; at < stored.length; at += slice) yield stored.slice(at, at + slice);
			return;
		}
		let carried: Buffer = Buffer.alloc(0);
		for await (const chunk of this.bytes(node)) {
			const bytes = carried.length ? Buffer.concat([carried, chunk]) : chunk;
			const whole = bytes.length - (bytes.length % 3);
			for (let at = 0; at < whole; at += BASE64_SLICE_BYTES)
				yield bytes.subarray(at, Math.min(at + BASE64_SLICE_BYTES, whole)).toString('base64');
			carried = bytes.subarray(whole);
		}
		if (carried.length) yield carried.toString('base64');
	}
}

/**
 * Whether an item's base64 is exactly what encoding its bytes gives, as n8n writes it: no line breaks or
 * URL-safe letters, and a last group with no stray bits (full groups of four map to three bytes one to one).
 */
const isCanonicalBase64 = (text: string) =>
	text.length % 4 === 0 &&
	/^[A-Za-z0-9+/]*={0,2}$/.test(text) &&
	Buffer.from(text.slice(-4), 'base64').toString('base64') === text.slice(-4);

/** The first `count` bytes of a stream (fewer if it is shorter); leaving the loop early closes the stream. */
export async function firstBytes(stream: AsyncIterable<Buffer>, count: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		chunks.push(chunk);
		length += chunk.length;
		if (length >= count) break;
	}
	return Buffer.concat(chunks).subarray(0, count);
}

/** The first `count` bytes of a stored binary, whatever n8n's binary storage mode. */
export async function storedHead(
	context: NodeContext,
	binary: IBinaryData,
	count: number,
): Promise<Buffer> {
	if (!binary.id)
		return Buffer.from(binary.data.slice(0, 4 * Math.ceil(count / 3)), 'base64').subarray(0, count);
	return await firstBytes(await context.helpers.getBinaryStream(binary.id, count), count);
}

/**
 * The size in bytes of a binary: of its base64 when the item holds it (a Code node may have replaced the text
 * and left `bytes` as it was), else as n8n recorded it (docs/choices/document.md, "Files").
 */
export async function storedSize(context: NodeContext, binary: IBinaryData): Promise<number> {
	if (!binary.id) return Buffer.byteLength(binary.data, 'base64');
	return binary.bytes ?? (await context.helpers.getBinaryMetadata(binary.id)).fileSize;
}

/** An input item's binary property as a StoredFile: only its size and first bytes are read here. */
export async function storedFile(
	context: IExecuteSingleFunctions,
	propertyName: string,
	field: string,
): Promise<StoredFile> {
	const { helpers } = context;
	const binary = binaryMetadata(context, propertyName, field);
	const { id, data } = binary;
	if (!id && !isCanonicalBase64(data))
		return StoredFile.of(field, await helpers.getBinaryDataBuffer(propertyName));
	const size = await storedSize(context, binary);
	const head = await storedHead(context, binary, FILE_HEAD_BYTES);
	if (id)
		return new StoredFile(field, size, head, async function* () {
			// Pieces of a multiple of 3 bytes are encoded as they come, without joining.
			yield* await helpers.getBinaryStream(id, BASE64_SLICE_BYTES);
		});
	const slice = (BASE64_SLICE_BYTES / 3) * 4;
	return new StoredFile(
		field,
		size,
		head,
		async function* () {
			for (let at = 0; at < data.length; at += slice)
				yield Buffer.from(data.slice(at, at + slice), 'base64');
		},
		data,
	);
}

/**
 * A text file as the string the service expects (the licence content of Licence > Install): UTF-8, without
 * a byte-order mark or the surrounding whitespace and line breaks editors add.
 */
export const toText = (content: Buffer): string =>
	content
		.toString('utf8')
		.replace(/^\uFEFF/, '')
		.trim();
