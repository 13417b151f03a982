import { randomBytes } from 'node:crypto';

import { makePdf } from '../../fixtures/pdf';
import type { Account } from '../accounts';
import { v4Error } from '../envelopes';
import { json, type Reply, type RouteContext, type Router } from '../http';
import type { StoredFile } from '../links';
import type { EmulatorEnv, EmulatorFamily, SeedOptions } from '../server';

/**
 * The v4 family: pack details, pack search, pack downloads and media upload locations, with the v4 error
 * envelope `{code, traceId, errors[{message, path, code}]}`. Every choice where the spec says "not shown"
 * is listed in `test/emulator/choices/v4.md`.
 *
 * Seed keys:
 * - `packCount` (default 12): packs of the main account, created one minute apart, oldest first.
 * - `packStatusMix` (default `COMPLETED,SENT,DRAFT,EXPIRED,COMPLETED,SENT`): statuses given to the packs in
 *   turn (comma-separated), e.g. `COMPLETED` for packs that all match a status filter.
 * - `v4DownloadDelivery` (`link` or `stream`, default `link`): the main account's configuration for downloads
 *   without `mode=stream`: a JSON link or the file itself.
 * - `otherAccountPackCount` (default 2): packs of the other account (never visible to the main one).
 */

export const PACK_STATUSES = ['DRAFT', 'SENT', 'EXPIRED', 'COMPLETED'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];
export const DOWNLOAD_TYPES = [
	'DOCUMENT',
	'AUDIT_TRAIL',
	'ATTACHMENT',
	'SUPPORTING_DOCUMENT',
] as const;
export const MEDIA_TYPES = [
	'SUB_DOCUMENT',
	'STAMP_UPLOAD',
	'REFERENCE_ATTACHMENTS',
	'FACE_MATCH_REFERENCE',
	'TEMPLATE_FILE_TYPE_FIELD',
	'CUSTOM_FIELD_UPLOAD',
] as const;
export const WORKFLOW_IDS = ['WF-LOAN-AGREEMENT', 'WF-NDA', 'WF-EMPLOYMENT'] as const;

/** The pack-details switches, in the spec's order (parents before their children). */
export const PACK_SECTIONS = [
	'workflowDetails',
	'account',
	'sender',
	'packFolder',
	'sftp',
	'deleteOnComplete',
	'signingOrder',
	'customFields',
	'cc',
	'coordinates',
	'documentFolder',
	'file',
	'auditTrail',
	'referenceAttachments',
	'scheduledDeletionDate',
	'stampDetails',
	'subDocuments',
	'subDocuments_template',
	'combinationResponse',
	'combinationResponse_supportingDocuments',
	'combinationResponse_verificationResult',
	'combinationResponse_verificationResult_cloudDscVerifyCertificateDetails',
	'combinationResponse_verificationResult_dscVerifyCertificateDetails',
	'combinationResponse_verificationResult_faceMatch',
	'combinationResponse_verificationResult_smartUserLiveliness',
	'combinationConfig',
	'combinationConfig_combinationSettings',
	'combinationConfig_combinationSettings_eSignPrioritisation',
	'combinationConfig_combinationSettings_signatureAppearance',
	'combinationConfig_combinationSettings_customConsent',
	'combinationConfig_combinationSettings_webhooks',
	'combinationConfig_combinationSettings_paymentCollect',
	'combinationConfig_combinationSettings_reviewerConfig',
	'inviteeSettings',
	'inviteeSettings_securityOptions',
	'inviteeSettings_securityOptions_gps',
	'inviteeSettings_securityOptions_faceCapture',
	'inviteeSettings_securityOptions_docDownloadLinkWithOtp',
	'inviteeSettings_securityOptions_maskContactDetails',
	'inviteeSettings_manageInviteInteractions',
	'inviteeSettings_manageInviteInteractions_supportingDocumentConfig',
	'inviteeSettings_manageInviteInteractions_language',
	'inviteeSettings_certificateVerification',
	'inviteeSettings_certificateVerification_cloudDscVerifyCertificateDetails',
	'inviteeSettings_certificateVerification_dscVerifyCertificateDetails',
] as const;

