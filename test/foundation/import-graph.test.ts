import { readFileSync } from 'fs';
import { join } from 'path';

import {
	boundaryViolations,
	codeHops,
	importGraph,
	nodeFolderOf,
	ROOT,
} from '../support/importGraph';

describe('the import graph of nodes/ and credentials/', () => {
	const { modules, edges } = importGraph();

	it('holds every node folder, nodes/shared and the credentials', () => {
		expect([...new Set(modules.map(nodeFolderOf))].sort()).toEqual([
			'credentials',
			'nodes/DocumentExecution',
			'nodes/DocumentExecutionPollTrigger',
			'nodes/DocumentExecutionTrigger',
			'nodes/shared',
		]);
		expect(edges.some((edge) => edge.to.startsWith('nodes/shared/'))).toBe(true);
	});

	it('has each node import only its own folder and nodes/shared, and nodes/shared no node', () => {
		expect(boundaryViolations(edges).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
	});

	it.each([
		[
			'a trigger imports the action node',
			'nodes/DocumentExecutionTrigger/a.ts',
			'nodes/DocumentExecution/b.ts',
		],
		[
			'the action node imports a trigger',
			'nodes/DocumentExecution/a.ts',
			'nodes/DocumentExecutionPollTrigger/b.ts',
		],
		['nodes/shared imports a node', 'nodes/shared/a.ts', 'nodes/DocumentExecution/shared/b.ts'],
		['a credential imports a node', 'credentials/a.ts', 'nodes/DocumentExecution/b.ts'],
	])('finds a crossing where %s', (_case, from, to) => {
		expect(boundaryViolations([{ from, to, typeOnly: true }])).toHaveLength(1);
	});

	/** The action node's operation files: each exports its entry in the Operation list, `<operation>Operation`. */
	const operationFiles = modules.filter((module) =>
		/export const \w+Operation: INodePropertyOptions/.test(
			readFileSync(join(ROOT, module), 'utf8'),
		),
	);

	it('finds the file of every operation', () => {
		expect(operationFiles).toContain('nodes/DocumentExecution/resources/document/getStatus.ts');
		expect(operationFiles).toContain('nodes/DocumentExecution/resources/document/markComplete.ts');
		expect(operationFiles.length).toBeGreaterThanOrEqual(33);
	});

	it("reaches every module that runs for an operation within two imports of the operation's file", () => {
		const far = operationFiles.flatMap((file) =>
			[...codeHops(file, edges)]
				.filter(([, hops]) => hops > 2)
				.map(([module, hops]) => `${file} -> ${module}: ${hops}`),
		);
		expect(far).toEqual([]);
	});

	it.each([
		['Document → Get Status', 'document/getStatus.ts'],
		['Document → Create Signing Request', 'document/create/body.ts'],
		['Pack → Download', 'pack/download.ts'],
	])('reaches all the code that runs for %s within two imports', (_operation, file) => {
		const hops = codeHops(`nodes/DocumentExecution/resources/${file}`, edges);
		expect(hops.size).toBeGreaterThan(10);
		expect(Math.max(...hops.values())).toBeLessThanOrEqual(2);
	});
});
