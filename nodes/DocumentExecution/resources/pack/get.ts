import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';
import { indiaIsoDate } from '../../../shared/serviceDates';

import { v4Routing } from '../../shared/requests/routing';
import { showFor, simplifyProperty } from '../../shared/form/descriptions';
import { fieldsOf, objectsIn, simplifies } from '../../shared/requests/outputs';
import { locatorValue, parameter, sectionList } from '../../shared/form/parameters';
import { refuseBrokenRules, type FieldLabels } from '../../shared/form/rules';
import {
	sectionListSchema,
	switchQuery,
	WHOLE_WITH_SECTIONS,
} from '../../shared/form/sectionSwitches';
import { ALL_SECTIONS, optionalText, PACK_SELECTORS, type PackSelector } from './common';
import { PACK_SECTIONS, packSectionsField } from './getSections';
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
		sections: sectionListSchema(PACK_SECTIONS),
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

export async function putPackGetQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const selector = parameter<PackSelector>(this, 'packSelector', 'packId');
	const input = {
		[selector]: locatorValue(this, selector),
		// Simplify's summary reads only what every answer holds, so with Simplify on no section is asked for.
		sections: simplifies(this) ? [] : sectionList(this, 'sections'),
	};
	const valid = refuseBrokenRules(this, packGetSchema, input, GET_LABELS);
	requestOptions.qs = {
		...(requestOptions.qs ?? {}),
		...packGetQuery(selector, valid[selector]!, valid.sections),
	};
	return requestOptions;
}

/** A document of the pack in Simplify's output, whole or in One Item per Document. */
const documentSummary = (document: IDataObject): IDataObject =>
	fieldsOf(document, ['documentId', 'documentName', 'status']);

/** Simplify's output (docs/document-execution.md): the pack, its status, its documents and its invitees. */
const packSummary = (pack: IDataObject): IDataObject => ({
	...fieldsOf(pack, ['packId', 'packName', 'packUrn', 'irn', 'status', 'workflowId']),
	updatedAt: indiaIsoDate(pack.updatedAt ?? null),
	documents: objectsIn(pack.documents).map(documentSummary),
	invitees: objectsIn(pack.invitees).map((invitee) =>
		fieldsOf(invitee, ['name', 'email', 'signUrl']),
	),
});

export async function outputPack(
	this: IExecuteSingleFunctions,
	answer: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const pack = ((answer.body ?? {}) as IDataObject).data as IDataObject | undefined;
	if (!pack) return [];
	const simplified = simplifies(this);
	if (parameter<string>(this, 'options.output', 'pack') !== 'documents')
		return [{ json: simplified ? packSummary(pack) : pack }];
	const packContext = {
		packId: pack.packId,
		packName: pack.packName,
		packUrn: pack.packUrn,
		packStatus: pack.status,
		workflowRunContextId: pack.workflowRunContextId,
	};
	return objectsIn(pack.documents).map((document) => ({
		json: { ...packContext, ...(simplified ? documentSummary(document) : document) },
	}));
}

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
	simplifyProperty(
		'pack',
		'get',
		"only the pack's IDs, name and status, and its documents and invitees",
		WHOLE_WITH_SECTIONS,
	),
	packSectionsField,
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

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a pack',
	description: 'Get the details of a pack, with the sections you choose',
	routing: v4Routing('GET', '/v4/packs', {
		preSend: [putPackGetQuery],
		output: outputPack,
	}),
};
