import { z } from 'zod';

import { numberAsText } from '../../shared/numberAsText';
import { GROUP_OPERATORS, OPERATORS, RULE_TYPES, VALUE_COUNT, type ConditionOperator } from './common';

/**
 * Every rule the node checks before an administration (v1) request, one schema per request. The input of
 * each schema is what the node read from its parameters (API field names); `labels` give each field's
 * display name for the error message. A number given where the spec wants a string is sent as its text.
 * Tests: test/nodes/admin/validation.test.ts.
 */

/** An empty parameter ('' or null, or an expression that resolved to nothing) counts as not set. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const requiredBoolean = z.preprocess(
	blankToUndefined,
	z.boolean({ required_error: 'is required', invalid_type_error: 'must be true or false' }),
);
const optionalBoolean = z.boolean({ invalid_type_error: 'must be true or false' }).optional();

const wholeNumber = (min: number, minMessage: string) =>
	z
		.number({ required_error: 'is required', invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(min, minMessage);

const requiredText = z.preprocess(
	(value) => (typeof value === 'string' ? value.trim() : numberAsText(value)),
	z.string({ required_error: 'is required', invalid_type_error: 'must be text or a number' }).min(1, 'is required'),
);

const idList = z.array(
	z.preprocess(numberAsText, z.string({ invalid_type_error: 'must contain only text or numbers' }).trim().min(1, 'cannot contain an empty entry')),
	{ invalid_type_error: 'must be a list' },
);

export const passwordPolicyCreate = z
	.object({
		minimumPasswordLength: z.preprocess(blankToUndefined, wholeNumber(1, 'must be at least 1')),
		numbersRequired: requiredBoolean,
		specialCharactersRequired: requiredBoolean,
		uppercaseRequired: requiredBoolean,
	})
	.strict();

export const passwordPolicyLabels = {
	minimumPasswordLength: 'Minimum Password Length',
	numbersRequired: 'Numbers Required',
	specialCharactersRequired: 'Special Characters Required',
	uppercaseRequired: 'Uppercase Required',
};

const retentionDays = wholeNumber(1, 'must be at least 1 day').optional();

export const settingsUpdate = z
	.object({
		documentRetentionEnabled: optionalBoolean,
		documentRetentionPeriod: retentionDays,
		auditLogsRetentionEnabled: optionalBoolean,
		auditLogsRetentionPeriod: retentionDays,
		auditTrailGenerationEnabled: optionalBoolean,
	})
	.strict()
	.refine((body) => Object.keys(body).length > 0, { message: 'needs at least one field to change', path: ['updateFields'] });

export const settingsLabels = {
	documentRetentionEnabled: 'Document Retention Enabled',
	documentRetentionPeriod: 'Document Retention Period (Days)',
	auditLogsRetentionEnabled: 'Audit Logs Retention Enabled',
	auditLogsRetentionPeriod: 'Audit Logs Retention Period (Days)',
	auditTrailGenerationEnabled: 'Audit Trail Generation Enabled',
	updateFields: 'Update Fields',
};

export const notificationRuleUpdate = z
	.object({
		id: requiredText,
		ruleType: z.preprocess(
			blankToUndefined,
			z.enum(RULE_TYPES.map((type) => type.value) as [string, ...string[]], {
				errorMap: (issue) => ({
					message:
						issue.code === 'invalid_type' && issue.received === 'undefined'
							? 'is required'
							: `must be one of ${RULE_TYPES.map((type) => type.value).join(', ')}`,
				}),
			}),
		),
		additionalEmailRecipients: z
			.array(z.string().trim().email('must contain only e-mail addresses'), { invalid_type_error: 'must be a list' })
			.optional(),
		userIds: idList.optional(),
		enabled: optionalBoolean,
	})
	.strict();

export const notificationRuleLabels = {
	id: 'Rule ID',
	ruleType: 'Rule Type',
	additionalEmailRecipients: 'Additional Email Recipients',
	userIds: 'User IDs',
	enabled: 'Enabled',
};

export const roleUpdate = z
	.object({
		id: requiredText,
		name: requiredText,
		entitlementIds: idList.optional(),
	})
	.strict();

export const roleLabels = { id: 'Role ID', name: 'Name', entitlementIds: 'Entitlement IDs' };

export const licenceInstall = z.object({ file: requiredText }).strict();

export const oauth2ClientCreate = z
	.object({
		clientId: z.preprocess(
			numberAsText,
			z
				.string({ required_error: 'is required', invalid_type_error: 'must be text or a number' })
				.refine((value) => value.trim().length > 0, 'is required')
				.refine((value) => value.trim().length === 0 || (value.length >= 6 && value.length <= 64), (value) => ({
					message: `must be 6 to 64 characters long (it has ${value.length})`,
				})),
		),
	})
	.strict();

export const oauth2ClientLabels = { clientId: 'Client ID' };

// -------------------------------------------------------------------------------------------------------
// Search request

const conditionOperators = OPERATORS.map((operator) => operator.value) as [ConditionOperator, ...ConditionOperator[]];
const allOperators = [...conditionOperators, ...GROUP_OPERATORS] as [string, ...string[]];

const valueCountRule = (operator: ConditionOperator, count: number): string | undefined => {
	const [min, max] = VALUE_COUNT[operator];
	if (count >= min && count <= max) return undefined;
	if (max === 0) return `must be empty: ${operator} takes no value`;
	if (min === max) return `needs exactly ${min} value${min > 1 ? 's' : ''} for ${operator}${count === 0 ? ' and has none' : ` (it has ${count})`}`;
	return `needs at least ${min} value for ${operator} and has none`;
};

/** One condition of the "Using Fields Below" filter builder, values already split into a list. */
const condition = (fields: [string, ...string[]]) =>
	z
		.object({
			field: z.enum(fields, { errorMap: () => ({ message: `must be one of ${fields.join(', ')}` }) }),
			operator: z.enum(conditionOperators, { errorMap: () => ({ message: `must be one of ${conditionOperators.join(', ')}` }) }),
			value: z.array(z.string()),
		})
		.superRefine((entry, context) => {
			const problem = valueCountRule(entry.operator, entry.value.length);
			if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['value'] });
		});