/** Sections that describe a document rather than the pack; they are written on each document. */
const DOCUMENT_SECTIONS = new Set(['file', 'auditTrail', 'coordinates', 'subDocuments']);

/** Not shown: the life of a v4 download link ("short-lived"). */
export const DOWNLOAD_LINK_TTL_MS = 60_000;
export const UPLOAD_TTL_MS = 15 * 60_000;
export const MEDIA_RETENTION_MS = 24 * 3600_000;
const WINDOW = 1000;

export interface PackDocument {
	documentId: string;
	name: string;
	status: 'SENT' | 'PACK_PENDING_COMPLETION' | 'COMPLETED';
	fullySigned: boolean;
	attachmentCount: number;
}

export interface PackInvitee {
	name: string;
	email: string;
	signUrl: string;
	supportingDocumentCount: number;
}

export interface Pack {
	accountId: string;
	packId: string;
	packName: string;
	packUrn: string;
	irn: string | null;
	workflowId: string | null;
	workflowRunContextId: string;
	status: PackStatus;
	createdAt: number;
	updatedAt: number;
	documents: PackDocument[];
	invitees: PackInvitee[];
}

export interface Media {
	mediaId: string;
	accountId: string;
	fileName: string;
	mediaType: string;
	expiresAt: number;
	retentionExpiresAt: number;
}

