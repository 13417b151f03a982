import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import * as documentCommon from '../../../nodes/DocumentExecution/resources/document/common';
import { StoredFile } from '../../../nodes/DocumentExecution/shared/files/binary';
import { describeFile } from '../../../nodes/DocumentExecution/resources/document/create/fileFacts';
import { neslDataSchema } from '../../../nodes/DocumentExecution/resources/document/create/nesl';
import * as createRules from '../../../nodes/DocumentExecution/resources/document/create/rules';
import * as documentDownload from '../../../nodes/DocumentExecution/resources/document/download';
import * as getDetails from '../../../nodes/DocumentExecution/resources/document/getDetails';
import * as getMany from '../../../nodes/DocumentExecution/resources/document/getMany';
import * as reactivateRules from '../../../nodes/DocumentExecution/resources/document/reactivate';
import * as resend from '../../../nodes/DocumentExecution/resources/document/resend';
import * as reviewEbg from '../../../nodes/DocumentExecution/resources/document/reviewEbg';
import * as signer from '../../../nodes/DocumentExecution/resources/document/signWithDocSigner';
import * as ebgGet from '../../../nodes/DocumentExecution/resources/ebgNotification/get';
import * as ebgGetMany from '../../../nodes/DocumentExecution/resources/ebgNotification/getMany';
import * as invitation from '../../../nodes/DocumentExecution/resources/invitation/common';
import * as licence from '../../../nodes/DocumentExecution/resources/licence/install';
import * as media from '../../../nodes/DocumentExecution/resources/media/upload';
import * as notificationRule from '../../../nodes/DocumentExecution/resources/notificationRule/update';
import * as oauth2Client from '../../../nodes/DocumentExecution/resources/oauth2Client/create';
import * as settings from '../../../nodes/DocumentExecution/resources/organisationSettings/update';
import * as packDownload from '../../../nodes/DocumentExecution/resources/pack/download';
import * as packGet from '../../../nodes/DocumentExecution/resources/pack/get';
import * as packSearch from '../../../nodes/DocumentExecution/resources/pack/search';
import { DOWNLOAD_LABELS } from '../../../nodes/DocumentExecution/shared/files/downloadRequest';
import * as passwordPolicy from '../../../nodes/DocumentExecution/resources/passwordPolicy/create';
import * as role from '../../../nodes/DocumentExecution/resources/role/update';
import * as stampExpiring from '../../../nodes/DocumentExecution/resources/stamp/getExpiring';
import * as stampSeries from '../../../nodes/DocumentExecution/resources/stamp/getSeries';
import { applyRules, type FieldLabels } from '../../../nodes/DocumentExecution/shared/form/rules';
import * as v3ListPager from '../../../nodes/DocumentExecution/shared/requests/v3ListPager';
import * as v1Search from '../../../nodes/DocumentExecution/shared/v1Search/request';
import { V1_CODES, V3_CODES, V4_CODES } from '../../../nodes/shared/serviceCodes';
import { makePdf } from '../../fixtures/pdf';
import { nodeModules } from '../../support/nodeModules';

/**
 * docs/spec-summary.md, the summary of the spec a contributor reads, agrees with the node: its endpoint table
 * with the node's routing, and its generated sections (the rules checked before sending, the service's codes)
 * with the rule modules and serviceCodes.ts. `UPDATE_SPEC_SUMMARY=1` rewrites the generated sections.
 */

const SUMMARY_PATH = join(__dirname, '../../../docs/spec-summary.md');
const summary = () => readFileSync(SUMMARY_PATH, 'utf8');

const cell = (text: string) => text.replace(/\|/g, '\\|');
const table = (head: string[], rows: string[][]) =>
	[
		`| ${head.join(' | ')} |`,
		`|${head.map(() => '---').join('|')}|`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	].join('\n');

const between = (name: string) =>
	new RegExp(`(<!-- generated: ${name} -->\\n)([\\s\\S]*?)(<!-- end: ${name} -->)`);

/** Checks a generated section against what it should hold, or writes it with UPDATE_SPEC_SUMMARY=1. */
function expectGenerated(name: string, content: string) {
	const text = summary();
	const found = between(name).exec(text);
	expect(found).not.toBeNull();
	if (process.env.UPDATE_SPEC_SUMMARY) {
		writeFileSync(SUMMARY_PATH, text.replace(between(name), `$1${content}\n$3`));
		return;
	}
	expect(found![2]).toBe(`${content}\n`);
}

