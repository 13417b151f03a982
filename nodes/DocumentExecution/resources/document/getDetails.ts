import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { isObject } from '../../../shared/isObject';
import {
	fieldsOf,
	objectsIn,
	outputDataOrSummary,
	simplifies,
} from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { inviteeState, sendDocumentId } from './common';
import { detailSectionsField, DETAIL_SWITCHES } from './getDetailsSections';
import { simplifyProperty } from '../../shared/form/descriptions';
import { sectionList } from '../../shared/form/parameters';
import { refuse, type FieldLabels } from '../../shared/form/rules';
import {
	sectionListSchema,
	switchQuery,
	WHOLE_WITH_SECTIONS,
} from '../../shared/form/sectionSwitches';

/** Document → Get Details: the document with the sections asked for, or with Simplify on, its summary. */

/** The sections asked for; the Document ID is checked where it is sent (`sendDocumentId`). */
export const detailsQuerySchema = z.object({ sections: sectionListSchema(DETAIL_SWITCHES) });

export const GET_DETAILS_LABELS: FieldLabels = { sections: 'Sections' };

/**
 * preSend of Get Details: the chosen sections become switches, each with its ancestors, so each takes effect.
 * Simplify's summary reads only what every answer holds, so with Simplify on no section is asked for.
 */
export async function sendDetailSections(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	if (simplifies(this)) return options;
	const { sections } = refuse(
		this,
		detailsQuerySchema,
		{ sections: sectionList(this, 'sections') },
		GET_DETAILS_LABELS,
	);
	options.qs = { ...(options.qs as IDataObject), ...switchQuery(sections, DETAIL_SWITCHES) };
	return options;
}

/**
 * Simplify's output (docs/document-execution.md): the document, its dates, and each invitee's role and state
 * (a reviewer who approved reads `APPROVED` here, which Get Status cannot tell).
 */
function detailsSummary(data: IDataObject): IDataObject {
	const document = isObject(data.document) ? data.document : {};
	return {
		...fieldsOf(data, ['documentId', 'name', 'irn', 'status', 'createdAt']),
		completedAt: document.completionDate ?? null,
		folderName: data.folderName ?? null,
		invitees: objectsIn(data.invitations).map((invitee) => ({
			...fieldsOf(invitee, ['name', 'email', 'phone']),
			type: invitee.inviteeType ?? null,
			state: inviteeState(isObject(invitee.invitationStatus) ? invitee.invitationStatus : {}),
			signUrl: invitee.invitationUrl ?? null,
		})),
	};
}

export const getDetailsFields: INodeProperties[] = [
	simplifyProperty(
		'document',
		'getDetails',
		"only the document's ID, name, IRN, status and dates, and each invitee's role, state and sign URL",
		WHOLE_WITH_SECTIONS,
	),
	detailSectionsField,
];

export const getDetailsOperation: INodePropertyOptions = {
	name: 'Get Details',
	value: 'getDetails',
	action: 'Get the details of a document',
	description:
		'Get configurable detail about a document: files, audit trail, invitees, workflow, stamps, NeSL data',
	routing: v3Routing('GET', '/v3.3/document/details', {
		preSend: [sendDocumentId('query'), sendDetailSections],
		output: outputDataOrSummary(detailsSummary),
	}),
};