export interface V4State {
	packs: Pack[];
	media: Map<string, Media>;
	/** How each account wants downloads without `mode=stream`: a JSON link or the file itself. */
	downloadDelivery: Map<string, 'link' | 'stream'>;
	/** Files served so far, by download type, for assertions. */
	served: Array<{ downloadType: string; fileName: string; bytes: number; as: 'link' | 'stream' }>;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 48-bit millisecond time in 10 characters, then 80 random bits in 16. */
export function ulid(timeMs: number): string {
	let time = '';
	let rest = timeMs;
	for (let index = 0; index < 10; index++) {
		time = CROCKFORD[rest % 32] + time;
		rest = Math.floor(rest / 32);
	}
	const random = randomBytes(16);
	let tail = '';
	for (let index = 0; index < 16; index++) tail += CROCKFORD[random[index] % 32];
	return time + tail;
}

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function seedPacks(
	accountId: string,
	count: number,
	mix: PackStatus[],
	now: number,
	prefix: string,
): Pack[] {
	const packs: Pack[] = [];
	for (let index = 0; index < count; index++) {
		const createdAt = now - (count - index) * 60_000 - 86_400_000;
		const status = mix[index % mix.length];
		const documentCount = (index % 3) + 1;
		const documents: PackDocument[] = [];
		for (let documentIndex = 0; documentIndex < documentCount; documentIndex++) {
			const fullySigned =
				status === 'COMPLETED' || (status === 'SENT' && documentIndex === 0 && documentCount > 1);
			documents.push({
				documentId: ulid(createdAt + documentIndex),
				name: `${prefix}Document ${index + 1}.${documentIndex + 1}`,
				status:
					status === 'COMPLETED' ? 'COMPLETED' : fullySigned ? 'PACK_PENDING_COMPLETION' : 'SENT',
				fullySigned,
				attachmentCount: documentIndex === 0 ? index % 3 : 0,
			});
		}
		const invitees: PackInvitee[] = [0, 1].map((inviteeIndex) => ({
			name: `Invitee ${index + 1}.${inviteeIndex + 1}`,
			email: `invitee${index + 1}.${inviteeIndex + 1}@example.com`,
			signUrl: `https://sign.example.com/sign/${randomBytes(16).toString('hex')}`,
			supportingDocumentCount: inviteeIndex === 0 ? 1 : 0,
		}));
		packs.push({
			accountId,
			packId: ulid(createdAt),
			packName: `${prefix}${['Loan agreement', 'Mutual NDA', 'Offer letter'][index % 3]} ${index + 1}`,
			packUrn: `${prefix.toLowerCase()}urn-${String(index + 1).padStart(5, '0')}`,
			irn: index % 3 === 0 ? `IRN-${String(index + 1).padStart(6, '0')}` : null,
			workflowId: index % 5 === 4 ? null : WORKFLOW_IDS[index % WORKFLOW_IDS.length],
			workflowRunContextId: `wrc-${randomBytes(8).toString('hex')}`,
			status,
			createdAt,
			updatedAt: createdAt + ((index * 7919) % 50) * 3_600_000,
			documents,
			invitees,
		});
	}
	return packs;
}

function parseMix(value: SeedOptions[string]): PackStatus[] {
	const mix = String(value ?? 'COMPLETED,SENT,DRAFT,EXPIRED,COMPLETED,SENT')
		.split(',')
		.map((status) => status.trim().toUpperCase())
		.filter((status): status is PackStatus =>
			(PACK_STATUSES as readonly string[]).includes(status),
		);
	return mix.length ? mix : ['COMPLETED'];
}

export const family: EmulatorFamily<V4State> = {
	name: 'v4',
	createState(env, seed) {
		const now = env.clock.now();
		const packs = [
			...seedPacks(
				'account-main',
				Number(seed.packCount ?? 12),
				parseMix(seed.packStatusMix),
				now,
				'',
			),
			...seedPacks(
				'account-other',
				Number(seed.otherAccountPackCount ?? 2),
				['COMPLETED'],
				now,
				'Other ',
			),
		];
		const state: V4State = {
			packs,
			media: new Map(),
			downloadDelivery: new Map([
				['account-main', seed.v4DownloadDelivery === 'stream' ? 'stream' : 'link'],
				['account-other', 'link'],
			]),
			served: [],
		};
		// A document deleted through the v3 family is gone everywhere.
		env.events.on('documentDeleted', (documentId: string) => {
			for (const pack of state.packs)
				pack.documents = pack.documents.filter((document) => document.documentId !== documentId);
		});
		return state;
	},
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<V4State>('v4');
		const authed =
			(handler: (ctx: RouteContext, account: Account) => Reply) => (ctx: RouteContext) => {
				const account = authenticate(env, ctx);
				return 'status' in account ? account : handler(ctx, account);
			};
		router.add(
			'GET',
			'/api/v4/packs',
			authed((ctx, account) => packDetails(state(), ctx, account)),
		);
		router.add(
			'GET',
			'/api/v4/packs/search',
			authed((ctx, account) => searchPacks(state(), ctx, account)),
		);
		router.add(
			'GET',
			'/api/v4/packs/download',
			authed((ctx, account) => download(env, state(), ctx, account)),
		);
		router.add(
			'POST',
			'/api/v4/media/upload',
			authed((ctx, account) => mediaUpload(env, state(), ctx, account)),
		);
	},
};

/** X-Auth-Token of a known account, or an unexpired OAuth2 Bearer token; otherwise 401 LE_ERR_AP_080. */
function authenticate(env: EmulatorEnv, ctx: RouteContext): Account | Reply {
	const byToken = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
	if (byToken) return byToken;
	const byBearer = env.accounts.byBearer(ctx.headers.authorization);
	if (byBearer === 'expired')
		return v4Error(401, 'LE_ERR_AP_080', 'The access token has expired', 'Authorization');
	if (byBearer) return byBearer;
	const sent = ctx.headers['x-auth-token'] !== undefined || ctx.headers.authorization !== undefined;
	return v4Error(
		401,
		'LE_ERR_AP_080',
		sent ? 'Invalid authentication token' : 'Authentication token is missing',
		sent ? 'X-Auth-Token' : null,
	);
}

