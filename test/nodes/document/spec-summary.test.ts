import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { z } from 'zod';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import * as adminRules from '../../../nodes/DocumentExecution/resources/admin/validation';
import * as documentRules from '../../../nodes/DocumentExecution/resources/document/schema';
import * as ebgRules from '../../../nodes/DocumentExecution/resources/ebgNotification/schema';
import * as invitationRules from '../../../nodes/DocumentExecution/resources/invitation/schema';
import * as mediaRules from '../../../nodes/DocumentExecution/resources/media/validation';
import * as packRules from '../../../nodes/DocumentExecution/resources/pack/validation';
import * as stampRules from '../../../nodes/DocumentExecution/resources/stamp/schema';
import { V1_CODES, V3_CODES, V4_CODES } from '../../../nodes/shared/serviceCodes';
import { makePdf } from '../../fixtures/pdf';

/**
 * docs/spec-summary.md, the summary of the spec a contributor reads, agrees with the node: its endpoint table
 * with the node's routing, and its generated sections (the rules checked before sending, the service's codes)
 * with the rule modules and serviceCodes.ts. `UPDATE_SPEC_SUMMARY=1` rewrites the generated sections.
 */

const SUMMARY_PATH = join(__dirname, '../../../docs/spec-summary.md');
const summary = () => readFileSync(SUMMARY_PATH, 'utf8');

