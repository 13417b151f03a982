import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { answerData } from '../../../shared/accountReads';
import { PDF_MIME_TYPE } from '../../../shared/pdf';
import {
	expectedFileOf,
	type FileOnItsWay,
	freshLinkRemedy,
	noDownloadLinkError,
} from '../../shared/files/downloads';
import type { RequestRoute } from '../../../shared/transport';
import { asString } from './common';

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

/** The file behind the link fetchDocument answered (`data.file`); an answer without a link is an error. */
export function fetchedFile(
	context: IExecuteSingleFunctions,
	operation: string,
	downloadType: string,
	response: IN8nHttpFullResponse,
	name: FileOnItsWay['name'],
	route: RequestRoute,
): FileOnItsWay {
	const url = asString(answerData(response.body).file);
	if (!url)
		throw noDownloadLinkError(context, operation, 'data.file', response, context.getItemIndex());
	const unread = { fileName: name.chosen ?? name.byDefault ?? null, mimeType: PDF_MIME_TYPE };
	return {
		operation,
		expected: expectedFileOf(downloadType),
		remedy: freshLinkRemedy(`download links live ${DOWNLOAD_LINK_LIFE_SECONDS} seconds`),
		name,
		from: { url, unread, route },
	};
}
