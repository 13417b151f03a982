import type { INodeProperties } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';

const properties = new DocumentExecution().description.properties;

/** The property `name` shown for a resource and operation (nested one level in collections). */
const find = (resource: string, operation: string, name: string): INodeProperties | undefined =>
	properties
		.filter((property) => {
			const show = property.displayOptions?.show;
			return show?.resource?.includes(resource) && show.operation?.includes(operation);
		})
		.flatMap((property) => [property, ...((property.options ?? []) as INodeProperties[])])
		.find((property) => property.name === name);

describe('listing parameters in the node description', () => {
	// The rules refuse a fractional Limit or Page Size ("must be a whole number"); the editor rounds, as
	// it does on pack Search and the admin Searches.
	it.each([
		['document', 'getMany', 'limit'],
		['document', 'getMany', 'pageSize'],
		['pack', 'search', 'limit'],
		['pack', 'search', 'pageSize'],
		['auditLog', 'search', 'limit'],
	])('%s %s: %s takes whole numbers only', (resource, operation, name) => {
		const property = find(resource, operation, name);
		expect(property?.type).toBe('number');
		expect(property?.typeOptions).toMatchObject({ minValue: 1, numberPrecision: 0 });
	});

	it('offers page sizes up to the service maximum of 40, 40 by default', () => {
		for (const [resource, operation] of [
			['document', 'getMany'],
			['pack', 'search'],
		]) {
			const pageSize = find(resource, operation, 'pageSize');
			expect(pageSize?.typeOptions?.maxValue).toBe(40);
			expect(pageSize?.default).toBe(40);
		}
	});
});