const iso = (ms: number) => new Date(ms).toISOString();
const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/** An integer query parameter: undefined when absent, 'invalid' when not a number at all, else the number. */
function numberParam(value: string | undefined): number | 'invalid' | undefined {
	if (value === undefined || value === '') return undefined;
	if (!/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return 'invalid';
	return Number(value);
}

// ---------------------------------------------------------------------------------------------- search

function searchPacks(state: V4State, ctx: RouteContext, account: Account): Reply {
	const { query } = ctx;
	// Validation order: status, max, offset, sortBy, sortOrder, then the window (which needs max, offset, status).
	if (present(query.status) && !(PACK_STATUSES as readonly string[]).includes(query.status)) {
		return v4Error(
			400,
			'LE_ERR_AP_013',
			'status must be one of DRAFT, SENT, EXPIRED, COMPLETED',
			'status',
		);
	}
	const maxValue = numberParam(query.max);
	if (maxValue === 'invalid' || (maxValue !== undefined && !Number.isInteger(maxValue))) {
		return v4Error(400, 'LE_ERR_AP_061', 'max must be an integer', 'max');
	}
	const max = maxValue ?? 20;
	if (max < 1) return v4Error(400, 'LE_ERR_AP_007', 'max must be at least 1', 'max');
	if (max > 40) return v4Error(400, 'LE_ERR_AP_066', 'max must not be more than 40', 'max');
	const offsetValue = numberParam(query.offset);
	if (offsetValue === 'invalid')
		return v4Error(400, 'LE_ERR_AP_061', 'offset must be an integer', 'offset');
	if (offsetValue !== undefined && (!Number.isInteger(offsetValue) || offsetValue < 0)) {
		return v4Error(400, 'LE_ERR_AP_067', 'offset must be a non-negative integer', 'offset');
	}
	const offset = offsetValue ?? 0;
	const sortBy = present(query.sortBy) ? query.sortBy : 'createdAt';
	if (sortBy !== 'createdAt' && sortBy !== 'updatedAt') {
		return v4Error(400, 'LE_ERR_AP_009', 'sortBy must be createdAt or updatedAt', 'sortBy');
	}
	const sortOrder = present(query.sortOrder) ? query.sortOrder : 'desc';
	if (sortOrder !== 'asc' && sortOrder !== 'desc') {
		return v4Error(400, 'LE_ERR_AP_010', 'sortOrder must be asc or desc', 'sortOrder');
	}
	if (!present(query.status) && offset + max > WINDOW) {
		return v4Error(
			400,
			'LE_ERR_AP_011',
			`offset plus max must not exceed ${WINDOW} without a status filter`,
			'offset',
		);
	}

	const text = present(query.q) ? query.q.toLowerCase() : undefined;
	const matching = state.packs
		.filter((pack) => pack.accountId === account.id)
		.filter((pack) => !present(query.status) || pack.status === query.status)
		.filter((pack) => !present(query.workflowId) || pack.workflowId === query.workflowId)
		.filter((pack) => !present(query.irn) || pack.irn === query.irn)
		.filter(
			(pack) =>
				!text ||
				[pack.packName, pack.packId, pack.irn ?? '', pack.packUrn].some((field) =>
					field.toLowerCase().includes(text),
				),
		)
		.sort((a, b) => {
			const difference = a[sortBy] - b[sortBy] || a.packId.localeCompare(b.packId);
			return sortOrder === 'asc' ? difference : -difference;
		});
	const records = matching.slice(offset, offset + max).map(searchRecord);
	return json(200, {
		data: { records },
		pagination: {
			pageNumber: Math.floor(offset / max) + 1,
			pageSize: max,
			totalRecords: matching.length,
			totalPages: Math.ceil(matching.length / max),
		},
	});
}

const searchRecord = (pack: Pack) => ({
	packId: pack.packId,
	packName: pack.packName,
	irn: pack.irn,
	workflowId: pack.workflowId,
	workflowRunContextId: pack.workflowRunContextId,
	status: pack.status,
	documentCount: pack.documents.length,
	createdAt: iso(pack.createdAt),
	updatedAt: iso(pack.updatedAt),
});

// ---------------------------------------------------------------------------------------------- details

const SELECTORS = ['packId', 'packUrn', 'workflowRunContextId'] as const;

function packDetails(state: V4State, ctx: RouteContext, account: Account): Reply {
	const { query } = ctx;
	const given = SELECTORS.filter((selector) => present(query[selector]));
	if (given.length !== 1) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			given.length
				? `Only one of packId, packUrn, workflowRunContextId may be given (got ${given.join(', ')})`
				: 'One of packId, packUrn, workflowRunContextId is required',
			given.length ? given[1] : 'packId',
		);
	}
	for (const name of ['payloadForPackEdit', ...PACK_SECTIONS]) {
		if (query[name] !== undefined && query[name] !== 'true' && query[name] !== 'false') {
			return v4Error(400, 'LE_ERR_AP_061', `${name} must be true or false`, name);
		}
	}
	const selector = given[0];
	const pack = state.packs.find(
		(candidate) => candidate.accountId === account.id && candidate[selector] === query[selector],
	);
	if (!pack) return v4Error(404, 'LE_ERR_AP_001', `No pack matches this ${selector}`, selector);

	const asked = new Set<string>(
		query.payloadForPackEdit === 'true'
			? PACK_SECTIONS
			: PACK_SECTIONS.filter((name) => query[name] === 'true'),
	);
	// A child switch takes effect only when every ancestor (underscore-separated prefix) is on.
	const effective = PACK_SECTIONS.filter(
		(name) => asked.has(name) && ancestors(name).every((ancestor) => asked.has(ancestor)),
	);
	return json(200, { data: renderPack(pack, new Set(effective)) });
}

