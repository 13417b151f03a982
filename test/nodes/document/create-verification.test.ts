import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { V3_SEED } from '../../emulator/families/v3';
import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import { DEFAULT_AUTH_TOKEN, type Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { makePdf } from '../../fixtures/pdf';
import { pdfItem, requestsOn, runDocument, servicePaths, startV3Emulator } from './setup';

/**
 * Verification checks carry the value the signer's certificate is compared with; only the name checks are
 * switches (public client code against the live service, collected 2026-11-25). The emulator compares them at
 * signing, so a switch's true sent where a value belongs shows as an expired invitation.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const inviteeWith = (options: INodeParameters) => ({
	invitee: [{ name: 'Asha Rao', phone: '9876543210', options }],
});
const createParameters = (options: INodeParameters): INodeParameters => ({
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	invitees: inviteeWith(options),
});
const statusOf = async (documentId: string) =>
	(await runDocument(emulator, { operation: 'getStatus', documentId, simplify: false })).items[0]
		.json as {
		requests: Array<Record<string, unknown>>;
		signers?: Array<Record<string, unknown>>;
	};

describe('Create: verification checks', () => {
	it('sends each value check as the value, the name checks as switches; a matching certificate signs', async () => {
		const result = await runDocument(
			emulator,
			createParameters({
				aadhaarConfig: {
					verifyName: true,
					verifySmartName: false,
					verifyPincode: '411001',
					verifyState: 'Maharashtra',
					verifyGender: 'M',
					verifyYob: '1985',
					verifyTitle: '4321',
				},
				dscConfig: { verifyPincode: '411001' },
			}),
			{ input: [await pdfItem()] },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		const [request] = requestsOn(emulator, servicePaths.create, 'POST');
		expect((request.body as { invitees: unknown[] }).invitees).toEqual([
			{
				name: 'Asha Rao',
				phone: '9876543210',
				aadhaarConfig: {
					verifyName: true,
					verifySmartName: false,
					verifyPincode: '411001',
					verifyState: 'Maharashtra',
					verifyGender: 'M',
					verifyYob: '1985',
					verifyTitle: '4321',
				},
				dscConfig: { verifyPincode: '411001' },
			},
		]);

		const documentId = String(result.items[0].json.documentId);
		await inviteeActs(emulator.env, documentId, 'sign-next', {
			certificate: {
				name: 'ASHA RAO',
				pincode: '411001',
				state: 'Maharashtra',
				gender: 'M',
				yob: '1985',
				title: '4321',
			},
		});
		const status = await statusOf(documentId);
		expect(status.requests[0]).toMatchObject({ signed: true, expired: false });
		expect(status.signers).toEqual([
			{ name: 'ASHA RAO', pincode: '411001', state: 'Maharashtra', title: '4321' },
		]);
	});

	it('a certificate that does not match a value check expires the invitation instead of signing', async () => {
		const result = await runDocument(
			emulator,
			createParameters({ aadhaarConfig: { verifyPincode: '411001' } }),
			{ input: [await pdfItem()] },
		);
		const documentId = String(result.items[0].json.documentId);
		await inviteeActs(emulator.env, documentId, 'sign-next', {
			certificate: { pincode: '560001' },
		});
		expect((await statusOf(documentId)).requests[0]).toMatchObject({
			signed: false,
			expired: true,
		});
	});

	it('refuses verifyPincode: true in a JSON Body, which sent as is would expire the invitation at signing', async () => {
		const body = {
			profileId: V3_SEED.pdfProfileId,
			file: { name: 'Loan.pdf', file: makePdf('Loan').toString('base64') },
			invitees: [{ name: 'Asha Rao', phone: '9876543210', aadhaarConfig: { verifyPincode: true } }],
		};
		const refused = await runDocument(emulator, {
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify(body),
		});
		expect(refused.nodeError(NODE_NAME)?.message).toBe(
			'Invitees › Aadhaar Verification › Pincode (1): must be the 6-digit pincode the certificate must match, not true/false',
		);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(0);

		// The same body sent as is: the service takes it, then fails the invitation when the invitee signs.
		const sent = await axios.post(`${emulator.baseUrl}/v3.0/sign/request`, body, {
			headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
		});
		expect(sent.data.status).toBe(1);
		const { documentId } = sent.data.data as { documentId: string };
		expect((await inviteeActs(emulator.env, documentId, 'sign-next')).status).toBe('EXPIRED');
		expect((await statusOf(documentId)).requests[0]).toMatchObject({
			signed: false,
			expired: true,
		});
	});

	it.each([
		[
			{ aadhaarConfig: { verifyPincode: '56001' } },
			'Invitees › Aadhaar Verification › Pincode (1): must be the 6-digit pincode the certificate must match',
		],
		[
			{ aadhaarConfig: { verifyYob: '={{ $now.year + 1 }}' } },
			'Invitees › Aadhaar Verification › Year of Birth (1): must be a year of birth, not a year to come',
		],
		[
			{ aadhaarConfig: { verifyGender: '={{ "X" }}' } },
			'Invitees › Aadhaar Verification › Gender (1): must be M or F, the gender the certificate must match',
		],
		[
			{ aadhaarConfig: { verifyTitle: '={{ true }}' } },
			'Invitees › Aadhaar Verification › Last 4 Aadhaar Digits (1): must be the last 4 digits of the Aadhaar number the certificate must match, not true/false',
		],
		[
			{ dscConfig: { verifyState: '={{ true }}' } },
			'Invitees › DSC Verification › State (1): must be the name of the state the certificate must match, not true/false',
		],
	])('refuses %j before sending', async (options, message) => {
		const result = await runDocument(emulator, createParameters(options), {
			input: [await pdfItem()],
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, servicePaths.create)).toHaveLength(0);
	});
});
