import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { isObject } from '../../../shared/isObject';
import { parameter } from './parameters';
import { labelFor, numberAsText, type FieldLabels } from './rules';
import { refuseField } from '../../../shared/errors';

/** A list parameter: comma-separated text or, from an expression, an array. Entries are trimmed; empty text is an empty list. */
export function commaList(value: unknown): unknown {
	if (Array.isArray(value))
		return value.map((entry) => (typeof entry === 'string' ? entry.trim() : entry));
	if (typeof value === 'string')
		return value
			.split(',')
			.map((entry) => entry.trim())
			.filter(Boolean);
	return value;
}

/**
 * The fields of "Update Fields" exactly as set: only the fields the user added are sent, so the service keeps
 * every other value. A field added without a value is refused rather than dropped or sent empty (a list's empty
 * text is an empty list, which clears it).
 */
export function updateFieldsOf(
	context: IExecuteSingleFunctions,
	labels: FieldLabels,
	listFields: string[] = [],
): IDataObject {
	const given = parameter<unknown>(context, 'updateFields', {});
	const fields: IDataObject = isObject(given) ? { ...(given as IDataObject) } : {};
	for (const [key, value] of Object.entries(fields)) {
		if (listFields.includes(key)) fields[key] = commaList(value) as IDataObject[keyof IDataObject];
		else if (value === undefined || value === null || value === '') {
			refuseField(
				context.getNode(),
				labelFor([key], labels),
				'has no value',
				context.getItemIndex(),
				{ hint: `Remove it from ${labels.updateFields} to leave it unchanged.` },
			);
		}
	}
	return fields;
}

/** The body without the path ID (checked with the body, sent in the URL). */
export const withoutId = (fields: object): IDataObject =>
	Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'id')) as IDataObject;

/** A list of IDs (User IDs, Entitlement IDs): a number is taken as its text, an empty entry is refused. */
export const idList = () =>
	z.array(
		z.preprocess(
			numberAsText,
			z
				.string({ invalid_type_error: 'must contain only text or numbers' })
				.trim()
				.min(1, 'cannot contain an empty entry'),
		),
		{ invalid_type_error: 'must be a list' },
	);
