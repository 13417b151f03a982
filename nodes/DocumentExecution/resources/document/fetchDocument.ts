import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { answerData } from '../../../shared/accountReads';
import type { FileDescription, FileSource } from '../../shared/files/downloadOutput';
import { expectedFileOf, noDownloadLinkError } from '../../shared/files/downloads';
import type { RequestRoute } from '../../../shared/transport';
import { asString } from './common';

/**
 * v3.3's fetchDocument, which answers a short-lived link to one file of a document: its path and query, and the
 * link read from its answer. Download File asks for one file; Download All Files for each file in turn.
 */

/** v3.3's fetchDocument, which answers a link to the file asked for. */
export const FETCH_DOCUMENT_PATH = '/v3.3/document/fetchDocument';

/** Seconds a v3.3 download link lives (the spec's 15 seconds), reported where the link is output instead of the file. */
export const DOWNLOAD_LINK_LIFE_SECONDS = 15;

/** A file asked for (as `askedFile` reads it), in fetchDocument's query under v3.3's names. */
export const fetchDocumentQuery = ({
	downloadType,
	index,
	signUrl,
}: {
	downloadType: string;
	index?: unknown;
	signUrl?: unknown;
}): IDataObject => ({
	documentDownloadType: downloadType,
	...(signUrl === undefined ? {} : { supportDocumentUrl: signUrl }),
	...(index === undefined ? {} : { index }),
});

/**
 * The file behind the link fetchDocument answered (`data.file`) to a file of `downloadType`, as `operation`'s
 * messages name it, known without reading the link as `unread` says, read through the item's `route`; an answer
 * without a link is an error.
 */
export function fetchedFile(
	context: IExecuteSingleFunctions,
	operation: string,
	downloadType: string,
	response: IN8nHttpFullResponse,
	unread: Pick<FileDescription, 'fileName' | 'mimeType'>,
	route: RequestRoute,
): FileSource {
	const url = asString(answerData(response.body).file);
	if (!url)
		throw noDownloadLinkError(context, operation, 'data.file', response, context.getItemIndex());
	return {
		operation,
		expected: expectedFileOf(downloadType),
		file: { url, life: `download links live ${DOWNLOAD_LINK_LIFE_SECONDS} seconds`, unread, route },
	};
}
