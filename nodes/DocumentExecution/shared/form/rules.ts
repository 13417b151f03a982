import type {
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';
import { z } from 'zod';

import { refuseField } from '../../../shared/errors';
import { locatorValue } from './parameters';

/**
 * The one way the node refuses an item before sending anything: the zod schema of the operation's rules checks
 * what is about to be sent, and a broken rule reads `<field>: <rule>`, the field named by its editor label.
 */

/**
 * Editor labels of the values a schema checks, by their path (`invitees.*.phone`), each segment a `displayName`
 * joined by ` › `. Under a label ending in `(JSON)`, a path is shown as JSON (`Filter (JSON) at filters[1].value`).
 */
export type FieldLabels = Record<string, string>;

export interface RuleViolation {
	/** The field by its editor label, with list positions: `Invitees › Phone (2)`. */
	field: string;
	/** What the field breaks: `must be a 10-digit mobile number (no country code)`. */
	rule: string;
	message: string;
}

/** A key no label names, in words (`loanNumber` → `Loan Number`): a field of a JSON body or a collection. */
const humanize = (key: string) =>
	key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

/** `filters[1].value`: a path inside a JSON parameter as its author wrote it. */
const jsonPath = (segments: Array<string | number>) =>
	segments
		.map((segment, index) =>
			typeof segment === 'number' ? `[${segment}]` : `${index ? '.' : ''}${segment}`,
		)
		.join('');

/**
 * The editor label of the value at `path`: a label of that one place (its positions written, `invitees.0.email`)
 * as it is, else the longest labelled prefix, then the rest of the path and the positions.
 */
export function labelFor(path: Array<string | number>, labels: FieldLabels): string {
	const ofThePlace = labels[path.join('.')];
	if (ofThePlace) return ofThePlace;
	const keys = path.map((part) => (typeof part === 'number' ? '*' : part));
	for (let length = keys.length; length > 0; length--) {
		const label = labels[keys.slice(0, length).join('.')];
		if (!label) continue;
		if (label.endsWith('(JSON)')) {
			const inside = jsonPath(path.slice(length));
			return inside ? `${label} at ${inside}` : label;
		}
		const positions = path
			.filter((part): part is number => typeof part === 'number')
			.map((position) => position + 1);
		const name = [
			label,
			...keys
				.slice(length)
				.filter((key) => key !== '*')
				.map(humanize),
		].join(' › ');
		return positions.length ? `${name} (${positions.join('.')})` : name;
	}
	return (
		keys
			.filter((key) => key !== '*')
			.map(humanize)
			.join(' › ') || 'Request'
	);
}

function ruleOf(issue: z.ZodIssue): string {
	if (issue.code === 'unrecognized_keys')
		return `has fields the service does not take: ${issue.keys.join(', ')}`;
	if (issue.code === 'invalid_type' && issue.received === 'undefined') return 'is required';
	return issue.message;
}

const violationOf = (issue: z.ZodIssue, labels: FieldLabels): RuleViolation => {
	const field = labelFor(issue.path, labels);
	const rule = ruleOf(issue);
	return { field, rule, message: `${field}: ${rule}` };
};

/** What is sent once `value` keeps every rule of `schema`, or the broken rules. */
export function applyRules<T extends z.ZodTypeAny>(
	schema: T,
	value: unknown,
	labels: FieldLabels,
):
	| { value: z.output<T>; violations?: undefined }
	| { violations: [RuleViolation, ...RuleViolation[]] } {
	const parsed = schema.safeParse(value);
	if (parsed.success) return { value: parsed.data as z.output<T> };
	const [first, ...rest] = parsed.error.issues.map((issue) => violationOf(issue, labels));
	return { violations: [first, ...rest] };
}

type ItemContext = IExecuteSingleFunctions | IExecutePaginationFunctions;

/** What is sent once `value` keeps every rule of `schema`; otherwise stops the item before any request. */
export function refuseBrokenRules<T extends z.ZodTypeAny>(
	context: ItemContext,
	schema: T,
	value: unknown,
	labels: FieldLabels,
): z.output<T> {
	const checked = applyRules(schema, value, labels);
	if (!checked.violations) return checked.value;
	const [first, ...others] = checked.violations;
	refuseField(context.getNode(), first.field, first.rule, context.getItemIndex(), {
		others: others.map((other) => other.message),
	});
}

/** preSend: the query routing built must keep `schema`'s rules. */
export const checkQuery = (schema: z.ZodTypeAny, labels: FieldLabels): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		refuseBrokenRules(this, schema, options.qs ?? {}, labels);
		return options;
	};

/** preSend: parameters that routing puts elsewhere (a path segment) must keep `schema`'s rules; `labels` names them. */
export const checkParameters = (schema: z.ZodTypeAny, labels: FieldLabels): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const values = Object.fromEntries(
			Object.keys(labels).map((name) => [name, locatorValue(this, name)]),
		);
		refuseBrokenRules(this, schema, values, labels);
		return options;
	};

/** An empty parameter ('' or null, or an expression that resolved to nothing) counts as not set. */
export const blankToUndefined = (value: unknown) =>
	value === '' || value === null ? undefined : value;

/** An optional value given blank is left out of what is sent, as a field left empty in the form is. */
export const unsetWhenBlank = <T extends z.ZodTypeAny>(schema: T) =>
	z.preprocess(blankToUndefined, schema.optional());

const textType = { required_error: 'is required', invalid_type_error: 'must be text or a number' };

/**
 * A value for a field the spec types as a string: a finite number becomes its decimal text (2 → "2",
 * 1e21 → "1000000000000000000000"); anything else is handed back for the schema to accept or refuse.
 */
export function numberAsText(value: unknown): unknown {
	if (typeof value !== 'number' || !Number.isFinite(value)) return value;
	if (Number.isInteger(value)) return BigInt(value).toString();
	const text = String(value);
	// Only fractions below 1e-6 have an exponent here; 20 digits is as far as a double carries.
	return text.includes('e') ? value.toFixed(20).replace(/0+$/, '') : text;
}

/** A string field's schema, given the number an expression may give as its text (the spec's strings). */
export const asText = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(numberAsText, schema);

/** The string a field the spec types as a string must be, before the field's own rules. */
export const textString = () => z.string(textType);

/** A field the spec types as a string: a number is taken as its text, anything else that is not text is refused. */
export const text = () => asText(textString());

/** A required string field: blank is refused as missing (`what` says what it is, where that helps). */
export const requiredText = (what = 'is required') => asText(textString().trim().min(1, what));

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
	z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

export const wholeNumber = () =>
	z
		.number({ required_error: 'is required', invalid_type_error: 'must be a number' })
		.int('must be a whole number');

export const booleanField = () =>
	z.boolean({ required_error: 'is required', invalid_type_error: 'must be true or false' });
