import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerData } from '../../../../shared/accountReads';
import { parameter } from '../../../shared/form/parameters';
import type { ItemRequest, ReadRequest } from '../../../shared/requests/routing';
import { asString, type Body } from '../common';
import { simplifiedInvitee } from './serviceDate';

/**
 * Create's option If the IRN Already Exists: before sending, the IRN is looked up in the document list (`q`
 * matches a name, document ID or IRN without regard to case, so only an exact `irn` counts; the list is newest
 * first, so the first match is the newest). Items of one run that carry the same IRN take turns, so the second
 * finds what the first created (docs/choices/document.md).
 */

export const IF_IRN_EXISTS = {
	createAnother: 'createAnother',
	returnExisting: 'returnExisting',
	stop: 'stop',
} as const;

/** The creates of this run under way, by execution, node and IRN: the tail of each IRN's queue. */
const underWay = new Map<string, Promise<unknown>>();

const LOOKUP = {
	operation: 'Document → Create Signing Request (looking up the IRN)',
	again:
		'run the node again: nothing was sent, so nothing was created (If the IRN Already Exists needs the lookup)',
};

/** The newest document whose IRN is exactly `irn`, or undefined. */
async function findByIrn(read: ReadRequest, irn: string) {
	const answer = await read('/v3.0/sign/request/list', { q: irn, max: 40 }, LOOKUP);
	const documents = answerData(answer.body).documents;
	return (Array.isArray(documents) ? (documents as Body[]) : []).find(
		(document) => document.irn === irn,
	);
}

/** The existing document as the simplified create output gives a new one, from a status read. */
async function existingDocumentItem(
	read: ReadRequest,
	documentId: string,
): Promise<INodeExecutionData> {
	const answer = await read('/v3.2/sign/request', { documentId }, LOOKUP);
	const data = answerData(answer.body);
	const requests = Array.isArray(data.requests) ? (data.requests as Body[]) : [];
	const invitees = requests.map(simplifiedInvitee);
	return {
		json: {
			documentId: data.documentId ?? documentId,
			irn: data.irn ?? null,
			invitees,
			messages: [],
			warnings: [],
			existing: true,
		} as IDataObject,
	};
}

/** The lookup's own failure: nothing was sent, whatever the service or the network answered. */
const lookupFailure = (context: IExecuteSingleFunctions, error: unknown) =>
	new NodeOperationError(
		context.getNode(),
		`The IRN could not be looked up, so nothing was sent: ${(error as Error).message}`,
		{
			itemIndex: context.getItemIndex(),
			description:
				`If the IRN Already Exists reads the document list before creating; that read failed, so the signing request was not created. ${(error as { description?: string }).description ?? ''}`.trim(),
		},
	);

/**
 * Around the create's sending and output (`create`): with Return the Existing Document or Stop With an Error,
 * look the item's IRN up first, and send the create only when no document has it.
 */
export async function lookUpIrnFirst(
	this: IExecuteSingleFunctions,
	{ irn }: ItemRequest,
	create: () => Promise<INodeExecutionData[]>,
	read: ReadRequest,
): Promise<INodeExecutionData[]> {
	const choice = parameter<string>(this, 'options.ifIrnExists', IF_IRN_EXISTS.createAnother);
	if (choice === IF_IRN_EXISTS.createAnother || irn === undefined) return await create();
	const key = `${this.getExecutionId()}\u0000${this.getNode().name}\u0000${irn}`;
	const turn = async () => {
		const existing = await findByIrn(read, irn).catch((error: unknown) => {
			throw lookupFailure(this, error);
		});
		if (!existing) return await create();
		const documentId = asString(existing.documentId) ?? '';
		if (choice === IF_IRN_EXISTS.stop)
			throw new NodeOperationError(
				this.getNode(),
				`IRN: a document with IRN ${irn} already exists (Document ID ${documentId})`,
				{
					itemIndex: this.getItemIndex(),
					description:
						'Nothing was sent to the service. If the IRN Already Exists is "Stop With an Error": use another IRN, or choose "Return the Existing Document".',
				},
			);
		return [
			await existingDocumentItem(read, documentId).catch((error: unknown) => {
				throw lookupFailure(this, error);
			}),
		];
	};
	const mine = (underWay.get(key) ?? Promise.resolve()).then(turn, turn);
	const tail = mine.catch(() => undefined);
	underWay.set(key, tail);
	try {
		return await mine;
	} finally {
		if (underWay.get(key) === tail) underWay.delete(key);
	}
}
