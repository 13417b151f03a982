import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

/**
 * Section switches: the opt-in boolean query parameters of the detail operations (document Get Details,
 * pack Get). A nested switch is named `<parent>_<child>` and takes effect only when every ancestor switch
 * is on, so the node sends a chosen switch together with its ancestors.
 */

/** A switch's ancestors: its underscore-separated prefixes that are themselves switches, outermost first. */
function switchAncestors(name: string, switches: readonly string[]): string[] {
	const parts = name.split('_');
	return parts
		.slice(1)
		.map((_, index) => parts.slice(0, index + 1).join('_'))
		.filter((prefix) => switches.includes(prefix));
}

/** The query for the chosen switches: each one and its ancestors, as `true`. */
export function switchQuery(chosen: readonly string[], switches: readonly string[]): IDataObject {
	const query: IDataObject = {};
	for (const name of chosen) {
		for (const sent of [...switchAncestors(name, switches), name]) query[sent] = true;
	}
	return query;
}

/** A chosen list (possibly from an expression) that holds only known switches. */
export const sectionListSchema = (known: readonly string[]) =>
	z
		.array(z.string(), { invalid_type_error: 'must be a list of sections' })
		.default([])
		.superRefine((sections, ctx) => {
			const unknown = sections.filter((section) => !known.includes(section));
			if (unknown.length) {
				ctx.addIssue({
					code: 'custom',
					message: `unknown section ${unknown.map((section) => `"${section}"`).join(', ')}; pick from the Sections list`,
				});
			}
		});

/** What a read with Sections returns with Simplify off, as its Simplify's description says (`simplifyProperty`). */
export const WHOLE_WITH_SECTIONS = "the service's whole answer, with the Sections you pick";
