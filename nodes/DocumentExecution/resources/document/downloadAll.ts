import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { answerList } from '../../../shared/accountReads';
import { asNodeError, v3CodeOf } from '../../../shared/errors';
import { isObject } from '../../../shared/isObject';
import { routeOf, type RequestRoute } from '../../../shared/transport';
import {
	defaultFileName,
	receiveFile,
	returnsFile,
	withInputFiles,
} from '../../shared/files/downloadOutput';
import type { FileOnItsWay } from '../../shared/files/downloads';
import { returnFileProperty, showFor } from '../../shared/form/descriptions';
import { v3Routing, type ItemRequest, type ReadRequest } from '../../shared/requests/routing';
import { asString, putDocumentId } from './common';
import {
	DOWNLOAD_LINK_LIFE_SECONDS,
	FETCH_DOCUMENT_PATH,
	fetchDocumentQuery,
	fetchedFile,
} from './fetchDocument';

/** Document → Download All Files: every file of a completed document in one item, one file at a time. */

const DOWNLOAD_ALL = 'Document → Download All Files';

/** One file of the document: what fetchDocument is asked for, and where the file goes in the output. */
interface DocumentFile {
	/** Its File Type in Download File. */
	kind: string;
	index: number | null;
	signUrl: string | null;
	binaryKey: string;
	/** How messages name it: "attachment 2". */
	label: string;
}

/**
 * Where the spec is silent (docs/choices/document.md): the output binary key of each file. A supporting
 * document's key has its invitee's position in the document (as Get Status lists them), then its index.
 */
const fixedFile = (kind: string, binaryKey: string, label: string): DocumentFile => ({
	kind,
	index: null,
	signUrl: null,
	binaryKey,
	label,
});
const FIXED_FILES = [
	fixedFile('DOCUMENT', 'document', 'the signed document'),
	fixedFile('AUDIT_TRAIL', 'auditTrail', 'the audit trail'),
];
const attachment = (index: number): DocumentFile => ({
	kind: 'ATTACHMENT',
	index,
	signUrl: null,
	binaryKey: `attachment_${index}`,
	label: `attachment ${index}`,
});
const supportingDocument =
	(signUrl: string, invitee: number) =>
	(index: number): DocumentFile => ({
		kind: 'SUPPORTING_DOCUMENT',
		index,
		signUrl,
		binaryKey: `supportingDocument_${invitee}_${index}`,
		label: `supporting document ${index} of invitee ${invitee}`,
	});

/**
 * The service's answers to an index past an indexed list's end: the list is empty (`no.attachments.exists`, which
 * the emulator also answers for an invitee without supporting documents) or the index is past its last file.
 */
const PAST_THE_LAST_FILE = ['no.attachments.exists', 'index.out.of.bound'];

/** What each file's request needs: the item's functions and `read`, the document's ID, the item's route. */
interface Fetching {
	context: IExecuteSingleFunctions;
	read: ReadRequest;
	documentId: string;
	route: RequestRoute;
}

/** A file's name when its link's answer names none: Download File's default name. */
const defaultNameOf = (file: DocumentFile, documentId: string) =>
	defaultFileName(file.kind, documentId, file.index ?? 0);

/** The file behind its short-lived link, or undefined for an indexed file past the end of its list. */
async function sourceOf(
	{ context, read, documentId, route }: Fetching,
	file: DocumentFile,
): Promise<FileOnItsWay | undefined> {
	const operation = `${DOWNLOAD_ALL}, ${file.label}`;
	const asked = fetchDocumentQuery({
		downloadType: file.kind,
		index: file.index ?? undefined,
		signUrl: file.signUrl ?? undefined,
	});
	let answer: IN8nHttpFullResponse;
	try {
		answer = await read(
			FETCH_DOCUMENT_PATH,
			{ documentId, ...asked },
			{ operation, again: 'run the node again' },
		);
	} catch (error) {
		if (file.index !== null && PAST_THE_LAST_FILE.includes(v3CodeOf(error) ?? '')) return;
		throw asNodeError(context.getNode(), error, context.getItemIndex());
	}
	return fetchedFile(
		context,
		operation,
		file.kind,
		answer,
		{ byDefault: defaultNameOf(file, documentId) },
		route,
	);
}

/**
 * Every file of the document in order, each indexed list until the service's out-of-range answer; each link is
 * asked for only when the previous file is done with, as it is short-lived.
 */
async function* filesOf(fetching: Fetching, signUrls: string[]) {
	for (const file of FIXED_FILES) {
		const source = await sourceOf(fetching, file);
		if (source) yield { file, source };
	}
	for (const fileAt of [attachment, ...signUrls.map(supportingDocument)]) {
		for (let index = 0; ; index++) {
			const file = fileAt(index);
			const source = await sourceOf(fetching, file);
			if (!source) break;
			yield { file, source };
		}
	}
}

/** The invitees' sign URLs from the status answer (the spec's `requests`), in its order. */
const signUrlsOf = (response: IN8nHttpFullResponse): string[] =>
	answerList(response.body, 'requests')
		.map((request) => asString(isObject(request) ? request.signUrl : undefined))
		.filter((signUrl): signUrl is string => signUrl !== undefined);

const LINK_LIFE = `each works for ${DOWNLOAD_LINK_LIFE_SECONDS} seconds from when the service issued it`;

/**
 * Output of Download All Files: each file stored as it arrives, one at a time, so no two files are in memory at
 * once. As an AI agent tool with Return File off, the list gives each link instead.
 */
export async function outputAllFiles(
	this: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	item: ItemRequest,
	read: ReadRequest,
): Promise<INodeExecutionData[]> {
	const documentId = item.documentId!;
	const fetching = { context: this, read, documentId, route: routeOf(item.request) };
	const withFiles = returnsFile(this);
	const files: IDataObject[] = [];
	const binary: Record<string, IBinaryData> = {};
	for await (const { file, source } of filesOf(fetching, signUrlsOf(response))) {
		const { kind, index, signUrl, binaryKey } = file;
		const asked = { kind, index, signUrl };
		const received = await receiveFile(this, source, withFiles);
		if ('described' in received) {
			files.push({ ...asked, ...received.described });
			continue;
		}
		const { stored, fileSize } = received;
		binary[binaryKey] = stored;
		files.push({
			binaryKey,
			...asked,
			fileName: stored.fileName ?? null,
			mimeType: stored.mimeType,
			fileSize,
		});
	}
	if (!withFiles)
		return [
			{
				json: {
					documentId,
					files,
					expiresInSeconds: DOWNLOAD_LINK_LIFE_SECONDS,
					note: `These are download links, not the files: ${LINK_LIFE}, for a download by a server, not a browser. To get the files, run the download again with Return File on.`,
				},
				...withInputFiles(this),
			},
		];
	return [{ json: { documentId, files }, ...withInputFiles(this, binary) }];
}

export const downloadAllFields: INodeProperties[] = [
	returnFileProperty(
		showFor('document', ['downloadAll']).show ?? {},
		"Whether to return the files themselves as binary data. Off: the list of the document's files, each with its download link, which lives 15 seconds (AI agents cannot read binary data).",
	),
];

export const downloadAllOperation: INodePropertyOptions = {
	name: 'Download All Files',
	value: 'downloadAll',
	action: 'Download all files of a document',
	description:
		'Download the signed PDF, the audit trail, every attachment and every supporting document of a completed document, in one item',
	routing: v3Routing('GET', '/v3.2/sign/request', {
		preSend: [putDocumentId('query')],
		output: outputAllFiles,
	}),
};
