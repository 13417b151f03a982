import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';
import { z } from 'zod';

import { parameter } from '../form/parameters';
import { blankToUndefined, refuseBrokenRules, wholeNumber, type FieldLabels } from '../form/rules';

/** The request of both downloads (Document → Download File, Pack → Download). */

/** The files a download asks for, as both families name them. */
export const DOWNLOAD_TYPES = [
	'DOCUMENT',
	'AUDIT_TRAIL',
	'ATTACHMENT',
	'SUPPORTING_DOCUMENT',
] as const;

/** The types that name a file by its index. */
export const INDEXED_DOWNLOAD_TYPES: string[] = ['ATTACHMENT', 'SUPPORTING_DOCUMENT'];

/** An index an expression gave as text ("3") is that number; blank ('' or null) is no index. */
const indexFromText = (value: unknown): unknown => {
	const set = blankToUndefined(value);
	return typeof set === 'string' && set.trim() !== '' && Number.isFinite(Number(set))
		? Number(set)
		: set;
};

/** An attachment's or supporting document's index: a whole number from 0; `negative`, the family's message. */
export const fileIndex = (negative: string) =>
	z.preprocess(indexFromText, wholeNumber().min(0, negative).optional());

/** superRefine of both downloads' rules: an attachment or a supporting document needs its index. */
export function requireIndex(
	asked: { downloadType: string; index?: number },
	ctx: z.RefinementCtx,
): void {
	if (INDEXED_DOWNLOAD_TYPES.includes(asked.downloadType) && asked.index === undefined)
		ctx.addIssue({
			code: 'custom',
			path: ['index'],
			message: `is required for ${asked.downloadType}`,
		});
}

export const DOWNLOAD_LABELS: FieldLabels = {
	downloadType: 'File Type',
	documentId: 'Document ID',
	signUrl: 'Sign URL',
	index: 'Index',
	mode: 'File Delivery',
	linkOnly: 'Output Link Only',
};

/** The file the form asks for: its type, the sign URL or Document ID, and the index of an indexed type. */
export function askedFile(
	context: IExecuteSingleFunctions,
	documentIdParameter?: string,
): IDataObject {
	const downloadType = parameter<string>(context, 'downloadType', 'DOCUMENT');
	const asked: IDataObject = { downloadType };
	if (downloadType === 'SUPPORTING_DOCUMENT') asked.signUrl = parameter(context, 'signUrl', '');
	else if (documentIdParameter) asked.documentId = parameter(context, documentIdParameter, '');
	if (INDEXED_DOWNLOAD_TYPES.includes(downloadType)) asked.index = parameter(context, 'index', 0);
	return asked;
}

/** preSend of both downloads: what `read` takes from the form, checked by `schema`, put into the query. */
export const putDownloadQuery = <Schema extends z.ZodTypeAny>(
	schema: Schema,
	read: (context: IExecuteSingleFunctions) => IDataObject,
	query: (checked: z.output<Schema>) => IDataObject,
): PreSendAction =>
	async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const checked = refuseBrokenRules(this, schema, read(this), DOWNLOAD_LABELS);
		options.qs = { ...(options.qs ?? {}), ...query(checked) };
		return options;
	};
