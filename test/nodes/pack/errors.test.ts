import axios from 'axios';
import type { INode } from 'n8n-workflow';

import { responseError } from '../../../nodes/shared/errors';
import { V4_CODES } from '../../../nodes/shared/serviceCodes';
import { DEFAULT_AUTH_TOKEN, type Emulator } from '../../emulator/server';
import { mainPacks, startV4Emulator } from './setup';

/**
 * Every code of the spec's v4 table, produced by the emulator under its condition and read by the node's
 * envelope reader. The node refuses most of these inputs before sending (see search/download tests), so the
 * requests here go to the emulator directly; the codes a valid request can still meet (LE_ERR_AP_080, 001,
 * 024, 047) are also reached through the engine in oauth-refresh, get and download tests.
 */
let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator()));
afterEach(async () => await emulator.close());

const node: INode = {
	id: 'n',
	name: 'Document Execution',
	type: 'n8n-nodes-document-execution.documentExecution',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const http = axios.create({ validateStatus: () => true, responseType: 'arraybuffer' });

// Every row has five entries: jest hands a `done` callback to a test whose row is shorter than its parameters.
const cases: Array<
	[string, number, string, () => Record<string, unknown>, Record<string, string> | null]
> = [
	['LE_ERR_AP_007', 400, '/v4/packs/search', () => ({ max: 0 }), null],
	['LE_ERR_AP_066', 400, '/v4/packs/search', () => ({ max: 41 }), null],
	['LE_ERR_AP_061', 400, '/v4/packs/search', () => ({ max: 'ten' }), null],
	['LE_ERR_AP_067', 400, '/v4/packs/search', () => ({ offset: -5 }), null],
	['LE_ERR_AP_011', 400, '/v4/packs/search', () => ({ offset: 990, max: 20 }), null],
	['LE_ERR_AP_009', 400, '/v4/packs/search', () => ({ sortBy: 'name' }), null],
	['LE_ERR_AP_010', 400, '/v4/packs/search', () => ({ sortOrder: 'random' }), null],
	['LE_ERR_AP_013', 400, '/v4/packs/search', () => ({ status: 'SIGNED' }), null],
	['LE_ERR_AP_043', 400, '/v4/packs/download', () => ({}), null],
	['LE_ERR_AP_044', 400, '/v4/packs/download', () => ({ downloadType: 'ZIP' }), null],
	['LE_ERR_AP_029', 400, '/v4/packs/download', () => ({ downloadType: 'AUDIT_TRAIL' }), null],
	[
		'LE_ERR_AP_045',
		400,
		'/v4/packs/download',
		() => ({ downloadType: 'SUPPORTING_DOCUMENT' }),
		null,
	],
	[
		'LE_ERR_AP_046',
		400,
		'/v4/packs/download',
		() => ({
			downloadType: 'ATTACHMENT',
			documentId: mainPacks(emulator)[0].documents[0].documentId,
			index: -1,
		}),
		null,
	],
	[
		'LE_ERR_AP_062',
		400,
		'/v4/packs/download',
		() => ({
			downloadType: 'ATTACHMENT',
			documentId: mainPacks(emulator)[0].documents[0].documentId,
			index: 'first',
		}),
		null,
	],
	[
		'LE_ERR_AP_024',
		400,
		'/v4/packs/download',
		() => ({
			downloadType: 'AUDIT_TRAIL',
			documentId: mainPacks(emulator).find((pack) => pack.status === 'DRAFT')!.documents[0]
				.documentId,
		}),
		null,
	],
	['LE_ERR_AP_080', 401, '/v4/packs/search', () => ({}), { 'x-auth-token': 'revoked' }],
	[
		'LE_ERR_AP_001',
		404,
		'/v4/packs/download',
		() => ({ downloadType: 'DOCUMENT', documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
		null,
	],
	[
		'LE_ERR_AP_047',
		404,
		'/v4/packs/download',
		() => ({
			downloadType: 'ATTACHMENT',
			documentId: mainPacks(emulator)[1].documents[0].documentId,
			index: 5,
		}),
		null,
	],
];

it("covers every code of the spec's v4 table", () => {
	expect(cases.map(([code]) => code).sort()).toEqual(Object.keys(V4_CODES).sort());
});

it.each(cases)(
	'%s (HTTP %i) becomes a NodeApiError with the code, every message and the trace ID',
	async (code, status, path, params, headers) => {
		// Read as bytes, as the download operation reads every answer.
		const response = await http.get(`${emulator.baseUrl}${path}`, {
			params: params(),
			headers: headers ?? { 'x-auth-token': DEFAULT_AUTH_TOKEN },
		});
		expect(response.status).toBe(status);
		const body = JSON.parse(Buffer.from(response.data).toString('utf8')) as {
			traceId: string;
			errors: Array<{ message: string; code: string }>;
		};
		const error = responseError(node, 'v4', {
			statusCode: response.status,
			body: Buffer.from(response.data),
			headers: response.headers as Record<string, string>,
		})!;
		expect(error.message).toBe(`${V4_CODES[code].message} [${code}]`);
		expect(error.httpCode).toBe(String(status));
		for (const entry of body.errors)
			expect(error.description).toContain(`${entry.code}: ${entry.message}`);
		expect(error.description).toContain(`Trace ID: ${body.traceId}`);
		if (V4_CODES[code].hint) expect(error.description).toContain(V4_CODES[code].hint);
	},
);
