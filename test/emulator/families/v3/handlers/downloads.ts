import { v3Failure, v3Success } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { StoredFile } from '../../../links';
import type { EmulatorEnv } from '../../../server';
import { fileName, stored } from '../files';
import { documentStatus, DOWNLOAD_LINK_TTL_MS, type V3State } from '../state';
import { invalid, isReply, present } from '../validation';
import { type Account, ownDocument, uuidOf } from './shared';

// Downloads (GET /api/v3.3/document/fetchDocument).

const DOWNLOAD_TYPES = ['DOCUMENT', 'AUDIT_TRAIL', 'ATTACHMENT', 'SUPPORTING_DOCUMENT'];

function pickIndexed(files: StoredFile[], rawIndex: string | undefined): StoredFile | Reply {
	if (!present(rawIndex)) return invalid('index is required');
	if (!/^-?\d+$/.test(String(rawIndex))) return invalid('index must be an integer');
	const index = Number(rawIndex);
	if (index < 0) return v3Failure('index.not.negative', 'index cannot be negative');
	if (files.length === 0) return v3Failure('no.attachments.exists', 'No attachments exist');
	if (index >= files.length)
		return v3Failure('index.out.of.bound', `index must be below ${files.length}`);
	return files[index];
}

export function fetchDocument(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	query: Record<string, string>,
): Reply {
	if (!present(query.documentId)) return invalid('documentId is required');
	const doc = ownDocument(state, account, query.documentId);
	if (!doc || documentStatus(doc, env.clock.now()) !== 'COMPLETED')
		return v3Failure('no.document.found', 'No document found');
	const type = query.documentDownloadType;
	if (!DOWNLOAD_TYPES.includes(type ?? '')) {
		return v3Failure(
			'document.download.type',
			`documentDownloadType must be one of ${DOWNLOAD_TYPES.join(', ')}`,
		);
	}
	let file: StoredFile | Reply;
	if (type === 'DOCUMENT') file = stored(doc.signedPdf!, fileName(doc));
	else if (type === 'AUDIT_TRAIL') file = stored(doc.auditTrail!, fileName(doc, '_audit_trail'));
	else if (type === 'ATTACHMENT') file = pickIndexed(doc.attachments, query.index);
	else {
		if (!present(query.supportDocumentUrl)) return invalid('supportDocumentUrl is required');
		const uuid = uuidOf(query.supportDocumentUrl);
		const invitee = doc.invitees.find((candidate) => candidate.uuid === uuid);
		if (!invitee)
			return v3Failure('invitation.not.found', 'No invitation matches supportDocumentUrl');
		file = pickIndexed(invitee.supportingDocuments, query.index);
	}
	if (isReply(file)) return file;
	return v3Success({ file: env.links.createDownload(file, DOWNLOAD_LINK_TTL_MS).url });
}
