import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { TestCredentialsHelper } from '../../harness/credentials-helper';
import {
	createWithIrn,
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startV3Emulator,
} from './setup';

/**
 * Expressions cost most of a routed operation's time per item (in n8n 2.x each evaluation crosses into an
 * isolate), so the number Create Signing Request, Get Status and Download File cause per item is pinned here:
 * an added field with routing, a second property of the same name or a step that reads a parameter again shows
 * up as a failure, not as a slower bench. So are the credential reads per item (each one is a database read and a decryption in
 * the n8n server): none. Why each matters: docs/choices/performance.md.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator({ v3ExtraDocuments: 3 });
});
afterEach(async () => await emulator.close());

const DOCUMENT_ID_EXPRESSION = '={{ $json.documentId }}';

const NAMES: Record<string, string> = {
	[DOCUMENT_ID_EXPRESSION]: 'Document ID',
};
const CREDENTIAL_READS = 'credential reads';

/**
 * Every expression evaluated, by what it is, and the credential reads, during one run over `input`, whose
 * items each come out as one item with the same `key`.
 */
async function countsOver(
	parameters: INodeParameters,
	input: INodeExecutionData[],
	key: string,
): Promise<Record<string, number>> {
	const evaluate = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	const readCredential = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
	try {
		const result = await runDocument(emulator, parameters, { input });
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(result.output(NODE_NAME).map((item) => item.json[key])).toEqual(
			input.map((item) => item.json[key]),
		);
		const counts: Record<string, number> = {
			[CREDENTIAL_READS]: readCredential.mock.calls.length,
		};
		for (const [expression] of evaluate.mock.calls) {
			const name = NAMES[String(expression)] ?? String(expression);
			counts[name] = (counts[name] ?? 0) + 1;
		}
		return counts;
	} finally {
		evaluate.mockRestore();
		readCredential.mockRestore();
	}
}

/** What one more item costs: the counts over 3 items less those over 1, halved. */
async function perItem(
	parameters: INodeParameters,
	itemOf: (index: number) => Promise<INodeExecutionData>,
	key: string,
): Promise<Record<string, number>> {
	const one = await countsOver(parameters, [await itemOf(1)], key);
	const three = await countsOver(
		parameters,
		await Promise.all([1, 2, 3].map(async (index) => await itemOf(index))),
		key,
	);
	return Object.fromEntries(
		Object.entries(three)
			.map(([name, count]) => [name, (count - (one[name] ?? 0)) / 2])
			.filter(([, count]) => count !== 0),
	);
}

/** Get Status or Download File over items carrying `documentIdOf(index)`, read by an expression. */
const perDocumentId = async (
	parameters: INodeParameters,
	documentIdOf: (index: number) => string,
) =>
	await perItem(
		{ ...parameters, documentId: { __rl: true, mode: 'id', value: DOCUMENT_ID_EXPRESSION } },
		async (index) => ({ json: { documentId: documentIdOf(index) } }),
		'documentId',
	);

// The Document ID once, read by putDocumentId: in a workflow these operations run as custom operations
// (`inWorkflow`), without n8n's two walks over the node's properties that evaluate it twice more per item
// (RoutingNode.runNode, then resolveBaseUrl; an agent's tool call still takes them). No base URL: it is read
// from the credential once per run. No token header: the credential's authenticate is a function. No credential read: the node hands n8n the
// Auth Token credential it read once for the run with every request (`alreadyRead`), where n8n would read it
// for each, two per item for Get Status with Simplify on (the status read and the v3 list for the document's
// status, docs/choices/document.md).
describe('Expressions evaluated per item', () => {
	it.each([
		['on', true],
		['off', false],
	])('Get Status, Simplify %s: the Document ID once and nothing else', async (_case, simplify) => {
		const counts = await perDocumentId(
			{ operation: 'getStatus', simplify },
			(index) => `DOCEXTRA${String(index).padStart(6, '0')}`,
		);
		expect(counts).toEqual({ 'Document ID': 1 });
	});

	it('Download File: the same, the output taking the Document ID that was sent', async () => {
		const counts = await perDocumentId(
			{ operation: 'download', downloadType: 'DOCUMENT' },
			() => V3_SEED.completedDocumentId,
		);
		expect(counts).toEqual({ 'Document ID': 1 });
	});

	it('Create Signing Request: each field once, If the IRN Already Exists taking the IRN that was read', async () => {
		const fields = {
			documentName: '={{ $json.irn }}.pdf',
			name: '={{ $json.signer }}',
			email: '={{ $json.email }}',
			irn: '={{ $json.irn }}',
		};
		const counts = await perItem(
			{
				...createWithIrn(fields.irn),
				documentName: fields.documentName,
				invitees: { invitee: [{ name: fields.name, email: fields.email }] },
			},
			async (index) =>
				await pdfItem(undefined, {}, 'default', {
					irn: `EVAL-${index}`,
					signer: `Signer ${index}`,
					email: `signer${index}@example.com`,
				}),
			'irn',
		);
		expect(counts).toEqual({
			[fields.documentName]: 1,
			[fields.name]: 1,
			[fields.email]: 1,
			[fields.irn]: 1,
		});
		// The lookups asked for the IRNs read: one run over item 1, then one over items 1 to 3.
		const lookedUp = requestsOn(emulator, servicePaths.list).map((request) => request.query.q);
		expect(lookedUp.sort()).toEqual(['EVAL-1', 'EVAL-1', 'EVAL-2', 'EVAL-3']);
	});

	it('Create Signing Request, Using Input Fields: nothing, the lookups asking for the IRNs of the items', async () => {
		const counts = await perItem(
			{ ...createWithIrn(''), specifyBody: 'inputFields' },
			async (index) =>
				await pdfItem(undefined, {}, 'default', {
					documentName: `Loan ${index}.pdf`,
					irn: `EVAL-${index}`,
					inviteeName: `Signer ${index}`,
					inviteeEmail: `signer${index}@example.com`,
				}),
			'irn',
		);
		expect(counts).toEqual({});
		const lookedUp = requestsOn(emulator, servicePaths.list).map((request) => request.query.q);
		expect(lookedUp.sort()).toEqual(['EVAL-1', 'EVAL-1', 'EVAL-2', 'EVAL-3']);
	});
});
