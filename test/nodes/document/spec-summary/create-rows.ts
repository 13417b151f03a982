import { describeFile } from '../../../../nodes/DocumentExecution/resources/document/create/fileFacts';
import * as createRules from '../../../../nodes/DocumentExecution/resources/document/create/rules';
import { StoredFile } from '../../../../nodes/DocumentExecution/shared/files/binary';
import { makePdf } from '../../../fixtures/pdf';
import { rule, type Rule } from './rule';

const pdf = describeFile(StoredFile.of('Input Binary Field', makePdf('Contract')));
/** A create body that keeps every rule, with `change` applied (as the schema sees it: files as facts about their bytes). */
const create = (change: Record<string, unknown> = {}, file: Record<string, unknown> = {}) => ({
	profileId: 'WORKFLOW-1',
	file: { name: 'Contract.pdf', file: pdf, ...file },
	invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
	...change,
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

const { createBodySchema } = createRules;

/** The rows of Document → Create Signing Request. */
export function createRows(): Rule[] {
	const CREATE = 'Document → Create Signing Request';
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
	];
}
