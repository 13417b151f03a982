import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { summary } from './spec-summary/page';

/**
 * The endpoint table of docs/spec-summary.md agrees with the node's routing: a row per operation of the node,
 * with the method and path it sends.
 */

const node = new DocumentExecution().description;

/** Each row of the endpoint table: "Resource → Operation", method and path. */
function endpointRows(): Array<{ operation: string; method: string; path: string }> {
	const section = /## Endpoints per operation\n([\s\S]*?)\n## /.exec(summary())![1];
	return [...section.matchAll(/^\| ([^|]+ → [^|]+?) \| `(GET|POST|PUT|DELETE) ([^`]+)` \|/gm)].map(
		([, operation, method, path]) => ({ operation, method, path }),
	);
}

/** Every operation of the node, "Resource → Operation", with the method and path of its routing. */
function nodeOperations(): Array<{ operation: string; method?: string; path?: string }> {
	const resources = (
		node.properties.find((property) => property.name === 'resource')!
			.options as INodePropertyOptions[]
	).map(({ name, value }) => ({ name, value }));
	return resources.flatMap(({ name, value }) => {
		const selector = node.properties.find(
			(property: INodeProperties) =>
				property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value),
		)!;
		return (selector.options as INodePropertyOptions[]).map((option) => ({
			operation: `${name} → ${option.name}`,
			method: option.routing?.request?.method,
			// A path built by an expression (`/roles/{{ … }}`) is written with its parameter in braces (`/roles/{id}`).
			path: option.routing?.request?.url?.replace(/^=/, '').replace(/\{\{[^}]*\}\}/g, '{}'),
		}));
	});
}

describe('docs/spec-summary.md, the endpoints per operation', () => {
	it('has one row per operation of the node, with the method and path the node sends', () => {
		const rows = endpointRows();
		const operations = nodeOperations();
		expect(rows.map((row) => row.operation).sort()).toEqual(
			operations.map((entry) => entry.operation).sort(),
		);
		for (const { operation, method, path } of operations) {
			const row = rows.find((candidate) => candidate.operation === operation)!;
			expect({ operation, method: row.method, path: row.path.replace(/\{[^}]*\}/g, '{}') }).toEqual(
				{ operation, method, path },
			);
		}
	});
});
