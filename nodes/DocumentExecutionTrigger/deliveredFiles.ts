import { isObject } from '../shared/isObject';
import { base64Problem, unwrapBase64 } from '../shared/base64';
import { isPdf } from '../shared/pdf';

export const DELIVERED_FILE_FIELDS = {
	files: (index: number) => (index === 0 ? 'data' : `data_${index + 1}`),
	auditTrail: () => 'auditTrail',
} as const;

type DeliveredKey = keyof typeof DELIVERED_FILE_FIELDS;

export interface DeliveredFile {
	field: string;
	fileName: string;
	content: Buffer;
}

export interface DeliveredFiles {
	files: DeliveredFile[];
	movedKeys: DeliveredKey[];
	movedToBinary: Partial<Record<DeliveredKey, string | string[]>>;
}

function pdfFromBase64(value: unknown): Buffer | undefined {
	if (typeof value !== 'string') return undefined;
	const compact = unwrapBase64(value);
	if (compact === '' || base64Problem(compact) !== undefined) return undefined;
	const bytes = Buffer.from(compact, 'base64');
	return isPdf(bytes) ? bytes : undefined;
}

const fileStem = (documentId: unknown) =>
	typeof documentId === 'string' && documentId !== ''
		? documentId.replace(/[^A-Za-z0-9_-]/g, '_')
		: 'document';

/**
 * The base64 PDFs an older webhook version carries, as binaries of the output item. A key moves only when
 * every value under it is a PDF (docs/choices/trigger.md, PDFs in a delivery).
 */
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
