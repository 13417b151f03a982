import { z } from 'zod';

import { neslDataSchema } from '../../../nodes/DocumentExecution/resources/document/create/nesl';
import * as v1Search from '../../../nodes/DocumentExecution/shared/v1Search/request';
import { V1_CODES, V3_CODES, V4_CODES } from '../../../nodes/shared/serviceCodes';
import { nodeModules } from '../../support/nodeModules';
import { createRows } from './spec-summary/create-rows';
import { expectGenerated, table } from './spec-summary/page';
import { broken, type Rule } from './spec-summary/rule';
import { v1Rows } from './spec-summary/v1-rows';
import { v3Rows } from './spec-summary/v3-rows';
import { v4Rows } from './spec-summary/v4-rows';

/**
 * The generated sections of docs/spec-summary.md agree with the node: the rules checked before sending with
 * the rule modules (a row each, in spec-summary/*-rows.ts), the service's codes with serviceCodes.ts.
 * `UPDATE_SPEC_SUMMARY=1` rewrites them.
 */

/** Every row of the rules table, in the page's order. */
async function rules(): Promise<Rule[]> {
	return [...createRows(), ...v3Rows(), ...v4Rows(), ...v1Rows()];
}

describe('docs/spec-summary.md, the rules checked before sending', () => {
	it('lists, generated from the rule modules, the message each rule gives', async () => {
		const rows = (await rules()).map(({ operation, field, rule }) => [operation, field, rule]);
		expectGenerated('rules', table(['Operation', 'Field', 'Rule'], rows));
	});

	it('has rows for every schema the node exports', async () => {
		await rules();
		broken.add(v1Search.filterJson); // the JSON filter of the searches above
		broken.add(neslDataSchema); // the NeSL data of the create rows above
		const schemas = (await nodeModules()).flatMap((module) =>
			Object.entries(module.exports)
				.filter(([, value]) => value instanceof z.ZodType)
				.map(([name, value]) => ({ name: `${module.name} ${name}`, value })),
		);
		expect(schemas.length).toBeGreaterThanOrEqual(20);
		expect(schemas.filter(({ value }) => !broken.has(value)).map(({ name }) => name)).toEqual([]);
	});
});

// ------------------------------------------------------------------------------------------ codes

describe('docs/spec-summary.md, the service codes', () => {
	it('lists, generated from serviceCodes.ts, the sentence the node shows for each code', () => {
		const rows = Object.entries({ v3: V3_CODES, v4: V4_CODES, v1: V1_CODES }).flatMap(
			([family, codes]) =>
				Object.entries(codes).map(([code, { message }]) => [family, `\`${code}\``, message]),
		);
		expectGenerated('codes', table(['Family', 'Code', 'The node says'], rows));
	});
});

// ------------------------------------------------------------------------------------------ endpoints
