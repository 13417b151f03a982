import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { ONE_DOCUMENT_OPERATIONS } from '../../../nodes/DocumentExecution/resources/document/common';
import { runDocument, startV3Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

describe('The one Document ID field', () => {
	it.each(ONE_DOCUMENT_OPERATIONS)(
		'%s refuses a blank Document ID by name and sends nothing',
		async (operation) => {
			const result = await runDocument(emulator, {
				operation,
				documentId: { __rl: true, mode: 'id', value: '={{ "  " }}' },
			});
			const error = result.nodeError(NODE_NAME);
			expect(error?.message).toBe('Document ID: is required');
			expect(error?.description).toBe(
				'Nothing was sent to the service. Fix "Document ID" and run the node again.',
			);
			expect(emulator.requests).toHaveLength(0);
		},
	);
});
