import { base64Problem } from '../../../../shared/base64';
import { isPdf } from '../../../../shared/pdf';
import { StoredFile } from '../../../shared/files/binary';

/** The create's files as its rules see them: facts about their bytes, never the bytes or base64 text held. */

/**
 * What the schema needs to know about a file, without holding its bytes or base64 text: a file of a binary
 * field by its size and first bytes, base64 text (given unwrapped) by its length and first characters.
 */
export function describeFile(bytes: StoredFile | string): {
	bytes: number;
	isPdf: boolean;
	notBase64?: string;
} {
	if (bytes instanceof StoredFile) return { bytes: bytes.size, isPdf: isPdf(bytes.head) };
	const notBase64 = base64Problem(bytes);
	const padding = bytes.endsWith('==') ? 2 : bytes.endsWith('=') ? 1 : 0;
	return {
		bytes: Math.floor((bytes.length * 3) / 4) - padding,
		isPdf: isPdf(Buffer.from(bytes.slice(0, 8), 'base64')),
		...(notBase64 ? { notBase64 } : {}),
	};
}
