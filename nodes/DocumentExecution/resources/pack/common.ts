import { text } from '../../shared/form/rules';

export const PACK_STATUSES = ['DRAFT', 'SENT', 'EXPIRED', 'COMPLETED'] as const;
export const PACK_SELECTORS = ['packId', 'packUrn', 'workflowRunContextId'] as const;
export type PackSelector = (typeof PACK_SELECTORS)[number];

/** The switch that turns every section on. */
export const ALL_SECTIONS = 'payloadForPackEdit';

/**
 * v4 pack and document IDs are ULIDs: 26 characters of Crockford's base 32, in either case. Without regex
 * flags, as the editor's check of the Pack ID picker takes it as text.
 */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/;

/**
 * An optional text value of a pack request, trimmed: blank (or only spaces) counts as not given, unlike the
 * shared `text()`, so that an emptied field is not sent.
 */
export const optionalText = () =>
	text()
		.optional()
		.transform((value) => value?.trim() || undefined);
