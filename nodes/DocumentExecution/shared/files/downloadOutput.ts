import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import type { NodeContext } from './binary';
import {
	checkDownloadedFile,
	type FileLink,
	type FileNaming,
	type FileSource,
	outputMimeType,
	storeLinkedFile,
} from './downloads';
import { parameter } from '../form/parameters';

/**
 * What a download outputs (Document → Download File, Pack → Download): the file as an output binary with its
 * name, type and size, or, without the file (Output Link Only, or an AI agent tool with Return File off), the
 * link and what is known of the file.
 */

/**
 * Whether n8n runs the node as an AI agent tool. n8n makes the tool of a `usableAsTool` node on demand, under
 * the node's type name with `Tool` appended (`n8n-nodes-document-execution.documentExecutionTool`; n8n's
 * packages/cli/src/node-types.ts and tool-generation.ts), and the workflow's node carries that type whichever
 * way the agent calls it: through the tool n8n-core wraps around the node, or as a node the engine runs for the
 * agent. n8n's `isToolExecution()` answers false in the second case, and single-item contexts lack it.
 */
const runsAsTool = (context: NodeContext): boolean => context.getNode().type.endsWith('Tool');

/** Whether a download returns the file: Return File where the node runs as a tool, always otherwise. */
export function returnsFile(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('returnFile', !runsAsTool(context)) === true;
}

/**
 * What the note of a download without its file says to do to get the file, as the node's form names it: the
 * file is missing because Return File is off (a tool), or else because Output Link Only is on.
 */
const howToGetTheFile = (context: IExecuteSingleFunctions): string =>
	returnsFile(context)
		? 'turn Options > Output Link Only off'
		: 'run the download again with Return File on';

/** A download's file described without its bytes, in place of the file (a tool's default, or Output Link Only). */
interface FileLinkDescription {
	/** The short-lived link, or null where the service sent the file itself and there is no link. */
	url: string | null;
	fileName: string | null;
	mimeType: string | null;
	/** Bytes, or null when not known without downloading the file. */
	fileSize: number | null;
	/** With a link, how long it lives, in words, for the note: "it works for 15 seconds from when the service issued it". */
	life?: string;
}

/**
 * The JSON of a download that outputs no file: the link, what is known of the file, and a note that says in
 * words that the link is short-lived and how to get the file, so that an agent does not hand on a dead link.
 */
function fileLinkJson(context: IExecuteSingleFunctions, file: FileLinkDescription): IDataObject {
	const toGetTheFile = howToGetTheFile(context);
	const note = file.url
		? `This is a download link, not the file: ${file.life ?? 'it is short-lived'}, for a download by a server, not a browser. To get the file, ${toGetTheFile}.`
		: `The service sent the file itself, so there is no link to give. To get the file, ${toGetTheFile}.`;
	return {
		url: file.url,
		fileName: file.fileName,
		mimeType: file.mimeType,
		fileSize: file.fileSize,
		note,
	};
}

/** What a download received: a short-lived link to the file, or the file itself in the service's answer. */
export type DownloadAnswer =
	| {
			link: FileLink;
			/** For the note of a download without its file: how long the link works, in words. */
			linkLife: string;
			/** The file's name and type as known without reading the link, for a download without its file. */
			described: Pick<FileLinkDescription, 'fileName' | 'mimeType'>;
	  }
	| {
			content: Buffer;
			statusCode: number;
			/** The name in the answer's Content-Disposition, if any. */
			fileName?: string;
			/** The answer's Content-Type, without parameters; empty when it has none. */
			mimeType: string;
			source: FileSource;
	  };

/** Where the spec is silent (docs/choices/document.md): file names when the download answer carries none. */
const DOWNLOAD_FILE_NAMES: Record<string, (id: string, index: number) => string> = {
	DOCUMENT: (id) => `${id}.pdf`,
	AUDIT_TRAIL: (id) => `${id}_audit_trail.pdf`,
	ATTACHMENT: (id, index) => `${id}_attachment_${index}.pdf`,
	SUPPORTING_DOCUMENT: (id, index) => `${id}_supporting_document_${index}.pdf`,
};

/** The name of a downloaded file of `downloadType` whose answer names none, after what it belongs to. */
export const defaultFileName = (downloadType: string, ownerId: string, index = 0): string =>
	DOWNLOAD_FILE_NAMES[downloadType](ownerId, index);

export interface Download {
	/** What was downloaded, first in the output's JSON: the document, the file type, the index… */
	about: IDataObject;
	answer: DownloadAnswer;
	/**
	 * Output Link Only: the link instead of the file. A file the service sent itself is output all the same, as
	 * there is no link to give.
	 */
	linkOnly: boolean;
	/** The output file's name: `chosen` (the File Name option) before the answer's own, `byDefault` after it. */
	fileName?: FileNaming;
	/** What the JSON of a download without its file ends with: when the link expires. */
	expiry: IDataObject;
}

/** The item of a file output: its name, type and size, and the file under Put Output File in Field. */
const fileItem = (
	context: IExecuteSingleFunctions,
	about: IDataObject,
	binary: IBinaryData,
	fileSize: number,
): INodeExecutionData[] => [
	{
		json: { ...about, fileName: binary.fileName ?? null, mimeType: binary.mimeType, fileSize },
		binary: { [parameter<string>(context, 'binaryPropertyName', 'data')]: binary },
	},
];

/**
 * The output item of a download. A link is read at once (it is short-lived) and its answer stored as it
 * arrives; a file in the service's answer is checked, then stored. Either is refused when it is not the file
 * (checkDownloadedFile). Without the file, a link is not read, and a file the service sent is described.
 */
export async function outputDownload(
	context: IExecuteSingleFunctions,
	{ about, answer, linkOnly, fileName, expiry }: Download,
): Promise<INodeExecutionData[]> {
	const itemIndex = context.getItemIndex();
	if ('link' in answer) {
		const { link } = answer;
		if (linkOnly || !returnsFile(context)) {
			const described = fileLinkJson(context, {
				url: link.url,
				...answer.described,
				fileSize: null,
				life: answer.linkLife,
			});
			return [{ json: { ...about, ...described, ...expiry } }];
		}
		const { binary, fileSize } = await storeLinkedFile(context, link, fileName);
		return fileItem(context, about, binary, fileSize);
	}
	const { content, mimeType, source } = answer;
	const facts = { head: content, size: content.length, mimeType };
	checkDownloadedFile(context, facts, answer.statusCode, source, itemIndex);
	const name = fileName?.chosen ?? answer.fileName ?? fileName?.byDefault;
	if (!linkOnly && !returnsFile(context)) {
		const described = fileLinkJson(context, {
			url: null,
			fileName: name ?? null,
			mimeType: mimeType || null,
			fileSize: content.length,
		});
		return [{ json: { ...about, ...described, ...expiry } }];
	}
	const binary = await context.helpers.prepareBinaryData(
		content,
		name,
		outputMimeType(mimeType, source.expected),
	);
	return fileItem(context, about, binary, content.length);
}
