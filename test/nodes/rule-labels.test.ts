import { readFileSync } from 'fs';

import ts from 'typescript';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { DocumentExecution } from '../../nodes/DocumentExecution/DocumentExecution.node';
import { neslDataSchema } from '../../nodes/DocumentExecution/resources/document/create/nesl';
import {
	CREATE_LABELS,
	INPUT_FIELDS,
} from '../../nodes/DocumentExecution/resources/document/create/rules';
import { applyRules } from '../../nodes/DocumentExecution/shared/form/rules';
import { nodeModules } from '../support/nodeModules';

/**
 * A refusal names the field to fix by its label in the editor (shared/form/rules.ts). Every label comes from an
 * operation's `…LABELS` map, so checking the maps checks the messages: each ` › ` segment of each label must
 * be a `displayName` the node shows. And no refusal names a field by a literal of its own.
 */

type Described = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** Every displayName of the node's form: properties, collection fields, fixed-collection groups and their fields. */
function displayNames(properties: readonly Described[]): string[] {
	return properties.flatMap((property) => {
		const own = 'displayName' in property ? [property.displayName] : [];
		const nested = [
			...('options' in property && Array.isArray(property.options) ? property.options : []),
			...('values' in property && Array.isArray(property.values) ? property.values : []),
		].filter(
			(entry): entry is Described =>
				typeof entry === 'object' &&
				entry !== null &&
				('displayName' in entry || 'values' in entry),
		);
		return [...own, ...displayNames(nested)];
	});
}

const properties = new DocumentExecution().description.properties;
/**
 * Create's Using Input Fields reads the item's own fields: a refusal names the input field, which the mode's
 * notice lists by name.
 */
const inputFieldsNotice = properties.find((property) => property.name === 'inputFieldsNotice');
const inputFields = Object.keys(INPUT_FIELDS).filter((field) =>
	inputFieldsNotice?.displayName.includes(field),
);
const shown = new Set([
	...displayNames(properties),
	...inputFields.map((field) => `Input field ${field}`),
]);

/** `{ "file NAME": { key: label } }` of every exported `…LABELS` map of the action node. */
async function labelMaps(): Promise<Record<string, Record<string, string>>> {
	const maps: Record<string, Record<string, string>> = {};
	for (const module of await nodeModules()) {
		for (const [name, value] of Object.entries(module.exports)) {
			if (name.endsWith('LABELS') && typeof value === 'object' && value !== null)
				maps[`${module.name} ${name}`] = value as Record<string, string>;
		}
	}
	return maps;
}

describe('the field named in a refusal', () => {
	let maps: Record<string, Record<string, string>> = {};
	beforeAll(async () => {
		maps = await labelMaps();
	});

	it('is found in the label map of every operation with rules', () => {
		expect(Object.keys(maps).length).toBeGreaterThanOrEqual(20);
	});

	it('is a label the editor shows, segment by segment', () => {
		const unknown = Object.entries(maps).flatMap(([map, labels]) =>
			Object.entries(labels).flatMap(([path, label]) =>
				label
					.split(' › ')
					.filter((segment) => !shown.has(segment))
					.map((segment) => `${map} ${path}: "${segment}" (of "${label}")`),
			),
		);
		expect(unknown).toEqual([]);
	});

	it('never comes from a literal in the refusing code', async () => {
		// The argument that names the field, by function: a label must come from the operation's LABELS.
		const labelArgument: Record<string, number> = {
			refuseField: 1,
			readBinary: 2,
			storedFile: 2,
			binaryMetadata: 2,
		};
		const offenders = (await nodeModules()).flatMap((module) => {
			const source = ts.createSourceFile(
				module.path,
				readFileSync(module.path, 'utf8'),
				ts.ScriptTarget.Latest,
				true,
			);
			const found: string[] = [];
			const visit = (node: ts.Node) => {
				if (
					ts.isCallExpression(node) &&
					ts.isIdentifier(node.expression) &&
					node.expression.text in labelArgument
				) {
					const label = node.arguments[labelArgument[node.expression.text]];
					if (label && (ts.isStringLiteral(label) || ts.isNoSubstitutionTemplateLiteral(label))) {
						found.push(
							`${module.name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${label.getText()}`,
						);
					}
				}
				ts.forEachChild(node, visit);
			};
			visit(source);
			return found;
		});
		expect(offenders).toEqual([]);
	});
});

describe('a refusal inside the NeSL document detail', () => {
	const fieldsRefused = (detail: Record<string, unknown>) =>
		(
			applyRules(
				z.object({ neslData: neslDataSchema }),
				{ neslData: { documentDetail: { state: 'KA', ...detail } } },
				CREATE_LABELS,
			).violations ?? []
		).map((violation) => violation.field);

	it('names the field as the form shows it, where its key in words would not', () => {
		const fields = [
			...fieldsRefused({ registrationType: 'NON_LENDING', emiAmount: true, portalId: {} }),
			...fieldsRefused({ registrationType: 'EBG' }),
		];
		expect(fields).toEqual(
			expect.arrayContaining([
				'NeSL Data › Document Detail › EMI Amount',
				'NeSL Data › Document Detail › Portal ID',
				'NeSL Data › Document Detail › eBG Event',
			]),
		);
		const unknown = fields.filter((field) =>
			field.split(' › ').some((segment) => !shown.has(segment)),
		);
		expect(unknown).toEqual([]);
	});
});