// ------------------------------------------------------------------------------------------ rules

interface Rule {
	operation: string;
	field: string;
	rule: string;
}

/** The schemas and schema factories the rows below break, so that a rule module's schema without a row is seen. */
const broken = new Set<unknown>();

/** The rule `value` breaks first, as the refusal names it (shared/form/rules.ts): `<Field>: <rule>`. */
function rule(operation: string, schema: z.ZodTypeAny, value: unknown, labels: FieldLabels): Rule {
	broken.add(schema);
	const checked = applyRules(schema, value, labels);
	if (!checked.violations)
		throw new Error(`${operation}: ${JSON.stringify(value)} keeps every rule`);
	const [{ field, rule: broke }] = checked.violations;
	return { operation, field, rule: broke };
}

const node = new DocumentExecution().description;

const NOW = Date.now();
const DAY = 24 * 3600_000;
const pdf = describeFile(StoredFile.of('Input Binary Field', makePdf('Contract')));
/** A create body that keeps every rule, with `change` applied (as the schema sees it: files as facts about their bytes). */
const create = (change: Record<string, unknown> = {}, file: Record<string, unknown> = {}) => ({
	profileId: 'WORKFLOW-1',
	file: { name: 'Contract.pdf', file: pdf, ...file },
	invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
	...change,
});
const ebg = (data: Record<string, unknown>) => ({
	data: {
		requestId: 'R',
		loanNumber: 'L',
		reviewStatus: 'Accepted',
		reviewRemarks: 'ok',
		notifTxnId: 'N',
		...data,
	},
});
const nesl = (detail: Record<string, unknown>) =>
	create({
		neslData: {
			documentDetail: {
				registrationType: 'NON_LENDING',
				state: 'Delhi',
				docRefNo: 'D1',
				...detail,
			},
		},
	});
const neslStamp = (stamp: Record<string, unknown>) =>
	create({
		neslData: {
			stampData: [
				{
					firstParty: 'A',
					secondParty: 'B',
					stampDutyAmount: '100',
					considerationPrice: '1000',
					descriptionOfDocument: 'Loan',
					stampDutyPaidBy: 'A',
					articleCode: '5',
					...stamp,
				},
			],
		},
	});
const stampUpload = (upload: Record<string, unknown>) =>
	create({
		stampUpload: {
			state: 'Delhi',
			denomination: '100',
			firstPartyName: 'A',
			secondPartyName: 'B',
			stampSerial: 'S1',
			stampFile: pdf,
			...upload,
		},
	});
const download = (query: Record<string, unknown>) => ({
	documentId: 'DOC1',
	downloadType: 'DOCUMENT',
	...query,
});
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
const search = v1Search.searchRequest(['name']);
broken.add(v1Search.searchRequest);
const condition = (change: Record<string, unknown>) => ({
	limit: 50,
	conditions: [{ field: 'name', operator: 'EQ', value: ['a'], ...change }],
});

const { createBodySchema } = createRules;
const { reactivateBodySchema } = reactivateRules;
broken.add(reactivateBodySchema);
const reactivate = reactivateBodySchema(NOW);

