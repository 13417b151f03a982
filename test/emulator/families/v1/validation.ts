import { type ErrorItem, v1Error } from '../../envelopes';
import type { Reply } from '../../http';

// The v1 error answers and the checks of a request's body.

export const notFound = (code: string | null, message: string, path: string | null = null) =>
	v1Error(404, [{ message, path, ...(code ? { code } : {}) }]);

export const invalid = (errors: ErrorItem[]) => v1Error(400, errors);

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Payload errors: one entry per field, `path` naming it, no inner code (the spec gives one only for licences). */
export function checkFields(
	body: Record<string, unknown>,
	rules: Record<
		string,
		{ type: 'boolean' | 'positiveInteger' | 'string' | 'stringArray'; required?: boolean }
	>,
): ErrorItem[] {
	const errors: ErrorItem[] = [];
	for (const key of Object.keys(body)) {
		if (!(key in rules)) errors.push({ message: `Unknown field ${key}`, path: key });
	}
	for (const [key, rule] of Object.entries(rules)) {
		const value = body[key];
		if (value === undefined || value === null) {
			if (rule.required) errors.push({ message: `${key} is required`, path: key });
			continue;
		}
		const ok =
			rule.type === 'boolean'
				? typeof value === 'boolean'
				: rule.type === 'positiveInteger'
					? Number.isInteger(value) && (value as number) > 0
					: rule.type === 'string'
						? typeof value === 'string' && value.trim() !== ''
						: Array.isArray(value) && value.every((entry) => typeof entry === 'string');
		if (!ok) {
			const expected = {
				boolean: 'a boolean',
				positiveInteger: 'a positive integer',
				string: 'a non-empty string',
				stringArray: 'an array of strings',
			}[rule.type];
			errors.push({ message: `${key} must be ${expected}`, path: key });
		}
	}
	return errors;
}

type Parsed =
	| { body: Record<string, unknown>; reply?: undefined }
	| { body?: undefined; reply: Reply };

export function bodyObject(body: unknown): Parsed {
	return isObject(body)
		? { body }
		: { reply: invalid([{ message: 'The request body must be a JSON object', path: null }]) };
}

export const plainCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
