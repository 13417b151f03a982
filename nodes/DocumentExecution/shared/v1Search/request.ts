import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';
import { z } from 'zod';

import { refuseField } from '../../../shared/errors';
import { parameter } from '../form/parameters';
import {
	blankToUndefined,
	oneOf,
	refuseBrokenRules,
	wholeNumber,
	type FieldLabels,
} from '../form/rules';
import { commaList } from '../form/v1Fields';
import { GROUP_OPERATORS, OPERATORS, type ConditionOperator } from './fields';
import { SEARCH_PAGE_SIZE } from './pager';

/** The rules and body of the administration (v1) Search, which Certificate and Audit Log share. */

/**
 * How many values each operator takes, [min, max]. The spec says only that `value` is an array; these
 * counts follow the operators' meaning (BETWEEN is a range, IN a set, IS_NULL a test without operand).
 */
export const VALUE_COUNT: Record<ConditionOperator, readonly [number, number]> = {
	EQ: [1, 1],
	NEQ: [1, 1],
	GT: [1, 1],
	LT: [1, 1],
	GTE: [1, 1],
	LTE: [1, 1],
	LIKE: [1, 1],
	BETWEEN: [2, 2],
	IN: [1, Infinity],
	NOT_IN: [1, Infinity],
	IS_NULL: [0, 0],
	NOT_NULL: [0, 0],
};

const conditionOperators = OPERATORS.map((operator) => operator.value) as [
	ConditionOperator,
	...ConditionOperator[],
];
const allOperators = [...conditionOperators, ...GROUP_OPERATORS] as [string, ...string[]];

const valueCountRule = (operator: ConditionOperator, count: number): string | undefined => {
	const [min, max] = VALUE_COUNT[operator];
	if (count >= min && count <= max) return undefined;
	if (max === 0) return `must be empty: ${operator} takes no value`;
	if (min === max)
		return `needs exactly ${min} value${min > 1 ? 's' : ''} for ${operator}${count === 0 ? ' and has none' : ` (it has ${count})`}`;
	return `needs at least ${min} value for ${operator} and has none`;
};

/** One condition of the "Using Fields Below" filter builder, values already split into a list. */
const condition = (fields: [string, ...string[]]) =>
	z
		.object({
			field: oneOf(fields),
			operator: oneOf(conditionOperators),
			value: z.array(z.string()),
		})
		.superRefine((entry, context) => {
			const problem = valueCountRule(entry.operator, entry.value.length);
			if (problem)
				context.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['value'] });
		});

type FilterJson = { field?: string; operator: string; value?: unknown[]; filters?: FilterJson[] };

/** A filter given as JSON: the spec's shape, nested through AND/OR `filters`. Field names are not limited. */
export const filterJson: z.ZodType<FilterJson> = z.lazy(() =>
	z
		.object(
			{
				field: z.string().min(1, 'is required').optional(),
				operator: oneOf(allOperators),
				value: z
					.array(z.union([z.string(), z.number(), z.boolean()]), {
						invalid_type_error: 'must be an array',
					})
					.optional(),
				filters: z.array(filterJson, { invalid_type_error: 'must be an array' }).optional(),
			},
			{ invalid_type_error: 'must be a JSON object' },
		)
		.strict()
		.superRefine((entry, context) => {
			if (entry.operator === 'AND' || entry.operator === 'OR') {
				if (!entry.filters?.length) {
					context.addIssue({
						code: z.ZodIssueCode.custom,
						message: `needs at least one filter for ${entry.operator}`,
						path: ['filters'],
					});
				}
				return;
			}
			if (!entry.field)
				context.addIssue({ code: z.ZodIssueCode.custom, message: 'is required', path: ['field'] });
			const problem = valueCountRule(entry.operator as ConditionOperator, entry.value?.length ?? 0);
			if (problem)
				context.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['value'] });
		}),
);

/** The Search request as read from the fields, before the body is built: every rule the node checks. */
export const searchRequest = (fields: [string, ...string[]]) =>
	z
		.object({
			conditions: z.array(condition(fields)).optional(),
			filterJson: filterJson.optional(),
			sort: z
				.array(
					z.object({
						field: oneOf(fields),
						direction: z.enum(['ASC', 'DESC'], {
							errorMap: () => ({ message: 'must be ASC or DESC' }),
						}),
					}),
				)
				.optional(),
			limit: z.preprocess(blankToUndefined, wholeNumber().min(1, 'must be at least 1')),
			page: z
				.preprocess(
					blankToUndefined,
					wholeNumber().min(0, 'cannot be negative: pages are counted from 0'),
				)
				.optional(),
		})
		.strict();

