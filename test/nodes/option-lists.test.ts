import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecution } from '../../nodes/DocumentExecution/DocumentExecution.node';
import {
	NESL_DATE_FIELDS,
	NESL_ENUMS,
	NESL_TEXT_FIELDS,
	OVD_TYPES,
	REGISTRATION_TYPES,
} from '../../nodes/DocumentExecution/resources/document/create/nesl';
import { TEMPLATE_FIELD_TYPES } from '../../nodes/DocumentExecution/resources/document/create/rules';
import {
	REQUEST_TYPES,
	REVIEW_STATUSES,
} from '../../nodes/DocumentExecution/resources/ebgNotification/getMany';
import { SERIES_SWITCHES } from '../../nodes/DocumentExecution/resources/stamp/getSeries';
import { DOCUMENT_STATUSES } from '../../nodes/shared/documentStatuses';
import { DETAIL_SWITCHES } from '../emulator/families/v3';
import { PACK_SECTIONS } from '../emulator/families/v4';

/**
 * The option lists are written out in the fields, apart from the values the rules check: each list must offer
 * exactly what its rule accepts (or, for the section switches, what the emulator takes from the spec), so that
 * the editor never offers a value the node refuses, nor hides one it sends.
 */

const properties = new DocumentExecution().description.properties;

/** The property at `path` (names through collections and fixed collections) shown for resource and operation. */
function field(resource: string, operation: string, path: string[]): INodeProperties {
	const [top, ...rest] = path;
	let found = properties.find(
		(property) =>
			property.name === top &&
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	) as INodeProperties | undefined;
	for (const name of rest) {
		const holder = found as { options?: unknown[]; values?: unknown[] } | undefined;
		const nested = [...(holder?.options ?? []), ...(holder?.values ?? [])] as INodeProperties[];
		found = nested.find((entry) => entry.name === name);
	}
	if (!found) throw new Error(`No field ${path.join(' › ')} on ${resource} ${operation}`);
	return found;
}

const offered = (resource: string, operation: string, path: string[]) =>
	((field(resource, operation, path).options ?? []) as INodePropertyOptions[])
		.map((option) => String(option.value))
		.sort();

const sorted = (values: readonly string[]) => [...values].sort();

const NESL_DETAIL = ['additionalFields', 'neslData', 'data', 'documentDetail'];

describe('the option lists offer exactly the values the rules accept', () => {
	it.each<[string, string, string[], readonly string[]]>([
		['document', 'create', ['templateFields', 'field', 'type'], TEMPLATE_FIELD_TYPES],
		[
			'document',
			'create',
			['additionalFields', 'neslData', 'data', 'registrationType'],
			REGISTRATION_TYPES,
		],
		[
			'document',
			'create',
			['additionalFields', 'neslData', 'data', 'stampData', 'stamp', 'more', 'firstPartyOVDType'],
			OVD_TYPES,
		],
		...Object.entries(NESL_ENUMS).map(
			([name, values]): [string, string, string[], readonly string[]] => [
				'document',
				'create',
				[...NESL_DETAIL, name],
				values,
			],
		),
		['document', 'getMany', ['filters', 'status'], DOCUMENT_STATUSES],
		['ebgNotification', 'getMany', ['filters', 'requestType'], REQUEST_TYPES],
		['ebgNotification', 'getMany', ['filters', 'status'], REVIEW_STATUSES],
		['stamp', 'getSeries', ['include'], SERIES_SWITCHES],
	])('%s %s: %j', (resource, operation, path, accepted) => {
		expect(offered(resource, operation, path)).toEqual(sorted(accepted));
	});

	it('document create: the NeSL document detail fields are the fields its rule checks', () => {
		const names = ((field('document', 'create', NESL_DETAIL).options ?? []) as INodeProperties[])
			.map((detail) => detail.name)
			.sort();
		expect(names).toEqual(
			sorted([...NESL_TEXT_FIELDS, ...NESL_DATE_FIELDS, ...Object.keys(NESL_ENUMS)]),
		);
	});
});

describe('the Sections lists offer every section switch the service takes', () => {
	it('document Get Details', () => {
		expect(offered('document', 'getDetails', ['sections'])).toEqual(sorted(DETAIL_SWITCHES));
	});

	it('pack Get, with All Sections (payloadForPackEdit)', () => {
		expect(offered('pack', 'get', ['sections'])).toEqual(
			sorted(['payloadForPackEdit', ...PACK_SECTIONS]),
		);
	});
});
