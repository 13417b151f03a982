import type { TriggerPanelDefinition } from 'n8n-workflow';

import { nodeTypeName, nodeTypes } from '../../harness/types';

/**
 * The trigger's setup lives in n8n's trigger panel (the `triggerPanel` of n8n's own manual-setup triggers:
 * a header, the help on executions before and after the workflow is published, and the activation hint):
 * which URL goes where in the service's dashboard, which webhook version to pick, what a test event does.
 */
const { description } = nodeTypes.getByNameAndVersion(nodeTypeName('documentExecutionTrigger'));
const panel = description.triggerPanel as TriggerPanelDefinition;
const asRead = (html: string) => html.replace(/<[^>]*>/g, '');

describe("the Document Execution Trigger's panel", () => {
	it('has a header, help for both states and an activation hint for both', () => {
		expect(panel.header).toEqual(expect.any(String));
		expect(panel.executionsHelp).toEqual({
			inactive: expect.any(String),
			active: expect.any(String),
		});
		expect(panel.activationHint).toEqual({
			inactive: expect.any(String),
			active: expect.any(String),
		});
	});

	it.each(['inactive', 'active'] as const)(
		'%s: says which URL goes where, which webhook version to pick and what a test event does',
		(state) => {
			const help = asRead((panel.executionsHelp as Record<string, string>)[state]);
			expect(help).toMatch(/URL ending in \/success as (its|the invitee's) Webhook URL/);
			expect(help).toMatch(/\/error as (its|the invitee's) Error Webhook URL/);
			expect(help).toMatch(/current webhook version/);
			expect(help).toMatch(/Listen for test event/);
			expect(help).toMatch(/executions list/);
		},
	);
});
