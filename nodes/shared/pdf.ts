/** PDFs, as every node meets them: the files the service signs, downloads and delivers. */

/** The type of every file the spec calls a PDF, given where a file is described without being read. */
export const PDF_MIME_TYPE = 'application/pdf';

/** Whether bytes are a PDF: it starts with `%PDF-`. */
export const isPdf = (content: Buffer): boolean =>
	content.subarray(0, 5).toString('latin1') === '%PDF-';
