import { randomBytes } from 'node:crypto';

import type { SeedOptions } from '../../server';
import {
	type Pack,
	PACK_STATUSES,
	type PackDocument,
	type PackInvitee,
	type PackStatus,
	ulid,
	WORKFLOW_IDS,
} from './state';

// The packs of the seed (`packCount`, `packStatusMix`, `otherAccountPackCount`).

export function seedPacks(
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

export function parseMix(value: SeedOptions[string]): PackStatus[] {
	const mix = String(value ?? 'COMPLETED,SENT,DRAFT,EXPIRED,COMPLETED,SENT')
		.split(',')
		.map((status) => status.trim().toUpperCase())
		.filter((status): status is PackStatus =>
			(PACK_STATUSES as readonly string[]).includes(status),
		);
	return mix.length ? mix : ['COMPLETED'];
}
