import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { nodeTypeName, nodeTypes } from '../harness/types';

/** The three node types as n8n's editor receives them: named `<package>.<node>`. */
const description = (node: string): INodeTypeDescription => ({
	...nodeTypes.getByNameAndVersion(nodeTypeName(node)).description,
	name: nodeTypeName(node),
});
const action = description('documentExecution');
const webhookTrigger = description('documentExecutionTrigger');
const pollTrigger = description('documentExecutionPollTrigger');

/** An action node's actions in the panel: one per operation of each resource (resourceCategories). */
function resourceActions(node: INodeTypeDescription): string[] {
	const resources = (node.properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const operations = node.properties.find(
			(property: INodeProperties) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource.value),
		);
		return ((operations?.options ?? []) as INodePropertyOptions[]).map(
			(operation) => operation.action ?? `${resource.name} ${operation.name}`,
		);
	});
}

interface PanelEntry {
	name: string;
	description: string;
}

/**
 * The entries of n8n's node panel (node creator) for a set of node types, as n8n builds them in
 * `generateMergedNodesAndActions`: n8n-io/n8n packages/frontend/editor-ui/src/features/shared/nodeCreator/
 * composables/useActionsGeneration.ts (the same code is in n8n 2.41.1's editor bundle, workflows.store-*.js):
 * every node that is not a trigger (its group lacks 'trigger') is an entry; then each trigger whose name,
 * with its first `Trigger` removed, is the name of such an entry that has actions is merged into it, and the
 * entry takes the trigger's description ("default to trigger description"); any other trigger is an entry
 * of its own. So the entry of an app shows the description of its trigger, not of its action node.
 */
function panelEntries(types: INodeTypeDescription[]): PanelEntry[] {
	const entries: Array<PanelEntry & { actions: string[] }> = types
		.filter((type) => !type.group.includes('trigger'))
		.map((type) => ({
			name: type.name,
			description: type.description,
			actions: resourceActions(type),
		}));
	for (const trigger of types.filter((type) => type.group.includes('trigger'))) {
		const app = entries.find((entry) => entry.name === trigger.name.replace('Trigger', ''));
		if (app && app.actions.length > 0) app.description = trigger.description;
		else entries.push({ name: trigger.name, description: trigger.description, actions: [] });
	}
	return entries.map(({ name, description }) => ({ name, description }));
}

describe("n8n's node panel", () => {
	const entries = panelEntries([action, webhookTrigger, pollTrigger]);

	it('merges the webhook trigger into the action node, and lists the poll trigger on its own', () => {
		expect(entries.map((entry) => entry.name)).toEqual([action.name, pollTrigger.name]);
	});

	it("shows the action node's description on the merged entry", () => {
		expect(entries[0].description).toBe(action.description);
	});

	it('shows a description on each entry that says what it is for', () => {
		// The merged entry stands for both nodes: what the actions do, and that a flow can start on a signature.
		expect(entries[0].description).toMatch(
			/^Create e-signing requests, .*download signed files.* and start workflows when invitees sign/,
		);
		expect(entries[1].description).toMatch(
			/^Starts the workflow when a document is completed or its status changes, or when stamps, eSign credits or eBG notifications need attention, by asking the service on a schedule/,
		);
		expect(new Set(entries.map((entry) => entry.description)).size).toBe(entries.length);
	});

	it('lists the eBG review action without "e BG" (the linter\'s sentence case splits "eBG" in an action)', () => {
		const names = resourceActions(action);
		expect(names).toContain('Review an electronic bank guarantee notification');
		expect(names.filter((name) => /\be bg\b/i.test(name))).toEqual([]);
	});
});
