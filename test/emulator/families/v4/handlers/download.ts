import { makePdf } from '../../../../fixtures/pdf';
import type { Account } from '../../../accounts';
import { v4Error } from '../../../envelopes';
import { json, type Reply, type RouteContext } from '../../../http';
import type { StoredFile } from '../../../links';
import type { EmulatorEnv } from '../../../server';
import { DOWNLOAD_LINK_TTL_MS, DOWNLOAD_TYPES, type V4State } from '../state';
import { iso, numberParam, present } from './shared';

// Pack downloads (a link or the file itself).

export function download(
	env: EmulatorEnv,
	state: V4State,
	ctx: RouteContext,
	account: Account,
): Reply {
	const { query } = ctx;
	// Validation order: downloadType, index, the type's own parameter, the forbidden one, then lookups.
	const downloadType = query.downloadType;
	if (!present(downloadType))
		return v4Error(400, 'LE_ERR_AP_043', 'downloadType is required', 'downloadType');
	if (!(DOWNLOAD_TYPES as readonly string[]).includes(downloadType)) {
		return v4Error(
			400,
			'LE_ERR_AP_044',
			`downloadType must be one of ${DOWNLOAD_TYPES.join(', ')}`,
			'downloadType',
		);
	}
	const indexValue = numberParam(query.index);
	if (indexValue === 'invalid' || (indexValue !== undefined && !Number.isInteger(indexValue))) {
		return v4Error(400, 'LE_ERR_AP_062', 'index must be a whole number', 'index');
	}
	if (indexValue !== undefined && indexValue < 0)
		return v4Error(400, 'LE_ERR_AP_046', 'index must not be negative', 'index');
	const index = indexValue ?? 0;
	const supporting = downloadType === 'SUPPORTING_DOCUMENT';
	if (!supporting && !present(query.documentId)) {
		return v4Error(
			400,
			'LE_ERR_AP_029',
			`documentId is required for ${downloadType}`,
			'documentId',
		);
	}
	if (supporting && !present(query.signUrl))
		return v4Error(400, 'LE_ERR_AP_045', 'signUrl is required for SUPPORTING_DOCUMENT', 'signUrl');
	if (supporting && query.documentId !== undefined) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			'documentId must not be sent with SUPPORTING_DOCUMENT',
			'documentId',
		);
	}
	if (!supporting && query.signUrl !== undefined) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			`signUrl must not be sent with ${downloadType}`,
			'signUrl',
		);
	}

	const packs = state.packs.filter((pack) => pack.accountId === account.id);
	let file: StoredFile;
	if (supporting) {
		// A sign URL may be given whole or as its identifier.
		const invitee = packs
			.flatMap((pack) => pack.invitees)
			.find(
				(candidate) =>
					candidate.signUrl === query.signUrl || candidate.signUrl.endsWith(`/${query.signUrl}`),
			);
		if (!invitee || index >= invitee.supportingDocumentCount) {
			return v4Error(
				404,
				'LE_ERR_AP_047',
				invitee ? `No supporting document at index ${index}` : 'No invitation matches this signUrl',
				invitee ? 'index' : 'signUrl',
			);
		}
		file = pdfFile(`${invitee.name} supporting document ${index + 1}`);
	} else {
		const document = packs
			.flatMap((pack) => pack.documents)
			.find((candidate) => candidate.documentId === query.documentId);
		if (!document)
			return v4Error(404, 'LE_ERR_AP_001', 'No document matches this documentId', 'documentId');
		if (downloadType === 'AUDIT_TRAIL' && !document.fullySigned) {
			return v4Error(
				400,
				'LE_ERR_AP_024',
				'The document is not fully signed; its audit trail is not available',
				'documentId',
			);
		}
		if (downloadType === 'ATTACHMENT' && index >= document.attachmentCount) {
			return v4Error(404, 'LE_ERR_AP_047', `No attachment at index ${index}`, 'index');
		}
		file =
			downloadType === 'DOCUMENT'
				? pdfFile(`${document.name}${document.fullySigned ? ' (signed)' : ''}`)
				: downloadType === 'AUDIT_TRAIL'
					? pdfFile(`${document.name} audit trail`)
					: pdfFile(`${document.name} attachment ${index + 1}`);
	}
	const asStream = query.mode === 'stream' || state.downloadDelivery.get(account.id) === 'stream';
	state.served.push({
		downloadType,
		fileName: file.fileName,
		bytes: file.content.length,
		as: asStream ? 'stream' : 'link',
	});
	if (asStream) {
		return {
			status: 200,
			headers: {
				'content-type': file.contentType,
				'content-disposition': `attachment; filename="${file.fileName}"`,
			},
			body: file.content,
		};
	}
	const link = env.links.createDownload(file, DOWNLOAD_LINK_TTL_MS);
	return json(200, { data: { url: link.url, expiresAt: iso(link.expiresAt) } });
}

const pdfFile = (title: string): StoredFile => ({
	content: makePdf(title),
	contentType: 'application/pdf',
	fileName: `${title.replace(/[^A-Za-z0-9 ._()-]/g, '')}.pdf`,
});