const cell = (text: string) => text.replace(/\|/g, '\\|');
const table = (head: string[], rows: string[][]) =>
	[`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');

const between = (name: string) => new RegExp(`(<!-- generated: ${name} -->\\n)([\\s\\S]*?)(<!-- end: ${name} -->)`);

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

/** A v3 rule (document, invitation, stamp, eBG notification): `<Field>: <rule>`, the field by its path's label. */
function v3(operation: string, schema: z.ZodTypeAny, value: unknown, labels: Record<string, string> = {}, field?: string): Rule {
	broken.add(schema);
	const violation = documentRules.firstViolation(schema, value, labels);
	if (!violation) throw new Error(`${operation}: ${JSON.stringify(value)} keeps every rule`);
	return { operation, field: field ?? violation.field, rule: violation.rule };
}

const context = { getNode: () => ({ name: 'Document Execution' }), getItemIndex: () => 0 } as unknown as IExecuteSingleFunctions;

/** A message `<Field>: <rule>` as a Rule. */
function split(operation: string, message: string): Rule {
	const at = message.indexOf(': ');
	return { operation, field: message.slice(0, at), rule: message.slice(at + 2) };
}

/** A v4 rule (pack, media): the message `validate` stops the item with. */
function v4(operation: string, schema: z.ZodTypeAny, value: unknown, names = packRules.FIELD_NAMES): Rule {
	broken.add(schema);
	try {
		packRules.validate(context, schema, value, names);
	} catch (error) {
		return split(operation, (error as Error).message);
	}
	throw new Error(`${operation}: ${JSON.stringify(value)} keeps every rule`);
}

/** A v1 rule (administration): `'<Field>' <rule>`, or `'<Field>' at <JSON path> <rule>` inside a JSON parameter. */
function v1(operation: string, schema: z.ZodTypeAny, value: unknown, labels: Record<string, string>): Rule {
	broken.add(schema);
	const result = adminRules.check(schema, value, labels);
	if (!('invalid' in result)) throw new Error(`${operation}: ${JSON.stringify(value)} keeps every rule`);
	const [, field, at, rule] = /^'(.+?)'(?: at (\S+))? (.*)$/.exec(result.invalid.message)!;
	return { operation, field: at ? `${field} at ${at}` : field, rule };
}

const node = new DocumentExecution().description;

/** A rule an operation's own preSend checks (one not exported from a rule module): its message for `body`. */
async function viaPreSend(operation: string, resource: string, value: string, body: Record<string, unknown>): Promise<Rule> {
	const selector = node.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource))!;
	const option = (selector.options as INodePropertyOptions[]).find((candidate) => candidate.value === value)!;
	// The operation's own check comes after the family's steps (routing.ts).
	const preSend = option.routing!.send!.preSend!.slice(-1)[0];
	const error = await preSend.call(context, { url: '', body } as IHttpRequestOptions).catch((caught: Error) => caught);
	if (!(error instanceof Error)) throw new Error(`${operation}: ${JSON.stringify(body)} keeps every rule`);
	return split(operation, error.message);
}

const NOW = Date.now();
const DAY = 24 * 3600_000;
const pdf = documentRules.describeFile(makePdf('Contract'));
/** A create body that keeps every rule, with `change` applied (as the schema sees it: files as facts about their bytes). */
const create = (change: Record<string, unknown> = {}, file: Record<string, unknown> = {}) => ({
	profileId: 'WORKFLOW-1',
	file: { name: 'Contract.pdf', file: pdf, ...file },
	invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
	...change,
});
const ebg = (data: Record<string, unknown>) => ({ data: { requestId: 'R', loanNumber: 'L', reviewStatus: 'Accepted', reviewRemarks: 'ok', notifTxnId: 'N', ...data } });
const nesl = (detail: Record<string, unknown>) => create({ neslData: { documentDetail: { registrationType: 'NON_LENDING', state: 'Delhi', docRefNo: 'D1', ...detail } } });
const neslStamp = (stamp: Record<string, unknown>) =>
	create({
		neslData: {
			stampData: [{ firstParty: 'A', secondParty: 'B', stampDutyAmount: '100', considerationPrice: '1000', descriptionOfDocument: 'Loan', stampDutyPaidBy: 'A', articleCode: '5', ...stamp }],
		},
	});
const stampUpload = (upload: Record<string, unknown>) =>
	create({ stampUpload: { state: 'Delhi', denomination: '100', firstPartyName: 'A', secondPartyName: 'B', stampSerial: 'S1', stampFile: pdf, ...upload } });
const download = (query: Record<string, unknown>) => ({ documentId: 'DOC1', documentDownloadType: 'DOCUMENT', ...query });
const packSearch = (change: Record<string, unknown>) => ({ returnAll: false, limit: 50, offset: 0, max: 40, ...change });
const packDownload = (change: Record<string, unknown>) => ({ downloadType: 'DOCUMENT', documentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', mode: 'accountDefault', linkOnly: false, ...change });
const search = adminRules.searchRequest(['name']);
broken.add(adminRules.searchRequest);
const condition = (change: Record<string, unknown>) => ({ limit: 50, conditions: [{ field: 'name', operator: 'EQ', value: ['a'], ...change }] });

const {
	createBodySchema,
	detailsQuerySchema,
	DOC_SIGNER_LABELS,
	docSignerBodySchema,
	documentIdSchema,
	downloadQuerySchema,
	ebgReviewBodySchema,
	limitSchema,
	listQuerySchema,
	reactivateBodySchema,
	signUrlsSchema,
} = documentRules;
broken.add(reactivateBodySchema);
const reactivate = reactivateBodySchema(NOW);
const { packDownloadSchema, packGetSchema, packSearchSchema } = packRules;

async function rules(): Promise<Rule[]> {
	const CREATE = 'Document → Create Signing Request';
	const SEARCH = 'Audit Log, Certificate → Search';
	return [
		v3(CREATE, createBodySchema, create({ profileId: ' ' })),
		v3(CREATE, createBodySchema, create({}, { name: 'Contract 2025.pdf' })),
		v3(CREATE, createBodySchema, create({}, { name: `${'a'.repeat(256)}.pdf` })),
		v3(CREATE, createBodySchema, create({}, { file: documentRules.describeFile(Buffer.from('plain text')) })),
		v3(CREATE, createBodySchema, create({}, { file: { ...pdf, bytes: documentRules.MAX_FILE_BYTES + 1 } })),
		v3(CREATE, createBodySchema, create({}, { file: documentRules.describeFile('JVBERi0=?') })),
		v3(CREATE, createBodySchema, create({}, { additionalFiles: [{ ...pdf, bytes: documentRules.MAX_FILE_BYTES }, pdf] })),
		v3(CREATE, createBodySchema, create({}, { additionalFiles: [documentRules.describeFile(Buffer.from('plain text'))] })),
		v3(CREATE, createBodySchema, create({}, { file: undefined, fields: [{ type: 'date' }] })),
		v3(CREATE, createBodySchema, create({}, { file: undefined, fields: [{ type: 'checkbox' }] })),
		v3(CREATE, createBodySchema, create({}, { file: undefined, fields: [{ type: 'dropdown' }] })),
		v3(CREATE, createBodySchema, create({}, { file: undefined, fields: [{ type: 'files', height: '40' }] })),
		v3(CREATE, createBodySchema, create({}, { autoGroupedFieldsFill: 'yes' })),
		v3(CREATE, createBodySchema, create({ irn: 'LOAN 1' })),
		v3(CREATE, createBodySchema, create({ stampSeries: { series: 1 } })),
		v3(CREATE, createBodySchema, create({ invitees: [] })),
		v3(CREATE, createBodySchema, create({ invitees: [{ name: ' ', email: 'asha@example.com' }] })),
		v3(CREATE, createBodySchema, create({ invitees: [{ name: 'Asha Rao' }] })),
		v3(CREATE, createBodySchema, create({ invitees: [{ name: 'Asha Rao', email: 'asha' }] })),
		v3(CREATE, createBodySchema, create({ invitees: [{ name: 'Asha Rao', phone: '+919876543210' }] })),
		v3(CREATE, createBodySchema, create({ cc: [{ name: 'Ravi', email: 'ravi' }] })),
		v3(CREATE, createBodySchema, create({ multipleStampSeries: [{ stampSeries: '', seriesQuantity: '1' }] })),
		v3(CREATE, createBodySchema, create({ multipleStampSeries: [{ stampSeries: 'S1', seriesQuantity: '1.5' }] })),
		v3(CREATE, createBodySchema, create({ multipleStampSeries: [{ stampSeries: 'S1', seriesQuantity: '100' }] })),
		v3(CREATE, createBodySchema, stampUpload({ stampSerial: '' })),
		v3(CREATE, createBodySchema, stampUpload({ stampFile: documentRules.describeFile(Buffer.from('plain text')) })),
		v3(CREATE, createBodySchema, nesl({ registrationType: 'LOAN' })),
		v3(CREATE, createBodySchema, nesl({ state: '' })),
		v3(CREATE, createBodySchema, nesl({ docRefNo: undefined })),
		v3(CREATE, createBodySchema, nesl({ dateOfSanction: '31-12-2025' })),
		v3(CREATE, createBodySchema, nesl({ dateOfSanction: '2025-02-30' })),
		v3(CREATE, createBodySchema, nesl({ typeOfDebt: 'OTHER' })),
		v3(CREATE, createBodySchema, neslStamp({ articleCode: '' })),
		v3(CREATE, createBodySchema, neslStamp({ firstPartyOVDType: 'AADHAAR' })),
		v3(CREATE, createBodySchema, create({ neslData: { entities: {} } })),
		v3('Document → Delete, Get Status', documentIdSchema, { documentId: ' ' }),
		v3('Document → Get Details', detailsQuerySchema, { documentId: 'DOC1', sections: ['signature'] }),
		v3('Document → Download File', downloadQuerySchema, download({ documentDownloadType: 'SIGNED' })),
		v3('Document → Download File', downloadQuerySchema, download({ documentDownloadType: 'ATTACHMENT', index: '' })),
		v3('Document → Download File', downloadQuerySchema, download({ documentDownloadType: 'ATTACHMENT', index: -1 })),
		v3('Document → Download File', downloadQuerySchema, download({ documentDownloadType: 'ATTACHMENT', index: 1.5 })),
		v3('Document → Download File', downloadQuerySchema, download({ documentDownloadType: 'SUPPORTING_DOCUMENT', index: 0 })),
		v3('Document → Get Many', listQuerySchema, { status: 'DONE', max: 40 }),
		v3('Document → Get Many', listQuerySchema, { max: 41 }),
		v3('Document → Get Many', limitSchema, { limit: 0 }),
		await viaPreSend('Document → Mark as Complete', 'document', 'markComplete', { documentId: ' ' }),
		v3('Document → Reactivate', reactivate, { documentId: 'DOC1', expiryDays: 366 }),
		v3('Document → Reactivate', reactivate, { documentId: 'DOC1', expiryDays: 1.5 }),
		v3('Document → Reactivate', reactivate, { documentId: 'DOC1', expiryTime: NOW - DAY }),
		v3('Document → Reactivate', reactivate, { documentId: 'DOC1', expiryTime: NOW + 366 * DAY }),
		v3('Document → Reactivate', reactivate, { documentId: 'DOC1', expiryDays: 1, expiryTime: NOW + DAY }),
		v3('Document → Resend Invitations', signUrlsSchema, [], {}, 'Sign URLs'),
		v3('Document → Resend Invitations', signUrlsSchema, Array(16).fill('https://app1.leegality.com/sign/1'), {}, 'Sign URLs'),
		v3('Document → Resend Invitations', signUrlsSchema, [' '], {}, 'Sign URLs'),
		v3('Document → Review eBG Notification', ebgReviewBodySchema, ebg({ reviewStatus: 'accepted' })),
		v3('Document → Review eBG Notification', ebgReviewBodySchema, ebg({ notifTxnId: '' })),
		v3('Document → Sign With Document Signer', docSignerBodySchema, { signUrl: 'S', profileId: ' ', consent: 'C' }, DOC_SIGNER_LABELS),
		v3('Document → Sign With Document Signer', docSignerBodySchema, { signUrl: 'S', profileId: 'P', consent: '' }, DOC_SIGNER_LABELS),
		v3('Invitation → Activate, Delete', invitationRules.signUrlQuerySchema, { signUrl: 'https://app1.leegality.com/doc/1' }, invitationRules.INVITATION_LABELS),
		v3('eBG Notification → Get', ebgRules.detailSchema, { notifTxnId: ' ' }, ebgRules.EBG_LABELS),
		v3('eBG Notification → Get Many', ebgRules.listQuerySchema, { status: 'DONE' }, ebgRules.EBG_LABELS),
		v3('eBG Notification → Get Many', ebgRules.listQuerySchema, { max: 0 }, ebgRules.EBG_LABELS),
		v3('Stamp → Get Expiring Series', stampRules.expiryQuerySchema, { lookUpPeriod: -1 }, stampRules.STAMP_LABELS),
		v3('Stamp → Get Series', stampRules.seriesQuerySchema, { include: ['colour'] }, stampRules.STAMP_LABELS),
		v4('Pack → Download', packDownloadSchema, packDownload({ downloadType: 'FILE' })),
		v4('Pack → Download', packDownloadSchema, packDownload({ documentId: '' })),
		v4('Pack → Download', packDownloadSchema, packDownload({ documentId: 'DOC1' })),
		v4('Pack → Download', packDownloadSchema, packDownload({ signUrl: 'https://app1.leegality.com/sign/1' })),
		v4('Pack → Download', packDownloadSchema, packDownload({ downloadType: 'SUPPORTING_DOCUMENT', documentId: undefined, index: 0 })),
		v4('Pack → Download', packDownloadSchema, packDownload({ downloadType: 'SUPPORTING_DOCUMENT', signUrl: 'S', index: 0 })),
		v4('Pack → Download', packDownloadSchema, packDownload({ downloadType: 'ATTACHMENT' })),
		v4('Pack → Download', packDownloadSchema, packDownload({ downloadType: 'ATTACHMENT', index: -1 })),
		v4('Pack → Download', packDownloadSchema, packDownload({ mode: 'stream', linkOnly: true })),
		v4('Pack → Get', packGetSchema, { sections: [] }),
		v4('Pack → Get', packGetSchema, { packId: 'P', packUrn: 'U', sections: [] }),
		v4('Pack → Get', packGetSchema, { packId: 'P', sections: ['signature'] }),
		v4('Pack → Search', packSearchSchema, packSearch({ status: 'SIGNED' })),
		v4('Pack → Search', packSearchSchema, packSearch({ sortBy: 'name' })),
		v4('Pack → Search', packSearchSchema, packSearch({ sortOrder: 'up' })),
		v4('Pack → Search', packSearchSchema, packSearch({ limit: 0 })),
		v4('Pack → Search', packSearchSchema, packSearch({ offset: -1 })),
		v4('Pack → Search', packSearchSchema, packSearch({ max: 41 })),
		v4('Pack → Search', packSearchSchema, packSearch({ offset: 1000 })),
		v4('Pack → Search', packSearchSchema, packSearch({ offset: 990, limit: 20 })),
		v4('Media → Upload', mediaRules.mediaUploadSchema, { fileName: ' ', mediaType: 'SUB_DOCUMENT' }, mediaRules.MEDIA_FIELD_NAMES),
		v4('Media → Upload', mediaRules.mediaUploadSchema, { fileName: `${'a'.repeat(252)}.pdf`, mediaType: 'SUB_DOCUMENT' }, mediaRules.MEDIA_FIELD_NAMES),
		v4('Media → Upload', mediaRules.mediaUploadSchema, { fileName: 'contract', mediaType: 'SUB_DOCUMENT' }, mediaRules.MEDIA_FIELD_NAMES),
		v4('Media → Upload', mediaRules.mediaUploadSchema, { fileName: 'contract.pdf', mediaType: 'PDF' }, mediaRules.MEDIA_FIELD_NAMES),
		v1(SEARCH, search, condition({ operator: 'ABOUT' }), adminRules.searchLabels),
		v1(SEARCH, search, condition({ operator: 'BETWEEN', value: ['1'] }), adminRules.searchLabels),
		v1(SEARCH, search, condition({ operator: 'IS_NULL', value: ['1'] }), adminRules.searchLabels),
		v1(SEARCH, search, condition({ operator: 'IN', value: [] }), adminRules.searchLabels),
		v1(SEARCH, search, { limit: 50, filterJson: { operator: 'AND', filters: [] } }, adminRules.searchLabels),
		v1(SEARCH, search, { limit: 50, filterJson: { operator: 'EQ', value: ['a'] } }, adminRules.searchLabels),
		v1(SEARCH, search, { limit: 50, sort: [{ field: 'name', direction: 'UP' }] }, adminRules.searchLabels),
		v1(SEARCH, search, { limit: 0 }, adminRules.searchLabels),
		v1(SEARCH, search, { limit: 50, page: -1 }, adminRules.searchLabels),
		v1('Licence → Install', adminRules.licenceInstall, { file: ' ' }, { file: 'Licence Content' }),
		v1('Notification Rule → Update', adminRules.notificationRuleUpdate, { id: ' ', ruleType: 'USER_CREATED' }, adminRules.notificationRuleLabels),
		v1('Notification Rule → Update', adminRules.notificationRuleUpdate, { id: 'R1', ruleType: 'USER_UPDATED' }, adminRules.notificationRuleLabels),
		v1('Notification Rule → Update', adminRules.notificationRuleUpdate, { id: 'R1', ruleType: 'USER_CREATED', additionalEmailRecipients: ['ravi'] }, adminRules.notificationRuleLabels),
		v1('Notification Rule → Update', adminRules.notificationRuleUpdate, { id: 'R1', ruleType: 'USER_CREATED', userIds: [' '] }, adminRules.notificationRuleLabels),
		v1('OAuth2 Client → Create', adminRules.oauth2ClientCreate, { clientId: ' ' }, adminRules.oauth2ClientLabels),
		v1('OAuth2 Client → Create', adminRules.oauth2ClientCreate, { clientId: 'n8n' }, adminRules.oauth2ClientLabels),
		v1('Organisation Settings → Update', adminRules.settingsUpdate, {}, adminRules.settingsLabels),
		v1('Organisation Settings → Update', adminRules.settingsUpdate, { documentRetentionPeriod: 0 }, adminRules.settingsLabels),
		v1('Password Policy → Create', adminRules.passwordPolicyCreate, { minimumPasswordLength: 0, numbersRequired: true, specialCharactersRequired: true, uppercaseRequired: true }, adminRules.passwordPolicyLabels),
		v1('Password Policy → Create', adminRules.passwordPolicyCreate, { minimumPasswordLength: 8, numbersRequired: '', specialCharactersRequired: true, uppercaseRequired: true }, adminRules.passwordPolicyLabels),
		v1('Role → Update', adminRules.roleUpdate, { id: 'R1', name: ' ' }, adminRules.roleLabels),
	];
}

describe('docs/spec-summary.md, the rules checked before sending', () => {
	it('lists, generated from the rule modules, the message each rule gives', async () => {
		const rows = (await rules()).map(({ operation, field, rule }) => [operation, field, rule]);
		expectGenerated('rules', table(['Operation', 'Field', 'Rule'], rows));
	});

	it('has rows for every schema the rule modules export', async () => {
		await rules();
		broken.add(adminRules.filterJson); // the JSON filter of the searches above
		const modules = { documentRules, packRules, mediaRules, adminRules, invitationRules, stampRules, ebgRules };
		const schemas = Object.entries(modules).flatMap(([module, exports]) =>
			Object.entries(exports)
				.filter(([, value]) => value instanceof z.ZodType)
				.map(([name, value]) => ({ name: `${module}.${name}`, value })),
		);
		expect(schemas.filter(({ value }) => !broken.has(value)).map(({ name }) => name)).toEqual([]);
	});
});

// ------------------------------------------------------------------------------------------ codes

describe('docs/spec-summary.md, the service codes', () => {
	it('lists, generated from serviceCodes.ts, the sentence the node shows for each code', () => {
		const rows = Object.entries({ v3: V3_CODES, v4: V4_CODES, v1: V1_CODES }).flatMap(([family, codes]) =>
			Object.entries(codes).map(([code, { message }]) => [family, `\`${code}\``, message]),
		);
		expectGenerated('codes', table(['Family', 'Code', 'The node says'], rows));
	});
});