export function ancestors(name: string): string[] {
	const parts = name.split('_');
	return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join('_'));
}

function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
	const parts = name.split('_');
	let cursor = target;
	for (const part of parts.slice(0, -1)) cursor = (cursor[part] ??= {}) as Record<string, unknown>;
	cursor[parts[parts.length - 1]] = value;
}

/** Sample content of each section; a nested switch adds its object inside its parent's. */
function sectionContent(name: string, pack: Pack): unknown {
	const leaf = name.split('_').pop()!;
	switch (name) {
		case 'workflowDetails':
			return {
				workflowId: pack.workflowId,
				workflowName: pack.workflowId ? `Workflow ${pack.workflowId}` : null,
				version: 3,
			};
		case 'account':
			return {
				accountId: pack.accountId,
				name: pack.accountId === 'account-main' ? 'Main account' : 'Other account',
			};
		case 'sender':
			return { name: 'Sender Example', email: 'sender@example.com' };
		case 'packFolder':
		case 'documentFolder':
			return { folderId: `folder-${pack.packId.slice(-6)}`, folderName: 'Contracts' };
		case 'sftp':
			return { enabled: false };
		case 'deleteOnComplete':
			return false;
		case 'signingOrder':
			return pack.invitees.map((invitee, index) => ({ order: index + 1, email: invitee.email }));
		case 'cc':
			return [{ name: 'Legal team', email: 'legal@example.com' }];
		case 'referenceAttachments':
			return [];
		case 'scheduledDeletionDate':
			return null;
		case 'stampDetails':
			return { stampSeries: null, stampValue: null };
		case 'combinationConfig_combinationSettings_webhooks':
			return {
				successUrl: 'https://hooks.example.com/success',
				errorUrl: 'https://hooks.example.com/error',
				profileId: pack.workflowId,
				version: '4.0',
			};
		default:
			return { [`${leaf}Enabled`]: true };
	}
}

