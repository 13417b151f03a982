import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { nodeTypeName, nodeTypes, PACKAGE_NAME, ROOT } from '../harness/types';

/**
 * README.md's `## Operations` table against the node's own description (as n8n loads it): every resource has a
 * row, each row's Count and listed operations are the resource's Operation options, and the Total line under
 * the table adds them up, with the package's trigger nodes. A change to either side alone fails here.
 */

const action = nodeTypes.getByNameAndVersion(nodeTypeName('documentExecution')).description;

/** Each resource of the action node, by the name the Resource list shows, with the names of its operations. */
function describedResources(node: INodeTypeDescription): Map<string, string[]> {
	const resources = (node.properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	return new Map(
		resources.map((resource) => [
			resource.name,
			node.properties
				.filter(
					(property) =>
						property.name === 'operation' &&
						property.displayOptions?.show?.resource?.includes(resource.value),
				)
				.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
				.map((operation) => operation.name),
		]),
	);
}

/** The package's nodes whose group is `trigger`, by display name. */
const triggerNodes = (): string[] =>
	Object.entries(nodeTypes.data)
		.filter(([name]) => name.startsWith(`${PACKAGE_NAME}.`))
		.map(([name]) => nodeTypes.getByNameAndVersion(name).description)
		.filter((description) => description.group.includes('trigger'))
		.map((description) => description.displayName);

interface Row {
	resource: string;
	count: string;
	/** The operations the row lists, without what the parentheses say about each. */
	operations: string[];
}

/** Splits text on commas outside parentheses. */
function topLevelItems(text: string): string[] {
	const items: string[] = [];
	let depth = 0;
	let current = '';
	for (const char of text) {
		if (char === '(') depth++;
		if (char === ')') depth--;
		if (char === ',' && depth === 0) {
			items.push(current);
			current = '';
		} else current += char;
	}
	return [...items, current];
}

const withoutParentheses = (text: string): string => {
	let depth = 0;
	let out = '';
	for (const char of text) {
		if (char === '(') depth++;
		if (depth === 0) out += char;
		if (char === ')') depth--;
	}
	return out.replace(/\s+/g, ' ').trim();
};

/** The `## Operations` section of README.md: its table's rows, and the paragraph right under the table. */
function readmeOperations(readme: string): { header: string[]; rows: Row[]; under: string } {
	const section = /^## Operations\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
	if (!section) throw new Error('README.md has no "## Operations" section');
	const lines = section.split('\n');
	const first = lines.findIndex((line) => line.startsWith('|'));
	const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
	const cells = (line: string) =>
		line
			.replace(/^\||\|$/g, '')
			.split('|')
			.map((cell) => cell.trim());
	const [header, _rule, ...body] = lines.slice(first, end).map(cells);
	const column = (name: string) => {
		const index = header.indexOf(name);
		if (index < 0)
			throw new Error(`The Operations table has no "${name}" column: ${header.join(' | ')}`);
		return index;
	};
	const [resource, count, operations] = ['Resource', 'Count', 'Operations'].map(column);
	const rows = body.map((row) => ({
		resource: row[resource],
		count: row[count],
		operations: topLevelItems(row[operations]).map(withoutParentheses),
	}));
	const afterTable = lines.slice(end);
	const paragraphStart = afterTable.findIndex((line) => line.trim() !== '');
	const paragraphEnd = afterTable.findIndex(
		(line, index) => index > paragraphStart && line.trim() === '',
	);
	const under = afterTable
		.slice(paragraphStart, paragraphEnd < 0 ? undefined : paragraphEnd)
		.join(' ');
	return { header, rows, under };
}

describe("README.md's Operations table", () => {
	const described = describedResources(action);
	const { rows, under } = readmeOperations(readFileSync(join(ROOT, 'README.md'), 'utf8'));
	const row = (resource: string) => rows.find((candidate) => candidate.resource === resource);

	it('has one row for each resource of the node, and none for a resource the node lacks', () => {
		expect(described.size).toBeGreaterThan(0);
		expect(rows.map((candidate) => candidate.resource).sort()).toEqual(
			[...described.keys()].sort(),
		);
	});

	it.each([...described.keys()])(
		"%s: gives the node's number of operations, and lists each of them by its name",
		(resource) => {
			const operations = described.get(resource)!;
			expect(operations.length).toBeGreaterThan(0);
			expect(row(resource)).toBeDefined();
			expect(row(resource)!.count).toBe(String(operations.length));
			expect([...row(resource)!.operations].sort()).toEqual([...operations].sort());
		},
	);

	it('says under the table how many operations, resources and trigger nodes there are, and their sum', () => {
		const total =
			/^Total: \*\*(\d+) operations\*\* in (\d+) resources, plus \*\*(\d+) trigger nodes\*\* \(([^)]*)\), (\d+) in all\.$/.exec(
				under.replace(/\s+/g, ' ').trim(),
			);
		expect(total).not.toBeNull();
		const [, operations, resources, triggers, triggerNames, all] = total!;
		const operationCount = [...described.values()].reduce((sum, names) => sum + names.length, 0);
		const triggerCount = triggerNodes().length;
		expect(Number(operations)).toBe(operationCount);
		expect(Number(resources)).toBe(described.size);
		expect(Number(triggers)).toBe(triggerCount);
		expect(triggerNames.split(', ').sort()).toEqual(triggerNodes().sort());
		expect(Number(all)).toBe(operationCount + triggerCount);
		// The Count column adds up to the same total.
		expect(rows.reduce((sum, candidate) => sum + Number(candidate.count), 0)).toBe(operationCount);
	});
});
