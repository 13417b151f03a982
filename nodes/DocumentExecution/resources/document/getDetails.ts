import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { z } from 'zod';

import { isObject } from '../../../shared/isObject';
import { indiaIsoDate } from '../../../shared/serviceDates';
import {
	fieldsOf,
	objectsIn,
	outputDataOrSummary,
	simplifies,
} from '../../shared/requests/outputs';
import { v3Routing } from '../../shared/requests/routing';
import { inviteeState, putDocumentId } from './common';
import { detailSectionsField, DETAIL_SWITCHES } from './getDetailsSections';
import { simplifyProperty } from '../../shared/form/descriptions';
import { sectionList } from '../../shared/form/parameters';
import { refuseBrokenRules, type FieldLabels } from '../../shared/form/rules';
import {
	sectionListSchema,
	switchQuery,
	WHOLE_WITH_SECTIONS,
} from '../../shared/form/sectionSwitches';

/** Document → Get Details: the document with the sections asked for, or with Simplify on, its summary. */

/** The sections asked for; the Document ID is checked where it is sent (`putDocumentId`). */
export const detailsQuerySchema = z.object({ sections: sectionListSchema(DETAIL_SWITCHES) });

export const GET_DETAILS_LABELS: FieldLabels = { sections: 'Sections' };

/**
 * The switches Simplify sends: the folder's name is no field of every answer (the 2022 description puts it in
 * `folders[]`, behind `folder` and its child `folder_name`); the rest of the summary reads what every answer
 * holds (docs/choices/document.md, "Outputs").
 */
export const SUMMARY_SWITCHES = ['folder', 'folder_name'];

/** preSend of Get Details: the chosen sections, or with Simplify on only the summary's, as switches. */
export async function putDetailSections(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const { sections } = simplifies(this)
		? { sections: SUMMARY_SWITCHES }
		: refuseBrokenRules(
				this,
				detailsQuerySchema,
				{ sections: sectionList(this, 'sections') },
				GET_DETAILS_LABELS,
			);
	options.qs = { ...(options.qs as IDataObject), ...switchQuery(sections, DETAIL_SWITCHES) };
	return options;
}

/** A status in capitals, as the list's values (DOCUMENT_STATUSES) and Get Status give it. */
const inCapitals = <Value>(value: Value) =>
	typeof value === 'string' ? value.toUpperCase() : value;

/**
 * Simplify's output: the document, its dates, and each invitee's role and state (a reviewer who approved reads
 * `APPROVED` here, which Get Status cannot tell). The fields are read where the 2022 description's schema and
 * public client code put them (docs/choices/document.md).
 */
function detailsSummary(data: IDataObject): IDataObject {
	const document = (isObject(data.document) ? data.document : {}) as IDataObject;
	const [folder] = objectsIn(data.folders);
	return {
		documentId: document.id ?? null,
		name: document.name ?? null,
		irn: document.irn ?? null,
		status: inCapitals(document.status ?? null),
		createdAt: indiaIsoDate(document.creationDate ?? null),
		completedAt: indiaIsoDate(document.completionDate ?? null),
		folderName: folder?.name ?? null,
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
		"only the document's ID, name, IRN, status, folder and dates (ISO 8601, India time), and each invitee's role, state and sign URL",
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
		preSend: [putDocumentId('query'), putDetailSections],
		output: outputDataOrSummary(detailsSummary),
	}),
};