async function rules(): Promise<Rule[]> {
	const CREATE = 'Document → Create Signing Request';
	const SEARCH = 'Audit Log, Certificate → Search';
	return [
		rule(CREATE, createBodySchema, create({ profileId: ' ' }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			create({}, { name: 'Contract #2025.pdf' }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { name: `${'a'.repeat(256)}.pdf` }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create(
				{},
				{
					file: describeFile(StoredFile.of('Input Binary Field', Buffer.from('plain text'))),
				},
			),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: { ...pdf, bytes: createRules.MAX_FILE_BYTES + 1 } }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: describeFile('JVBERi0=?') }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { additionalFiles: [{ ...pdf, bytes: createRules.MAX_FILE_BYTES }, pdf] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create(
				{},
				{
					additionalFiles: [
						describeFile(StoredFile.of('Input Binary Field', Buffer.from('plain text'))),
					],
				},
			),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: undefined, fields: [{ type: 'date' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: undefined, fields: [{ type: 'checkbox' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: undefined, fields: [{ type: 'dropdown' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { file: undefined, fields: [{ type: 'files', height: '40' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({}, { autoGroupedFieldsFill: 'yes' }),
			createRules.CREATE_LABELS,
		),
		rule(CREATE, createBodySchema, create({ irn: 'LOAN 1' }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			create({ stampSeries: { series: 1 } }),
			createRules.CREATE_LABELS,
		),
		rule(CREATE, createBodySchema, create({ invitees: [] }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: '', email: '', phone: '' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: ' ', email: 'asha@example.com' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: 'Asha Rao' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: 'Asha Rao', email: 'asha' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: 'Asha Rao', phone: '+919876543210' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ invitees: [{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: true }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyName: 'yes' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{
						name: 'Asha Rao',
						email: 'asha@example.com',
						aadhaarConfig: { verifySmartName: 'yes' },
					},
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{
						name: 'Asha Rao',
						email: 'asha@example.com',
						aadhaarConfig: { verifyPincode: '56001' },
					},
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyPincode: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyState: ' ' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyState: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyGender: 'Male' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyGender: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyYob: '85' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyYob: 9999 } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyYob: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyTitle: '12345' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', aadhaarConfig: { verifyTitle: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', dscConfig: { verifyName: 'yes' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', dscConfig: { verifySmartName: 'yes' } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', dscConfig: { verifyPincode: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({
				invitees: [
					{ name: 'Asha Rao', email: 'asha@example.com', dscConfig: { verifyState: true } },
				],
			}),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ cc: [{ name: 'Ravi', email: 'ravi' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ multipleStampSeries: [{ stampSeries: '', seriesQuantity: '1' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ multipleStampSeries: [{ stampSeries: 'S1', seriesQuantity: '1.5' }] }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ multipleStampSeries: [{ stampSeries: 'S1', seriesQuantity: '100' }] }),
			createRules.CREATE_LABELS,
		),
		rule(CREATE, createBodySchema, stampUpload({ stampSerial: '' }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			stampUpload({
				stampFile: describeFile(StoredFile.of('Input Binary Field', Buffer.from('plain text'))),
			}),
			createRules.CREATE_LABELS,
		),
		rule(CREATE, createBodySchema, nesl({ registrationType: 'LOAN' }), createRules.CREATE_LABELS),
		rule(CREATE, createBodySchema, nesl({ state: '' }), createRules.CREATE_LABELS),
		rule(CREATE, createBodySchema, nesl({ docRefNo: undefined }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			nesl({ dateOfSanction: '31-12-2025' }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			nesl({ dateOfSanction: '2025-02-30' }),
			createRules.CREATE_LABELS,
		),
		rule(CREATE, createBodySchema, nesl({ typeOfDebt: 'OTHER' }), createRules.CREATE_LABELS),
		rule(CREATE, createBodySchema, neslStamp({ articleCode: '' }), createRules.CREATE_LABELS),
		rule(
			CREATE,
			createBodySchema,
			neslStamp({ firstPartyOVDType: 'AADHAAR' }),
			createRules.CREATE_LABELS,
		),
		rule(
			CREATE,
			createBodySchema,
			create({ neslData: { entities: {} } }),
			createRules.CREATE_LABELS,
		),
		rule(
			'Document → Delete, Download All Files, Download File, Get Details, Get Status, Mark as Complete, Reactivate',
			documentCommon.documentIdSchema,
			{ documentId: ' ' },
			documentCommon.DOCUMENT_ID_LABELS,
		),
		rule(
			'Document → Get Details',
			getDetails.detailsQuerySchema,
			{ documentId: 'DOC1', sections: ['signature'] },
			getDetails.GET_DETAILS_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'SIGNED' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: '' }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: -1 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'ATTACHMENT', index: 1.5 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Download File',
			documentDownload.downloadQuerySchema,
			download({ downloadType: 'SUPPORTING_DOCUMENT', index: 0 }),
			DOWNLOAD_LABELS,
		),
		rule(
			'Document → Get Many',
			getMany.listQuerySchema,
			{ status: 'DONE', max: 40 },
			getMany.GET_MANY_LABELS,
		),
		rule('Document → Get Many', getMany.listQuerySchema, { max: 41 }, getMany.GET_MANY_LABELS),
		rule('Document → Get Many', v3ListPager.limitSchema, { limit: 0 }, getMany.GET_MANY_LABELS),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 366 },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 1.5 },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryTime: NOW - DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryTime: NOW + 366 * DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Reactivate',
			reactivate,
			{ documentId: 'DOC1', expiryDays: 1, expiryTime: NOW + DAY },
			reactivateRules.REACTIVATE_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: [] },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: Array(16).fill('https://app1.leegality.com/sign/1') },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Resend Invitations',
			resend.resendSchema,
			{ signUrls: [' '] },
			resend.RESEND_LABELS,
		),
		rule(
			'Document → Review eBG Notification',
			reviewEbg.ebgReviewBodySchema,
			ebg({ reviewStatus: 'accepted' }),
			reviewEbg.REVIEW_EBG_LABELS,
		),
		rule(
			'Document → Review eBG Notification',
			reviewEbg.ebgReviewBodySchema,
			ebg({ notifTxnId: '' }),
			reviewEbg.REVIEW_EBG_LABELS,
		),
		rule(
			'Document → Sign With Document Signer',
			signer.docSignerBodySchema,
			{ signUrl: 'S', profileId: ' ', consent: 'C' },
			signer.SIGN_WITH_DOC_SIGNER_LABELS,
		),
		rule(
			'Document → Sign With Document Signer',
			signer.docSignerBodySchema,
			{ signUrl: 'S', profileId: 'P', consent: '' },
			signer.SIGN_WITH_DOC_SIGNER_LABELS,
		),
		rule(
			'Invitation → Activate, Delete',
			invitation.signUrlQuerySchema,
			{ signUrl: 'https://app1.leegality.com/doc/1' },
			invitation.INVITATION_LABELS,
		),
		rule('eBG Notification → Get', ebgGet.detailSchema, { notifTxnId: ' ' }, ebgGet.GET_LABELS),
		rule(
			'eBG Notification → Get Many',
			ebgGetMany.listQuerySchema,
			{ status: 'DONE' },
			ebgGetMany.GET_MANY_LABELS,
		),
		rule(
			'eBG Notification → Get Many',
			ebgGetMany.listQuerySchema,
			{ max: 0 },
			ebgGetMany.GET_MANY_LABELS,
		),
		rule(
			'Stamp → Get Expiring Series',
			stampExpiring.expiryQuerySchema,
			{ lookUpPeriod: -1 },
			stampExpiring.GET_EXPIRING_LABELS,
		),
		rule(
			'Stamp → Get Series',
			stampSeries.seriesQuerySchema,
			{ include: ['colour'] },
			stampSeries.GET_SERIES_LABELS,
		),
		rule('Wallet → Get Purchases', v3ListPager.limitSchema, { limit: 0 }, v3ListPager.LIMIT_LABELS),
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
		rule(SEARCH, search, condition({ operator: 'ABOUT' }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'BETWEEN', value: ['1'] }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'IS_NULL', value: ['1'] }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'IN', value: [] }), v1Search.SEARCH_LABELS),
		rule(
			SEARCH,
			search,
			{ limit: 50, filterJson: { operator: 'AND', filters: [] } },
			v1Search.SEARCH_LABELS,
		),
		rule(
			SEARCH,
			search,
			{ limit: 50, filterJson: { operator: 'EQ', value: ['a'] } },
			v1Search.SEARCH_LABELS,
		),
		rule(
			SEARCH,
			search,
			{ limit: 50, sort: [{ field: 'name', direction: 'UP' }] },
			v1Search.SEARCH_LABELS,
		),
		rule(SEARCH, search, { limit: 0 }, v1Search.SEARCH_LABELS),
		rule(SEARCH, search, { limit: 50, page: -1 }, v1Search.SEARCH_LABELS),
		rule('Licence → Install', licence.installSchema, { file: ' ' }, licence.INSTALL_LABELS),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: ' ', ruleType: 'USER_CREATED' },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_UPDATED' },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_CREATED', additionalEmailRecipients: ['ravi'] },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_CREATED', userIds: [' '] },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'OAuth2 Client → Create',
			oauth2Client.createSchema,
			{ clientId: ' ' },
			oauth2Client.CREATE_LABELS,
		),
		rule(
			'OAuth2 Client → Create',
			oauth2Client.createSchema,
			{ clientId: 'n8n' },
			oauth2Client.CREATE_LABELS,
		),
		rule('Organisation Settings → Update', settings.updateSchema, {}, settings.UPDATE_LABELS),
		rule(
			'Organisation Settings → Update',
			settings.updateSchema,
			{ documentRetentionPeriod: 0 },
			settings.UPDATE_LABELS,
		),
		rule(
			'Password Policy → Create',
			passwordPolicy.createSchema,
			{
				minimumPasswordLength: 0,
				numbersRequired: true,
				specialCharactersRequired: true,
				uppercaseRequired: true,
			},
			passwordPolicy.CREATE_LABELS,
		),
		rule(
			'Password Policy → Create',
			passwordPolicy.createSchema,
			{
				minimumPasswordLength: 8,
				numbersRequired: '',
				specialCharactersRequired: true,
				uppercaseRequired: true,
			},
			passwordPolicy.CREATE_LABELS,
		),
		rule('Role → Update', role.updateSchema, { id: 'R1', name: ' ' }, role.UPDATE_LABELS),
	];
}

describe('docs/spec-summary.md, the rules checked before sending', () => {
	it('lists, generated from the rule modules, the message each rule gives', async () => {
		const rows = (await rules()).map(({ operation, field, rule }) => [operation, field, rule]);
		expectGenerated('rules', table(['Operation', 'Field', 'Rule'], rows));
	});

	it('has rows for every schema the node exports', async () => {
		await rules();
		broken.add(v1Search.filterJson); // the JSON filter of the searches above
		broken.add(neslDataSchema); // the NeSL data of the create rows above
		const schemas = (await nodeModules()).flatMap((module) =>
			Object.entries(module.exports)
				.filter(([, value]) => value instanceof z.ZodType)
				.map(([name, value]) => ({ name: `${module.name} ${name}`, value })),
		);
		expect(schemas.length).toBeGreaterThanOrEqual(20);
		expect(schemas.filter(({ value }) => !broken.has(value)).map(({ name }) => name)).toEqual([]);
	});
});

// ------------------------------------------------------------------------------------------ codes

describe('docs/spec-summary.md, the service codes', () => {
	it('lists, generated from serviceCodes.ts, the sentence the node shows for each code', () => {
		const rows = Object.entries({ v3: V3_CODES, v4: V4_CODES, v1: V1_CODES }).flatMap(
			([family, codes]) =>
				Object.entries(codes).map(([code, { message }]) => [family, `\`${code}\``, message]),
		);
		expectGenerated('codes', table(['Family', 'Code', 'The node says'], rows));
	});
});

// ------------------------------------------------------------------------------------------ endpoints

/** Each row of the endpoint table: "Resource → Operation", method and path. */
function endpointRows(): Array<{ operation: string; method: string; path: string }> {
	const section = /## Endpoints per operation\n([\s\S]*?)\n## /.exec(summary())![1];
	return [...section.matchAll(/^\| ([^|]+ → [^|]+?) \| `(GET|POST|PUT|DELETE) ([^`]+)` \|/gm)].map(
		([, operation, method, path]) => ({ operation, method, path }),
	);
}

/** Every operation of the node, "Resource → Operation", with the method and path of its routing. */
function nodeOperations(): Array<{ operation: string; method?: string; path?: string }> {
	const resources = (
		node.properties.find((property) => property.name === 'resource')!
			.options as INodePropertyOptions[]
	).map(({ name, value }) => ({ name, value }));
	return resources.flatMap(({ name, value }) => {
		const selector = node.properties.find(
			(property: INodeProperties) =>
				property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value),
		)!;
		return (selector.options as INodePropertyOptions[]).map((option) => ({
			operation: `${name} → ${option.name}`,
			method: option.routing?.request?.method,
			// A path built by an expression (`/roles/{{ … }}`) is written with its parameter in braces (`/roles/{id}`).
			path: option.routing?.request?.url?.replace(/^=/, '').replace(/\{\{[^}]*\}\}/g, '{}'),
		}));
	});
}

describe('docs/spec-summary.md, the endpoints per operation', () => {
	it('has one row per operation of the node, with the method and path the node sends', () => {
		const rows = endpointRows();
		const operations = nodeOperations();
		expect(rows.map((row) => row.operation).sort()).toEqual(
			operations.map((entry) => entry.operation).sort(),
		);
		for (const { operation, method, path } of operations) {
			const row = rows.find((candidate) => candidate.operation === operation)!;
			expect({ operation, method: row.method, path: row.path.replace(/\{[^}]*\}/g, '{}') }).toEqual(
				{ operation, method, path },
			);
		}
	});
});
