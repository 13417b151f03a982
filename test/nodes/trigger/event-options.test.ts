import type { INodeProperties } from 'n8n-workflow';

import { DocumentExecutionTrigger } from '../../../nodes/DocumentExecutionTrigger/DocumentExecutionTrigger.node';
import { EVENT_KINDS } from '../../../nodes/DocumentExecutionTrigger/delivery';

const eventsOption = () => {
	const options = new DocumentExecutionTrigger().description.properties.find(
		(property) => property.name === 'options',
	)!.options as INodeProperties[];
	return options.find((option) => option.name === 'eventTypes')!;
};

describe("the trigger's Events option", () => {
	it('offers every event kind once, with its description, in alphabetical order', () => {
		const offered = (eventsOption().options ?? []) as Array<{
			name: string;
			value: string;
			description?: string;
		}>;
		expect(offered.map((option) => option.value).sort()).toEqual(Object.keys(EVENT_KINDS).sort());
		for (const option of offered)
			expect(option.description).toBe(EVENT_KINDS[option.value as keyof typeof EVENT_KINDS]);
		const names = offered.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});
});
