import type { INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { V3_SEED } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { requestsOn, runDocument, startV3Emulator, v3State } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const path = '/api/v3.0/sign/request/complete';

describe('Document → Mark as Complete', () => {
	it('takes its place in the Document operations, in name order', () => {
		const selector = new DocumentExecution().description.properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes('document'),
		)!;
		const names = (selector.options as INodePropertyOptions[]).map((option) => option.name);
		expect(names).toContain('Mark as Complete');
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('posts the document ID and outputs the outcome; the document is then COMPLETED', async () => {
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'sign-next');
		await inviteeActs(emulator.env, V3_SEED.sentDocumentId, 'reject');
		const { items } = await runDocument(emulator, {
			operation: 'markComplete',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(requestsOn(emulator, path, 'POST')[0].body).toEqual({
			documentId: V3_SEED.sentDocumentId,
		});
		expect(items[0].json).toEqual({
			documentId: V3_SEED.sentDocumentId,
			completed: true,
			code: 'document.complete.success',
			message: 'Document marked as complete',
		});
		const status = await runDocument(emulator, {
			operation: 'getMany',
			returnAll: true,
			filters: { q: V3_SEED.sentDocumentId },
		});
		expect(
			status.items.find((item) => item.json.documentId === V3_SEED.sentDocumentId)?.json.status,
		).toBe('COMPLETED');
	});

	it('turns the refusal of a document with an active invitation into an error carrying its code', async () => {
		const result = await runDocument(emulator, {
			operation: 'markComplete',
			documentId: V3_SEED.sentDocumentId,
		});
		expect(result.nodeError(NODE_NAME)?.message).toContain('[active.invitation.exists]');
		expect(v3State(emulator).documents.get(V3_SEED.sentDocumentId)!.completion).toBeUndefined();
	});

	it('refuses an empty Document ID before any request', async () => {
		const result = await runDocument(emulator, { operation: 'markComplete', documentId: ' ' });
		expect(result.nodeError(NODE_NAME)?.message).toBe('Document ID: is required');
		expect(requestsOn(emulator, path)).toHaveLength(0);
	});
});