type FilterJson = { field?: string; operator: string; value?: unknown[]; filters?: FilterJson[] };

/** A filter given as JSON: the spec's shape, nested through AND/OR `filters`. Field names are not limited. */
export const filterJson: z.ZodType<FilterJson> = z.lazy(() =>
	z
		.object(
			{
				field: z.string().min(1, 'is required').optional(),
				operator: z.enum(allOperators, {
					errorMap: (issue) => ({
						message: issue.code === 'invalid_type' ? 'is required' : `must be one of ${allOperators.join(', ')}`,
					}),
				}),
				value: z.array(z.union([z.string(), z.number(), z.boolean()]), { invalid_type_error: 'must be an array' }).optional(),
				filters: z.array(filterJson, { invalid_type_error: 'must be an array' }).optional(),
			},
			{ invalid_type_error: 'must be a JSON object' },
		)
		.strict()
		.superRefine((entry, context) => {
			if (entry.operator === 'AND' || entry.operator === 'OR') {
				if (!entry.filters?.length) {
					context.addIssue({ code: z.ZodIssueCode.custom, message: `needs at least one filter for ${entry.operator}`, path: ['filters'] });
				}
				return;
			}
			if (!entry.field) context.addIssue({ code: z.ZodIssueCode.custom, message: 'is required', path: ['field'] });
			const problem = valueCountRule(entry.operator as ConditionOperator, entry.value?.length ?? 0);
			if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['value'] });
		}),
);

export const searchRequest = (fields: [string, ...string[]]) =>
	z
		.object({
			conditions: z.array(condition(fields)).optional(),
			filterJson: filterJson.optional(),
			sort: z
				.array(
					z.object({
						field: z.enum(fields, { errorMap: () => ({ message: `must be one of ${fields.join(', ')}` }) }),
						direction: z.enum(['ASC', 'DESC'], { errorMap: () => ({ message: 'must be ASC or DESC' }) }),
					}),
				)
				.optional(),
			limit: z.preprocess(blankToUndefined, wholeNumber(1, 'must be at least 1')),
			page: z.preprocess(blankToUndefined, wholeNumber(0, 'cannot be negative: pages are counted from 0')).optional(),
		})
		.strict();

export const searchLabels = {
	conditions: 'Conditions › Condition',
	field: 'Field',
	operator: 'Operator',
	value: 'Values',
	filterJson: 'Filter (JSON)',
	sort: 'Sort › Rule',
	direction: 'Direction',
	limit: 'Limit',
	page: 'Page',
};

// -------------------------------------------------------------------------------------------------------

export interface Invalid {
	/** `'Client ID' must be 6 to 64 characters long (it has 5)` */
	message: string;
	/** Every problem found, one a line. */
	details: string;
}

/** JSON-style rest of a path: `filters[1].value`. */
const jsonPath = (segments: Array<string | number>) =>
	segments.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index ? '.' : ''}${segment}`)).join('');

/**
 * The quoted display name of an issue's path: labels for named segments, "Condition 2" for list
 * positions, and, inside a JSON parameter (Filter (JSON)), the JSON path as the user wrote it.
 */
export function fieldLabel(path: Array<string | number>, labels: Record<string, string>): string {
	const parts: string[] = [];
	for (let index = 0; index < path.length; index++) {
		const segment = path[index];
		if (segment === 'filterJson') {
			const rest = jsonPath(path.slice(index + 1));
			return `'${[...parts, labels.filterJson ?? 'Filter (JSON)'].join(' › ')}'${rest ? ` at ${rest}` : ''}`;
		}
		if (typeof segment === 'number') parts[parts.length - 1] = `${parts[parts.length - 1]} ${segment + 1}`;
		else parts.push(labels[segment] ?? segment);
	}
	return `'${parts.join(' › ')}'`;
}

/** Checks `input` against `schema`; the parsed value, or the first problem named by its field. */
export function check<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown, labels: Record<string, string>): { data: T } | { invalid: Invalid } {
	const result = schema.safeParse(input);
	if (result.success) return { data: result.data };
	const lines = result.error.issues.map((issue) => {
		if (issue.code === 'unrecognized_keys') return `Unexpected field ${issue.keys.join(', ')}`;
		return `${fieldLabel(issue.path, labels)} ${issue.message}`;
	});
	return { invalid: { message: lines[0], details: lines.join('\n') } };
}
