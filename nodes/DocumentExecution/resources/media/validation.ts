import { z } from 'zod';

export { validate } from '../pack/validation';

/** Every rule of the media upload request (v4), checked before any request. */

export const MEDIA_TYPES = [
	'SUB_DOCUMENT',
	'STAMP_UPLOAD',
	'REFERENCE_ATTACHMENTS',
	'FACE_MATCH_REFERENCE',
	'TEMPLATE_FILE_TYPE_FIELD',
	'CUSTOM_FIELD_UPLOAD',
] as const;

export const MEDIA_FIELD_NAMES: Record<string, string> = {
	fileName: 'File Name',
	mediaType: 'Media Type',
	binaryPropertyName: 'Input Binary Field',
};

/** `name.ext`: a name, a dot, then letters or digits (a bare `.pdf` has no name). */
const WITH_EXTENSION = /^.*[^.\s].*\.[A-Za-z0-9]+$/;

export const mediaUploadSchema = z.object({
	fileName: z
		.string({ required_error: 'is required' })
		.trim()
		.min(1, 'is required: name the file or give the binary data a file name')
		.max(255, 'cannot be longer than 255 characters')
		.regex(WITH_EXTENSION, 'needs an extension (for example contract.pdf), so the service can tell the file type'),
	mediaType: z.enum(MEDIA_TYPES, { errorMap: () => ({ message: `must be one of ${MEDIA_TYPES.join(', ')}` }) }),
});
