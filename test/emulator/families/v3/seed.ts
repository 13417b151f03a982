import { randomUUID } from 'node:crypto';

import { makePdf } from '../../../fixtures/pdf';
import type { EmulatorEnv, SeedOptions } from '../../server';
import { stored } from './files';
import { parseInviteeWebhooks } from './inviteeWebhooks';
import {
	DAY_MS,
	expiryFromDays,
	pad,
	type SignType,
	type V3Document,
	type V3Invitee,
	type V3State,
} from './state';
import { complete } from './transitions';

// The v3 family's seed: workflows, certificate profiles, documents in each state, stamps.

/**
 * The v3 family's seed keys (createState):
 * - `v3ExtraDocuments` (number, default 0): that many extra SENT documents on the main account, named
 *   `Extra document 001`…, created one minute apart before the fixed seed documents, so paging can be tested.
 * - `v3DefaultExpiryDays` (number, default 7): the workflows' default invitation expiry (expiryDays semantics).
 * - `v3StampsAvailable` (number, default 100): stamps available in series `SERIES-A`.
 * - `v3WebhookUrl`, `v3ErrorWebhookUrl` (strings): the success and error webhook URLs of every invitee of every
 *   workflow (as `PUT /__emulator/v3/profiles/:id/webhooks {all: {webhookUrl, errorWebhookUrl}}` on each).
 *
 * The fixed seed (ids in `V3_SEED`): a published PDF workflow, a template workflow, a document-signer
 * workflow, a document-signer certificate profile, all on the main account; one PDF workflow and one
 * document-signer certificate profile on the other account; documents in the states DRAFT, SENT, EXPIRED
 * (an expired invitation), rejected, COMPLETED (signed PDF, audit trail, two attachments, a supporting
 * document of the first invitee), SENT for a document signer (main and other account); stamp series; one
 * eBG notification awaiting review. Choices where the spec is silent: test/emulator/choices/v3.md.
 */
export const V3_SEED = {
	pdfProfileId: 'WF-PDF-0001',
	templateProfileId: 'WF-TEMPLATE-0001',
	docSignerWorkflowId: 'WF-DOCSIGNER-0001',
	unpublishedProfileId: 'WF-UNPUBLISHED-0001',
	otherAccountProfileId: 'WF-OTHER-0001',
	docSignerProfileId: 'DSP-0001',
	otherAccountDocSignerProfileId: 'DSP-OTHER-0001',
	draftDocumentId: 'DOCDRAFT000001',
	sentDocumentId: 'DOCSENT0000001',
	expiredDocumentId: 'DOCEXPIRED0001',
	/** Older accounts have 7-character document ids. */
	rejectedDocumentId: 'ab3Cd9Z',
	completedDocumentId: 'DOCCOMPLETED01',
	completedNoAttachmentsId: 'DOCCOMPLETED02',
	/** Newer documents have ULIDs, as every document created here. */
	docSignerDocumentId: '01JD8Z0Q3V5X9K2M4N6P8R0T2W',
	otherAccountDocumentId: 'DOCOTHERACC001',
	completedIrn: 'IRN-COMPLETED-01',
	stampSeries: 'SERIES-A',
	emptyStampSeries: 'SERIES-EMPTY',
	revenueStampSeries: 'REVENUE-A',
	ebgNotification: { notifTxnId: 'NTX-0001', requestId: 'REQ-0001', loanNumber: 'LN-0001' },
} as const;

