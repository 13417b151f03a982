import { V3_SEED } from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import { DEFAULT_AUTH_TOKEN, DEFAULT_SALT, startEmulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';
import { hmac, http, useEmulatorAndReceiver } from './webhook-receiver';

/** The flat events the service sends as invitees act, to the URLs each workflow sets per invitee. */

const setup = useEmulatorAndReceiver();

describe('the service sends flat events when invitees act, to the URLs their workflow configures', () => {
	const control = (method: 'put' | 'post', path: string, body?: unknown) =>
		http[method](`${setup.emulator.origin}/__emulator/v3${path}`, body);
	const configure = (config: unknown, profileId: string = V3_SEED.pdfProfileId) =>
		control('put', `/profiles/${profileId}/webhooks`, config);
	const act = (documentId: string, action: string, options?: unknown) =>
		control('post', `/documents/${documentId}/${action}`, options);
	const received = () =>
		setup.receiver.got.map(({ path, body }) => ({
			path,
			event: JSON.parse(body) as Record<string, unknown> & { request: Record<string, unknown> },
		}));
	const createDocument = async (invitees: string[]) => {
		const response = await http.post(
			`${setup.emulator.baseUrl}/v3.0/sign/request`,
			{
				profileId: V3_SEED.pdfProfileId,
				irn: 'IRN-HOOKS',
				file: { name: 'Hooks.pdf', file: makePdf('Hooks').toString('base64') },
				invitees: invitees.map((name, index) => ({ name, phone: `98765000${index}0` })),
			},
			{ headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN } },
		);
		return response.data.data.documentId as string;
	};

	it("delivers success events to each invitee's own Webhook URL, nothing without one; the last to act reports Completed", async () => {
		const configured = await configure({
			invitees: [
				{ webhookUrl: setup.receiver.at('/0/ok'), errorWebhookUrl: setup.receiver.at('/0/error') },
				{ errorWebhookUrl: setup.receiver.at('/1/error') },
				{ webhookUrl: setup.receiver.at('/2/ok') },
			],
		});
		expect(configured.status).toBe(200);
		const documentId = await createDocument(['Riya Reviewer', 'Asha Rao', 'Vikram Shah']);

		const approved = await act(documentId, 'review-approve');
		expect(approved.data).toMatchObject({
			documentId,
			status: 'SENT',
			deliveries: [{ url: setup.receiver.at('/0/ok'), acknowledged: true }],
		});
		expect((await act(documentId, 'sign-next')).data.deliveries).toEqual([]);
		const last = await act(documentId, 'sign-next');
		expect(last.data).toMatchObject({
			status: 'COMPLETED',
			deliveries: [{ url: setup.receiver.at('/2/ok') }],
		});

		expect(received()).toEqual([
			{
				path: '/0/ok',
				event: expect.objectContaining({
					documentId,
					irn: 'IRN-HOOKS',
					documentStatus: 'Sent',
					request: expect.objectContaining({
						name: 'Riya Reviewer',
						action: 'Approved',
						inviteeType: 'Reviewer',
					}),
				}),
			},
			{
				path: '/2/ok',
				event: expect.objectContaining({
					documentId,
					documentStatus: 'Completed',
					request: expect.objectContaining({
						name: 'Vikram Shah',
						action: 'Signed',
						phone: '9876500020',
					}),
				}),
			},
		]);
	});

	it('delivers rejections and certificate failures to the Error Webhook URL, with the reason and the criterion', async () => {
		await configure({
			all: { webhookUrl: setup.receiver.at('/ok'), errorWebhookUrl: setup.receiver.at('/error') },
		});
		const rejectedId = await createDocument(['Asha Rao']);
		const failedId = await createDocument(['Vikram Shah']);
		await act(rejectedId, 'reject', { reason: 'Wrong amount' });
		await act(failedId, 'fail-certificate', { criterion: 'yob' });
		const [rejected, failed] = received();
		expect(rejected).toEqual({
			path: '/error',
			event: expect.objectContaining({
				webhookType: 'Error',
				documentStatus: 'Sent',
				request: expect.objectContaining({
					action: 'Rejected',
					rejected: true,
					rejectionMessage: 'Wrong amount',
				}),
			}),
		});
		expect(failed.path).toBe('/error');
		expect(failed.event).toMatchObject({
			webhookType: 'Error',
			documentStatus: 'Sent',
			verification: { yob: false, name: true },
			request: {
				action: 'Failed',
				expired: true,
				error: "Year of birth doesn't match with the Digital Signature Certificate.",
			},
		});
		expect(failed.event.mac).toBe(hmac(failedId, DEFAULT_SALT));
	});

	it('sign-all (here in process) sends one signed event per remaining invitee, in signing order', async () => {
		await configure({ all: { webhookUrl: setup.receiver.url } });
		const result = await inviteeActs(setup.emulator.env, V3_SEED.sentDocumentId, 'sign-all');
		expect(result.status).toBe('COMPLETED');
		expect(result.deliveries.map((delivery) => delivery.envelope.documentStatus)).toEqual([
			'Sent',
			'Completed',
		]);
		expect(received().map(({ event }) => event.request.name)).toEqual(['Asha Rao', 'Vikram Shah']);
	});

	it("retries an action's delivery that gets no 2xx and keeps it in the document's history", async () => {
		await configure({ all: { webhookUrl: setup.receiver.url } });
		setup.receiver.answer = 503;
		const answer = await act(V3_SEED.sentDocumentId, 'sign-next');
		expect(answer.data.status).toBe('SENT');
		expect(answer.data.deliveries[0]).toMatchObject({
			acknowledged: false,
			attempts: [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }],
		});
		const history = await http.get(`${setup.emulator.origin}/__emulator/webhooks/history`, {
			params: { documentId: V3_SEED.sentDocumentId },
		});
		expect(history.data).toEqual(answer.data.deliveries);
	});

	it('takes the URLs from the seed keys v3WebhookUrl and v3ErrorWebhookUrl for every workflow', async () => {
		const seeded = await startEmulator({
			seed: {
				v3WebhookUrl: setup.receiver.at('/ok'),
				v3ErrorWebhookUrl: setup.receiver.at('/error'),
			},
		});
		try {
			await inviteeActs(seeded.env, V3_SEED.sentDocumentId, 'sign-next');
			await inviteeActs(seeded.env, V3_SEED.docSignerDocumentId, 'reject');
			expect(received().map(({ path, event }) => [path, event.request.action])).toEqual([
				['/ok', 'Signed'],
				['/error', 'Rejected'],
			]);
		} finally {
			await seeded.close();
		}
	});

	it('refuses a configuration of another form, a URL that is not http(s), an unknown workflow', async () => {
		for (const body of [
			{},
			{ all: {}, invitees: [] },
			{ invitees: {} },
			{ all: { webhookUrl: 'ftp://x' } },
			{ invitees: [{ errorWebhookUrl: 5 }] },
		]) {
			expect((await configure(body)).status).toBe(400);
		}
		expect((await configure({ all: {} }, 'WF-NONE')).status).toBe(404);
		expect((await configure({ invitees: [] })).data).toEqual({
			profileId: V3_SEED.pdfProfileId,
			invitees: [],
		});
	});
});
