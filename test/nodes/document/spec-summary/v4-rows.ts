import * as media from '../../../../nodes/DocumentExecution/resources/media/upload';
import * as packDownload from '../../../../nodes/DocumentExecution/resources/pack/download';
import * as packGet from '../../../../nodes/DocumentExecution/resources/pack/get';
import * as packSearch from '../../../../nodes/DocumentExecution/resources/pack/search';
import { DOWNLOAD_LABELS } from '../../../../nodes/DocumentExecution/shared/files/downloadRequest';
import { rule, type Rule } from './rule';

const searchPacks = (change: Record<string, unknown>) => ({
	returnAll: false,
	limit: 50,
	offset: 0,
	max: 40,
	...change,
});
const downloadPack = (change: Record<string, unknown>) => ({
	downloadType: 'DOCUMENT',
	documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
	mode: 'accountDefault',
	linkOnly: false,
	...change,
});

/** The rows of the v4 operations: Pack and Media. */
export function v4Rows(): Rule[] {
	return [
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ downloadType: 'FILE' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ documentId: '' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ documentId: 'DOC1' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ signUrl: 'https://app1.leegality.com/sign/1' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ downloadType: 'SUPPORTING_DOCUMENT', documentId: undefined, index: 0 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ downloadType: 'SUPPORTING_DOCUMENT', signUrl: 'S', index: 0 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ downloadType: 'ATTACHMENT' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ downloadType: 'ATTACHMENT', index: -1 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Pack → Download',
			packDownload.packDownloadSchema,
			downloadPack({ mode: 'stream', linkOnly: true }),
			DOWNLOAD_LABELS,
		),
		rule('Pack → Get', packGet.packGetSchema, { sections: [] }, packGet.GET_LABELS),
		rule(
			'Pack → Get',
			packGet.packGetSchema,
			{ packId: 'P', packUrn: 'U', sections: [] },
			packGet.GET_LABELS,
		),
		rule(
			'Pack → Get',
			packGet.packGetSchema,
			{ packId: 'P', sections: ['signature'] },
			packGet.GET_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ status: 'SIGNED' }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ sortBy: 'name' }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ sortOrder: 'up' }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ limit: 0 }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ offset: -1 }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ max: 41 }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ offset: 1000 }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Pack → Search',
			packSearch.packSearchSchema,
			searchPacks({ offset: 990, limit: 20 }),
			packSearch.SEARCH_LABELS,
		),
		rule(
			'Media → Upload',
			media.mediaUploadSchema,
			{ fileName: ' ', mediaType: 'SUB_DOCUMENT' },
			media.UPLOAD_LABELS,
		),
		rule(
			'Media → Upload',
			media.mediaUploadSchema,
			{ fileName: `${'a'.repeat(252)}.pdf`, mediaType: 'SUB_DOCUMENT' },
			media.UPLOAD_LABELS,
		),
		rule(
			'Media → Upload',
			media.mediaUploadSchema,
			{ fileName: 'contract', mediaType: 'SUB_DOCUMENT' },
			media.UPLOAD_LABELS,
		),
		rule(
			'Media → Upload',
			media.mediaUploadSchema,
			{ fileName: 'contract.pdf', mediaType: 'PDF' },
			media.UPLOAD_LABELS,
		),
	];
}
