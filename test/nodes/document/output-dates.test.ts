import { indiaIsoDate } from '../../../nodes/shared/serviceDates';
import { formatServiceDate, V3_SEED } from '../../emulator/families/v3';
import type { SingleNodeOptions } from '../../harness/engine';
import { pdfItem, runDocument, servicePaths, useV3Emulator, v3State } from './setup';

/**
 * The service writes dates as `dd-MM-yyyy HH:mm:ss` in India time without an offset (Get Status, Get Details,
 * the webhooks) and the create answer's expiry in ISO UTC (public client code against the live service,
 * collected 2026-11-25). A flow compares neither as it is (n8n's toDateTime() reads 01-09-2024 as 9 January), so
 * every simplified output gives ISO 8601 in India time with its offset; Simplify off keeps the service's text.
 */

describe('indiaIsoDate', () => {
	it.each([
		['01-09-2024 23:59:59', '2024-09-01T23:59:59+05:30'],
		['31-12-2024 00:00:00', '2024-12-31T00:00:00+05:30'],
		['2024-11-23T18:29:59Z', '2024-11-23T23:59:59+05:30'],
		['2024-11-23T18:29:59.000Z', '2024-11-23T23:59:59+05:30'],
		['2024-11-23T18:29:59.732Z', '2024-11-23T23:59:59.732+05:30'],
		['2024-12-31T20:00:00Z', '2025-01-01T01:30:00+05:30'],
		['2024-11-23T23:59:59+05:30', '2024-11-23T23:59:59+05:30'],
		['2024-11-23T12:59:59-0500', '2024-11-23T23:29:59+05:30'],
		[Date.UTC(2024, 8, 1, 18, 29, 59), '2024-09-01T23:59:59+05:30'],
	])('writes %j as %s, the same instant in India time', (value, shown) => {
		expect(indiaIsoDate(value)).toBe(shown);
	});

	it.each([['31-02-2024 10:00:00'], ['2024-13-45T00:00:00Z'], ['soon'], [null], [undefined]])(
		'passes %j through as the service sent it',
		(value) => {
			expect(indiaIsoDate(value)).toBe(value);
		},
	);
});

describe('Dates of the simplified outputs', () => {
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
	const lastDocument = () => [...v3State(service.emulator).documents.values()].at(-1)!;

	it('Create and Get Status give the expiry as the same ISO 8601 with +05:30; Simplify off keeps each answer as sent', async () => {
		const simplified = await create();
		const expiresAt = lastDocument().invitees[0].expiresAt;
		const documentId = String(simplified.items[0].json.documentId);
		const status = await runDocument(service.emulator, { operation: 'getStatus', documentId });
		const raw = await runDocument(service.emulator, {
			operation: 'getStatus',
			documentId,
			simplify: false,
		});

		const iso = (simplified.items[0].json.invitees as Array<{ expiryDate: string }>)[0].expiryDate;
		expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59\+05:30$/);
		expect(Date.parse(iso)).toBe(expiresAt);
		expect(status.items[0].json.invitees).toEqual([expect.objectContaining({ expiryDate: iso })]);
		expect((raw.items[0].json.requests as Array<{ expiryDate: string }>)[0].expiryDate).toBe(
			formatServiceDate(expiresAt),
		);

		const rawCreate = await create({ simplify: false });
		expect((rawCreate.items[0].json.invitees as Array<{ expiryDate: string }>)[0]).toMatchObject({
			expiryDate: new Date(lastDocument().invitees[0].expiresAt)
				.toISOString()
				.replace('.000Z', 'Z'),
		});
	});

	it("reads the service's dd-MM-yyyy form as India time whichever answer carries it", async () => {
		const throughProxy = await service.rewriteAnswers(servicePaths.create, (answer) => ({
			...answer,
			data: {
				...answer.data,
				invitees: answer.data.invitees.map((invitee: Record<string, unknown>) => ({
					...invitee,
					expiryDate: '01-09-2026 23:59:59',
				})),
			},
		}));
		const result = await create({ options: { oneItemPerInvitee: true } }, throughProxy);
		expect(result.items[0].json.expiryDate).toBe('2026-09-01T23:59:59+05:30');
	});

	it("Get Details gives createdAt and completedAt so, from the details' dd-MM-yyyy text", async () => {
		const documentId = V3_SEED.completedDocumentId;
		const [simple, raw] = await Promise.all([
			runDocument(service.emulator, { operation: 'getDetails', documentId }),
			runDocument(service.emulator, { operation: 'getDetails', documentId, simplify: false }),
		]);
		const whole = raw.items[0].json as Record<string, any>;
		expect(whole.document.completionDate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
		expect(simple.items[0].json).toMatchObject({
			createdAt: indiaIsoDate(whole.document.creationDate),
			completedAt: indiaIsoDate(whole.document.completionDate),
		});
		expect(simple.items[0].json.completedAt).toMatch(/\+05:30$/);
	});
});
