import axios from 'axios';
import { createHash } from 'node:crypto';

import { V3_SEED } from '../emulator/families/v3';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator } from '../emulator/server';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator();
});
afterEach(async () => await emulator.close());

const http = axios.create({ validateStatus: () => true, timeout: 2000 });
// Any service path works for faults: they are applied before routing.
const servicePath = () => `${emulator.baseUrl}/v3.2/sign/request?documentId=anything`;

describe('emulator core', () => {
	it('answers unknown service paths with 404 and records every service request', async () => {
		const before = emulator.requests.length;
		const response = await http.get(`${emulator.baseUrl}/v9/nothing?x=1`, {
			headers: { 'x-auth-token': 'abc' },
		});
		expect(response.status).toBe(404);
		const recorded = emulator.requests.slice(before);
		expect(recorded).toHaveLength(1);
		expect(recorded[0]).toMatchObject({
			method: 'GET',
			path: '/api/v9/nothing',
			query: { x: '1' },
		});
		expect(recorded[0].headers['x-auth-token']).toBe('abc');
	});

	it('reads a GET that carries a Content-Type without its query string, as the live service does', async () => {
		const url = `${emulator.baseUrl}/v3.2/sign/request?documentId=${V3_SEED.sentDocumentId}`;
		const headers = { 'x-auth-token': DEFAULT_AUTH_TOKEN };
		expect((await http.get(url, { headers })).data).toMatchObject({ status: 1 });
		const typed = await http.get(url, {
			headers: { ...headers, 'content-type': 'application/json' },
		});
		expect(typed.data).toMatchObject({ status: 0, messages: [{ code: 'document.id.required' }] });
		// The request log keeps what was sent.
		const [, recorded] = emulator.requestsTo('/v3.2/sign/request');
		expect(recorded.headers['content-type']).toBe('application/json');
		expect(recorded.query).toEqual({ documentId: V3_SEED.sentDocumentId });
	});

	describe('fault injection', () => {
		it.each([
			['http500', 500],
			['http502', 502],
			['http503', 503],
			['http429', 429],
		] as const)('%s answers HTTP %i once, then the rule is spent', async (kind, status) => {
			emulator.faults.inject({ kind, path: '/v3.2/' });
			const faulty = await http.get(servicePath());
			expect(faulty.status).toBe(status);
			if (kind === 'http429') expect(faulty.headers['retry-after']).toBe('1');
			const next = await http.get(servicePath());
			expect(next.status).not.toBe(status);
		});

		it('html answers 200 with an HTML page', async () => {
			emulator.faults.inject({ kind: 'html' });
			const response = await http.get(servicePath());
			expect(response.status).toBe(200);
			expect(response.headers['content-type']).toContain('text/html');
		});

		it('malformedJson answers 200 application/json with a body that does not parse', async () => {
			emulator.faults.inject({ kind: 'malformedJson' });
			const response = await http.get(servicePath(), {
				responseType: 'text',
				transformResponse: (body) => body,
			});
			expect(response.headers['content-type']).toContain('application/json');
			expect(() => JSON.parse(response.data as string)).toThrow();
		});

		it('reset closes the connection without an answer', async () => {
			emulator.faults.inject({ kind: 'reset' });
			await expect(http.get(servicePath())).rejects.toMatchObject({
				code: expect.stringMatching(/ECONNRESET|socket hang up|ERR_BAD_RESPONSE/),
			});
		});

		it('empty answers 200 with no body and no Content-Type', async () => {
			emulator.faults.inject({ kind: 'empty' });
			const response = await http.get(servicePath(), { responseType: 'arraybuffer' });
			expect(response.status).toBe(200);
			expect(Buffer.from(response.data).length).toBe(0);
			expect(response.headers['content-type']).toBeUndefined();
		});

		it('timeout never answers', async () => {
			emulator.faults.inject({ kind: 'timeout' });
			await expect(http.get(servicePath(), { timeout: 300 })).rejects.toMatchObject({
				code: 'ECONNABORTED',
			});
		});

		it('only matching requests get the fault, as many times as asked', async () => {
			emulator.faults.inject({ kind: 'http503', method: 'POST', path: /reactivate$/, times: 2 });
			expect((await http.get(servicePath())).status).not.toBe(503);
			const post = () => http.post(`${emulator.baseUrl}/v3.0/sign/request/reactivate`, {});
			expect((await post()).status).toBe(503);
			expect((await post()).status).toBe(503);
			expect((await post()).status).not.toBe(503);
		});

		it('can be steered over HTTP by another process', async () => {
			const injected = await http.post(`${emulator.origin}/__emulator/faults`, {
				kind: 'http500',
				path: '/v3.2/',
			});
			expect(injected.status).toBe(200);
			expect((await http.get(servicePath())).status).toBe(500);
		});
	});

	describe('temporary download links', () => {
		it('serve the file until their time to live passes on the emulator clock, then 403', async () => {
			const content = Buffer.from('%PDF-1.4 signed');
			const { url } = emulator.links.createDownload(
				{ content, contentType: 'application/pdf', fileName: 'signed.pdf' },
				15_000,
			);
			const fresh = await http.get(url, { responseType: 'arraybuffer' });
			expect(fresh.status).toBe(200);
			expect(Buffer.from(fresh.data)).toEqual(content);
			expect(fresh.headers['content-disposition']).toContain('signed.pdf');
			emulator.clock.advance(15_000);
			expect((await http.get(url)).status).toBe(403);
		});

		it('are unique per call', () => {
			const file = { content: Buffer.from('x'), contentType: 'application/pdf', fileName: 'a.pdf' };
			expect(emulator.links.createDownload(file, 1000).url).not.toBe(
				emulator.links.createDownload(file, 1000).url,
			);
		});

		it('take request faults like service paths, and only when asked', async () => {
			const file = {
				content: Buffer.from('%PDF-1.4 signed'),
				contentType: 'application/pdf',
				fileName: 'signed.pdf',
			};
			const { url } = emulator.links.createDownload(file, 15_000);
			emulator.faults.inject({ kind: 'html', path: '/__files/' });
			const page = await http.get(url);
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toContain('text/html');
			expect(Buffer.from((await http.get(url, { responseType: 'arraybuffer' })).data)).toEqual(
				file.content,
			);
		});

		it('answer with a chosen Content-Disposition when asked; other answers leave the rule unspent', async () => {
			const file = { content: Buffer.from('x'), contentType: 'application/pdf', fileName: 'a.pdf' };
			const { url } = emulator.links.createDownload(file, 15_000);
			const hostile = "attachment; filename*=UTF-8''%E0%A4";
			emulator.faults.inject({ kind: 'contentDisposition', value: hostile });
			// A JSON answer carries no file: it passes untouched, and the rule waits for a file.
			const status = await http.get(servicePath(), {
				headers: { 'x-auth-token': DEFAULT_AUTH_TOKEN },
			});
			expect(status.headers['content-disposition']).toBeUndefined();
			const faulty = await http.get(url, { responseType: 'arraybuffer' });
			expect(faulty.headers['content-disposition']).toBe(hostile);
			expect(Buffer.from(faulty.data)).toEqual(file.content);
			const next = await http.get(url);
			expect(next.headers['content-disposition']).toBe('attachment; filename="a.pdf"');
		});

		it('point at a closed loopback port (refused) or a name that never resolves, when asked', async () => {
			const file = { content: Buffer.from('x'), contentType: 'application/pdf', fileName: 'a.pdf' };
			emulator.faults.inject({ kind: 'refused', path: '/__files/' });
			emulator.faults.inject({ kind: 'unresolvable', path: '/__files/' });
			const refused = emulator.links.createDownload(file, 15_000).url;
			const unresolvable = emulator.links.createDownload(file, 15_000).url;
			expect(new URL(refused).host).not.toBe(new URL(emulator.origin).host);
			await expect(http.get(refused)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
			expect(new URL(unresolvable).hostname).toBe('files.emulator.invalid');
			await expect(http.get(unresolvable)).rejects.toMatchObject({
				code: expect.stringMatching(/^(ENOTFOUND|EAI_AGAIN)$/),
			});
			expect(new URL(emulator.links.createDownload(file, 15_000).url).origin).toBe(emulator.origin);
		});

		it('can be expired from another process by moving the clock', async () => {
			const { url } = emulator.links.createDownload(
				{ content: Buffer.from('x'), contentType: 'application/pdf', fileName: 'a.pdf' },
				15_000,
			);
			await http.post(`${emulator.origin}/__emulator/clock/advance`, { ms: 16_000 });
			expect((await http.get(url)).status).toBe(403);
		});
	});

	describe('pre-signed upload targets', () => {
		it('keep the bytes PUT within the time limit, intact', async () => {
			const { url } = emulator.links.createUpload('media-1', 'account-main', 15 * 60_000);
			const content = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 256));
			const response = await http.put(url, content, {
				headers: { 'content-type': 'application/pdf' },
			});
			expect(response.status).toBe(200);
			const received = emulator.links.upload('media-1')?.received;
			expect(received?.contentType).toBe('application/pdf');
			expect(createHash('sha256').update(received!.content).digest('hex')).toBe(
				createHash('sha256').update(content).digest('hex'),
			);
		});

		it('take request faults, such as a reset, when asked', async () => {
			const { url } = emulator.links.createUpload('media-3', 'account-main', 15 * 60_000);
			emulator.faults.inject({ kind: 'reset', path: '/__upload/' });
			await expect(http.put(url, 'x')).rejects.toMatchObject({ code: 'ECONNRESET' });
			expect(emulator.links.upload('media-3')?.received).toBeUndefined();
		});

		it('refuse a wrong signature and an expired target', async () => {
			const { url } = emulator.links.createUpload('media-2', 'account-main', 15 * 60_000);
			expect((await http.put(url.replace(/signature=\w+/, 'signature=forged'), 'x')).status).toBe(
				403,
			);
			emulator.clock.advance(15 * 60_000);
			expect((await http.put(url, 'x')).status).toBe(403);
			expect(emulator.links.upload('media-2')?.received).toBeUndefined();
		});
	});
});
