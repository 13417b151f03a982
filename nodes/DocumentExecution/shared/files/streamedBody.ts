import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { StoredFile } from './binary';

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * A request body sent as a stream, with its length as the Content-Length, made as it is sent: an object that
 * reads as a Blob, which n8n's request helper streams, since a community node may not import Node's `stream`
 * and a real Blob built from parts would hold them all in memory (docs/choices/document.md, "Files").
 */
export class StreamedBody {
	readonly [Symbol.toStringTag] = 'Blob';

	constructor(
		readonly size: number,
		readonly type: string,
		readonly stream: () => AsyncIterable<Buffer | string>,
	) {}
}

/**
 * `options` sending a StreamedBody, with its type as the Content-Type (none is set for an empty Blob), and
 * without following redirects, which would keep every byte sent to send it again: a redirect is then an
 * answer for the operation's error check.
 */
export const withStreamedBody = (
	options: IHttpRequestOptions,
	body: StreamedBody,
): IHttpRequestOptions => ({
	...options,
	headers: { ...(options.headers ?? {}), 'Content-Type': body.type },
	body: body as unknown as IDataObject,
	json: false,
	disableFollowRedirect: true,
});

/**
 * A JSON body whose file fields are base64, made while it is sent: `body` carries the keys of `files` where the
 * files go, and each is encoded chunk by chunk into its place, so neither file nor base64 is ever held whole.
 */
export function jsonBodyWithFiles(
	node: INode,
	body: unknown,
	files: Map<string, StoredFile>,
): StreamedBody {
	const pieces: Array<Buffer | StoredFile> = [];
	let rest = JSON.stringify(body);
	for (;;) {
		let next: { at: number; key: string } | undefined;
		for (const key of files.keys()) {
			const at = rest.indexOf(JSON.stringify(key));
			if (at >= 0 && (!next || at < next.at)) next = { at, key };
		}
		if (!next) break;
		pieces.push(Buffer.from(`${rest.slice(0, next.at)}"`), files.get(next.key)!, Buffer.from('"'));
		rest = rest.slice(next.at + JSON.stringify(next.key).length);
	}
	pieces.push(Buffer.from(rest));
	const size = pieces.reduce(
		(total, piece) => total + (Buffer.isBuffer(piece) ? piece.length : base64Length(piece.size)),
		0,
	);
	return new StreamedBody(size, 'application/json', async function* () {
		for (const piece of pieces) {
			if (Buffer.isBuffer(piece)) yield piece;
			else yield* piece.base64(node);
		}
	});
}
