import type { INodeProperties } from 'n8n-workflow';

import { getManyFields } from '../../../nodes/DocumentExecution/resources/document/getMany';
import { DocumentExecutionPollTrigger } from '../../../nodes/DocumentExecutionPollTrigger/DocumentExecutionPollTrigger.node';
import { DOCUMENT_STATUS_OPTIONS, DOCUMENT_STATUSES } from '../../../nodes/shared/documentStatuses';

describe("the poll trigger's Statuses option", () => {
	it("offers every v3 document status once, named as the service's status reads, in alphabetical order", () => {
		const statuses = new DocumentExecutionPollTrigger().description.properties.find(
			(property) => property.name === 'statuses',
		)!;
		const offered = (statuses.options ?? []) as Array<{ name: string; value: string }>;
		expect(offered.map((option) => option.value).sort()).toEqual([...DOCUMENT_STATUSES].sort());
		for (const option of offered) expect(option.name.toUpperCase()).toBe(option.value);
		const names = offered.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('is the list Document → Get Many offers, one list for both', () => {
		const statuses = new DocumentExecutionPollTrigger().description.properties.find(
			(property) => property.name === 'statuses',
		)!;
		const filters = getManyFields.find((property) => property.name === 'filters')!;
		const getManyStatus = (filters.options as INodeProperties[]).find(
			(option) => option.name === 'status',
		)!;
		expect(statuses.options).toEqual(getManyStatus.options);
		expect(statuses.options).toBe(DOCUMENT_STATUS_OPTIONS);
	});
});