function renderPack(pack: Pack, sections: Set<string>) {
	const customFields = sections.has('customFields');
	const documents = pack.documents.map((document) => {
		const rendered: Record<string, unknown> = {
			documentId: document.documentId,
			documentName: document.name,
			status: document.status,
		};
		if (sections.has('file'))
			rendered.file = { fileName: `${document.name}.pdf`, fullySigned: document.fullySigned };
		if (sections.has('auditTrail') && document.status === 'COMPLETED')
			rendered.auditTrail = { available: true, fileName: `${document.name} audit trail.pdf` };
		if (sections.has('coordinates')) rendered.coordinates = [{ page: 1, x: 72, y: 96, invitee: 1 }];
		// subDocuments are also returned with stampDetails; their template only with subDocuments_template.
		if (sections.has('subDocuments') || sections.has('stampDetails')) {
			rendered.subDocuments = [
				{
					name: `${document.name} annexure`,
					...(sections.has('subDocuments_template')
						? { template: { templateId: 'tpl-annexure' } }
						: {}),
				},
			];
		}
		if (customFields) rendered.lecf_costCentre = 'CC-100';
		return rendered;
	});
	const invitees = pack.invitees.map((invitee) => ({
		name: invitee.name,
		email: invitee.email,
		signUrl: invitee.signUrl,
		...(customFields ? { lecf_employeeId: `E-${invitee.email.length}` } : {}),
	}));
	const data: Record<string, unknown> = {
		packId: pack.packId,
		packName: pack.packName,
		packUrn: pack.packUrn,
		irn: pack.irn,
		status: pack.status,
		workflowId: pack.workflowId,
		workflowRunContextId: pack.workflowRunContextId,
		createdAt: iso(pack.createdAt),
		updatedAt: iso(pack.updatedAt),
		documents,
		invitees,
	};
	if (customFields) data.lecf_region = 'North';
	for (const name of PACK_SECTIONS) {
		if (
			!sections.has(name) ||
			DOCUMENT_SECTIONS.has(name) ||
			name === 'subDocuments_template' ||
			name === 'customFields'
		)
			continue;
		const content = sectionContent(name, pack);
		const existing = name
			.split('_')
			.reduce<unknown>(
				(cursor, part) => (cursor as Record<string, unknown> | undefined)?.[part],
				data,
			);
		if (existing === undefined) setPath(data, name, content);
	}
	return data;
}

// ---------------------------------------------------------------------------------------------- download

function download(env: EmulatorEnv, state: V4State, ctx: RouteContext, account: Account): Reply {
	const { query } = ctx;
	// Validation order: downloadType, index, the type's own parameter, the forbidden one, then lookups.
	const downloadType = query.downloadType;
	if (!present(downloadType))
		return v4Error(400, 'LE_ERR_AP_043', 'downloadType is required', 'downloadType');
	if (!(DOWNLOAD_TYPES as readonly string[]).includes(downloadType)) {
		return v4Error(
			400,
			'LE_ERR_AP_044',
			`downloadType must be one of ${DOWNLOAD_TYPES.join(', ')}`,
			'downloadType',
		);
	}
	const indexValue = numberParam(query.index);
	if (indexValue === 'invalid' || (indexValue !== undefined && !Number.isInteger(indexValue))) {
		return v4Error(400, 'LE_ERR_AP_062', 'index must be a whole number', 'index');
	}
	if (indexValue !== undefined && indexValue < 0)
		return v4Error(400, 'LE_ERR_AP_046', 'index must not be negative', 'index');
	const index = indexValue ?? 0;
	const supporting = downloadType === 'SUPPORTING_DOCUMENT';
	if (!supporting && !present(query.documentId)) {
		return v4Error(
			400,
			'LE_ERR_AP_029',
			`documentId is required for ${downloadType}`,
			'documentId',
		);
	}
	if (supporting && !present(query.signUrl))
		return v4Error(400, 'LE_ERR_AP_045', 'signUrl is required for SUPPORTING_DOCUMENT', 'signUrl');
	if (supporting && query.documentId !== undefined) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			'documentId must not be sent with SUPPORTING_DOCUMENT',
			'documentId',
		);
	}
	if (!supporting && query.signUrl !== undefined) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			`signUrl must not be sent with ${downloadType}`,
			'signUrl',
		);
	}

	const packs = state.packs.filter((pack) => pack.accountId === account.id);
	let file: StoredFile;
	if (supporting) {
		// A sign URL may be given whole or as its identifier.
		const invitee = packs
			.flatMap((pack) => pack.invitees)
			.find(
				(candidate) =>
					candidate.signUrl === query.signUrl || candidate.signUrl.endsWith(`/${query.signUrl}`),
			);
		if (!invitee || index >= invitee.supportingDocumentCount) {
			return v4Error(
				404,
				'LE_ERR_AP_047',
				invitee ? `No supporting document at index ${index}` : 'No invitation matches this signUrl',
				invitee ? 'index' : 'signUrl',
			);
		}
		file = pdfFile(`${invitee.name} supporting document ${index + 1}`);
	} else {
		const document = packs
			.flatMap((pack) => pack.documents)
			.find((candidate) => candidate.documentId === query.documentId);
		if (!document)
			return v4Error(404, 'LE_ERR_AP_001', 'No document matches this documentId', 'documentId');
		if (downloadType === 'AUDIT_TRAIL' && !document.fullySigned) {
			return v4Error(
				400,
				'LE_ERR_AP_024',
				'The document is not fully signed; its audit trail is not available',
				'documentId',
			);
		}
		if (downloadType === 'ATTACHMENT' && index >= document.attachmentCount) {
			return v4Error(404, 'LE_ERR_AP_047', `No attachment at index ${index}`, 'index');
		}
		file =
			downloadType === 'DOCUMENT'
				? pdfFile(`${document.name}${document.fullySigned ? ' (signed)' : ''}`)
				: downloadType === 'AUDIT_TRAIL'
					? pdfFile(`${document.name} audit trail`)
					: pdfFile(`${document.name} attachment ${index + 1}`);
	}
	const asStream = query.mode === 'stream' || state.downloadDelivery.get(account.id) === 'stream';
	state.served.push({
		downloadType,
		fileName: file.fileName,
		bytes: file.content.length,
		as: asStream ? 'stream' : 'link',
	});
	if (asStream) {
		return {
			status: 200,
			headers: {
				'content-type': file.contentType,
				'content-disposition': `attachment; filename="${file.fileName}"`,
			},
			body: file.content,
		};
	}
	const link = env.links.createDownload(file, DOWNLOAD_LINK_TTL_MS);
	return json(200, { data: { url: link.url, expiresAt: iso(link.expiresAt) } });
}