export function seedState(env: EmulatorEnv, seed: SeedOptions): V3State {
	const now = env.clock.now();
	const defaultExpiryDays = Number(seed.v3DefaultExpiryDays ?? 7);
	const state: V3State = {
		profiles: new Map(),
		docSignerProfiles: new Map(),
		documents: new Map(),
		stamps: new Map([
			[V3_SEED.stampSeries, Number(seed.v3StampsAvailable ?? 100)],
			[V3_SEED.emptyStampSeries, 0],
			[V3_SEED.revenueStampSeries, 100],
		]),
		ebgNotifications: new Map([
			[
				V3_SEED.ebgNotification.notifTxnId,
				{
					requestId: V3_SEED.ebgNotification.requestId,
					loanNumber: V3_SEED.ebgNotification.loanNumber,
				},
			],
		]),
	};
	const seededWebhooks = { webhookUrl: seed.v3WebhookUrl, errorWebhookUrl: seed.v3ErrorWebhookUrl };
	const inviteeWebhooks = Object.values(seededWebhooks).some((url) => url !== undefined)
		? parseInviteeWebhooks({ all: seededWebhooks })
		: undefined;
	if (typeof inviteeWebhooks === 'string')
		throw new Error(`Seed v3WebhookUrl/v3ErrorWebhookUrl: ${inviteeWebhooks}`);
	const profile = (
		id: string,
		accountId: string,
		kind: 'pdf' | 'template',
		signType: SignType,
		published = true,
	) =>
		state.profiles.set(id, {
			id,
			accountId,
			kind,
			published,
			signType,
			defaultExpiryDays,
			inviteeWebhooks,
		});
	profile(V3_SEED.pdfProfileId, 'account-main', 'pdf', 'AADHAAR');
	profile(V3_SEED.templateProfileId, 'account-main', 'template', 'VIRTUAL');
	profile(V3_SEED.docSignerWorkflowId, 'account-main', 'pdf', 'DOC_SIGNER');
	profile(V3_SEED.unpublishedProfileId, 'account-main', 'pdf', 'AADHAAR', false);
	profile(V3_SEED.otherAccountProfileId, 'account-other', 'pdf', 'DOC_SIGNER');
	state.docSignerProfiles.set(V3_SEED.docSignerProfileId, {
		id: V3_SEED.docSignerProfileId,
		accountId: 'account-main',
		name: 'Company seal',
	});
	state.docSignerProfiles.set(V3_SEED.otherAccountDocSignerProfileId, {
		id: V3_SEED.otherAccountDocSignerProfileId,
		accountId: 'account-other',
		name: 'Other company seal',
	});

	const invitee = (
		name: string,
		index: number,
		allowed: SignType,
		overrides: Partial<V3Invitee> = {},
	): V3Invitee => ({
		uuid: randomUUID(),
		name,
		email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
		phone: `98765432${pad(index)}`,
		signed: false,
		approved: false,
		rejected: false,
		forcedExpired: false,
		expiresAt: expiryFromDays(now, defaultExpiryDays),
		signType: null,
		allowedSignType: allowed,
		resends: 0,
		supportingDocuments: [],
		extra: {},
		...overrides,
	});
	const add = (doc: Partial<V3Document> & Pick<V3Document, 'documentId' | 'name' | 'invitees'>) => {
		const full: V3Document = {
			accountId: 'account-main',
			profileId: V3_SEED.pdfProfileId,
			irn: null,
			baseStatus: 'SENT',
			createdAt: now,
			folderId: 'FOLDER-1',
			folderName: 'Default',
			original: makePdf(`Original: ${doc.name}`),
			additionalFiles: [],
			attachments: [],
			cc: [],
			request: {},
			...doc,
		};
		state.documents.set(full.documentId, full);
		return full;
	};

	const signedEarlier = { signed: true, signType: 'AADHAAR', actedAt: now - 60_000 } as const;
	const extra = Number(seed.v3ExtraDocuments ?? 0);
	for (let index = 1; index <= extra; index++) {
		add({
			documentId: `DOCEXTRA${String(index).padStart(6, '0')}`,
			name: `Extra document ${String(index).padStart(3, '0')}`,
			irn: `IRN-EXTRA-${index}`,
			createdAt: now - (extra - index + 10) * 60_000,
			invitees: [invitee(`Extra Signer ${index}`, index % 100, 'AADHAAR')],
		});
	}
	add({
		documentId: V3_SEED.draftDocumentId,
		name: 'Draft agreement',
		baseStatus: 'DRAFT',
		createdAt: now - 8 * 60_000,
		invitees: [invitee('Dora Draft', 1, 'AADHAAR')],
	});
	add({
		documentId: V3_SEED.sentDocumentId,
		name: 'Sent agreement',
		irn: 'IRN-SENT-01',
		createdAt: now - 7 * 60_000,
		invitees: [invitee('Asha Rao', 2, 'AADHAAR'), invitee('Vikram Shah', 3, 'AADHAAR')],
	});
	add({
		documentId: V3_SEED.expiredDocumentId,
		name: 'Expired agreement',
		irn: 'IRN-EXPIRED-01',
		createdAt: now - 6 * 60_000,
		invitees: [invitee('Ela Expired', 4, 'AADHAAR', { expiresAt: now - DAY_MS })],
	});
	add({
		documentId: V3_SEED.rejectedDocumentId,
		name: 'Rejected agreement',
		createdAt: now - 5 * 60_000,
		invitees: [invitee('Ravi Rejected', 5, 'AADHAAR', { rejected: true, actedAt: now - 60_000 })],
	});
	const completed = add({
		documentId: V3_SEED.completedDocumentId,
		name: 'Completed agreement',
		irn: V3_SEED.completedIrn,
		createdAt: now - 4 * 60_000,
		invitees: [
			invitee('Meera Iyer', 6, 'AADHAAR', signedEarlier),
			invitee('Karan Mehta', 7, 'AADHAAR', signedEarlier),
		],
		attachments: [
			stored(makePdf('Sender attachment 1'), 'attachment-1.pdf'),
			stored(makePdf('Sender attachment 2'), 'attachment-2.pdf'),
		],
	});
	completed.invitees[0].supportingDocuments.push(
		stored(makePdf('Supporting document of Meera Iyer'), 'pan-card.pdf'),
	);
	complete(completed, now);
	complete(
		add({
			documentId: V3_SEED.completedNoAttachmentsId,
			name: 'Completed letter',
			createdAt: now - 3 * 60_000,
			invitees: [invitee('Nina Nair', 8, 'AADHAAR', signedEarlier)],
		}),
		now,
	);
	add({
		documentId: V3_SEED.docSignerDocumentId,
		name: 'Seal certificate',
		profileId: V3_SEED.docSignerWorkflowId,
		createdAt: now - 2 * 60_000,
		invitees: [invitee('Company Seal', 9, 'DOC_SIGNER')],
	});
	add({
		documentId: V3_SEED.otherAccountDocumentId,
		accountId: 'account-other',
		name: 'Other account agreement',
		profileId: V3_SEED.otherAccountProfileId,
		createdAt: now - 60_000,
		invitees: [invitee('Olga Other', 10, 'DOC_SIGNER')],
	});
	return state;
}
