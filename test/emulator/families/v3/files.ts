import { makePdf } from '../../../fixtures/pdf';
import type { StoredFile } from '../../links';
import type { V3Document } from './state';

// A document's files as the service serves them.

export function stored(content: Buffer, fileName: string): StoredFile {
	return { content, contentType: 'application/pdf', fileName };
}

/**
 * A file a control route adds (`{fileName?, text?, contentType?}`): a PDF showing `text`, or, with another
 * `contentType` (an invitee's photo of a card: `image/jpeg`), `text` itself as the bytes, served with that type.
 */
export function addedFile(
	input: Record<string, unknown>,
	text: string,
	fileName: string,
): StoredFile {
	const contentType = String(input.contentType ?? 'application/pdf');
	const shown = String(input.text ?? text);
	return {
		content: contentType === 'application/pdf' ? makePdf(shown) : Buffer.from(shown),
		contentType,
		fileName: String(input.fileName ?? fileName),
	};
}

export const fileName = (doc: V3Document, suffix = '') =>
	`${doc.name.replace(/\.pdf$/i, '')}${suffix}.pdf`;