const pdfFile = (title: string): StoredFile => ({
	content: makePdf(title),
	contentType: 'application/pdf',
	fileName: `${title.replace(/[^A-Za-z0-9 ._()-]/g, '')}.pdf`,
});

// ---------------------------------------------------------------------------------------------- media

function mediaUpload(env: EmulatorEnv, state: V4State, ctx: RouteContext, account: Account): Reply {
	const body = (ctx.body ?? {}) as Record<string, unknown>;
	if (typeof ctx.body !== 'object' || ctx.body === null) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			'The body must be a JSON object with fileName and mediaType',
			null,
		);
	}
	const fileName = body.fileName;
	if (typeof fileName !== 'string' || !fileName.trim())
		return v4Error(400, 'LE_ERR_AP_061', 'fileName is required', 'fileName');
	if (!/\.[A-Za-z0-9]+$/.test(fileName) || /^\.[^.]*$/.test(fileName)) {
		return v4Error(400, 'LE_ERR_AP_061', 'fileName must have an extension', 'fileName');
	}
	if (
		typeof body.mediaType !== 'string' ||
		!(MEDIA_TYPES as readonly string[]).includes(body.mediaType)
	) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			`mediaType must be one of ${MEDIA_TYPES.join(', ')}`,
			'mediaType',
		);
	}
	const now = env.clock.now();
	const mediaId = ulid(now);
	const upload = env.links.createUpload(mediaId, account.id, UPLOAD_TTL_MS);
	const media: Media = {
		mediaId,
		accountId: account.id,
		fileName,
		mediaType: body.mediaType,
		expiresAt: upload.expiresAt,
		retentionExpiresAt: now + MEDIA_RETENTION_MS,
	};
	state.media.set(mediaId, media);
	return json(200, {
		code: 'SUCCESS',
		message: 'Pre-signed upload URL generated successfully',
		data: {
			mediaId,
			presignedUrl: upload.url,
			expiresAt: iso(upload.expiresAt),
			mediaRetentionExpiresAt: iso(media.retentionExpiresAt),
		},
	});
}

export const isUlid = (value: string) => ULID_PATTERN.test(value);
