import { inServiceDateForm } from '../../../nodes/DocumentExecution/resources/document/create/serviceDate';
import { formatServiceDate, V3_SEED } from '../../emulator/families/v3';
import type { SingleNodeOptions } from '../../harness/engine';
import { pdfItem, runDocument, servicePaths, useV3Emulator, v3State } from './setup';

/**
 * The create answer gives an invitee's expiryDate in ISO UTC, Get Status, Get Details and the webhooks in
 * `dd-MM-yyyy HH:mm:ss` India time (public client code against the live service, collected 2026-11-25): the
 * simplified create output gives the second form, whichever the service sent.
 */

describe('inServiceDateForm', () => {
	it.each([
		['2024-11-23T18:29:59Z', '23-11-2024 23:59:59'],
		['2024-11-23T18:29:59.000Z', '23-11-2024 23:59:59'],
		['2024-12-31T20:00:00Z', '01-01-2025 01:30:00'],
		['2024-11-23T23:59:59+05:30', '23-11-2024 23:59:59'],
		['2024-11-23T12:59:59-0500', '23-11-2024 23:29:59'],
	])('writes %s as %s (India time)', (iso, shown) => {
		expect(inServiceDateForm(iso)).toBe(shown);
	});

	it.each([['23-11-2024 23:59:59'], ['2024-13-45T00:00:00Z'], ['soon'], [null], [1732386599000]])(
		'passes %j through',
		(value) => {
			expect(inServiceDateForm(value)).toBe(value);
		},
	);
});

describe('Create: the expiry date of the simplified output', () => {
	const service = useV3Emulator();

	const create = async (
		parameters: Record<string, unknown> = {},
		options: SingleNodeOptions = {},
	) =>
		await runDocument(
			service.emulator,
			{
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'binary',
				invitees: { invitee: [{ name: 'Asha Rao', phone: '9876543210' }] },
				...parameters,
			},
			{ input: [await pdfItem()], ...options },
		);
	const expiresAt = () =>
		[...v3State(service.emulator).documents.values()].at(-1)!.invitees[0].expiresAt;

	it("is in Get Status's form: the service's ISO UTC converted; Simplify off keeps the answer as sent", async () => {
		const simplified = await create();
		const documentId = String(simplified.items[0].json.documentId);
		const status = await runDocument(service.emulator, {
			operation: 'getStatus',
			documentId,
			simplify: false,
		});
		const shown = (status.items[0].json.requests as Array<{ expiryDate: string }>)[0].expiryDate;
		expect(shown).toBe(formatServiceDate(expiresAt()));
		expect(simplified.items[0].json.invitees).toEqual([
			expect.objectContaining({ expiryDate: shown }),
		]);

		const raw = await create({ simplify: false });
		expect(
			(raw.items[0].json.data as { invitees: Array<{ expiryDate: string }> }).invitees,
		).toEqual([
			expect.objectContaining({
				expiryDate: new Date(expiresAt()).toISOString().replace('.000Z', 'Z'),
			}),
		]);
	});

	it('passes a date already in that form through', async () => {
		const throughProxy = await service.rewriteAnswers(servicePaths.create, (answer) => ({
			...answer,
			data: {
				...answer.data,
				invitees: answer.data.invitees.map((invitee: Record<string, unknown>) => ({
					...invitee,
					expiryDate: '22-09-2026 23:59:59',
				})),
			},
		}));
		const result = await create({ options: { oneItemPerInvitee: true } }, throughProxy);
		expect(result.items[0].json.expiryDate).toBe('22-09-2026 23:59:59');
	});
});
