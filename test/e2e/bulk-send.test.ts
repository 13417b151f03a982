import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n, StoredExecution } from '../../scripts/lib/n8n';
import { paths } from '../../scripts/lib/paths';
import {
	BAD_ROWS,
	bulkCreates,
	bulkRows,
	saveBulkSend,
	expectBulkResults,
	expectOneCreatePerGoodRow,
	writeBulkFolder,
	type BulkRow,
} from './bulk-rows';
import { csvRecords, emulator, n8nWithPackage, tokenCredential } from './support';

const MANUAL_TRIGGER = "When clicking 'Execute workflow'";
/** The example's chunk size: the kill comes once the second chunk's creates have begun. */
const CHUNK = 100;

/**
 * examples/bulk-send.json as a user runs it in n8n 2.41.1: saved through n8n's REST API and started from its
 * manual trigger (a server's run, which a kill stops; `n8n execute` would be a process of its own), against an
 * emulator of its own, its CSV and PDFs in a folder n8n may read.
 */
describe('examples/bulk-send.json in a running n8n', () => {
	let n8n: N8n;
	const folder = mkdtempSync(join(tmpdir(), 'dex-e2e-bulk-'));
	const services: EmulatorProcess[] = [];

	beforeAll(async () => {
		n8n = await n8nWithPackage('bulk-send');
		n8n.withEnv({ N8N_RESTRICT_FILE_ACCESS_TO: folder });
		await n8n.start();
		await n8n.setupOwner();
	});

	afterAll(async () => {
		await n8n?.stop();
		for (const service of services) await service.stop();
		rmSync(folder, { recursive: true, force: true });
	});

	/** An emulator, the credential for it made in n8n, the example saved with it under `id`, and the rows' files. */
	async function setUp(id: string, rows: BulkRow[]) {
		const service = await emulator(`bulk-${id}`);
		services.push(service);
		const { data, type } = tokenCredential(service);
		await saveBulkSend(n8n, { name: `Document Execution (${id})`, type, data }, folder, id);
		writeBulkFolder(folder, rows);
		return service;
	}

	const startRun = (id: string) => n8n.runManually(id, MANUAL_TRIGGER);

	async function finished(executionId: string): Promise<StoredExecution> {
		const execution = await n8n.finishedExecution(executionId, 300_000);
		const error = execution.data.resultData.error as { message?: string } | undefined;
		expect({ status: execution.status, error: error?.message }).toEqual({
			status: 'success',
			error: undefined,
		});
		return execution;
	}

	it('writes one line per CSV row, in order, with its Document ID or its error; run again, it sends nothing twice', async () => {
		const shipped = csvRecords(
			readFileSync(join(paths.examples, 'bulk-send.csv'), 'utf8'),
		) as BulkRow[];
		const rows = [...shipped, ...BAD_ROWS.map(({ row }, index) => row(index + 1))];
		const errors = new Map(BAD_ROWS.map(({ error }, index) => [shipped.length + index, error]));
		const service = await setUp('DexE2eBulkSmall1', rows);

		await finished(await startRun('DexE2eBulkSmall1'));
		const first = await expectBulkResults(folder, service, rows, errors);
		await expectOneCreatePerGoodRow(service, rows, errors);

		await finished(await startRun('DexE2eBulkSmall1'));
		expect(await expectBulkResults(folder, service, rows, errors)).toEqual(first);
		await expectOneCreatePerGoodRow(service, rows, errors);
	});

	it('killed in the middle and run again: one document per IRN, and every row in the results once', async () => {
		const { rows, errors } = bulkRows(3 * CHUNK, [40, 150, 260]);
		const service = await setUp('DexE2eBulkKill01', rows);

		await startRun('DexE2eBulkKill01');
		for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
			if ((await bulkCreates(service)).length > CHUNK + 10) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		const beforeKill = (await bulkCreates(service)).length;
		await n8n.kill();
		expect(beforeKill).toBeGreaterThan(CHUNK + 10);
		expect(beforeKill).toBeLessThan(rows.length - errors.size);

		await n8n.start();
		await n8n.login();
		await finished(await startRun('DexE2eBulkKill01'));
		await expectBulkResults(folder, service, rows, errors);
		await expectOneCreatePerGoodRow(service, rows, errors);
	});
});
