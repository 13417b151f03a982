import type { Account } from '../../../accounts';
import { v4Error } from '../../../envelopes';
import { json, type Reply, type RouteContext } from '../../../http';
import { DOCUMENT_SECTIONS, type Pack, PACK_SECTIONS, type V4State } from '../state';
import { iso, present } from './shared';

// Pack details and their sections.

const SELECTORS = ['packId', 'packUrn', 'workflowRunContextId'] as const;

export function packDetails(state: V4State, ctx: RouteContext, account: Account): Reply {
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
