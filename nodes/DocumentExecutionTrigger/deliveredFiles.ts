import { isObject } from '../shared/isObject';
import { base64Problem, unwrapBase64 } from '../shared/base64';
import { isPdf } from '../shared/pdf';

/**
 * The PDFs an older webhook version carries in its body (base64 `files` and `auditTrail`, public client code
 * against the live service, collected 2026-11-25), taken out of the JSON so that the output item holds them as
 * binaries instead of megabytes of text. Pure and total: it never throws and never changes the body.
 *
 * A key moves only when every value under it is base64 that decodes to a PDF; anything else (a URL, an object,
 * text that is not base64, bytes that are not a PDF) stays in the JSON as it arrived.
 */

/** Where each key's PDFs go: `files` to the binary fields n8n's Download uses (`data`, then `data_2`…). */
export const DELIVERED_FILE_FIELDS = {
	files: (index: number) => (index === 0 ? 'data' : `data_${index + 1}`),
	auditTrail: () => 'auditTrail',
} as const;

type DeliveredKey = keyof typeof DELIVERED_FILE_FIELDS;

export interface DeliveredFile {
	/** The output binary field. */
	field: string;
	fileName: string;
	content: Buffer;
}

export interface DeliveredFiles {
	files: DeliveredFile[];
	/** The body keys the files came from, to leave out of the JSON. */
	movedKeys: DeliveredKey[];
	/** For the output: each moved key and the binary field(s) now holding its PDFs, a list where it was one. */
	movedToBinary: Partial<Record<DeliveredKey, string | string[]>>;
}

function pdfFromBase64(value: unknown): Buffer | undefined {
	if (typeof value !== 'string') return undefined;
	const compact = unwrapBase64(value);
	if (compact === '' || base64Problem(compact) !== undefined) return undefined;
	const bytes = Buffer.from(compact, 'base64');
	return isPdf(bytes) ? bytes : undefined;
}

/** Safe in a file name: the document id as sent, anything but letters, digits, `-` and `_` replaced. */
const fileStem = (documentId: unknown) =>
	typeof documentId === 'string' && documentId !== ''
		? documentId.replace(/[^A-Za-z0-9_-]/g, '_')
		: 'document';

export function deliveredFiles(body: Record<string, unknown>, documentId: unknown): DeliveredFiles {
	const stem = fileStem(documentId);
	const result: DeliveredFiles = { files: [], movedKeys: [], movedToBinary: {} };
	const move = (key: DeliveredKey, nameOf: (index: number, count: number) => string) => {
		const value = body[key];
		const values = Array.isArray(value) ? value : [value];
		const pdfs = values.map(pdfFromBase64);
		if (pdfs.length === 0 || pdfs.some((pdf) => pdf === undefined)) return;
		const files = (pdfs as Buffer[]).map((content, index) => ({
			field: DELIVERED_FILE_FIELDS[key](index),
			fileName: nameOf(index, pdfs.length),
			content,
		}));
		result.files.push(...files);
		result.movedKeys.push(key);
		const fields = files.map((file) => file.field);
		result.movedToBinary[key] = Array.isArray(value) ? fields : fields[0];
	};
	const has = (key: DeliveredKey) =>
		isObject(body) && Object.prototype.hasOwnProperty.call(body, key);
	if (has('files'))
		move('files', (index, count) => (count === 1 ? `${stem}.pdf` : `${stem}_${index + 1}.pdf`));
	if (has('auditTrail')) move('auditTrail', () => `${stem}_audit_trail.pdf`);
	return result;
}
