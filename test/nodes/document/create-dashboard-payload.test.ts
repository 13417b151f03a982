import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { requestsOn, runDocument, servicePaths, startV3Emulator, v3State } from './setup';

/**
 * The service's Quick Start has users download a workflow's API payload from the dashboard and send it. Its
 * template fields are typed `text`, `radio` (with checked), `select` (with multiple) and `file` (without width
 * and height), as public client code against the live service shows (collected 2026-11-25).
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const dashboardPayload = JSON.parse(
	readFileSync(join(__dirname, '../../fixtures/dashboard-payload.json'), 'utf8'),
) as Record<string, any>;

describe('Create: the payload downloaded from the dashboard', () => {
	it('goes through as the JSON Body of a template workflow, its fields as the dashboard wrote them', async () => {
		const body: Record<string, any> = {
			...dashboardPayload,
			profileId: V3_SEED.templateProfileId,
			invitees: [{ name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }],
		};
		const result = await runDocument(emulator, {
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify(body, null, 2),
		});
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const [request] = requestsOn(emulator, servicePaths.create, 'POST');
		// Its blank IRN is not given (docs/choices/document.md): everything else goes as the dashboard wrote it.
		const { irn: blankIrn, ...sent } = body;
		expect(blankIrn).toBe('');
		expect(request.body).toEqual(sent);
		expect(
			(request.body as Record<string, any>).file.fields.map(
				(field: { type: string }) => field.type,
			),
		).toEqual(['text', 'textarea', 'file', 'radio', 'radio', 'select', 'checkbox']);

		const documentId = String(result.items[0].json.documentId);
		const doc = v3State(emulator).documents.get(documentId);
		expect(doc).toMatchObject({
			profileId: V3_SEED.templateProfileId,
			name: 'Jewel-Loan-Agreement',
		});
		const status = await runDocument(emulator, {
			operation: 'getStatus',
			documentId,
			simplify: false,
		});
		expect(status.items[0].json).toMatchObject({
			documentId,
			requests: [expect.objectContaining({ name: 'Asha Rao', active: true })],
		});
	});

	it('takes a file field and an image field from the Template Fields picker; image needs width and height', async () => {
		const parameters = (field: Record<string, unknown>) => ({
			operation: 'create',
			profileId: V3_SEED.templateProfileId,
			documentSource: 'template',
			templateFields: { field: [{ fieldId: '17769400123012', fieldName: 'Jewel 1', ...field }] },
			invitees: { invitee: [{ name: 'Asha Rao', phone: '9876543210' }] },
		});
		const file = await runDocument(emulator, parameters({ type: 'file' }));
		expect(file.nodeError(NODE_NAME)).toBeUndefined();
		const image = await runDocument(
			emulator,
			parameters({ type: 'image', width: '120', height: '80' }),
		);
		expect(image.nodeError(NODE_NAME)).toBeUndefined();
		expect(
			requestsOn(emulator, servicePaths.create, 'POST').map(
				(request) => (request.body as Record<string, any>).file.fields,
			),
		).toEqual([
			[{ id: '17769400123012', name: 'Jewel 1', type: 'file' }],
			[{ id: '17769400123012', name: 'Jewel 1', type: 'image', width: '120', height: '80' }],
		]);
		const unsized = await runDocument(emulator, parameters({ type: 'image', width: '120' }));
		expect(unsized.nodeError(NODE_NAME)?.message).toBe(
			'Template Fields › Height (Px) (1): is required (in pixels) when the type is image',
		);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(2);
	});
});