// ------------------------------------------------------------------------------------------ endpoints

/** Each row of the endpoint table: "Resource → Operation", method and path. */
function endpointRows(): Array<{ operation: string; method: string; path: string }> {
	const section = /## Endpoints per operation\n([\s\S]*?)\n## /.exec(summary())![1];
	return [...section.matchAll(/^\| ([^|]+ → [^|]+?) \| `(GET|POST|PUT|DELETE) ([^`]+)` \|/gm)].map(([, operation, method, path]) => ({ operation, method, path }));
}

/** Every operation of the node, "Resource → Operation", with the method and path of its routing (none for a custom operation). */
function nodeOperations(): Array<{ operation: string; method?: string; path?: string }> {
	const resources = (node.properties.find((property) => property.name === 'resource')!.options as INodePropertyOptions[]).map(({ name, value }) => ({ name, value }));
	return resources.flatMap(({ name, value }) => {
		const selector = node.properties.find(
			(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value),
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
		expect(rows.map((row) => row.operation).sort()).toEqual(operations.map((entry) => entry.operation).sort());
		for (const { operation, method, path } of operations) {
			if (!method) continue; // a custom operation (Resend Invitations) sends its request itself
			const row = rows.find((candidate) => candidate.operation === operation)!;
			expect({ operation, method: row.method, path: row.path.replace(/\{[^}]*\}/g, '{}') }).toEqual({ operation, method, path });
		}
	});
});
