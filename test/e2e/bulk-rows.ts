import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import type { N8n } from '../../scripts/lib/n8n';
import { makePdf } from '../fixtures/pdf';
import { servicePaths } from '../support/servicePaths';
import {
	BULK_FOLDER_IN_EXAMPLE,
	csvRecords,
	exampleWorkflow,
	withCredentials,
	withFolder,
} from './support';

/** What examples/bulk-send.json reads and writes in its folder, and the columns of its CSV file. */
export const BULK_CSV = 'bulk-send.csv';
export const BULK_RESULTS = 'bulk-send-results.csv';
const COLUMNS = [
	'irn',
	'documentName',
	'pdfFile',
	'inviteeName',
	'inviteeEmail',
	'inviteePhone',
] as const;

export type BulkRow = Record<(typeof COLUMNS)[number], string>;

/** A row the service takes. */
export const goodRow = (index: number): BulkRow => ({
	irn: `LOAN-2026/${String(index).padStart(5, '0')}`,
	documentName: `Loan Agreement ${index}.pdf`,
	pdfFile: `loan-${index}.pdf`,
	inviteeName: `Borrower ${index}`,
	inviteeEmail: `borrower${index}@example.com`,
	inviteePhone: '',
});

/** The rows a run cannot send (its PDF is never written for `missing-…`), each with the start of its line's error. */
export const BAD_ROWS: Array<{ row: (index: number) => BulkRow; error: string }> = [
	{
		row: (index) => ({ ...goodRow(index), inviteeEmail: 'not-an-email' }),
		error: 'must be an e-mail address',
	},
	{
		row: (index) => ({ ...goodRow(index), pdfFile: `missing-${index}.pdf` }),
		error: 'Could not read the PDF missing-',
	},
	{
		row: (index) => ({ ...goodRow(index), irn: '' }),
		error: 'Input field irn: is required when If the IRN Already Exists',
	},
];

/** `count` good rows with the bad ones at `badAt` (one position per kind of BAD_ROWS), and where each error is. */
export function bulkRows(
	count: number,
	badAt: number[],
): { rows: BulkRow[]; errors: Map<number, string> } {
	const rows = Array.from({ length: count }, (_, index) => goodRow(index + 1));
	const errors = new Map<number, string>();
	for (const [kind, at] of badAt.entries()) {
		rows[at] = BAD_ROWS[kind].row(at + 1);
		errors.set(at, BAD_ROWS[kind].error);
	}
	return { rows, errors };
}

/**
 * examples/bulk-send.json saved in a running n8n under `id`, reading `folder`, with `credential` made through the
 * REST API as a user makes it in the editor.
 */
export async function saveBulkSend(
	n8n: N8n,
	credential: { name: string; type: string; data: Record<string, unknown> },
	folder: string,
	id: string,
): Promise<void> {
	const { name, type, data } = credential;
	const made = await n8n.rest<{ id: string }>('POST', '/rest/credentials', { name, type, data });
	const workflow = withFolder(exampleWorkflow('bulk-send.json'), BULK_FOLDER_IN_EXAMPLE, folder);
	await n8n.rest(
		'POST',
		'/rest/workflows',
		withCredentials(workflow, [{ id: made.id, name, type }], id),
	);
}

/** The example's CSV file of `rows` in `folder`. */
export function writeBulkCsv(folder: string, rows: BulkRow[]): void {
	const lines = rows.map((row) => COLUMNS.map((column) => row[column]).join(','));
	writeFileSync(join(folder, BULK_CSV), `${COLUMNS.join(',')}\n${lines.join('\n')}\n`);
}

/** The CSV file and each row's PDF (but the missing ones) in `folder`, as a user puts them there. */
export function writeBulkFolder(folder: string, rows: BulkRow[]): void {
	writeBulkCsv(folder, rows);
	for (const row of rows)
		if (!row.pdfFile.startsWith('missing-'))
			writeFileSync(join(folder, row.pdfFile), makePdf(row.documentName));
}

/** The creates the service received, in order, with the IRN each sent. */
export const bulkCreates = async (service: EmulatorProcess) =>
	(
		await service.control<Array<{ method: string; path: string; body?: { irn?: string } }>>(
			'GET',
			'/__emulator/requests',
		)
	).body.filter((request) => request.method === 'POST' && request.path === servicePaths.create);

/** The IRN the service holds for a document, read as a sender's app would. */
async function irnOf(service: EmulatorProcess, documentId: string): Promise<string> {
	const response = await fetch(
		`${service.info.origin}${servicePaths.status}?documentId=${encodeURIComponent(documentId)}`,
		{ headers: { 'X-Auth-Token': service.info.authToken } },
	);
	return ((await response.json()) as { data: { irn: string } }).data.irn;
}

/**
 * The results file has one line per CSV row, in the CSV's order: a sent row's line names the document the
 * service holds under the row's IRN, a bad row's line its error. Answers the lines.
 */
export async function expectBulkResults(
	folder: string,
	service: EmulatorProcess,
	rows: BulkRow[],
	errors: Map<number, string>,
): Promise<Array<Record<string, string>>> {
	const results = csvRecords(readFileSync(join(folder, BULK_RESULTS), 'utf8'));
	expect(results.map(({ irn, documentName }) => ({ irn, documentName }))).toEqual(
		rows.map(({ irn, documentName }) => ({ irn, documentName })),
	);
	for (const [index, result] of results.entries()) {
		const error = errors.get(index);
		if (error)
			expect({ row: index, ...result }).toEqual(
				expect.objectContaining({ documentId: '', error: expect.stringContaining(error) }),
			);
		else {
			expect({ row: index, error: result.error }).toEqual({ row: index, error: '' });
			expect(await irnOf(service, result.documentId)).toBe(rows[index].irn);
		}
	}
	return results;
}

/** Every row without an error was created exactly once, whatever happened between the runs. */
export async function expectOneCreatePerGoodRow(
	service: EmulatorProcess,
	rows: BulkRow[],
	errors: Map<number, string>,
): Promise<void> {
	const sent = (await bulkCreates(service)).map(({ body }) => body?.irn);
	expect([...sent].sort()).toEqual(
		rows
			.filter((_, index) => !errors.has(index))
			.map(({ irn }) => irn)
			.sort(),
	);
}
