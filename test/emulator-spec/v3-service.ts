import axios from 'axios';

import { V3_SEED, type V3State } from '../emulator/families/v3';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';

/** What the v3 tests send and read over HTTP: every status is an answer, and files up to the limits pass. */
export const http = axios.create({
	validateStatus: () => true,
	timeout: 5000,
	maxBodyLength: Infinity,
	maxContentLength: Infinity,
});
export const auth = (token = DEFAULT_AUTH_TOKEN) => ({ headers: { 'X-Auth-Token': token } });
/** The first code of a v3 envelope's messages. */
export const code = (response: { data: { messages: Array<{ code: string }> } }) =>
	response.data.messages[0]?.code;
export const pdf64 = (text = 'Hello', bytes = 0) => makePdf(text, bytes).toString('base64');

/** A create body that the service takes, with `overrides` on the body and `file` on its file. */
export const createBody = (
	overrides: Record<string, unknown> = {},
	file: Record<string, unknown> = {},
) => ({
	profileId: V3_SEED.pdfProfileId,
	file: { name: 'Loan-agreement_01.pdf', file: pdf64(), ...file },
	invitees: [{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }],
	...overrides,
});

/**
 * A fresh emulator for each test of the calling file, its seed with fifty more v3 documents (so that the lists
 * have pages), closed after the test; and the v3 calls the tests make to it, with the default account's token.
 */
export function useV3Service() {
	let emulator: Emulator;
	beforeEach(async () => {
		emulator = await startEmulator({ seed: { v3ExtraDocuments: 50 } });
	});
	afterEach(async () => await emulator.close());

	const url = (path: string) => `${emulator.baseUrl}${path}`;
	const get = (path: string, params: Record<string, unknown> = {}, token?: string) =>
		http.get(url(path), { params, ...auth(token) });
	const post = (path: string, body: unknown, token?: string) =>
		http.post(url(path), body, auth(token));

	async function createDocument(overrides: Record<string, unknown> = {}) {
		const response = await post('/v3.0/sign/request', createBody(overrides));
		expect(response.data.status).toBe(1);
		return response.data.data as {
			documentId: string;
			irn: string | null;
			invitees: Array<{ signUrl: string; expiryDate: string }>;
		};
	}

	return {
		get emulator() {
			return emulator;
		},
		url,
		get,
		post,
		v3State: () => emulator.slice<V3State>('v3'),
		createDocument,
	};
}
