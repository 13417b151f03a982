import { makePdf } from '../../../../fixtures/pdf';
import { v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import { fileName, stored } from '../files';
import { documentStatus, STATUS_LINK_TTL_MS, type V3Document, type V3State } from '../state';
import { certificateOf } from '../transitions';
import { invalid, present } from '../validation';
import { type Account, inviteeStatus, requestedDocument } from './shared';

// Status, the document list and the completed list.

export function status(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	const requested = requestedDocument(state, account, query.documentId);
	if ('failure' in requested) return requested.failure;
	const { doc } = requested;
	const signed = doc.invitees.some((invitee) => invitee.signed);
	const current = doc.signedPdf ?? doc.original;
	const data: Record<string, unknown> = {
		documentId: doc.documentId,
		irn: doc.irn,
		folderId: doc.folderId,
		// No document status: the spec's and the service notes' v3.2 answer has none (choices/v3.md, "Reads").
		requests: doc.invitees.map((invitee) => inviteeStatus(env, doc, invitee)),
		files: [env.links.createDownload(stored(current, fileName(doc)), STATUS_LINK_TTL_MS).url],
	};
	if (signed) {
		const trail = doc.auditTrail ?? makePdf(`Audit trail (in progress) of ${doc.documentId}`);
		data.auditTrail = env.links.createDownload(
			stored(trail, fileName(doc, '_audit_trail')),
			STATUS_LINK_TTL_MS,
		).url;
		data.signers = doc.invitees.filter((invitee) => invitee.signed).map(certificateOf);
	}
	return v3Success(data);
}

/** The spec's list paging: max 1 to 40 (anything else reads as the default 20), offset from 0. */
function pageOf(query: Record<string, string>): { max: number; offset: number } {
	let max = Number.parseInt(query.max ?? '', 10);
	if (!Number.isFinite(max) || max < 1 || max > 40) max = 20;
	let offset = Number.parseInt(query.offset ?? '', 10);
	if (!Number.isFinite(offset) || offset < 0) offset = 0;
	return { max, offset };
}

const listEntry = (doc: V3Document, now: number) => ({
	name: doc.name,
	documentId: doc.documentId,
	irn: doc.irn,
	folderId: doc.folderId,
	folderName: doc.folderName,
	status: documentStatus(doc, now),
});

export function list(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	const now = env.clock.now();
	const { max, offset } = pageOf(query);
	const q = (query.q ?? '').trim().toLowerCase();
	const wanted = query.status ? query.status.toUpperCase() : undefined;
	const matching = [...state.documents.values()]
		.filter((doc) => doc.accountId === account.id)
		.filter(
			(doc) =>
				!q || [doc.name, doc.documentId, doc.irn ?? ''].some((value) => value.toLowerCase() === q),
		)
		.filter((doc) => !wanted || documentStatus(doc, now) === wanted)
		.sort((a, b) => b.createdAt - a.createdAt || (a.documentId < b.documentId ? -1 : 1));
	return v3Success({
		total: matching.length,
		documents: matching.slice(offset, offset + max).map((doc) => listEntry(doc, now)),
	});
}

/**
 * The knowledge base's list of completed documents, oldest completion first
 * (https://knowledge.leegality.com/document-execution/api/list-completed-documents). Its page size and offset
 * behave as the document list's; the date filters' format is not published, so they are refused.
 */
export function completedList(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (present(query.startDate) || present(query.endDate)) {
		return invalid(
			'startDate and endDate are not emulated: the service does not publish their format',
		);
	}
	const now = env.clock.now();
	const { max, offset } = pageOf(query);
	const matches = (wanted: string | undefined, value: string | null) =>
		!present(wanted) || wanted!.trim().toLowerCase() === (value ?? '').toLowerCase();
	const completed = [...state.documents.values()]
		.filter(
			(doc) =>
				doc.accountId === account.id && doc.completion && documentStatus(doc, now) === 'COMPLETED',
		)
		.filter((doc) => matches(query.name, doc.name) && matches(query.irn, doc.irn))
		.sort(
			(a, b) =>
				a.completion!.at - b.completion!.at || a.completion!.sequence - b.completion!.sequence,
		);
	return v3Success({
		total: completed.length,
		documents: completed.slice(offset, offset + max).map((doc) => listEntry(doc, now)),
	});
}
