export const PDF_MIME_TYPE = 'application/pdf';

export const isPdf = (content: Buffer): boolean =>
	content.subarray(0, 5).toString('latin1') === '%PDF-';
