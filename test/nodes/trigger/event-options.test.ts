import { Workflow, type INodeParameters, type INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecutionTrigger } from '../../../nodes/DocumentExecutionTrigger/DocumentExecutionTrigger.node';
import { ANY_EVENT, EVENT_KINDS } from '../../../nodes/DocumentExecutionTrigger/delivery';
import { V3_SEED } from '../../emulator/families/v3';
import { buildV3Event } from '../../emulator/families/webhooks';
import { nodeTypes } from '../../harness/types';
import { postRaw, triggerTestbed, triggerWorkflow } from './helpers';

const { properties, subtitle } = new DocumentExecutionTrigger().description;
const named = (name: string) => properties.find((property) => property.name === name)!;

const bed = triggerTestbed();

describe("the trigger's Events", () => {
	it("is a required top-level field, as n8n's Stripe Trigger has it, with Other Event Types beside it", () => {
		const events = named('events');
		expect(events).toMatchObject({ type: 'multiOptions', required: true, default: [] });
		expect(events.displayOptions).toBeUndefined();
		const at = (name: string) => properties.findIndex((property) => property.name === name);
		expect(at('otherEventTypes')).toBe(at('events') + 1);
		expect(named('otherEventTypes')).toMatchObject({ type: 'string', default: '' });
		const options = named('options').options ?? [];
		expect(options.map((option) => option.name)).not.toEqual(
			expect.arrayContaining(['eventTypes']),
		);
	});

	it('offers Any Event first, then every event kind once, with its description, in alphabetical order', () => {
		const [any, ...kinds] = named('events').options as INodePropertyOptions[];
		expect(any).toMatchObject({ name: 'Any Event', value: ANY_EVENT });
		expect(kinds.map((option) => option.value).sort()).toEqual(Object.keys(EVENT_KINDS).sort());
		for (const option of kinds)
			expect(option.description).toBe(EVENT_KINDS[option.value as keyof typeof EVENT_KINDS]);
		const names = kinds.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it.each([
		['Any Event', 1, { events: [ANY_EVENT] }],
		['Any Event with another kind picked too', 1, { events: [ANY_EVENT, 'INVITEE_REJECTED'] }],
		['Reviewer Approval only', 0, { events: ['REVIEWER_APPROVAL'] }],
		['nothing picked (a workflow saved without Events)', 0, { events: [] }],
	])("%s: an invitee's signature starts %i execution(s)", async (_case, runs, parameters) => {
		const hook = await bed.serve(parameters);
		const signed = buildV3Event(bed.emulator.env, {
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
		});
		const answer = await postRaw(hook.url(), JSON.stringify(signed));
		await hook.settled();
		expect(answer.status).toBe(200);
		expect(hook.executions).toHaveLength(runs);
		if (runs === 0)
			expect(JSON.parse(answer.body)).toEqual({
				message: "Not selected in the trigger's Events or Options; ignored",
			});
	});
});

describe("the trigger's subtitle", () => {
	/** The subtitle as n8n's editor shows it under the node on the canvas. */
	const shownFor = (parameters: INodeParameters) => {
		const [node] = triggerWorkflow(parameters).nodes;
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		return workflow.expression.getSimpleParameterValue(node, subtitle!, 'internal', {});
	};

	it('follows the Events: Any event, or the kinds picked and typed', () => {
		expect(shownFor({ events: [ANY_EVENT] })).toBe('Any event');
		expect(shownFor({ events: [ANY_EVENT, 'INVITEE_SIGNED'] })).toBe('Any event');
		expect(shownFor({ events: ['REVIEWER_APPROVAL', 'INVITEE_REJECTED'] })).toBe(
			'REVIEWER_APPROVAL, INVITEE_REJECTED',
		);
		expect(
			shownFor({ events: ['REVIEWER_APPROVAL'], otherEventTypes: 'DOCUMENT_SIGNED, PACK_EXPIRED' }),
		).toBe('REVIEWER_APPROVAL, DOCUMENT_SIGNED, PACK_EXPIRED');
		expect(shownFor({ events: [] })).toBe('');
	});
});
