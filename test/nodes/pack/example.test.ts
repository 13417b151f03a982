import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Emulator } from '../../emulator/server';
import { isPdf } from '../../fixtures/pdf';
import { runWorkflow, type WorkflowJson } from '../../harness/engine';
import { ROOT } from '../../harness/types';
import { tokenCredential } from '../../support/credentials';
import { mainPacks, startV4Emulator } from './setup';

let emulator: Emulator;
beforeEach(async () => (emulator = await startV4Emulator({ packCount: 30 })));
afterEach(async () => await emulator.close());

it('examples/search-packs-download.json: searches packs, then downloads each document of each pack as a file', async () => {
	const workflow = JSON.parse(
		readFileSync(join(ROOT, 'examples', 'search-packs-download.json'), 'utf8'),
	) as WorkflowJson;
	const result = await runWorkflow(workflow, {
		credentials: { documentExecutionApi: tokenCredential(emulator) },
	});
	expect(result.run.data.resultData.error).toBeUndefined();

	const newestCompleted = mainPacks(emulator)
		.filter((pack) => pack.status === 'COMPLETED')
		.sort((a, b) => b.updatedAt - a.updatedAt || b.packId.localeCompare(a.packId))
		.slice(0, 3);
	const documents = newestCompleted.flatMap((pack) => pack.documents);
	expect(result.output('Search Completed Packs').map((item) => item.json.packId)).toEqual(
		newestCompleted.map((pack) => pack.packId),
	);

	const files = result.output('Download Signed Document');
	expect(files.map((item) => item.json.documentId)).toEqual(
		documents.map((document) => document.documentId),
	);
	for (const item of files) {
		const content = await result.binary(item, 'document');
		expect(isPdf(content)).toBe(true);
		expect(item.binary!.document.fileName).toMatch(/\(signed\)\.pdf$/);
	}
	expect(emulator.requestsTo('/v4/packs/search')).toHaveLength(1);
	expect(
		emulator.requestsTo('/v4/packs').filter((request) => request.path === '/api/v4/packs'),
	).toHaveLength(3);
	expect(emulator.requestsTo('/v4/packs/download')).toHaveLength(documents.length);
});
