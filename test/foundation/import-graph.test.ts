import { boundaryViolations, importGraph, nodeFolderOf } from '../support/importGraph';

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
});
