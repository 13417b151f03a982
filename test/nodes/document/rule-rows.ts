import { z } from 'zod';

import { DOCUMENT_ID_LABELS } from '../../../nodes/DocumentExecution/resources/document/common';
import { CREATE_LABELS } from '../../../nodes/DocumentExecution/resources/document/create/rules';
import { GET_DETAILS_LABELS } from '../../../nodes/DocumentExecution/resources/document/getDetails';
import { GET_MANY_LABELS } from '../../../nodes/DocumentExecution/resources/document/getMany';
import { REACTIVATE_LABELS } from '../../../nodes/DocumentExecution/resources/document/reactivate';
import { REVIEW_EBG_LABELS } from '../../../nodes/DocumentExecution/resources/document/reviewEbg';
import { DOWNLOAD_LABELS } from '../../../nodes/DocumentExecution/shared/files/downloadRequest';
import { applyRules, type FieldLabels } from '../../../nodes/DocumentExecution/shared/form/rules';

/** The labels of every document operation: each row below names its field as its operation's refusal does. */
export const LABELS: FieldLabels = {
	...CREATE_LABELS,
	...DOCUMENT_ID_LABELS,
	...GET_DETAILS_LABELS,
	...DOWNLOAD_LABELS,
	...GET_MANY_LABELS,
	...REACTIVATE_LABELS,
	...REVIEW_EBG_LABELS,
};
export const firstViolation = (
	schema: z.ZodTypeAny,
	value: unknown,
	labels: FieldLabels = LABELS,
) => applyRules(schema, value, labels).violations?.[0];

/**
 * A row per rule: its name, the rule's schema, a valid value, a value that breaks it, and the message the
 * refusal gives (named with the row's labels where they are not LABELS).
 */
export type RuleRow = [string, z.ZodTypeAny, unknown, unknown, string, FieldLabels?];

/** A PDF as the create rules see it: facts about its bytes. */
export const pdf = { bytes: 100, isPdf: true };
/** A create body that keeps every rule. */
export const valid = {
	profileId: 'WF',
	file: { name: 'a.pdf', file: pdf },
	invitees: [{ name: 'A', email: 'a@example.com' }],
};

/** One test per row: the valid value keeps the rule, and the other gives the violation with its message. */
export function itChecksEachRule(rows: RuleRow[]) {
	// Every row gets its labels argument, so that jest does not read the sixth parameter as a done callback.
	it.each(
		rows.map(
			([rule, schema, ok, broken, message, labels]) =>
				[rule, schema, ok, broken, message, labels ?? LABELS] as const,
		),
	)('%s', (_rule, schema, ok, broken, message, labels) => {
		expect(firstViolation(schema, ok)).toBeUndefined();
		expect(firstViolation(schema, broken, labels)?.message).toContain(message);
	});
}
