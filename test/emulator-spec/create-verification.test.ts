import axios from 'axios';

import {
	configureInviteeWebhooks,
	V3_SEED,
	type CertificateCriterion,
	type SignerCertificate,
	type V3State,
} from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';

/**
 * Verification checks given at create are compared, when the invitee signs, with the certificate the invitee
 * signs with: name and smart name are switches, every other check carries the value to compare with (public
 * client code against the live service, collected 2026-11-25). A mismatch expires the invitation and sends
 * certificateVerificationFailed to the error URL, as fail-certificate does.
 */

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({ seed: { webhookRetries: 0 } });
	for (const profileId of [V3_SEED.pdfProfileId, V3_SEED.docSignerWorkflowId]) {
		configureInviteeWebhooks(emulator.env, profileId, {
			all: {
				webhookUrl: `${emulator.origin}/receiver/success`,
				errorWebhookUrl: `${emulator.origin}/receiver/error`,
			},
		});
	}
});
afterEach(async () => await emulator.close());

const http = axios.create({ validateStatus: () => true, timeout: 5000 });
const headers = { 'X-Auth-Token': DEFAULT_AUTH_TOKEN };

async function createWith(
	config: Record<string, unknown>,
	profileId: string = V3_SEED.pdfProfileId,
): Promise<string> {
	const response = await http.post(
		`${emulator.baseUrl}/v3.0/sign/request`,
		{
			profileId,
			file: { name: 'Loan.pdf', file: makePdf('Loan').toString('base64') },
			invitees: [{ name: 'Asha  Rao', phone: '9876543210', ...config }],
		},
		{ headers },
	);
	expect(response.data.status).toBe(1);
	return response.data.data.documentId as string;
}

const failureReason = async (documentId: string) =>
	(
		await http.get(`${emulator.baseUrl}/v3.3/document/details`, {
			params: { documentId, invitations_invitationStatus_failureReason: true },
			headers,
		})
	).data.data.invitations[0].invitationStatus.failureReason;

const allAadhaarChecks = {
	verifyName: true,
	verifySmartName: true,
	verifyPincode: '411001',
	verifyState: 'maharashtra',
	verifyGender: 'M',
	verifyYob: 1985,
	verifyTitle: '4321',
};
const matchingCertificate: SignerCertificate = {
	name: 'ASHA RAO',
	pincode: '411001',
	state: 'Maharashtra',
	title: '4321',
	yob: '1985',
	gender: 'M',
};

describe('verification checks at signing', () => {
	it('signs when the certificate matches every check (state ignoring case, year as a number, name ignoring spaces)', async () => {
		const documentId = await createWith({ aadhaarConfig: allAadhaarChecks });
		const result = await inviteeActs(emulator.env, documentId, 'sign-next', {
			certificate: matchingCertificate,
		});
		expect(result.status).toBe('COMPLETED');
		expect(result.deliveries.map((delivery) => delivery.url)).toEqual([
			`${emulator.origin}/receiver/success`,
		]);
		const status = await http.get(`${emulator.baseUrl}/v3.2/sign/request`, {
			params: { documentId },
			headers,
		});
		expect(status.data.data.signers).toEqual([
			{ name: 'ASHA RAO', pincode: '411001', state: 'Maharashtra', title: '4321' },
		]);
	});

	it.each([
		['name', { verifyName: true }, { name: 'ASHA R' }],
		['name', { verifySmartName: true }, { name: 'ASHA RAOO' }],
		['pincode', { verifyPincode: '411001' }, { pincode: '560001' }],
		['state', { verifyState: 'Maharashtra' }, { state: 'Karnataka' }],
		['title', { verifyTitle: '4321' }, { title: '1234' }],
		['yob', { verifyYob: '1985' }, { yob: '1990' }],
		['gender', { verifyGender: 'M' }, { gender: 'F' }],
	] as Array<[CertificateCriterion, Record<string, unknown>, Record<string, string>]>)(
		'a %s mismatch (%j against %j) expires the invitation and goes to the error URL',
		async (criterion, checks, certificate) => {
			const documentId = await createWith({ aadhaarConfig: checks });
			const result = await inviteeActs(emulator.env, documentId, 'sign-next', { certificate });
			expect(result.status).toBe('EXPIRED');
			expect(
				result.deliveries.map((delivery) => [delivery.url, delivery.envelope.webhookType]),
			).toEqual([[`${emulator.origin}/receiver/error`, 'Error']]);
			expect(emulator.slice<V3State>('v3').documents.get(documentId)!.invitees[0]).toMatchObject({
				signed: false,
				certificateMismatch: criterion,
			});
			expect(await failureReason(documentId)).toMatch(
				/doesn't match with the Digital Signature Certificate/,
			);
		},
	);

	it.each(['verifyPincode', 'verifyState', 'verifyGender', 'verifyYob', 'verifyTitle'])(
		'%s: true (a switch where a value belongs) never matches: the invitation expires',
		async (check) => {
			const documentId = await createWith({ aadhaarConfig: { [check]: true } });
			const result = await inviteeActs(emulator.env, documentId, 'sign-next');
			expect(result.status).toBe('EXPIRED');
		},
	);

	it('checks dscConfig for a document-signer workflow, and aadhaarConfig only for Aadhaar', async () => {
		const ignored = await createWith(
			{ aadhaarConfig: { verifyState: 'Goa' } },
			V3_SEED.docSignerWorkflowId,
		);
		expect((await inviteeActs(emulator.env, ignored, 'sign-next')).status).toBe('COMPLETED');
		const checked = await createWith(
			{ dscConfig: { verifyState: 'Goa', verifyName: true } },
			V3_SEED.docSignerWorkflowId,
		);
		expect((await inviteeActs(emulator.env, checked, 'sign-next')).status).toBe('EXPIRED');
		expect(await failureReason(checked)).toBe(
			"State doesn't match with the Digital Signature Certificate.",
		);
	});

	it('signs with the default certificate (the name in capitals, 560001, Karnataka, 1234, 1990, F) unless told otherwise', async () => {
		const documentId = await createWith({
			aadhaarConfig: {
				verifyName: true,
				verifyPincode: '560001',
				verifyState: 'Karnataka',
				verifyTitle: '1234',
				verifyYob: '1990',
				verifyGender: 'F',
			},
		});
		expect((await inviteeActs(emulator.env, documentId, 'sign-next')).status).toBe('COMPLETED');
	});

	it('takes the certificate through the control route, and refuses one that is not an object of strings (400)', async () => {
		const documentId = await createWith({ aadhaarConfig: { verifyPincode: '411001' } });
		const act = (certificate: unknown) =>
			http.post(`${emulator.origin}/__emulator/v3/documents/${documentId}/sign-next`, {
				certificate,
			});
		expect((await act({ pincode: 411001 })).status).toBe(400);
		expect((await act({ eyes: 'brown' })).status).toBe(400);
		const signed = await act({ pincode: '411001' });
		expect([signed.status, signed.data.status]).toEqual([200, 'COMPLETED']);
	});
});