/** The labels of Search's fields, for Certificate and Audit Log alike. */
export const SEARCH_LABELS: FieldLabels = {
	conditions: 'Conditions › Condition',
	'conditions.*.field': 'Conditions › Condition › Field',
	'conditions.*.operator': 'Conditions › Condition › Operator',
	'conditions.*.value': 'Conditions › Condition › Values',
	filterJson: 'Filter (JSON)',
	sort: 'Sort › Rule',
	'sort.*.field': 'Sort › Rule › Field',
	'sort.*.direction': 'Sort › Rule › Direction',
	limit: 'Limit',
	page: 'Page',
};

interface ConditionParameter {
	field?: string;
	operator?: string;
	values?: unknown;
}

interface SearchFilter {
	field?: string;
	operator: string;
	value?: unknown[];
	filters?: SearchFilter[];
}

const withoutValue = (operator: string | undefined) =>
	operator === 'IS_NULL' || operator === 'NOT_NULL';

/** Filter (JSON) as written: JSON text (refused when it does not parse or is empty) or, from an expression, an object. */
function readFilterJson(context: IExecuteSingleFunctions): unknown {
	const raw = parameter<unknown>(context, 'filterJson', '');
	if (typeof raw !== 'string') return raw;
	if (!raw.trim())
		refuseField(context.getNode(), SEARCH_LABELS.filterJson, 'is empty', context.getItemIndex(), {
			hint: 'Set Filter to No Filter to search without one.',
		});
	try {
		return jsonParse<unknown>(raw);
	} catch (error) {
		refuseField(
			context.getNode(),
			SEARCH_LABELS.filterJson,
			'is not valid JSON',
			context.getItemIndex(),
			{ hint: `The JSON parser says: ${(error as Error).message}.` },
		);
	}
}

/**
 * preSend of a Search operation: the spec's Search request from the fields. "true"/"false" typed in a condition
 * on one of `booleanFields` are sent as booleans.
 */
export function buildSearch(
	fields: INodePropertyOptions[],
	booleanFields: string[] = [],
): PreSendAction {
	const schema = searchRequest(fields.map((field) => String(field.value)) as [string, ...string[]]);
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const filterType = parameter<string>(this, 'filterType', 'none');
		const returnAll = parameter<boolean>(this, 'returnAll', false) === true;
		const input: Record<string, unknown> = {
			limit: returnAll ? SEARCH_PAGE_SIZE : parameter(this, 'limit', null),
			page: returnAll ? 0 : parameter(this, 'options.page', 0),
		};
		if (filterType === 'conditions') {
			input.conditions = parameter<ConditionParameter[]>(this, 'conditions.condition', []).map(
				({ field, operator, values }) => ({
					field,
					operator,
					value: withoutValue(operator) ? [] : commaList(values ?? ''),
				}),
			);
		}
		if (filterType === 'json') input.filterJson = readFilterJson(this);
		const sortRules = parameter<IDataObject[]>(this, 'sort.rule', []);
		if (sortRules.length)
			input.sort = sortRules.map(({ field, direction }) => ({ field, direction }));

		const parsed = refuseBrokenRules(this, schema, input, SEARCH_LABELS);
		const body: IDataObject = { limit: parsed.limit, page: parsed.page ?? 0 };
		const conditions: SearchFilter[] = (parsed.conditions ?? []).map(
			({ field, operator, value }) => ({
				field,
				operator,
				...(withoutValue(operator)
					? {}
					: {
							value: booleanFields.includes(field)
								? value.map((entry) =>
										entry === 'true' ? true : entry === 'false' ? false : entry,
									)
								: value,
						}),
			}),
		);
		if (conditions.length === 1) body.filter = conditions[0] as unknown as IDataObject;
		if (conditions.length > 1) {
			body.filter = {
				operator: parameter<string>(this, 'combineConditions', 'AND') || 'AND',
				filters: conditions as unknown as IDataObject[],
			};
		}
		if (parsed.filterJson) body.filter = parsed.filterJson as unknown as IDataObject;
		if (parsed.sort) body.sort = parsed.sort;
		requestOptions.body = body;
		return requestOptions;
	};
}
