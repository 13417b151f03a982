import { randomBytes } from 'node:crypto';

import type { Clock } from './clock';
import { LINK_FAULTS, type FaultPlan } from './faults';
import { json, type Reply } from './http';

export interface StoredFile {
	content: Buffer;
	contentType: string;
	fileName: string;
}

interface Link extends StoredFile {
	expiresAt: number;
}

export interface Upload {
	mediaId: string;
	accountId: string;
	expiresAt: number;
	/** Set once the client has PUT the file. */
	received?: {
		content: Buffer;
		contentType: string | undefined;
		/** The Content-Length header as sent (absent for a chunked body). */
		contentLength: string | undefined;
		at: number;
	};
}

/**
 * Short-lived download links (`GET /__files/:token`, unique per call, dead after their time to live) and
 * pre-signed upload targets (`PUT /__upload/:mediaId?signature=...`), both timed by the emulator's clock.
 * They answer the way object stores do: 403 with an XML body once expired or when the signature is wrong.
 * A download link points elsewhere when a test asked for a link fault (`refused`, `unresolvable`).
 */
/** A download link issued or read, in the order it happened (`Links.downloadHistory`). */
export interface DownloadEvent {
	event: 'issued' | 'read';
	fileName: string;
}

export class Links {
	private readonly downloads = new Map<string, Link>();

	/** Every download link issued and every one read (not expired), oldest first: shows what a client did when. */
	readonly downloadHistory: DownloadEvent[] = [];

	private readonly uploads = new Map<string, Upload & { signature: string }>();

	constructor(
		private readonly clock: Clock,
		private readonly origin: () => string,
		private readonly faults: FaultPlan,
		/** A loopback port nothing listens on. */
		private readonly closedPort: number,
	) {}

	createDownload(file: StoredFile, ttlMs: number): { url: string; expiresAt: number } {
		const token = randomBytes(16).toString('hex');
		const expiresAt = this.clock.now() + ttlMs;
		this.downloads.set(token, { ...file, expiresAt });
		this.downloadHistory.push({ event: 'issued', fileName: file.fileName });
		const path = `/__files/${token}`;
		return { url: `${this.downloadOrigin(path)}${path}?expires=${expiresAt}`, expiresAt };
	}

	private downloadOrigin(path: string): string {
		switch (this.faults.take('GET', path, LINK_FAULTS)?.kind) {
			case 'refused':
				return `http://127.0.0.1:${this.closedPort}`;
			case 'unresolvable':
				return 'http://files.emulator.invalid';
			default:
				return this.origin();
		}
	}

	serveDownload(token: string): Reply {
		const link = this.downloads.get(token);
		if (!link || link.expiresAt <= this.clock.now())
			return objectStoreDenied('Request has expired');
		this.downloadHistory.push({ event: 'read', fileName: link.fileName });
		return {
			status: 200,
			headers: {
				'content-type': link.contentType,
				'content-disposition': `attachment; filename="${link.fileName}"`,
			},
			body: link.content,
		};
	}

	createUpload(
		mediaId: string,
		accountId: string,
		ttlMs: number,
	): { url: string; expiresAt: number } {
		const signature = randomBytes(12).toString('hex');
		const expiresAt = this.clock.now() + ttlMs;
		this.uploads.set(mediaId, { mediaId, accountId, expiresAt, signature });
		return { url: `${this.origin()}/__upload/${mediaId}?signature=${signature}`, expiresAt };
	}

	receiveUpload(
		mediaId: string,
		signature: string | undefined,
		content: Buffer,
		headers: { contentType: string | undefined; contentLength: string | undefined },
	): Reply {
		const upload = this.uploads.get(mediaId);
		if (!upload || upload.signature !== signature)
			return objectStoreDenied('SignatureDoesNotMatch');
		if (upload.expiresAt <= this.clock.now()) return objectStoreDenied('Request has expired');
		upload.received = { content, ...headers, at: this.clock.now() };
		return { status: 200, headers: { etag: `"${mediaId}"` } };
	}

	upload(mediaId: string): Upload | undefined {
		return this.uploads.get(mediaId);
	}
}

const objectStoreDenied = (message: string): Reply => ({
	status: 403,
	headers: { 'content-type': 'application/xml' },
	body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`,
});

export const notFound = (): Reply => json(404, { message: 'Not found' });
