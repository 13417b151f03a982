import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { showFor } from '../../shared/descriptions';
import { locatorValue, parameter, sectionList } from '../../shared/parameters';
import { refuse, type FieldLabels } from '../../shared/rules';
import { sectionLabel, sectionListSchema, switchQuery } from '../../shared/sectionSwitches';
import {
	ALL_SECTIONS,
	optionalText,
	PACK_SECTIONS,
	PACK_SELECTORS,
	type PackSelector,
} from './common';
import { packIdLocator } from './listSearch';

/** Pack → Get: a pack's details, by exactly one of its identifiers, with the sections asked for. */

export const GET_LABELS: FieldLabels = {
	packSelector: 'Select Pack By',
	packId: 'Pack ID',
	packUrn: 'Pack URN',
	workflowRunContextId: 'Workflow Run Context ID',
	sections: 'Sections',
};

export const packGetSchema = z
	.object({
		packId: optionalText(),
		packUrn: optionalText(),
		workflowRunContextId: optionalText(),
		sections: sectionListSchema([ALL_SECTIONS, ...PACK_SECTIONS]),
	})
	.superRefine((value, ctx) => {
		const given = PACK_SELECTORS.filter((selector) => value[selector] !== undefined);
		if (given.length === 0) {
			ctx.addIssue({
				code: 'custom',
				path: ['packSelector'],
				message: 'give a Pack ID, a Pack URN or a Workflow Run Context ID',
			});
		} else if (given.length > 1) {
			ctx.addIssue({
				code: 'custom',
				path: [given[1]],
				message: `select the pack by exactly one identifier (got ${given.map((selector) => GET_LABELS[selector]).join(' and ')})`,
			});
		}
	});

/**
 * The query of a pack-details request. A nested section only takes effect when every ancestor is on, so a
 * picked section brings its ancestors along; "All Sections" is the service's payloadForPackEdit switch.
 */
export function packGetQuery(
	selector: PackSelector,
	value: string,
	sections: string[],
): IDataObject {
	const qs: IDataObject = { [selector]: value };
	if (sections.includes(ALL_SECTIONS)) {
		qs[ALL_SECTIONS] = true;
		return qs;
	}
	return { ...qs, ...switchQuery(sections, PACK_SECTIONS) };
}

export async function preSendPackGet(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const selector = parameter<PackSelector>(this, 'packSelector', 'packId');
	// Pack ID is a picker; the other two selectors are text, which the locator reader hands through as it is.
	const input = {
		[selector]: locatorValue(this, selector),
		sections: sectionList(this, 'sections'),
	};
	const valid = refuse(this, packGetSchema, input, GET_LABELS);
	requestOptions.qs = {
		...(requestOptions.qs ?? {}),
		...packGetQuery(selector, valid[selector]!, valid.sections),
	};
	return requestOptions;
}

export async function postReceivePackGet(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const pack = ((items[0]?.json ?? {}) as IDataObject).data as IDataObject | undefined;
	if (!pack) return [];
	if (parameter<string>(this, 'options.output', 'pack') !== 'documents') return [{ json: pack }];
	// One item per document, with the pack it belongs to, ready for a download per document.
	const packContext = {
		packId: pack.packId,
		packName: pack.packName,
		packUrn: pack.packUrn,
		packStatus: pack.status,
		workflowRunContextId: pack.workflowRunContextId,
	};
	return ((pack.documents ?? []) as IDataObject[]).map((document) => ({
		json: { ...packContext, ...document },
	}));
}

const sectionOptions: INodePropertyOptions[] = [
	{
		name: 'All Sections',
		value: ALL_SECTIONS,
		description: "Every section below (the service's payloadForPackEdit switch)",
	},
	...PACK_SECTIONS.map((section) => ({ name: sectionLabel(section), value: section })),
].sort((a, b) => a.name.localeCompare(b.name));

export const getFields: INodeProperties[] = [
	{
		displayName: 'Select Pack By',
		name: 'packSelector',
		type: 'options',
		options: [
			{ name: 'Pack ID', value: 'packId', description: "The pack's ULID, as Search returns it" },
			{
				name: 'Pack URN',
				value: 'packUrn',
				description: 'Your own reference, given when the pack was created',
			},
			{
				name: 'Workflow Run Context ID',
				value: 'workflowRunContextId',
				description: 'The pack-run ID that every webhook event of the pack carries',
			},
		],
		default: 'packId',
		description: 'The service takes exactly one identifier',
		displayOptions: showFor('pack', ['get']),
	},
	packIdLocator(showFor('pack', ['get'], { packSelector: ['packId'] })),
	{
		displayName: 'Pack URN',
		name: 'packUrn',
		type: 'string',
		required: true,
		default: '',
		displayOptions: showFor('pack', ['get'], { packSelector: ['packUrn'] }),
	},
	{
		displayName: 'Workflow Run Context ID',
		name: 'workflowRunContextId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: showFor('pack', ['get'], { packSelector: ['workflowRunContextId'] }),
	},
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'multiOptions',
		options: sectionOptions,
		default: [],
		description:
			'Extra parts of the pack to return. A nested section (Parent > Child) only counts when all its parents are on, so picking it also sends its parents, and you get what you picked. Audit Trail appears only on COMPLETED documents.',
		displayOptions: showFor('pack', ['get']),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: showFor('pack', ['get']),
		options: [
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{
						name: 'The Pack',
						value: 'pack',
						description: 'One item with the pack and its documents',
					},
					{
						name: 'One Item per Document',
						value: 'documents',
						description: "Each document with its pack's ID, name and status, ready for Download",
					},
				],
				default: 'pack',
			},
		],
	},
];
