import type { z } from 'zod';

import {
	applyRules,
	type FieldLabels,
} from '../../../../nodes/DocumentExecution/shared/form/rules';

export interface Rule {
	operation: string;
	field: string;
	rule: string;
}

/**
 * The schemas and schema factories the rows (`*-rows.ts`) break, so that a rule module's schema without a row
 * is seen.
 */
export const broken = new Set<unknown>();

/** The rule `value` breaks first, as the refusal names it (shared/form/rules.ts): `<Field>: <rule>`. */
export function rule(
	operation: string,
	schema: z.ZodTypeAny,
	value: unknown,
	labels: FieldLabels,
): Rule {
	broken.add(schema);
	const checked = applyRules(schema, value, labels);
	if (!checked.violations)
		throw new Error(`${operation}: ${JSON.stringify(value)} keeps every rule`);
	const [{ field, rule: broke }] = checked.violations;
	return { operation, field, rule: broke };
}
