import { Expression } from 'n8n-workflow';

import { baseUrlExpression } from '../../../nodes/shared/environment';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { runDocument, startV3Emulator } from './setup';

/**
 * Expressions cost most of a routed operation's time per item (in n8n 2.x each evaluation crosses into an
 * isolate), so the number Get Status causes per item is pinned here: an added field with routing, a second
 * property of the same name or a step that reads a parameter again shows up as a failure, not as a slower
 * bench. What each one is: docs/performance.md.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator({ v3ExtraDocuments: 3 });
});
afterEach(async () => await emulator.close());

const DOCUMENT_ID_EXPRESSION = '={{ $json.documentId }}';

const NAMES: Record<string, string> = {
	[DOCUMENT_ID_EXPRESSION]: 'Document ID',
	[baseUrlExpression]: 'base URL (requestDefaults)',
	'={{$credentials.authToken}}': 'X-Auth-Token header (credential)',
};

/** Every expression evaluated during one Get Status run over `items` items, by what it is. */
async function evaluationsOver(items: number): Promise<Record<string, number>> {
	const evaluate = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	try {
		const result = await runDocument(
			emulator,
			{
				operation: 'getStatus',
				documentId: { __rl: true, mode: 'id', value: DOCUMENT_ID_EXPRESSION },
			},
			{
				input: Array.from({ length: items }, (_, index) => ({
					json: { documentId: `DOCEXTRA${String(index + 1).padStart(6, '0')}` },
				})),
			},
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.output(NODE_NAME)).toHaveLength(items);
		const counts: Record<string, number> = {};
		for (const [expression] of evaluate.mock.calls) {
			const name = NAMES[String(expression)] ?? String(expression);
			counts[name] = (counts[name] ?? 0) + 1;
		}
		return counts;
	} finally {
		evaluate.mockRestore();
	}
}

describe('Get Status: expressions evaluated per item', () => {
	it('are the Document ID 5 times, the base URL twice and the token header once', async () => {
		const one = await evaluationsOver(1);
		const three = await evaluationsOver(3);
		const perItem = Object.fromEntries(
			Object.entries(three).map(([name, count]) => [name, (count - (one[name] ?? 0)) / 2]),
		);
		// The Document ID: once on each of n8n's two walks over the node's properties for each property named
		// documentId (the document operations' field and Pack → Download's), and once read by sendDocumentId.
		expect(perItem).toEqual({
			'Document ID': 5,
			'base URL (requestDefaults)': 2,
			'X-Auth-Token header (credential)': 1,
		});
	});
});
